"""The ``rules`` backend: regular expressions, gazetteers and context cues, tuned for recall.

Detectors, strongest first (a candidate's *tier* decides overlaps before its length does):

0. **Header fields** — ``Nombre:``, ``NHC:``, ``Domicilio:``, ``Fecha de nacimiento:``, ``Médico: … NºCol:``
   and the rest of :data:`~surrogate.ner.rules_patterns.HEADER_FIELDS`: the value up to the next field
   or the end of the line gets the field's label. ``Remitido por:`` / ``Responsable clínico:`` values go
   to the signature parser: honorific + name, department (skipped), facility, street, postal code, town,
   province, country, phones and e-mails, in whatever order they come.
1. **Structured mentions anywhere** — e-mails, URLs, IPs, honorific + name (``Dra. …``), facilities
   (``Hospital …``, ``Centro de Salud …``, ``Universidad …``), streets introduced by a street type.
2. **Shapes and cues** — dates (numeric, ISO, month names, ``año 1978``, bare years 1900–2049), phones
   (after a cue such as ``Tfno.``/``Fax`` or with a Spanish 9-digit shape), DNI/NIE, NASS, collegiate and
   long digit runs, postal codes followed by a town, the patient's age and sex where the case sentence
   introduces them (``Varón de 36 años``), kinship terms; and every string found in tiers 0–1
   (names, streets, towns, identifiers) again wherever it recurs in the document.
3. **Gazetteers** — countries, provinces and communities anywhere (capitalised), large municipalities
   after a preposition (``residente en Mérida``).

Overlaps are resolved by tier, then length (longest wins): ``Hospital Universitario 12 de Octubre`` is
one facility, not a facility plus a date. Labels are MEDDOCAN's; another schema gets them translated
(see :mod:`surrogate.ner.labelmap`).
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from gazetteers import GazetteerSet
from gazetteers.text import fold

from ..model import Span
from . import rules_patterns as P
from .base import Occupied, finalize_spans
from .labelmap import label_mapper
from .lexicon import Lexicon
from .tokenize import LINE, Token, find_phrases, tokens

HEADER, STRUCTURED, PATTERN, GAZETTEER = 0, 1, 2, 3

# Strings worth finding again elsewhere in the same document (a staff name in the header and the signature).
_PROPAGATED = {
    "NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "CALLE", "TERRITORIO", "PAIS", "HOSPITAL",
    "CENTRO_SALUD", "INSTITUCION", "ID_SUJETO_ASISTENCIA", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL",
    "ID_TITULACION_PERSONAL_SANITARIO", "CORREO_ELECTRONICO", "NUMERO_TELEFONO",
}
_DEPARTMENT = re.compile(
    r"(?i)(?:Servicio|Secci[oó]n|Unidad|Departamento|Dpto|Dept|Área|Area|C[aá]tedra|S\.|Sº|Divisi[oó]n|Grupo|Programa|Consulta|Planta|Laboratorio\s+de)\b"
)
_PLACE_PREPOSITION = re.compile(r"(?i)(?:\ben|\bde|\bdesde|\bhasta|\bhacia|\ba|\bnatural\s+de|\bresidente\s+en|\bvive\s+en)\s+$")
_SPACE_OR_SEP = re.compile(r"[\s.,;:()\[\]\-–—/•·|]+")
_NO_SN = re.compile(r"(?i)s/n|s\.n\.|sn\b|n[ºo°]\s*\d+|\d+")
_CONTACT_CUE = re.compile(r"(?i)(?:e-?mail|correo(?:\s+electr[oó]nico)?|autor)\b\W*")
_NHC_PREFIX = re.compile(r"(?i)nhc\s*[-/:]\s*")
_PLACE_SEP = re.compile(r"[ \t,\-–]*")
_PLACE_SEP_PERIOD = re.compile(r"[ \t,.\-–]*")
_TYPELESS_TAIL = re.compile(r"(?:[\s,]*(?:\d+\s*[ºª]?|[A-Za-z](?![\w])|bajo|dcha|izda|piso\s+\d+|puerta\s+\d+))*", re.IGNORECASE)
_POSTAL_AHEAD = re.compile(r"[\s.,\-–]*(?:E-|CP:?\s*)?(?:0[1-9]|[1-4]\d|5[0-2])\d{3}(?!\d)")
_PHONE_LIST_SEP = re.compile(r"\s*(?:/|y|o|,|-)\s*")
_HOUSE_NUMBER = re.compile(r"\d|s/n", re.IGNORECASE)
_THREE_LETTERS = re.compile(r"(?i)[a-z]{3}")
_TOWN_AHEAD = re.compile(r"[\s,.\-–]*[A-ZÁÉÍÓÚÑ][a-záéíóúñ]")
_PACIENTE = re.compile(r"(?i)paciente\s+")
_POSSESSIVE_BEFORE = re.compile(r"(?i)\b(?:su|mi|tu)\s+$")
_WORD_BEFORE = re.compile(r"([^\W\d_]+)[ \t]+$")
_NUMBER_AHEAD = re.compile(r"(?i),?\s*(?:n[ºo°]\s*)?(?:\d{1,4}(?!\d)(?!\s+de\s)|s\s?/\s?n\b)")
_PLACE_PART = re.compile(r"[^,/()]+")
_COMMA_PART = re.compile(r"[^,]+")
_EXTRA_COUNTRIES = re.compile(r"(?<![\w])(?:EE\.?\s?UU\.?|USA|U\.S\.A\.|UK|R\.U\.|EEUU)(?![\w])")


@dataclass(frozen=True, slots=True)
class Candidate:
    start: int
    end: int
    label: str
    tier: int


def _is_cap_word(tok: Token) -> bool:
    t = tok.text
    return t[0].isalpha() and t[0].isupper()


def _is_word(tok: Token) -> bool:
    return tok.text[0].isalpha()


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Strip surrounding whitespace and trailing punctuation from a field value."""
    while start < end and (text[start].isspace() or text[start] in ",;:"):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in ".,;:-–"):
        end -= 1
    return start, end


