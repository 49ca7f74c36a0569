"""Facilities: ``Hospital …``, ``Centro de Salud …``, ``Universidad …`` and their names; acronyms; Basque forms.

Acronyms (``CHUAC``, ``HUVH``, ``HGUGM``): the hand-compiled list in ``gazetteers/facts/hospital_acronyms.tsv``
(4+ letters anywhere, 3 letters after a care cue), the usual shapes ``CHU…``/``HU…``/``HGU…``/``HCU…``, and any
capital acronym after a care cue (``ingresado en el XYZ``) that is not a clinical one (``UCI``, ``ORL``...).
Basque names put the kind last: ``Gros Osasun Zentroa``, ``Donostia Unibertsitate Ospitalea``.
"""
from __future__ import annotations

import re
from functools import cache

from gazetteers.name_lists import name_list
from gazetteers.text import fold

from ..tokenize import Token, tokens
from . import patterns as P
from . import vocab as V
from .common import (
    PATTERN,
    STRUCTURED,
    Candidate,
    after_capitalised_word,
    is_cap_word,
    street_number_follows,
)


@cache
def hospital_acronyms() -> frozenset[str]:
    """The acronyms of ``hospital_acronyms.tsv``, read once, on the first document (not at import)."""
    return frozenset(form for form, _ in name_list("hospital_acronyms"))


ACRONYM = re.compile(r"(?<![\w-])[A-Z][A-Za-z0-9]{2,6}(?![\w-])")
_ACRONYM_SHAPE = re.compile(r"(?:CHU|HU|HGU|HCU|CAU)[A-Z]{1,4}")
CARE_CUE = re.compile(
    r"(?i)(?:ingres\w*|traslad\w*|derivad[oa]s?|remitid[oa]s?|atendid[oa]s?|valorad[oa]s?|seguimiento|seguid[oa]s?|"
    r"controlad[oa]s?|intervenid[oa]s?|operad[oa]s?|nacid[oa]s?|hospitalizad[oa]s?|urgencias|alta|consultas?|"
    r"procedente|acude)\s+(?:en|a|al|del|desde|de)\s+(?:el\s+|la\s+|los\s+)?(?:hospital\s+)?$"
)
_CLINICAL_ACRONYMS = frozenset({
    "UCI", "UVI", "URG", "REA", "ORL", "UCE", "HDM", "UCIP", "UCIN", "UCIC", "CCEE", "HDD", "UHD", "UHB", "MIR", "ECG",
    "TAC", "RMN", "ECO", "HTA", "EPOC", "UCC", "UCO", "SUMMA", "SAMU", "CMA", "UDM", "USM", "CSM", "URPA", "UCA",
    "UTI", "UCAI", "UDCA", "UGC", "SNC", "DIU", "PET", "SPECT", "CPRE", "UMI", "UME", "UCSI", "HDIA", "HDO", "HOSP",
    "SUAP", "PAC", "ABS", "EAP", "CAP", "UPP", "UHU",
})
_MONTH_NAMES = frozenset(fold(m) for m in P.MONTHS if len(m) > 4)
_YEAR_AFTER = re.compile(r"[ \t]*,[ \t]*(?:19|20)\d\d(?![\d/]|[.,:-]\d)")
_DEPARTMENT_BEFORE = re.compile(r"(?i)(?<![\w])(?:servicio|unidad|secci[oó]n|departamento|servei|comisi[oó]n|comit[eé])\s+de\s+$")
EMPLOYER_CUE = re.compile(
    rf"(?i)(?<![\w])(?:trabaja(?:ba|ndo)?|trabaj[oó]|emplead[oa]|contratad[oa]|treballa(?:va|nt)?|traballa(?:ba|ndo)?)"
    rf"(?:\s+(?:\d{{1,2}}|muchos|varios)\s+años)?(?:\s+(?:de|como)\s+[^\W\d_]+(?:\s+(?:de|del|de\s+la)\s+[^\W\d_]+)?)?"
    rf"\s+(?:en|para|a|de)\s+(?:la\s+|el\s+|l['’]|una\s+|un\s+)?(?={V.CAP})"
    # a profession field's value ending in the workplace: "Profesión: mozo de almacén en Mercabilbao"
    rf"|(?:(?m:^)|(?<=[\s/·|]))(?:profesi[oó]n|ocupaci[oó]n|professi[oó]|ocupaci[oó]|lanbidea|puesto|trabajo)[ \t]*:[^\n:]{{0,50}}?[ \t]"
    rf"(?:en|para|a)[ \t]+(?:la[ \t]+|el[ \t]+|l['’])?(?={V.CAP})"
)
_TRADE_NOUN = re.compile(r"(?i)(?:er[ií]a|ci[oó]n|miento|dad|aje|ura|ismo)$")
INSURER_PARENS = re.compile(
    rf"(?i)(?<![\w])(?:mutua|aseguradora|compañ[ií]a|empresa|residencia|guarder[ií]a|colegio|seguro(?:\s+m[eé]dico|\s+privado|\s+de\s+salud)?|mútua|asseguradora)(?![\w])[^()\n.]{{0,30}}?"
    rf"\(({V.CAP}[^\W\d_][\w&'’.-]*(?:[ \t]+[\w&'’.-]+){{0,3}})\)"
)
BASQUE_FACILITY = re.compile(
    rf"(?<![\w])(?:{V.CAP}[\w'’-]+[ \t]+(?:(?:de|del|la)[ \t]+(?={V.CAP}))?){{1,3}}(?P<kind>(?i:Osasun[ \t]+Zentro(?:a|an|ra|tik|ko|ak)|Osasun[ \t]+Etxe(?:a|an|ra|tik|ko)|"
    r"Anbulatorio(?:a|an|ra|tik|ko)|(?:Unibertsitate[ \t]+)?Ospitale(?:a|an|ra|tik|ko|ak|ko)|"
    r"Ikastola(?:n|ra|tik|ko|k)?|Ikastetxe(?:a|an|ra|tik|ko))|OZ|(?:Egoitza|EGOITZA)(?:n|ra|tik|ko|k)?)(?![\w])"  # with a case ending: "Vigoko ospitalera"; "Gros OZ"
)
# an English name puts the kind last: "Kharkiv Regional Clinical Hospital", "Leeds General Infirmary" (a Spanish
# name goes on after its head, "Hospital Clínico ...", so a capital or "de" after the kind rules it out)
ENGLISH_FACILITY = re.compile(
    r"(?<![\w])(?:(?-i:[A-Z][\w'’.-]+)[ \t]+){1,5}(?P<kind>Hospital|Infirmary|Clinic|Medical[ \t]+Cent(?:er|re)|"
    r"Health[ \t]+Cent(?:er|re))(?![\w])(?![ \t]+(?:[A-ZÁÉÍÓÚÑ]|de[ \t]|del[ \t]|d['’]))"
)


