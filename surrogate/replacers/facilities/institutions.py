"""INSTITUCION: companies, universities, public bodies and the like, replaced within their kind.

The kind is read from the wording (``institution_kinds.institution_kind``: ``Laboratorios``/``Pharma``/
``Medical``/``Dental`` or an unmarked brand → company_health; ``Mutua``/``Seguros`` → insurer;
``Investigación`` → research; ``Clínica``/``Centro Médico``/``Hemodiálisis`` → clinic; ``Residencia`` →
care_home; ``Fundación``/``Asociación``/``ONCE`` → ngo; ``Colegio`` → school; ``Universidad``/``Facultad`` →
university; ``Juzgado``/``Medicina Legal``/``Servicio … de Salud``/``Ministerio``/``SAMUR`` → public_body;
``Transportes``/``Hotel``… → company) and a value of that kind is drawn from the ``institutions`` table (a custom
table without that kind: the nearest kind that it has, else any row). An acronym (``MSD``, ``IVML``, ``SAMUR``)
becomes the initials of a drawn name of its kind, in the same length and case where the name has enough words;
a trailing ``(ACRONYM)`` is rebuilt from the new name's initials.

Inside a kind the draw keeps the *sector* (``institution_kinds.institution_sector``: a court stays a court, the
INSS a social-security body, SAMUR an emergency service, a health service a health authority, a drug maker a
manufacturer, a learned society a society) and the gender and number of the head noun
(``head_agreement``), because the article or contraction before the mention stays as written: "al Consejo
de Europa" may become "al Ministerio de Sanidad", never "al Comisión Europea". Each constraint is dropped
only when no table row meets it (agreement last, then sector, then the kind's fallbacks).
"""
from __future__ import annotations

import functools
import re

from gazetteers import Sampler, fold

from ...textcase import render_like
from ..base import CannotReplace, Replacer, SpanContext
from .acronyms import acronym_like
from .parse import TYPE_WORDS, is_acronym, is_acronym_typed_in_lower
from ...leak_guard import STOPWORDS, words_of
from .health_services import REGIONAL_NAMES, body_of_province, is_regional_acronym, regional_body
from .listed_bodies import other_listed_acronym, other_listed_firm
from ...place_articles import reconnect
from .placed_bodies import split_placed_body
from .institution_kinds import FALLBACK_KINDS, head_agreement, institution_kind, institution_sector
from ..places.index import place_index
from ..places.plan import TerritoryPlan, surrogate_province, territory_plan_of
from ..registry import register

_TRAILING_ACRONYM = re.compile(r"^(?P<main>.+?)(?P<sep>\s*\(\s*)(?P<acr>[A-ZÁÉÍÓÚÑ0-9.\-]{2,})(?P<close>\s*\))$")
_ARTICLE = re.compile(r"(el|la|los|las)\s+")  # lower case: "La Caixa" is a name, "la Caixa" a mention
_ARTICLE_AGREEMENT = {"el": "m", "la": "f", "los": "mp", "las": "fp"}
#: the article or contraction written just before a mention, which stays: "con la | seguridad social" came out
#: "con la centro de acogida"
_ARTICLE_BEFORE = re.compile(r"(?i)(?:^|\W)(el|la|los|las|al|del)\s+$")
_CONTRACTED = {"al": "el", "del": "el"}
_NON_WORD = re.compile(r"\W+")


def _padded(text: str) -> str:
    """A text's folded words between single spaces, padded: one holds another at word boundaries when its padded
    form is inside the other's (no pattern compiled per draw)."""
    return f" {_NON_WORD.sub(' ', fold(text)).strip()} "


#: draws that may name a region's own body before one that does not is taken
_REGIONAL_REDRAWS = 8
#: how far before a mention a job is read (same line only)
_CUE_REACH = 40
#: work itself before a name, whatever the job ("trabaja en", "treballa a", "empresa", "jubilado de")
_WORK_WORD = re.compile(r"\b(?:trabaj\w*|treball\w*|traball\w*|emplead[oa]s?|empresa|contratad[oa]s?|"
                        r"jubilad[oa]s?|prejubilad[oa]s?)\b", re.IGNORECASE)