class RulesBackend:
    """High-recall rules (see module docstring). Build once; the gazetteer lists load on first use."""

    name = "rules"

    def __init__(self, schema: str | None = None, gazetteers: GazetteerSet | None = None) -> None:
        self._mapper = label_mapper("meddocan", schema or "meddocan")
        self.schema = self._mapper.target
        self._gazetteers = gazetteers
        self._lexicon: Lexicon | None = None

    @property
    def lexicon(self) -> Lexicon:
        if self._lexicon is None:
            self._lexicon = Lexicon.for_set(self._gazetteers)
        return self._lexicon

    def predict(self, texts: Sequence[str]) -> list[list[Span]]:
        out = []
        for text in texts:
            cands = self.candidates(text)
            spans = finalize_spans(_resolve(cands), text)
            out.append(self._mapper.map_spans(spans))
        return out

    # ---------------------------------------------------------------------------------- orchestration
    def candidates(self, text: str) -> list[Candidate]:
        cands: list[Candidate] = []
        cands += self._header(text)
        cands += self._contacts(text)
        cands += self._honorific_names(text)
        cands += self._facilities(text, 0, len(text), tier=STRUCTURED, require_capital_next=True)
        cands += self._streets_anywhere(text)
        cands += self._dates(text)
        cands += self._identifiers(text)
        cands += self._postal_codes(text)
        cands += self._ages(text)
        cands += self._sex(text)
        cands += self._kinship(text)
        cands += self._places(text)
        cands += self._makers(text)
        cands += self._propagate(text, cands)
        return cands

    # ------------------------------------------------------------------------------------ header fields
    def _header(self, text: str) -> list[Candidate]:
        out: list[Candidate] = []
        matches = list(P.HEADER_KEY.finditer(text))
        for i, m in enumerate(matches):
            label = P.HEADER_FIELDS[int(m.lastgroup[1:])][1]
            line_end = text.find("\n", m.end())
            line_end = len(text) if line_end < 0 else line_end
            nxt = matches[i + 1].start() if i + 1 < len(matches) else len(text)
            vs, ve = _trim(text, m.end(), min(line_end, nxt))
            if label is None or vs >= ve:
                continue
            if label == "SIGNATURE":
                out += self._signature(text, vs, ve)
            elif ve - vs > 120:
                continue  # not a field value: a paragraph that happens to start with a key
            elif label == "NOMBRE_PERSONAL_SANITARIO":
                h = P.HONORIFIC.match(text, vs)
                s = h.end() if h else vs
                if s < ve:
                    out.append(Candidate(s, ve, label, HEADER))
            elif label == "TERRITORIO":
                out += self._place_list(text, vs, ve, HEADER)
            elif label == "ID_SUJETO_ASISTENCIA":
                pre = _NHC_PREFIX.match(text, vs, ve)
                out.append(Candidate(vs + (pre.end() if pre else 0), ve, label, HEADER))
            elif label in ("NUMERO_TELEFONO", "NUMERO_FAX"):
                for n in P.PHONE_NUMBER.finditer(text, vs, ve):
                    out.append(Candidate(*_phone_bounds(text, n.start(), n.end()), label, HEADER))
            else:
                out.append(Candidate(vs, ve, label, HEADER))
        return out

    def _place_list(self, text: str, start: int, end: int, tier: int) -> list[Candidate]:
        """``Hellín, Albacete`` / ``Estella (Navarra)`` → one TERRITORIO (or PAIS) per part."""
        out = []
        for part in _PLACE_PART.finditer(text[start:end]):
            s, e = _trim(text, start + part.start(), start + part.end())
            if s < e:
                out.append(Candidate(s, e, self._place_label(text[s:e]), tier))
        return out

    def _place_label(self, value: str) -> str:
        """PAIS for a country name, TERRITORIO otherwise (a Spanish town wins: Granada is not Grenada)."""
        folded = tuple(fold(t.text) for t in tokens(value))
        if not folded:
            return "TERRITORIO"
        phrases = self.lexicon.phrases
        if any(phrases[c].longest_at(folded, 0) == len(folded) for c in ("municipality", "province")):
            return "TERRITORIO"
        if phrases["country"].longest_at(folded, 0) == len(folded) or _EXTRA_COUNTRIES.fullmatch(value.strip()):
            return "PAIS"
        return "TERRITORIO"

    # ---------------------------------------------------------------------------------------- signature
    def _signature(self, text: str, start: int, end: int) -> list[Candidate]:
        """Walk a ``Remitido por:`` value unit by unit (see module docstring)."""
        out: list[Candidate] = []
        pos, first = start, True
        lex = self.lexicon
        while pos < end:
            gap = _SPACE_OR_SEP.match(text, pos, end)
            if gap:
                pos = gap.end()
                if pos >= end:
                    break
            nxt = self._signature_unit(text, pos, end, first, out, lex)
            first = False
            pos = max(nxt, pos + 1)
        return out

    def _signature_unit(self, text: str, pos: int, end: int, first: bool, out: list[Candidate], lex: Lexicon) -> int:
        # contacts are found globally; step over them (and their cue words)
        for rx in (P.EMAIL, P.URL):
            m = rx.match(text, pos, end)
            if m:
                return m.end()
        cue = P.PHONE_CUE.match(text, pos, end)
        if cue:
            return cue.end()
        m = _CONTACT_CUE.match(text, pos, end)
        if m:
            return m.end()
        h = P.HONORIFIC.match(text, pos, end)
        if h:
            span = self._grab_name(text, h.end(), end)
            if span:
                label = "NOMBRE_PERSONAL_SANITARIO" if P.STAFF_HONORIFIC.match(h.group()) else "NOMBRE_SUJETO_ASISTENCIA"
                out.append(Candidate(span[0], span[1], label, HEADER))
                return span[1]
            return h.end()
        pc = P.POSTAL_CODE.match(text, pos, end)
        if pc:
            out.append(Candidate(pc.start(1), pc.end(1), "TERRITORIO", HEADER))
            town = self._grab_place(text, pc.end(), end, allow_period=True)
            if town:
                out.append(Candidate(town[0], town[1], self._place_label(text[town[0]:town[1]]), HEADER))
                return town[1]
            return pc.end()
        fac = self._facilities(text, pos, end, tier=HEADER, anchored=True)
        if fac:
            out += fac
            return fac[-1].end
        dep = _DEPARTMENT.match(text, pos, end)
        if dep:
            return self._skip_department(text, dep.end(), end)
        toks = tokens(text, pos, min(end, pos + 200))
        if not toks:
            return end
        folded = [fold(t.text) for t in toks]
        n = lex.phrases["street_type"].longest_at(folded, 0)
        if n and (len(toks) > n) and toks[0].text[0].isupper():
            addr = self._grab_address(text, toks, n, end)
            if addr:
                out.append(Candidate(addr[0], addr[1], "CALLE", HEADER))
                return addr[1]
        for cat, label in (("country", "PAIS"), ("province", "TERRITORIO"), ("municipality", "TERRITORIO")):
            n = lex.phrases[cat].longest_at(folded, 0)
            if n and _is_cap_word(toks[0]) and (n == len(toks) or not _is_cap_word(toks[n]) or cat != "municipality"):
                out.append(Candidate(toks[0].start, toks[n - 1].end, label, HEADER))
                return toks[n - 1].end
        x = _EXTRA_COUNTRIES.match(text, pos, end)
        if x:
            out.append(Candidate(x.start(), x.end(), "PAIS", HEADER))
            return x.end()
        if first and _is_cap_word(toks[0]):
            span = self._grab_name(text, pos, end)
            if span:
                out.append(Candidate(span[0], span[1], "NOMBRE_PERSONAL_SANITARIO", HEADER))
                return span[1]
        street = self._typeless_street(text, toks, end)
        if street:
            out.append(Candidate(street[0], street[1], "CALLE", HEADER))
            return street[1]
        return toks[0].end

    def _skip_department(self, text: str, pos: int, end: int) -> int:
        """Skip ``Servicio de Urología`` up to a facility, a street, a full stop or a comma."""
        for t in tokens(text, pos, end):
            if t.text in ".,;(" or FACILITY_START.match(text, t.start, end) or P.EMAIL.match(text, t.start, end):
                return t.start
            if P.POSTAL_CODE.match(text, t.start, end) or P.HONORIFIC.match(text, t.start, end):
                return t.start
            folded = fold(t.text)
            if folded in self.lexicon.phrases["street_type"] and t.text[0].isupper() and folded not in ("pl", "s"):
                return t.start
        return end

    # ------------------------------------------------------------------------------------------ grabbers
    def _grab_name(self, text: str, start: int, end: int, max_words: int = 7) -> tuple[int, int] | None:
        """The longest run of capitalised name words (with particles and hyphens) starting at ``start``."""
        toks = tokens(text, start, min(end, start + 160))
        last = None
        words = 0
        j = 0
        while j < len(toks) and words < max_words:
            t = toks[j]
            if j and "\n" in text[toks[j - 1].end:t.start]:
                break
            low = t.text.lower()
            if _is_word(t) and (t.text[0].isupper()) and fold(t.text) not in P.NAME_STOP and not any(c.isdigit() for c in t.text):
                last, words = j, words + 1
            elif low in P.NAME_CONNECTORS and last is not None and _connects_to_name(toks, j):
                pass
            elif t.text in "-'’" and last == j - 1 and j + 1 < len(toks) and t.start == toks[j - 1].end \
                    and toks[j + 1].start == t.end and _is_word(toks[j + 1]):
                last = j + 1
                j += 2
                continue
            elif t.text in ".ª" and last == j - 1 and len(toks[j - 1].text) <= 2 and t.start == toks[j - 1].end \
                    and j + 1 < len(toks) and _is_cap_word(toks[j + 1]) and "\n" not in text[t.end:toks[j + 1].start]:
                last = j  # an initial inside the name: "Ernesto A. Moretti", "Mª. Pilar"
            else:
                break
            j += 1
        if last is None:
            return None
        return toks[0].start, toks[last].end

    def _grab_place(self, text: str, start: int, end: int, *, allow_period: bool = False) -> tuple[int, int] | None:
        """A town after a postal code, on the same line: ``Madrid``, ``Alcalá de Henares``.

        When the words run on into a province or country (``Pamplona Navarra``), only the known town is kept.
        """
        sep = (_PLACE_SEP_PERIOD if allow_period else _PLACE_SEP).match(text[start:end])
        s = start + sep.end()
        span = self._grab_name(text, s, end, max_words=6)
        if span is None:
            return None
        toks = tokens(text, span[0], span[1])
        if len(toks) > 1:
            folded = [fold(t.text) for t in toks]
            for cat in ("municipality", "province", "country"):
                n = self.lexicon.phrases[cat].longest_at(folded, 0)
                if n == len(toks):
                    return span
            best = max(self.lexicon.phrases[c].longest_at(folded, 0) for c in ("municipality", "province"))
            if best:
                return span[0], toks[best - 1].end
        return span

    def _grab_address(self, text: str, toks: list[Token], type_len: int, end: int) -> tuple[int, int] | None:
        """A street from its type word: name words, then the number and floor/door details (``ADDRESS_TAIL``)."""
        j = type_len
        while j < len(toks) and toks[j].text in "./" and toks[j].start == toks[j - 1].end:
            j += 1  # "Avda." / "C/" / "C/."
        last = toks[j - 1].end if j > type_len else None
        name_words = 0
        while j < len(toks) and toks[j].start < end:
            t = toks[j]
            if "\n" in text[toks[j - 1].end:t.start]:
                break
            number = P.ADDRESS_NUMBER.match(text, t.start, end)
            if number and name_words:
                if P.POSTAL_CODE.fullmatch(number.group()):
                    break  # "Irunlarrea 31008": a postal code, not a house number
                tail = P.ADDRESS_TAIL.match(text, number.end(), end)
                stop = tail.end() if tail else number.end()
                return toks[0].start, stop
            f = fold(t.text)
            if _is_word(t) and not any(c.isdigit() for c in t.text) and (f not in P.NAME_STOP or f in ("de", "del")) \
                    and not P.EMAIL.match(text, t.start, end):
                last, name_words = t.end, name_words + 1
            elif t.text in ",'’´`\"ºª-" and name_words:
                pass
            elif t.text == "." and name_words and len(toks[j - 1].text) <= 5 and toks[j - 1].text[0].isupper() \
                    and j + 1 < len(toks) and _is_cap_word(toks[j + 1]):
                pass  # "Hnos. Falcó", "Prof. Martín Lagos"
            else:
                break
            if name_words > 10:
                break
            j += 1
        if not name_words or last is None:
            return None
        return toks[0].start, last

    def _typeless_street(self, text: str, toks: list[Token], end: int) -> tuple[int, int] | None:
        """``Profesor Martín Lagos, s/n. 28040 Madrid``: capitalised words, a number, then a postal code."""
        j, words = 0, 0
        while j < len(toks) and (_is_cap_word(toks[j]) or (words and toks[j].text.lower() in P.NAME_CONNECTORS)):
            if fold(toks[j].text) in P.NAME_STOP:
                return None
            words += _is_cap_word(toks[j])
            j += 1
        if not words or j >= len(toks):
            return None
        k = j + (1 if toks[j].text == "," else 0)
        if k >= len(toks):
            return None
        m = _NO_SN.match(text, toks[k].start)
        if not m:
            return None
        stop = m.end()
        tail = _TYPELESS_TAIL.match(text[stop:end])
        stop += tail.end() if tail else 0
        after = text[stop:end]
        if not _POSTAL_AHEAD.match(after):
            return None
        return toks[0].start, stop

    # ------------------------------------------------------------------------------ structured mentions
    def _contacts(self, text: str) -> list[Candidate]:
        out = [Candidate(m.start(), m.end(), "CORREO_ELECTRONICO", STRUCTURED) for m in P.EMAIL.finditer(text)]
        out += [Candidate(m.start(), m.end(), "URL_WEB", STRUCTURED) for m in P.URL.finditer(text)]
        out += [Candidate(m.start(), m.end(), "DIREC_PROT_INTERNET", PATTERN) for m in P.IPV4.finditer(text)]
        for cue in P.PHONE_CUE.finditer(text):
            label = "NUMERO_FAX" if cue.group().lower().startswith("fax") else "NUMERO_TELEFONO"
            pos = cue.end()
            while True:  # "Telfs.: 918823884 / 918823984 / 656352534"
                num = P.PHONE_NUMBER.match(text, pos)
                if not num or sum(c.isdigit() for c in num.group()) < 6:
                    break
                s, e = _phone_bounds(text, num.start(), num.end())
                out.append(Candidate(s, e, label, STRUCTURED))
                sep = _PHONE_LIST_SEP.match(text[e:e + 5])
                if not sep:
                    break
                pos = e + sep.end()
        for m in P.PHONE_SHAPE.finditer(text):
            digits = sum(c.isdigit() for c in m.group())
            if digits in (9, 11, 13):
                s, e = _phone_bounds(text, m.start(), m.end())
                out.append(Candidate(s, e, "NUMERO_TELEFONO", PATTERN))
        return out

    def _honorific_names(self, text: str) -> list[Candidate]:
        out = []
        for h in P.HONORIFIC.finditer(text):
            span = self._grab_name(text, h.end(), len(text), max_words=6)
            if span:
                label = "NOMBRE_PERSONAL_SANITARIO" if P.STAFF_HONORIFIC.match(h.group()) else "NOMBRE_SUJETO_ASISTENCIA"
                out.append(Candidate(span[0], span[1], label, STRUCTURED))
        return out

    def _facilities(
        self, text: str, start: int, end: int, *, tier: int, anchored: bool = False, require_capital_next: bool = False
    ) -> list[Candidate]:
        out = []
        pos = start
        while pos < end:
            m = FACILITY_START.match(text, pos, end) if anchored else FACILITY_START.search(text, pos, end)
            if not m:
                break
            pos = m.end()
            if not anchored and _after_capitalised_word(text, m.start()):
                continue  # "Nutrición Clínica": an adjective inside a department name, not a facility
            label = P.FACILITY_HEADS[int(m.lastgroup[1:])][1]
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
            prev_connector = bool(kept) and fold(toks[kept[-1]].text) in P.NAME_CONNECTORS
            if t.text in "\"“”«»":
                open_quote = not open_quote
                if not open_quote:
                    kept.append(j)
                j += 1
                continue
            if open_quote:
                if t.text in ".;()":
                    break
                kept.append(j)
            elif _is_cap_word(t) and (f not in P.FACILITY_STOP or prev_connector):
                if len(kept) >= 2 and not prev_connector and (
                    FACILITY_START.match(text, t.start) or self._is_place_at(toks, j)
                ):
                    break
                if f in ("dr", "dra", "univ", "sta", "c", "h", "nra", "sra", "ntra") and j + 1 < len(toks) and toks[j + 1].text == ".":
                    kept += [j, j + 1]
                    j += 2
                    continue
                kept.append(j)
            elif t.text.isdigit() and j + 1 < len(toks) and fold(toks[j + 1].text) == "de" and not _street_number_follows(text, t):
                kept.append(j)  # "12 de Octubre"
            elif f in P.NAME_CONNECTORS and (kept or j == 0) and j + 1 < len(toks) and (
                _is_cap_word(toks[j + 1]) or toks[j + 1].text.isdigit() or fold(toks[j + 1].text) in P.NAME_CONNECTORS
            ) or t.text in "-'’" and j and t.start == toks[j - 1].end and kept and kept[-1] == j - 1:
                kept.append(j)
            else:
                break
            j += 1
        while kept and (fold(toks[kept[-1]].text) in P.NAME_CONNECTORS or toks[kept[-1]].text in "-'’"):
            kept.pop()
        # a typeless street glued to the name: "... Navarra Irunlarrea, 3" / "... Doctor Peset Gaspar Aguilar 90"
        nxt = kept[-1] + 1 if kept else 0
        if kept and nxt < len(toks) and _street_number_follows(text, toks[kept[-1]]):
            cut = 1
            if len(kept) >= 3 and lex.is_("first_name", toks[kept[-2]].text):
                cut = 2
            if len(kept) > cut:
                kept = kept[:-cut]
        return toks[kept[-1]].end if kept else pos

    def _is_place_at(self, toks: list[Token], j: int) -> bool:
        folded = [fold(t.text) for t in toks[j:j + 4]]
        lex = self.lexicon
        return any(lex.phrases[c].longest_at(folded, 0) for c in ("municipality", "province", "country"))

    def _streets_anywhere(self, text: str) -> list[Candidate]:
        """``calle Miguel Hernandez, 23`` in running text: a street type followed by a name and a number."""
        out = []
        for m in STREET_START.finditer(text):
            toks = tokens(text, m.start(), min(len(text), m.start() + 200))
            folded = [fold(t.text) for t in toks]
            n = self.lexicon.phrases["street_type"].longest_at(folded, 0)
            if not n or n >= len(toks):
                continue
            addr = self._grab_address(text, toks, n, len(text))
            if addr and _HOUSE_NUMBER.search(text, addr[0], addr[1]):
                out.append(Candidate(addr[0], addr[1], "CALLE", STRUCTURED))
        return out

    # ---------------------------------------------------------------------------------- shapes and cues
    def _dates(self, text: str) -> list[Candidate]:
        out = []
        for m in P.DATE_NUMERIC.finditer(text):
            day, month = int(m.group(1)), int(m.group(3))
            if 1 <= day <= 31 and 1 <= month <= 12 or (1 <= month <= 31 and 1 <= day <= 12):
                out.append(Candidate(m.start(), m.end(), "FECHAS", PATTERN))
        out += [Candidate(m.start(), m.end(), "FECHAS", PATTERN) for m in P.DATE_ISO.finditer(text)]
        for m in P.DATE_MONTH.finditer(text):
            s, e = m.start(), m.end()
            if text[s:s + 3].lower() == "el ":
                s += 3
            core = text[s:e]
            short = fold(core.split()[0].strip(".-/")) if core.split() else ""
            has_year = any(c.isdigit() for c in core)
            if not has_year:
                continue  # a month alone: only with a cue (below)
            if short in ("mar", "sep", "ago", "dic", "may", "jun", "jul", "ene", "feb", "abr", "oct", "nov") and len(core) < 6:
                continue
            if core[:1].isdigit() and not _THREE_LETTERS.search(core):
                continue
            out.append(Candidate(s, e, "FECHAS", PATTERN))
        for m in P.DATE_CUE_MONTH_ONLY.finditer(text):
            out.append(Candidate(m.start(1), m.end(1), "FECHAS", GAZETTEER))
        out += [Candidate(m.start(), m.end(), "FECHAS", PATTERN) for m in P.YEAR.finditer(text)]
        return out

    def _identifiers(self, text: str) -> list[Candidate]:
        out = [Candidate(m.start(), m.end(), "ID_SUJETO_ASISTENCIA", PATTERN) for m in P.DNI.finditer(text)]
        out += [Candidate(m.start(), m.end(), "ID_SUJETO_ASISTENCIA", PATTERN) for m in P.NIE.finditer(text)]
        out += [Candidate(m.start(), m.end(), "ID_ASEGURAMIENTO", PATTERN) for m in P.NASS.finditer(text)]
        out += [Candidate(m.start(), m.end(), "ID_TITULACION_PERSONAL_SANITARIO", PATTERN) for m in P.COLLEGIATE.finditer(text)]
        out += [Candidate(m.start(), m.end(), "ID_SUJETO_ASISTENCIA", GAZETTEER) for m in P.LONG_DIGITS.finditer(text)]
        return out

    def _postal_codes(self, text: str) -> list[Candidate]:
        out = []
        for m in P.POSTAL_CODE.finditer(text):
            after = text[m.end():m.end() + 40]
            if m.group().upper().startswith(("CP", "E-")) or _TOWN_AHEAD.match(after):
                out.append(Candidate(m.start(1), m.end(1), "TERRITORIO", PATTERN))
                town = self._grab_place(text, m.end(), min(len(text), m.end() + 60))
                if town and town[0] - m.end() <= 3:
                    out.append(Candidate(town[0], town[1], self._place_label(text[town[0]:town[1]]), PATTERN))
        return out

    def _ages(self, text: str) -> list[Candidate]:
        out = []
        for m in P.AGE.finditer(text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            before = text[max(line_start, m.start() - 70):m.start()]
            after = text[m.end():m.end() + 30]
            if P.AGE_DURATION_BEFORE.search(before[-30:]):
                continue
            if P.AGE_BEFORE.search(before) or P.AGE_AFTER.match(after):
                out.append(Candidate(m.start(), m.end(), "EDAD_SUJETO_ASISTENCIA", PATTERN))
        out += [Candidate(m.start(1), m.end(1), "EDAD_SUJETO_ASISTENCIA", PATTERN) for m in P.AGE_AT.finditer(text)]
        return out

    def _sex(self, text: str) -> list[Candidate]:
        out = []
        for m in P.SEX_WORDS.finditer(text):
            after = text[m.end():m.end() + 40]
            if P.SEX_AFTER.match(after):
                s = m.start()
                pm = _PACIENTE.match(m.group())
                if pm:
                    s += pm.end()
                out.append(Candidate(s, m.end(), "SEXO_SUJETO_ASISTENCIA", PATTERN))
        for rx in (P.SEX_DETERMINED, P.SEX_ADJECTIVE, P.SEX_CASE_START):
            out += [Candidate(m.start(1), m.end(1), "SEXO_SUJETO_ASISTENCIA", PATTERN) for m in rx.finditer(text)]
        return out

    def _kinship(self, text: str) -> list[Candidate]:
        out = []
        kin = self.lexicon.phrases["kinship"]
        for m in KINSHIP_WORD.finditer(text):
            word = fold(m.group())
            if word not in KINSHIP_FOLDED and word not in kin:
                continue
            if word in ("mama", "papa") and m.group().lower() not in ("mamá", "papá"):
                continue  # "mama" is the breast
            if word == "mujer" and not _POSSESSIVE_BEFORE.search(text[max(0, m.start() - 5):m.start()]):
                continue
            if P.KINSHIP_EXCLUDE_BEFORE.search(text[max(0, m.start() - 30):m.start()]):
                continue
            s, e = m.start(), m.end()
            q = P.KINSHIP_QUALIFIER.match(text, e)
            if q:
                e = q.end()
            c = P.KINSHIP_COUNT_BEFORE.search(text[max(0, s - 25):s])
            if c and not c.group(1).lower().startswith("su"):
                s -= len(c.group(1))
            out.append(Candidate(s, e, "FAMILIARES_SUJETO_ASISTENCIA", PATTERN))
        return out

    def _makers(self, text: str) -> list[Candidate]:
        """Manufacturers in product parentheses: ``(Travatan®, Alcon, Fort Worth, Texas)``."""
        out = []
        for m in P.MAKER.finditer(text):
            product, places = m.group(1), m.group(3)
            place_parts = list(_COMMA_PART.finditer(places)) if places else []
            known = [self._place_label(p.group().strip()) for p in place_parts]
            is_place = [
                any(self.lexicon.phrases[c].longest_at([fold(t.text) for t in tokens(p.group())], 0)
                    for c in ("municipality", "province", "country"))
                for p in place_parts
            ]
            if not ("®" in product or "™" in product or any(is_place)):
                continue
            out.append(Candidate(m.start(2), m.end(2), "INSTITUCION", STRUCTURED))
            base = m.start(3)
            for part, label in zip(place_parts, known):
                s, e = _trim(text, base + part.start(), base + part.end())
                if s < e:
                    out.append(Candidate(s, e, label, STRUCTURED))
        return out

    def _places(self, text: str) -> list[Candidate]:
        out = []
        lex = self.lexicon
        for s, e in _lines(text):
            toks = tokens(text, s, e)
            if not toks:
                continue
            folded = [fold(t.text) for t in toks]
            i = 0
            while i < len(toks):
                if not _is_cap_word(toks[i]) or (i and toks[i - 1].text == "-" and toks[i - 1].start == toks[i].start - 1):
                    i += 1
                    continue
                hit = None
                for cat, label in (("country", "PAIS"), ("province", "TERRITORIO")):
                    n = lex.phrases[cat].longest_at(folded, i)
                    if n:
                        hit = (n, label)
                        break
                if hit is None:
                    n = lex.phrases["municipality"].longest_at(folded, i)
                    big = " ".join(folded[i:i + n]) in lex.big_places if n else False
                    if n and big and _PLACE_PREPOSITION.search(text[max(s, toks[i].start - 25):toks[i].start]):
                        hit = (n, "TERRITORIO")
                if hit:
                    n, label = hit
                    last = toks[i + n - 1]
                    if i + n < len(toks) and _is_cap_word(toks[i + n]) and toks[i + n].start - last.end <= 1:
                        i += n  # part of a longer proper name ("Madrid Arena", "Guinea Ecuatorial"?)
                        continue
                    out.append(Candidate(toks[i].start, last.end, label, GAZETTEER))
                    i += n
                else:
                    i += 1
        out += [Candidate(m.start(), m.end(), "PAIS", GAZETTEER) for m in _EXTRA_COUNTRIES.finditer(text)]
        return out

    def _propagate(self, text: str, cands: list[Candidate]) -> list[Candidate]:
        seen: dict[str, str] = {}
        for c in sorted(cands, key=lambda c: (c.tier, c.start)):
            if c.tier <= STRUCTURED and c.label in _PROPAGATED and c.end - c.start >= 4:
                seen.setdefault(text[c.start:c.end], c.label)
        if not seen:
            return []
        return [Candidate(s, e, seen[v], PATTERN) for s, e, v in find_phrases(text, seen)]


FACILITY_START = re.compile(rf"(?<![\w])(?:{P._FAC_ALT})(?![\w])")
STREET_START = re.compile(
    r"(?<![\w])(?:[Cc]alle|C/|c/|Avda\.|Av\.|Avenida|Paseo|Pº|Plaza|Pza\.|Ctra\.|Carretera|Ronda|Glorieta|Camino|"
    r"Travesía|Carrer|Rúa|Urbanización|Urb\.|Passeig|Avinguda|Rambla)(?![\w])"
)
KINSHIP_FOLDED = frozenset(fold(w) for w in P.KINSHIP_CORE)
KINSHIP_WORD = re.compile(r"(?<![\w])[^\W\d_]{3,}(?![\w])")


def _phone_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """MEDDOCAN leaves the ``+`` of ``+34`` and an unclosed ``(`` outside the span."""
    while start < end and (text[start] in "+ " or (text[start] == "(" and ")" not in text[start:end])):
        start += 1
    return start, end


def _connects_to_name(toks: list[Token], j: int) -> bool:
    """``de la Reina``: connectors at ``j`` lead (within three tokens) to a capitalised name word."""
    for k in range(j + 1, min(len(toks), j + 3)):
        if _is_cap_word(toks[k]):
            return fold(toks[k].text) not in P.NAME_STOP
        if fold(toks[k].text) not in P.NAME_CONNECTORS:
            return False
    return False


def _after_capitalised_word(text: str, pos: int) -> bool:
    """True when the word right before ``pos`` (same line, only spaces between) is capitalised."""
    m = _WORD_BEFORE.search(text[max(0, pos - 40):pos])
    return bool(m) and m.group(1)[0].isupper() and fold(m.group(1)) not in P.NAME_CONNECTORS


def _street_number_follows(text: str, tok: Token) -> bool:
    """``Irunlarrea, 3`` / ``Aguilar 90`` / ``Atxotegi, s/n``: a house number right after this word."""
    return bool(_NUMBER_AHEAD.match(text[tok.end:tok.end + 12]))


def _lines(text: str) -> Iterator[tuple[int, int]]:
    for m in LINE.finditer(text):
        yield m.start(), m.end()


def _resolve(cands: list[Candidate]) -> list[tuple[int, int, str]]:
    """Non-overlapping subset: lower tier first, then longer first, then earlier."""
    taken = Occupied()
    return [
        (c.start, c.end, c.label)
        for c in sorted(set(cands), key=lambda c: (c.tier, -(c.end - c.start), c.start, c.label))
        if c.start < c.end and taken.add_if_free(c.start, c.end)
    ]


def build(*, model: str | None = None, schema: str | None = None, gazetteers: GazetteerSet | None = None, **options: object) -> RulesBackend:
    """Registry factory. The rules need no model; ``--model`` is refused rather than ignored."""
    from .base import BackendError

    if model is not None:
        raise BackendError("the rules backend takes no --model")
    if options:
        raise BackendError(f"the rules backend has no option(s) {', '.join(sorted(options))}")
    return RulesBackend(schema=schema, gazetteers=gazetteers)