_SHORT_CLINICO = re.compile(
    r"(?:(?<=\bel )|(?<=\bdel )|(?<=\bal ))Cl[ií]nico(?:[ \t]+(?:de[ \t]+)?[A-ZÁÉÍÓÚÑ][^\W\d_]+){0,2}(?![\w-])")


_COURT_KIND = (
    r"(?:Violencia[ \t]+(?:sobre|contra)[ \t]+la[ \t]+Mujer|Viol[eè]ncia[ \t]+sobre[ \t]+la[ \t]+Dona|"
    r"(?:Primera|1[ªa]|1\.ª)[ \t]+Instancia(?:[ \t]+e[ \t]+Instrucci[oó]n)?|Primera[ \t]+Inst[aà]ncia(?:[ \t]+i[ \t]+Instrucci[oó])?|"
    r"Instrucci[oó]n?|Menores|Menors|Familia|Fam[ií]lia|Vigilancia[ \t]+Penitenciaria|Guardia|Gu[aà]rdia|Paz|Pau|"
    r"lo[ \t]+(?:Penal|Social|Civil|Mercantil|Contencioso(?:-|[ \t]+)[Aa]dministrativo)|"
    r"(?:la[ \t]+)?Garda|Primeira[ \t]+Instancia(?:[ \t]+e[ \t]+Instrución)?)"
)
_COURT = re.compile(
    rf"(?<![\w])(?:Juzgado|Jutjat|Xulgado)[ \t]+(?:de[ \t]+|d['’])?{_COURT_KIND}"
    r"(?:[ \t]+(?:n\.?[ \t]?[º°o]\.?|n[úu]m\.?|n[úu]mero)[ \t]*\d{1,3})?"
    r"(?:[ \t]+(?:de|d['’])[ \t]*[A-ZÁÉÍÓÚÑÀÈÒ][\w'’-]+(?:[ \t]+(?:de[ \t]+(?:la[ \t]+|los[ \t]+)?|del[ \t]+)?[A-ZÁÉÍÓÚÑ][\w'’-]+){0,2})?"
)