_WORDS = re.compile(r"[^\W\d_]+")
INSTITUTION_WORDS = (
    "universidad universitat facultad escuela colegio asociación fundación federación sociedad instituto servicio "
    "consejería conselleria departamento ministerio ayuntamiento diputación junta gobierno generalitat xunta "
    "consejo consorcio mutua centro salud social sociales residencia investigación investigaciones sanidad "
    "sanitaria sanitario sanitarias biomédica biomédicas biomedicina ciencias ciencia médica médicas pública "
    "públicas servicios bienestar consumo trabajo justicia educación igualdad empleo tribunal juzgado guardia "
    # generic trade and body words a surrogate of the same sector shares with its original (no name in them)
    "laboratorio laboratorios farma pharma medical ambulancias análisis clínicos ortopedia óptica agencia comisión "
    "consejo europea europeo nacional general provincial regional municipal municipales oficial española español juzgados "
    "instrucción primera instancia funciones policía local tesorería seguridad legal medicina forense forenses urgencias "
    "emergencias atención médica urgente banco caja hotel transportes empresa grupo compañía constructora público "
    "privado privada concertado concertada consulado consulada embajada honorario hostal apartamentos camping "
    "ajuntament concello udala "
    # integrated health organisations and Basque bodies: "OSI Barrualde-Galdakao", "Urola Kostako ESI",
    # "Azpeitiko Udaleko Gizarte Zerbitzuak" (municipal social services): their words were masked
    "osi esi eoxi xxi udaleko gizarte zerbitzuak zerbitzua saila sailak "
    "cofradía cofradia kofradia confraria pescadores arrantzaleen pescadors "  # a fishermen's guild
    # sports clubs, workshops and provincial councils ("C.D. Iruña Hockey", "Talleres Ebro Motor SL", "gipuzkoako
    # foru aldundia"): these words were masked in their surrogates
    "club clube deportivo deportiva balonmano baloncesto fútbol futbol hockey rugby voleibol atletismo natación "
    "ciclista tenis pádel padel gimnasia talleres taller motor motores hijos hermanos foru aldundia aldundiko "
    "ii iii iv vi vii viii ix xi xii "  # a numbered body's numeral ("Centro Penitenciario Madrid VI": "VI" was masked)
    # care homes: "Residencia de Mayores San Roque" came out "Residencia de XXXXXXX Los Almendros"
    "mayores ancianos geriátrica geriátrico sociosanitaria sociosanitario tercera edad personas dependientes "
    # the generic words of the table's public bodies and associations: "Fiscalía Provincial de …" came out
    # "XXXXXXXX de Menores" (the drawn "Fiscalía de Menores" shared a word the replacer did not know it keeps)
    "fiscalía audiencia registro civil protección menores extranjería acogida refugiados delegación "
    "subdelegación dirección inspección oficina palacio edificio valoración incapacidades discapacidad "
    "coordinación transfusión sangre sanguínea tejidos trasplantes toxicología patología anatomía violencia "
    "mujer tributaria estatal interior prevención previsión colaboradora mancomunidad municipios vecinos vecinal "
    "voluntariado ayuda asistencia pacientes enfermos familiares afectados ocupacional tutelada vivienda hogar "
    "biblioteca polideportivo piscina conservatorio academia secundaria superior técnica politécnica formación "
    "profesional equipo base unidad gestión organización plataforma unión "
    "podológica podología podólogo odontológica oftalmológica dermatológica estética rehabilitación fisioterapia "
    # emergency and public-service numbers name a service, no one ("061 Galicia" came out "096 Illes Balears")
    "112 061 062 080 085 088 091 092 016 "
    "comisaría comisaria bombers bomberos patronato serveis socials servizos sociais"
)


def _folded_originals(state) -> frozenset[str]:
    return frozenset(fold(o) for o in state.originals)


