"""Towns and streets in running text: after a residence cue, after an address, and Basque street forms.

* ``residente en Betanzos``, ``natural de Ourense``, ``vecina de Santa Comba``, ``vive en A Coruña``:
  the capitalised run after the cue is a place, whatever its size (the gazetteer pass only takes towns
  of 20,000+ after a bare preposition);
* ``C/ Mayor 3, Betanzos`` / ``Rúa do Hórreo 12 - Lugo`` / ``Carrer de Balmes 112 (Barcelona)``: the
  capitalised run right after a street is its town;
* ``Urbieta kalea 12``, ``Gran Vía etorbidea``: Basque streets put their type after the name;
* ``un polígono de Villares de la Reina``, ``de Llucmajor``: a municipality of any size after ``de``/``en``
  when its name has several words or is not also a person's name; a municipality alone on its line;
* ``Carrer de Balmes``, ``Rúa do Hórreo``, ``Praza de Galicia``: a Catalan or Galician street type
  names a street even without a house number.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..tokenize import lines, tokens
from . import patterns as P
from . import vocab as V
from .tables import key_label
from .common import GAZETTEER, PATTERN, STRUCTURED, Candidate, after_capitalised_word, connects_to_name, is_cap_word

TOWN_CUE = re.compile(
    r"(?i)(?<![\w])(?:residente|reside|residía|vecin[oa]|natural|nacid[oa]|domiciliad[oa]|empadronad[oa]|procedente|"
    r"originari[oa]|vive|viv[ií]a|viviendo|viu|vivia|resideix|ve[ií]na?|ve[ií]|ve[iï]na|veci[ñn]a|veci[ñn]o|naixe|bizi\s+da)\s+"
    r"(?:habitualmente\s+|actualmente\s+|ahora\s+|todav[ií]a\s+|sola?\s+|sol\s+|ara\s+)?(?:en|de|a|d['’])\s*"
    rf"(?:la\s+localidad\s+de\s+|el\s+municipio\s+de\s+|el\s+pueblo\s+de\s+|la\s+ciudad\s+de\s+)?(?={V.CAP})"
)
# a part of a town or a county named after its kind: "(distrito de Usera)", "el barrio de Delicias", "comarca de La Safor"
AREA_CUE = re.compile(rf"(?i)(?<![\w])(?:distrito|districte|barrio|barri|bairro|barriada|pedan[ií]a|parroquia|parròquia|comarca|concejo|vereda)\s+(?:de\s+|del\s+(?=[^\W\d_])|d['’](?=[^\W\d_]))(?={V.CAP})")
# a health area is named after its towns, joined or listed: "Área Sanitaria de Santiago de Compostela e Barbanza",
# "Área Sanitaria de Lugo, A Mariña e Monforte de Lemos" (a Galician town's article is part of its name)
_HEALTH_AREA = re.compile(rf"(?i)(?<![\w])(?:[aá]rea[ \t]+(?:sanitaria|sanit[aà]ria|de[ \t]+salud|de[ \t]+gesti[oó]n[ \t]+sanitaria)"
                          rf"(?:[ \t]+integrada)?|distrito[ \t]+sanitario)[ \t]+(?:de[ \t]+)?(?={V.CAP})")
_JOINED_PLACE = re.compile(r"(?:[ \t]*,[ \t]*|[ \t]+(?:y|e|i)[ \t]+)(?P<place>(?:(?:A|O|As|Os|La|El|Les|Los|Las)[ \t]+)?[A-ZÁÉÍÓÚÑ][^\W\d_]+(?:[ \t]+(?:de[ \t]+|del[ \t]+)?[A-ZÁÉÍÓÚÑ][^\W\d_]+){0,2})(?![\w])")
# a form's or a contact line's "reside Gijon", with no preposition
_RESIDE_BARE = re.compile(rf"(?i)(?<![\w])(?:reside|resideix|residente)[ \t]+(?={V.CAP})(?!(?i:en|de|a|d['’])[ \t])")
TOWN_CUE_ANY_CASE = re.compile(
    r"(?i)(?<![\w])(?:residente|reside|vecin[oa]|natural|nacid[oa]|empadronad[oa]|procedente|vive|viv[ií]a|viviendo)"
    r"\s+(?:habitualmente\s+|actualmente\s+|sola?\s+)?(?:en|de)\s+(?=[a-zñáéíóú])"
)
_DETERMINERS = frozenset({
    "un", "una", "uno", "unos", "unas", "este", "esta", "estos", "estas", "ese", "esa", "su", "sus", "otro", "otra",
    "dicho", "dicha", "aquel", "aquella", "mi", "tu", "nuestra", "nuestro", "cada", "todo", "toda", "casa", "zona",
})
_AFTER_ADDRESS = re.compile(rf"[ \t]*(?:,|-|–|\(|·|\||[ \t](?:de|da|do|d'))[ \t]*(?:(?:E-)?\d{{5}}[ \t]+)?(?={V.CAP})")
_POSTAL_AFTER_ADDRESS = re.compile(r"(?:[ \t]*,|[ \t]+[-–])[ \t]*((?:E-)?(?:0[1-9]|[1-4]\d|5[0-2])\d{3})(?![\w]|[.,]\d)")
BASQUE_STREET = re.compile(
    # (a title in lower case may follow a person's name: "Begiristain doktorea pasealekua", "Sabino Arana jauna kalea")
    rf"(?<![\w]){V.CAP}[\w'’-]+(?:[ \t]+{V.CAP}[\w'’-]+){{0,2}}(?:[ \t]+(?:doktorea|jauna|andrea|lehendakaria|apaiza|idazlea))?"
    rf"[ \t]+(?i:kalea|etorbidea|pasealekua|enparantza|"
    r"errepidea|hiribidea|plazatxoa|plaza(?=,?[ \t]*(?:\d|z/g)))(?![\w])(?:,?[ \t]*(?:z/g|\d{1,4}(?![\d])(?:[ \t]*[-,][ \t]*\d{1,2}[ \t]*[ºª]?[ \t]*[A-Za-z]?(?![\w]))?))?"
)
# a British address: the house number, the name and its kind ("14 Larkspur Close"), the postcode after the town
# ("Harrogate HG2 7QN")
ENGLISH_STREET = re.compile(
    r"(?<![\w.,/-])\d{1,4}[A-Za-z]?[ \t]+(?:(?-i:[A-Z][a-z'’-]+)[ \t]+){1,3}(?-i:Close|Road|Street|Avenue|Lane|Drive|Way|Crescent|Place|"
    r"Gardens|Terrace|Court|Grove|Square|Row|Mews|Hill|Rise|Walk|Rd|St|Ave)(?![\w])"
)
UK_POSTCODE = re.compile(r"(?<=[a-z][ \t]|,[ \t])(?-i:[A-Z]{1,2}\d[A-Z\d]?[ \t]\d[A-Z]{2})(?![\w])")
# an address without a street type, known by the postal code and town that follow it on the line:
# "Sede: Gran Vía, 37-39, 2.ª planta · 37001 Salamanca", "Finca El Tomillar, s/n · 29700 Vélez-Málaga"
_ADDR_WORD = r"(?-i:[A-ZÁÉÍÓÚÑ][\w'’-]+)"
ADDRESS_BEFORE_POSTAL = re.compile(
    rf"(?<![\w])(?P<addr>{_ADDR_WORD}(?:[ \t]+(?:(?:de|del|de[ \t]+la|la|el|los|las)[ \t]+)?{_ADDR_WORD}){{0,4}},[ \t]*"
    r"(?:\d{1,4}(?:[ \t]*-[ \t]*\d{1,4})?[A-Za-z]?|s/n)(?:,[ \t]*[^·|\n,:;]{1,20}?)?)[ \t]*[·|,–—-][ \t]*(?:CP:?[ \t]*)?"
    r"(?:0[1-9]|[1-4]\d|5[0-2])\d{3}[ \t]+(?-i:[A-ZÁÉÍÓÚÑ])"
)
# what says that two bare decimals are a position ("GPS: 42.87512, -8.54461"), not two lab values
_GPS_CUE = re.compile(r"(?i)(?:coordenadas|coordenades|koordenatuak|gps|geolocalizaci[oó]n|ubicaci[oó]n|localizaci[oó]n|lat(?:itud)?"
                      r"|posici[oó]n)[^\n]{0,25}$")
# Catalan and Galician types that name a street even without a number
# (lower case too, "al carrer Major, 52", when a capitalised name follows)
_CO_OFFICIAL_START = re.compile(
    r"(?<![\w])(?:[Cc]arrer|[Rr]úa|[Rr]ua|[Aa]vinguda|[Pp]asseig|[Pp]raza|[Pp]laça|[Tt]ravessera|[Tt]ravessia|[Cc]amí|"
    r"[Cc]amiño|[Ee]strada|[Rr]onda|[Rr]ambla|[Pp]assatge|[Cc]arreró)(?![\w])"
    rf"(?=[ \t]+(?:(?:de|del|dels|da|do|das|dos|d')[ \t]*(?:la[ \t]+|les[ \t]+|els[ \t]+|l')?)?{V.CAP})"
)


# "el centro de Osuna": a noun of place before "de" makes even a town named like a person a town
_PLACE_NOUN = re.compile(
    r"(?i)\b(?:centro|pol[ií]gono|pueblo|ciudad|barrio|zona|municipio|localidad|comarca|residencia|hotel|"
    r"supermercado|mercado|empresa|f[aá]brica|colegio|instituto|ayuntamiento|playa|puerto|aeropuerto|estaci[oó]n|"
    r"parroquia|afueras|cercan[ií]as|alrededores|t[eé]rmino\s+municipal|provincia|carretera|urbanizaci[oó]n|"
    # Catalan and Galician: "al port de Querol", "el poble de Catí", "a vila de Teo"
    r"port|poble|ciutat|barri|terme|vila|lugar|aldea)\s+(?:de|en)\s+$"
)


# a road and its kilometre: "N-630, km 612", "A-66 p.k. 41,5", "AP-7, km 150", "carretera Ma-10, km 34" (an island's
# roads: Ma-, Me-, PM-)
ROAD_KM = re.compile(r"(?<![\w-])(?:(?i:carretera|ctra\.)[ \t]+)?(?:[A-Z]{1,3}|[A-Z][a-z]|[A-Z]{2}-[A-Z])-\d{1,4}[ \t]*,?[ \t]*(?:km|Km|KM|p\.?k\.?|PK)\.?[ \t]*\d{1,4}(?:[.,]\d{1,3})?(?![\w])")
# a capital letter of a foreign place's name too: "Łódź (Polonia)", "Šiauliai (Lituania)"
_FOREIGN_CAP = r"(?-i:[A-ZÁÉÍÓÚÑÀÈÒÏÜÇÂÊÎÔÛÄËÖÅØÆŁŚŻŹĆŃŠČŘŽĐŐŰĂȘȚ])"
# a place, then its country or province in parentheses: "madre en Iași (Rumanía)", "de Estella (Navarra)"
_PLACE_THEN_REGION = re.compile(
    rf"(?i)(?<![\w])(?:en|de|desde|a|hasta|del)[ \t]+(?P<place>{_FOREIGN_CAP}[^\W\d_]+(?:[ \t-]+{_FOREIGN_CAP}[^\W\d_]+)?)[ \t]*\((?P<region>[^()\n]{{3,30}})\)"
)
_REGION_THEN_PLACE = re.compile(
    rf"(?<![\w])(?P<region>{V.CAP}[^\W\d_]+(?:[ \t]+{V.CAP}[^\W\d_]+)?)[ \t]*\((?P<place>{V.CAP}[^\W\d_]+(?:[ \t-]+{V.CAP}[^\W\d_]+){{0,2}})\)"
)
# Basque case endings on a town's name: "Getxon" (in), "Getxoko" (of), "Getxotik" (from), "Getxora" (to)
_BASQUE_PLACE_CASES = ("n", "an", "en", "ko", "go", "tik", "dik", "ra", "ara", "era", "rako", "ren", "aren")
# separators that set a heading's parts apart: "Hospital X (HX), Pamplona/Iruña", "RESIDENCIA X — PLASENCIA"
_SEGMENT_SEP = frozenset("—–·|/")
_WORD_BEFORE = re.compile(r"([^\W\d_]+)[ \t]+$")


class LocalityRules:
    """Mixin of :class:`~surrogate.ner.rules.backend.RulesBackend`: towns after cues and streets."""

    def _cued_towns(self, text: str) -> list[Candidate]:
        out = self._lower_case_towns(text)
        for m in (*TOWN_CUE.finditer(text), *AREA_CUE.finditer(text), *_RESIDE_BARE.finditer(text)):
            span = self._grab_place(text, m.end(), min(len(text), m.end() + 80))
            bare = m.re is _RESIDE_BARE and span and self.lexicon.is_("first_name", text[span[0]:span[1]]) \
                and not self.lexicon.is_("municipality", text[span[0]:span[1]])  # "con quien reside Juan"
            if span and not bare and fold(text[span[0]:span[1]].split()[0]) not in V.NAME_STOP:
                out.append(Candidate(span[0], span[1], self._place_label(text[span[0]:span[1]]), PATTERN))
        for m in _HEALTH_AREA.finditer(text):
            span = self._grab_place(text, m.end(), min(len(text), m.end() + 80))
            join = span and _JOINED_PLACE.match(text, span[1])
            while join:
                out.append(Candidate(join.start("place"), join.end("place"), "TERRITORIO", PATTERN))
                join = _JOINED_PLACE.match(text, join.end())
        return out

    def _lower_case_towns(self, text: str) -> list[Candidate]:
        """``vive en pola de siero``: after a residence cue, a run of lower-case words up to a known town
        (a chat or a hurried note loses the capitals; the run must reach a known place within four words)."""
        out = []
        for m in TOWN_CUE_ANY_CASE.finditer(text):
            toks = tokens(text, m.end(), min(len(text), m.end() + 60))[:4]
            folded = [fold(t.text) for t in toks]
            for i, t in enumerate(toks):
                if not t.text.isalpha() or not t.text.islower() or "\n" in text[m.end():t.start]:
                    break
                if not i and folded[0] in _DETERMINERS:
                    break  # "residente de una población": "Una" is also a town
                n = self.lexicon.place_at(folded, i)
                if n and folded[i] not in V.NAME_CONNECTORS and all(x.text.isalpha() and x.text.islower() for x in toks[i:i + n]):
                    out.append(Candidate(toks[0].start, toks[i + n - 1].end, "TERRITORIO", PATTERN))
                    break
                if i and folded[i - 1] not in V.NAME_CONNECTORS and folded[i] not in V.NAME_CONNECTORS:
                    break  # two content words without a place: not a town's name
        return out

    def _address_towns(self, text: str, cands: list[Candidate]) -> list[Candidate]:
        """The town written right after a street found by another detector."""
        out = []
        for c in cands:
            if c.label not in ("CALLE", "HOSPITAL", "CENTRO_SALUD", "INSTITUCION"):
                continue
            m = _AFTER_ADDRESS.match(text, c.end, min(len(text), c.end + 12))
            if not m:
                continue
            span = self._grab_place(text, m.end(), min(len(text), m.end() + 60))
            if not span or fold(text[span[0]:span[1]].split()[0]) in V.NAME_STOP or key_label(text, *span):
                continue  # ("| Localidad | ...": the next cell's field key, not a town)
            in_parens = text[m.start():m.end()].strip().startswith("(") and text.startswith(")", span[1])
            if in_parens and text[span[0]:span[1]].isupper():
                if c.label in ("HOSPITAL", "CENTRO_SALUD") and span[1] - span[0] <= 8 and " " not in text[span[0]:span[1]]:
                    out.append(Candidate(span[0], span[1], c.label, PATTERN))  # "(HUN)": the facility's acronym
                continue
            trusted = in_parens and c.label != "INSTITUCION"  # "Ajuntament de X (Serveis Socials)" is no town
            if c.label != "CALLE" and not trusted and not self._is_place_at(tokens(text, span[0], span[1]), 0):
                continue  # after a facility, a known place ("HUCA (Oviedo)") or one alone in parentheses, not its street
            out.append(Candidate(span[0], span[1], self._place_label(text[span[0]:span[1]]), PATTERN))
        for c in cands:  # "(c/ Pureza 37, bajo, 41010)": a postal code right after a street
            m = _POSTAL_AFTER_ADDRESS.match(text, c.end) if c.label == "CALLE" else None
            if m:
                out.append(Candidate(m.start(1), m.end(1), "TERRITORIO", PATTERN))
        return out

    def _other_streets(self, text: str) -> list[Candidate]:
        # after its number, a Basque street takes the floor and door words too ("Prim kalea 14, behea")
        out = [Candidate(m.start(), V.ADDRESS_TAIL.match(text, m.end()).end() if m.group()[-1].isdigit() else m.end(),
                         "CALLE", STRUCTURED) for m in BASQUE_STREET.finditer(text)]
        out += [Candidate(m.start(), m.end(), "CALLE", STRUCTURED) for m in ENGLISH_STREET.finditer(text)]
        out += [Candidate(m.start(), m.end(), "CALLE", STRUCTURED) for m in P.STREET_WORDS.finditer(text)]
        out += [Candidate(m.start(), m.end(), "CALLE", STRUCTURED) for m in P.GPS.finditer(text)
                if not m.group().replace("−", "-").replace("-", "")[:1].isdigit() or m.group()[-1:].isalpha() or "°" in m.group()
                or _GPS_CUE.search(text, max(0, m.start() - 40), m.start())]
        out += [Candidate(m.start("addr"), m.end("addr"), "CALLE", PATTERN) for m in ADDRESS_BEFORE_POSTAL.finditer(text)]
        out += [Candidate(m.start(), m.end(), "TERRITORIO", PATTERN) for m in UK_POSTCODE.finditer(text)]
        for m in _CO_OFFICIAL_START.finditer(text):
            toks = tokens(text, m.start(), min(len(text), m.start() + 160))
            if len(toks) < 2:
                continue
            addr = self._grab_address(text, toks, 1, len(text))
            if addr and addr[1] > toks[0].end:
                out.append(Candidate(addr[0], addr[1], "CALLE", STRUCTURED))
        return out

    @staticmethod
    def _inside_name(text: str, pos: int) -> bool:
        """A capitalised word right before ``pos`` that is no field or role word: "Medina del Campo (Valladolid)"
        is one place, while "Paciente de Chiclana (Cádiz)" names Chiclana."""
        m = _WORD_BEFORE.search(text, max(0, pos - 40), pos)
        return bool(m) and after_capitalised_word(text, pos) and fold(m.group(1)) not in V.NAME_STOP

    def _more_towns(self, text: str) -> list[Candidate]:
        """Roads with a kilometre, a place before its region in parentheses, Basque case endings, a known town
        as a heading's last part (see the constants above)."""
        out = [Candidate(m.start(), m.end(), "CALLE", STRUCTURED) for m in ROAD_KM.finditer(text)]
        lex = self.lexicon
        for m in _PLACE_THEN_REGION.finditer(text):
            region = [fold(t.text) for t in tokens(m.group("region"))]
            if region and lex.place_at(region, categories=("country", "province")) == len(region) \
                    and fold(m.group("place").split()[0]) not in V.NAME_STOP and not self._inside_name(text, m.start()):
                out.append(Candidate(m.start("place"), m.end("place"), "TERRITORIO", PATTERN))
        for m in _REGION_THEN_PLACE.finditer(text):  # "vive en Francia (Lyon)": a town after its country or province
            region = [fold(t.text) for t in tokens(m.group("region"))]
            if region and lex.place_at(region, categories=("country", "province")) == len(region) and not m.group("place").isupper():
                out.append(Candidate(m.start("place"), m.end("place"), "TERRITORIO", PATTERN))
        towns = lex.phrases["municipality"]
        for s, e in lines(text):
            toks = tokens(text, s, e)
            folded = [fold(t.text) for t in toks]
            for i, t in enumerate(toks):
                if not is_cap_word(t) or t.text.isupper() and len(t.text) < 4:
                    continue
                stems = [folded[i][:-len(x)] for x in _BASQUE_PLACE_CASES if folded[i].endswith(x) and len(folded[i]) - len(x) >= 4]
                if stems and t.text.istitle() and not towns.longest_at(folded, i) and any(towns.longest_at([x], 0) == 1 for x in stems) \
                        and not lex.is_("first_name", t.text) and not lex.is_("surname", t.text):
                    out.append(Candidate(t.start, t.end, "TERRITORIO", PATTERN))
                n = towns.longest_at(folded, i)
                if not n:
                    continue
                before = toks[i - 1].text if i else ""
                after = toks[i + n].text if i + n < len(toks) else ""
                if (before in _SEGMENT_SEP or before == ",") and (after in _SEGMENT_SEP or not after) \
                        and (before in _SEGMENT_SEP or after in _SEGMENT_SEP):
                    out.append(Candidate(t.start, toks[i + n - 1].end, "TERRITORIO", PATTERN))
        return out

    def _small_towns(self, text: str) -> list[Candidate]:
        out = []
        lex = self.lexicon
        towns = lex.phrases["municipality"]
        for s, e in lines(text):
            toks = tokens(text, s, e)
            folded = [fold(t.text) for t in toks]
            for i, t in enumerate(toks):
                if not is_cap_word(t):
                    continue
                n = towns.longest_at(folded, i)
                if not n:
                    continue
                whole_line = i == 0 and n == len(toks)
                # (an English note's "near Trevélez", "from Teruel"; Galician "dende")
                after_prep = i > 0 and folded[i - 1] in ("de", "en", "desde", "hasta", "dende", "near", "from", "in")
                # Catalan "a" (in, to): "treballa a Alcarràs", only for a town named like no person
                after_prep = after_prep or i > 0 and toks[i - 1].text == "a" and not (lex.is_("first_name", t.text) or lex.is_("surname", t.text))
                place_noun = after_prep and _PLACE_NOUN.search(text, max(s, t.start - 30), t.start)
                followed = i + n < len(toks) and is_cap_word(toks[i + n])
                words = [w for w in toks[i:i + n] if w.text[0].isalpha()]
                distinctive = len(words) >= 2 or not (lex.is_("first_name", t.text) or lex.is_("surname", t.text))
                # "fue pastor en Ledesma": a town named like a surname after "en" (a person is "con"/"de" X, and
                # Catalan "en" before a first name is an article)
                distinctive = distinctive or i > 0 and folded[i - 1] == "en" and t.text.istitle() and not lex.is_("first_name", t.text) \
                    and not connects_to_name(toks, i + n - 1)  # "en Puertas de Urgencia"
                # "ve des de Catí", "from Ares": "from" leads to a place, not to a person (who is "de" X)
                distinctive = distinctive or i > 0 and (folded[i - 1] in ("desde", "dende", "from", "near") or i > 1 and
                                                        folded[i - 2:i] == ["des", "de"]) and t.text.istitle() and not connects_to_name(toks, i + n - 1)
                if whole_line or after_prep and (distinctive or place_noun) and not followed:
                    out.append(Candidate(t.start, toks[i + n - 1].end, "TERRITORIO", GAZETTEER))
        return out