# the same in a heading typed in capitals, less its seat, which the place rules find: "AL JUZGADO DE PRIMERA
# INSTANCIA Nº 13 DE VALLADOLID", "JUZGADO DE VIGILANCIA PENITENCIARIA N.º 3 DE CASTILLA Y LEÓN"
_COURT_ANY_CASE = re.compile(
    rf"(?i)(?<![\w])(?:Juzgado|Jutjat|Xulgado)[ \t]+(?:de[ \t]+|d['’])?{_COURT_KIND}"
    r"[ \t]+(?:n\.?[ \t]?[º°o]\.?|n[úu]m\.?|n[úu]mero)[ \t]*\d{1,3}(?![\w])"  # with its number: "JUZGADO DE GUARDIA" is an office
)


class FacilityRules:
    """Mixin of :class:`~surrogate.ner.rules.backend.RulesBackend`: facilities."""

    def _facilities(
        self, text: str, start: int, end: int, *, tier: int, anchored: bool = False, require_capital_next: bool = False
    ) -> list[Candidate]:
        out = []
        pos = start
        while pos < end:
            m = V.FACILITY_START.match(text, pos, end) if anchored else V.FACILITY_START.search(text, pos, end)
            if not m:
                break
            pos = m.end()
            if not anchored and m.group().isalpha() and not m.group().isupper() and after_capitalised_word(text, m.start()):
                continue  # "Nutrición Clínica": an adjective inside a department name, not a facility
                # (a head of several words or with periods, "H. U.", "Centro de Salud", or an acronym, "llevadora
                # Judit ASSIR Sant Andreu", is never an adjective)
            if _DEPARTMENT_BEFORE.search(text, max(0, m.start() - 30), m.start()):
                continue  # "Servicio de Farmacia Hospitalaria", "Servicio de Laboratorio": a department
            label = V.FACILITY_HEADS[int(m.lastgroup[1:])][1]
            stop = self._grab_facility_tail(text, m.end(), end)
            named = stop > m.end() or " " in m.group() or m.group().isupper()
            if named or not require_capital_next:
                out.append(Candidate(m.start(), stop, label, tier))
            if anchored:
                break
            pos = max(stop, m.end())
        return out

    def _grab_facility_tail(self, text: str, pos: int, end: int) -> int:
        """Extend a facility head over its name: capitalised words, connectors, ``12 de Octubre``, quotes.

        The name stops before a department, a street type, another facility head, a town that is not
        introduced by ``de`` (``Hospital San Agustín Avilés``) and a typeless street (``Irunlarrea, 3``).
        """
        toks = tokens(text, pos, min(end, pos + 160))
        lex = self.lexicon
        kept: list[int] = []  # indices of tokens inside the name
        j = 0
        open_quote = False
        while j < len(toks):
            t = toks[j]
            if "\n" in text[(toks[j - 1].end if j else pos):t.start]:
                break
            f = fold(t.text)
            prev = fold(toks[kept[-1]].text) if kept else ""
            prev_connector = prev in V.NAME_CONNECTORS or prev in ("'", "’") and len(kept) >= 2 \
                and fold(toks[kept[-2]].text) in V.NAME_CONNECTORS  # "d'Albocàsser"
            if t.text in "\"“”«»":
                if not open_quote and j and t.start == toks[j - 1].end:
                    break  # a quote glued to the name closes a string it sits in: '"display": "Hospital X" }'
                open_quote = not open_quote
                if not open_quote:
                    kept.append(j)
                j += 1
                continue
            if open_quote:
                if t.text in ".;()":
                    break
                kept.append(j)
            elif is_cap_word(t) and (f not in V.FACILITY_STOP or prev_connector):
                if len(kept) >= 2 and not prev_connector and (
                   V.FACILITY_START.match(text, t.start) or self._is_place_at(toks, j)
                ):
                    break
                n = self._place_length(toks, j) if prev_connector else 0
                if n > 1:  # "... de Ciudad Real": a town of several words introduced by "de" joins whole
                    kept += range(j, j + n)
                    j += n
                    continue
                if f in ("dr", "dra", "univ", "sta", "c", "h", "nra", "sra", "ntra") and j + 1 < len(toks) and toks[j + 1].text == ".":
                    kept += [j, j + 1]
                    j += 2
                    continue
                kept.append(j)
            elif t.text.isdigit() and j + 1 < len(toks) and fold(toks[j + 1].text) == "de" and not street_number_follows(text, t):
                kept.append(j)  # "12 de Octubre"
                if j + 2 < len(toks) and fold(toks[j + 2].text) in _MONTH_NAMES and kept[:-1] and not prev_connector:
                    kept += [j + 1, j + 2]  # "Hospital Universitario 12 de octubre", in lower case too
                    j += 3
                    continue
            elif f in V.NAME_CONNECTORS and (kept or j == 0) and j + 1 < len(toks) and (
                is_cap_word(toks[j + 1]) or fold(toks[j + 1].text) in V.NAME_CONNECTORS
                or toks[j + 1].text.isdigit() and f in ("de", "del")  # not "... de Conxo el 17 de febrero"
                or toks[j + 1].text in "'’" and toks[j + 1].start == t.end  # "Vall d'Hebron"
            ) or t.text in "-'’" and j and t.start == toks[j - 1].end and kept and kept[-1] == j - 1:
                kept.append(j)
            else:
                break
            j += 1
        while kept and (fold(toks[kept[-1]].text) in V.NAME_CONNECTORS or toks[kept[-1]].text in "-'’"):
            kept.pop()
        # a typeless street glued to the name: "... Navarra Irunlarrea, 3" / "... Doctor Peset Gaspar Aguilar 90"
        nxt = kept[-1] + 1 if kept else 0
        # (not a year: "Xefatura Territorial de Vivenda, 2020" names a body and dates its resolution)
        if kept and nxt < len(toks) and street_number_follows(text, toks[kept[-1]]) and not _YEAR_AFTER.match(text, toks[kept[-1]].end):
            cut = 1
            if len(kept) >= 3 and lex.is_("first_name", toks[kept[-2]].text):
                cut = 2
            if len(kept) > cut:
                kept = kept[:-cut]
        return toks[kept[-1]].end if kept else pos

    def _is_place_at(self, toks: list[Token], j: int) -> bool:
        return self._place_length(toks, j) > 0

    def _place_length(self, toks: list[Token], j: int) -> int:
        """How many tokens from ``j`` a known place spans (0: none)."""
        return self.lexicon.place_at([fold(t.text) for t in toks[j:j + 4]])

    def _courts(self, text: str) -> list[Candidate]:
        """A court with its kind, number and seat: ``Juzgado de Violencia sobre la Mujer n.º 1 de Zaragoza``,
        ``Jutjat de Primera Instància núm. 4 de Lleida`` (the facility rules stop at the kind's lower-case words
        and at ``n.º``)."""
        out = [Candidate(m.start(), m.end(), "INSTITUCION", STRUCTURED) for m in _COURT.finditer(text)]
        return out + [Candidate(m.start(), m.end(), "INSTITUCION", STRUCTURED) for m in _COURT_ANY_CASE.finditer(text)
                      if m.group().replace("º", "").replace("ª", "").isupper()]

    def _companies(self, text: str) -> list[Candidate]:
        """A company named with its legal form (``Construcciones Bauzà Ferrer S.L.``): an employer, an institution."""
        out = []
        for m in V.COMPANY.finditer(text):
            toks = tokens(text, m.start(), m.end())
            k = 0
            while k < len(toks) and fold(toks[k].text) in V.NAME_STOP:
                k += 1  # "Empresa Construcciones ...": a field word before the name is no part of it
            if k < len(toks) - 1:
                out.append(Candidate(toks[k].start, m.end(), "INSTITUCION", STRUCTURED))
        return out

    def _employers(self, text: str) -> list[Candidate]:
        """An employer after a work cue (``trabaja en Mercadona``, ``treballava a Can Ruti``) or named in
        parentheses after an insurer's or company's noun (``la mutua de su empresa (Fremap)``); a known
        place or a common noun is not one."""
        out = []
        for m in EMPLOYER_CUE.finditer(text):
            span = self._grab_name(text, m.end(), min(len(text), m.end() + 80), max_words=4)
            if not span:
                continue
            toks = tokens(text, span[0], span[1])
            folded = [fold(t.text) for t in toks]
            if folded[0] in V.NAME_STOP or self.lexicon.place_at(folded) == len(folded) or V.FACILITY_START.match(text, span[0]):
                continue  # a town is found as a place, a facility by its head
            if len(toks) == 1 and _TRADE_NOUN.search(toks[0].text):
                continue  # "empleado en Carpintería metálica": a trade, not a company's name
            out.append(Candidate(span[0], span[1], "INSTITUCION", PATTERN))
        for m in INSURER_PARENS.finditer(text):
            out.append(Candidate(m.start(1), m.end(1), "INSTITUCION", PATTERN))
        return out

    def _seat_after(self, text: str, at: int) -> tuple[int, int] | None:
        """A capitalised known municipality right after a listed hospital acronym, ending its line or a field
        (``HUN Pamplona``, ``HUB Hospitalet ·``): the hospital's seat, which makes a short acronym (``HUN``) one."""
        m = re.match(r"[ \t]+((?:[A-ZÁÉÍÓÚÑ][\w'’-]+)(?:[ \t]+(?:de|del|la|las|los|el|[A-ZÁÉÍÓÚÑ][\w'’-]+)){0,3})"
                     r"[ \t]*(?=$|\n|[·|,;:)\-–])", text[at:at + 60])
        if not m:
            return None
        folded = [fold(w) for w in m.group(1).split()]
        if self.lexicon.place_at(folded, 0, categories=("municipality",)) != len(folded) or folded[-1] in ("de", "del", "la", "las", "los", "el"):
            return None
        if len(folded) == 1 and (self.lexicon.is_("first_name", folded[0]) or folded[0] in V.NAME_STOP):
            return None
        return at + m.start(1), at + m.end(1)

    def _facility_acronyms(self, text: str) -> list[Candidate]:
        out = []
        known_acronyms = hospital_acronyms()
        for m in ACRONYM.finditer(text):
            tok = m.group()
            if tok in _CLINICAL_ACRONYMS or not tok[1:].isupper() and tok not in known_acronyms:
                continue
            if tok not in known_acronyms and len(tok) >= 5 and (self.lexicon.is_("first_name", tok) or self.lexicon.is_("surname", tok)):
                continue  # "la interconsulta de ANSELMO TEJERO": a name in capitals, not a hospital's acronym
            cued = bool(CARE_CUE.search(text[max(0, m.start() - 60):m.start()]))
            seat = self._seat_after(text, m.end()) if tok in known_acronyms else None
            known = tok in known_acronyms and (len(tok) >= 4 or cued or seat is not None)
            if known or len(tok) >= 4 and _ACRONYM_SHAPE.fullmatch(tok) or cued and tok.isalpha() and tok.isupper():
                out.append(Candidate(m.start(), m.end(), "HOSPITAL", PATTERN))
                if seat is not None:  # "HUN Pamplona": the listed hospital and its town, a place of its own
                    out.append(Candidate(seat[0], seat[1], "TERRITORIO", PATTERN))
        # "en el Clínico": a university hospital by its short name (the full name is found by its head)
        out += [Candidate(m.start(), m.end(), "HOSPITAL", PATTERN) for m in _SHORT_CLINICO.finditer(text)]
        for m in BASQUE_FACILITY.finditer(text):
            kind = m.group("kind").lower()
            label = "HOSPITAL" if "pital" in kind else "INSTITUCION" if kind.startswith(("ikast", "egoitz")) else "CENTRO_SALUD"
            out.append(Candidate(m.start(), m.end(), label, STRUCTURED))
        for m in ENGLISH_FACILITY.finditer(text):
            toks = [t for t in tokens(text, m.start(), m.start("kind")) if t.text[0].isalpha()]
            if toks and fold(toks[0].text) not in V.NAME_STOP and all(t.text[0].isupper() for t in toks):
                label = "CENTRO_SALUD" if "health" in m.group("kind").lower() else "HOSPITAL"
                out.append(Candidate(m.start(), m.end(), label, STRUCTURED))
        return out