@register
class InstitutionReplacer(Replacer):
    kind = "institution"
    after = ("territory",)  # a regional health service follows the document's surrogate region
    case_variants_agree = True  # "HOSPITAL LA FE" in a header, "Hospital La Fe" in the text: one surrogate
    kept_words = words_of(TYPE_WORDS, INSTITUTION_WORDS)  # what kind of body it is, never its name

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self._samplers: dict[tuple[str, str, str], Sampler] = {}
        self._rows: list[tuple[str, float, str, str, str]] | None = None

    def _sampler(self, kind: str, sector: str = "", agreement: str = "", article: bool = True) -> Sampler:
        """Rows of the kind, sector and head agreement asked for, relaxing agreement, then sector, then kind; when
        no article is written (``article`` False: the agreement is the head noun's own), relaxing the sector
        last ("Servicios Sociales Municipales" came out "Consulado de los Países Bajos", a plural head's nearest
        public body)."""
        key = (kind, sector, agreement, article)
        if key not in self._samplers:
            rows = self._table_rows()
            kinds = {r[2] for r in rows}
            have = next((k for k in (kind, *FALLBACK_KINDS.get(kind, ())) if k in kinds), None)
            tiers = [(sector, agreement), ("", agreement) if article else (sector, ""),
                     (sector, "") if article else ("", agreement), ("", "")] if have == kind else [("", "")]
            for want_sector, want_agreement in tiers:
                pool = [(v, w) for v, w, k, sec, agr in rows if (have is None or k == have)
                        and (not want_sector or sec == want_sector) and (not want_agreement or agr == want_agreement)]
                if pool:
                    try:
                        self._samplers[key] = Sampler([v for v, _ in pool], [w for _, w in pool],
                                                      blocklist=self.gazetteers.blocklist)
                        break
                    except (ValueError, LookupError):
                        continue
            else:
                self._samplers[key] = self.gazetteers["institutions"].sampler()
        return self._samplers[key]

    def employs(self, before: str) -> bool:
        """The line just before a mention names a job or work ("cajera ", "fue minero en ", "treballa a "): the
        jobs are the ``professions`` table's, which the rules backend reads for the same cue."""
        line = before[-_CUE_REACH:].rsplit("\n", 1)[-1]
        if _WORK_WORD.search(line):
            return True
        jobs = self._jobs
        return any(w in jobs or (w.endswith("s") and w[:-1] in jobs) for w in (fold(m) for m in _WORDS.findall(line)))

    @functools.cached_property
    def _jobs(self) -> frozenset[str]:
        """The folded professions of the gazetteer set, masculine and feminine, read once."""
        try:
            table = self.gazetteers["professions"]
        except KeyError:  # a custom set without professions: only the work words count
            return frozenset()
        return frozenset(fold(v) for column in ("value", "feminine") for v in table.column(column, "") if v)

    def _table_rows(self) -> list[tuple[str, float, str, str, str]]:
        """(value, weight, kind, sector, head agreement) of every table row, read once."""
        if self._rows is None:
            table = self.gazetteers["institutions"]
            values, weights = table.column("value"), table.column("weight")
            kinds = table.column("institution_kind", "")
            self._rows = [(v, float(w), k, institution_sector(v, k), head_agreement(v))
                          for v, w, k in zip(values, weights, kinds)]
        return self._rows

    def _sampler_for(self, text: str, agreement: str = "", before: str = "", outside: bool = False) -> Sampler:
        """Rows of the text's kind and sector agreeing with its head noun, else with ``agreement`` (the
        article written before it: "la Caixa" is feminine); ``before``, the text before the mention, may name it
        as a workplace (``employs``). An article ``outside`` the span yields to the sector ("al Hotel Playa" is
        no "al Banco del Comercio")."""
        kind = institution_kind(text, self.employs(before))
        head = head_agreement(text)
        return self._sampler(kind, institution_sector(text, kind), head or agreement, article=not head and not outside)

    def replace(self, original: str, ctx: SpanContext) -> str:
        text = original.strip()
        if not text:
            raise CannotReplace("empty institution")
        lead, trail = original[: original.find(text)], original[original.find(text) + len(text):]
        if is_acronym(text) or is_acronym_typed_in_lower(text):
            # a region's health service by its acronym, then another listed body's acronym of its kind ("MUFACE"
            # came out "SSSS", the initials of insurers' names), then initials of a drawn name
            regional = self._regional_service(text, ctx) if is_regional_acronym(text) else None
            listed = regional or other_listed_acronym(text, ctx.rng, ctx.state.analysis("institution:originals",
                                                                                       _folded_originals))
            if listed is not None:
                return lead + listed + trail
            return lead + acronym_like(text, ctx.rng, self._names(text, ctx)) + trail
        m = _TRAILING_ACRONYM.match(text)
        if m:  # "Instituto Universitario de Oftalmobiología Aplicada (IOBA)": the new name's initials
            main = self._draw(m.group("main"), ctx)
            acr = acronym_like(m.group("acr"), ctx.rng, self._names(m.group("main"), ctx), own=main)
            return lead + main + m.group("sep") + acr + m.group("close") + trail
        regional = self._regional_service(text, ctx)
        if regional is not None:
            return lead + regional + trail
        placed = self._placed(text, ctx)
        if placed is not None:  # "Ayuntamiento de Parres": the kind words stay, the place follows the document's
            return lead + placed + trail
        firm = other_listed_firm(text, ctx.rng, ctx.state.analysis("institution:originals", _folded_originals))
        if firm is not None:  # a bank or a shop chain by its brand: another of the list ("CaixaBank" → "Unicaja")
            return lead + firm + trail
        article = _ARTICLE.match(text)
        if article and article.end() < len(text):  # "la Universidad de Salamanca": the article stays, agreeing
            new = self._draw(text[article.end():], ctx, _ARTICLE_AGREEMENT[article.group(1)])
            return lead + (new if _ARTICLE.match(new.lower()) else article.group() + new) + trail
        before = _ARTICLE_BEFORE.search(ctx.before()[-12:] + lead)
        agreement = _ARTICLE_AGREEMENT[_CONTRACTED.get(w, w)] if before and (w := before.group(1).lower()) else ""
        return lead + self._draw(text, ctx, agreement, outside=True) + trail

    def _regional_service(self, text: str, ctx: SpanContext) -> str | None:
        """The health service or government of the document's surrogate region for one named whole ("Servicio
        Canario de la Salud" in a note whose places became Navarre's: "Servicio Navarro de Salud"); when the
        region stays, another body of the sector, never a region's own. None for any other mention."""
        found = regional_body(text)
        places = place_index(self.gazetteers)
        if found is None or not places.provinces:
            return None
        kind, provinces = found
        plan = territory_plan_of(ctx.state) or ctx.state.memo_for(self.kind).setdefault("plan", TerritoryPlan())
        # the region's province the note names first (its main one), else one already mapped, else its first
        code = next((c for c in plan.order if c in provinces), None) or next(
            (c for c in provinces if c in plan.sigma), provinces[0])
        try:
            new = body_of_province(kind, surrogate_province(plan, code, places, ctx.rng, self.config.key),
                                   acronym=is_regional_acronym(text))
        except LookupError:  # a tiny custom place table with no province left
            new = None
        if new is None or regional_body(new)[1] == provinces:  # the region stays: no region's body names it
            sampler = self._sampler("public_body", kind)
            try:
                new = next(v for v in (sampler.draw(ctx.rng, exclude=[text]) for _ in range(32))
                           if fold(v) not in REGIONAL_NAMES)
            except (StopIteration, LookupError):
                return None
        return render_like(text, new)

    def _placed(self, text: str, ctx: SpanContext) -> str | None:
        """A public body of kind words and the place it serves, its place replaced as the document's
        (``placed_bodies``); None for any other mention, or when the place cannot be replaced."""
        if ctx.delegate is None or institution_kind(text) != "public_body":
            return None
        found = split_placed_body(text, place_index(self.gazetteers).is_spanish_place,
                                  lambda w: self.keeps(w) or w in STOPWORDS, words_of)
        if found is None:
            return None
        try:
            place = ctx.delegate("territory", found.place)
        except CannotReplace:
            return None
        return found.head + reconnect(found.connector, found.place, place) + place + found.trail

    def _names(self, text: str, ctx: SpanContext):
        """Names of the same kind that a lone acronym takes its initials from."""
        sampler = self._sampler_for(text, before=ctx.before())
        return (sampler.draw(ctx.rng, exclude=[text]) for _ in range(32))

    def _draw(self, text: str, ctx: SpanContext, agreement: str = "", outside: bool = False) -> str:
        try:
            sampler = self._sampler_for(text, agreement, ctx.before(), outside)
            new = sampler.draw(ctx.rng, exclude=[text])
        except LookupError:  # a one-row sector whose row is the original itself
            sampler = self._sampler(institution_kind(text))
            new = sampler.draw(ctx.rng, exclude=[text])
        whole = _padded(text)
        for _ in range(_REGIONAL_REDRAWS):  # a region's own body only ever stands for one (``_regional_service``):
            # "Banc de Sang i Teixits" came out the Canary Islands' service; and a mention of kind words alone
            # is never written back inside a longer name ("112" came out "Servicio de Emergencias 112")
            if fold(new) not in REGIONAL_NAMES and whole not in _padded(new):
                break
            new = sampler.draw(ctx.rng, exclude=[text, new])
        return render_like(text, new)

