"""Places and bodies in a note typed fast in lower case: hospitals, centres, institutions, companies and towns.

A note typed in a hurry writes its places the way its writer says them: ``neuro del valme``, ``no chuo``, ``urg h. del
tajo``, ``ceip valdespartera nº 3``, ``en logisur 3000 sl``, ``natural de tanger (marruecos)``, ``lote 3 badajoz``. The
recased view (:mod:`.recase`) capitalises a facility's name only when a cue it knows stands before it; here the cues of
such a note are read on the text as typed, and each name is checked against the shipped gazetteers, so that the rule
holds for notes nobody has written yet:

* a hospital of the national catalogue named by the words of its own name (``valme``, ``royo villanova``, ``clinico
  san carlos``, ``clinico valladolid``) after an article or preposition (``del``, ``en el``, Galician ``no``/``do``) or
  in parentheses; a hospital acronym of the shipped list or of the ``CHU…``/``HCU…``/``HGU…`` shapes in lower case;
* ``h.``/``hosp`` before a catalogue name, a town, a given name and surname, or ``del`` and a word;
* an institution's or a centre's kind in lower case (``ceip``, ``ies``, ``ikastola``, ``autoescuela``, ``c.p.``,
  ``colegio``, ``hotel``, ``clinica dental``, ``CAD``) before its name; the town after ``de`` is a place of its own;
* a company by its legal form (``… sl``, ``… s.l.``, ``… s.a.``), a listed body or insurer typed in lower case
  (``fremap``, ``guardia civil``);
* towns: a province, a country or a town of 20,000+ anywhere (as in a note in capitals), a town of any size after a
  cue of origin or of a road (``procede de``, ``altura``, ``barrio``), a name of several words after ``en``/``de``
  even when it reads as kinship (``en dos hermanas``), ``sta``/``sto`` for ``santa``/``santo`` (``el puerto de sta
  maria``), a word before a country or a province in parentheses after ``de``/``en``/``desde``/Catalan ``a``/Portuguese ``em``
  (``tanger (marruecos)``, ``viu a gracia (barcelona)``), a centre's district after its number
  (``cap badalona 6 - llefia``), a Galician ``lugar`` with its number.

A word of the census that is an ordinary word (:data:`.recase_cues.ORDINARY`) or a given name alone is never a place
or a hospital here, and nothing is read after a title (``dr. h. quintanilla``). The hospitals' rules are
:mod:`.typed_hospitals`, the centres', institutions' and companies' :mod:`.typed_institutions`, what they share
:mod:`.typed_note`; the towns' are here.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, STRUCTURED, Candidate
from .typed_fast import typed_in_lower
from .typed_hospitals import HospitalRules
from .typed_institutions import InstitutionRules
from .typed_note import ABBREV, ARTICLES, CONNECTORS, SAINTS, WORD, words_at

_CENTRE, _TOWN, _COUNTRY, _STREET = "CENTRO_SALUD", "TERRITORIO", "PAIS", "CALLE"
_ORIGIN_CUE = re.compile(
    r"(?<![\w])(?:natural[ \t]+de|nacid[oa][ \t]+en|originari[oa][ \t]+de|procede[n]?[ \t]+de|viene[n]?[ \t]+de|"
    r"altura(?:[ \t]+de)?|barrio(?:[ \t]+de|[ \t]+del|[ \t]+en)?|barriada(?:[ \t]+de)?|distrito(?:[ \t]+de)?|"
    r"pedan[ií]a(?:[ \t]+de)?|vive[ \t]+en|reside[ \t]+en|vecin[oa][ \t]+de)[ \t]+")
_QUARTER = re.compile(r"(?<![\w])(?:barrio|barriada|distrito|pedan[ií]a|urbanizaci[oó]n|barri)(?:[ \t]+(?:de|del|en|d['’]))?[ \t]+")
_ORIGIN_BEFORE = re.compile(_ORIGIN_CUE.pattern + "$")
_WEAK_CUE = re.compile(r"(?<![\w])(?:en|de|desde|a|hacia|hasta)[ \t]+$")
_PARENS_PLACE = re.compile(r"[ \t]*\([ \t]*(?P<p>[^\W\d_][^\W\d_ \t]*(?:[ \t]+[^\W\d_]+){0,2})[ \t]*\)")
_DISTRICT = re.compile(r"(?<![\w.])(?:cs|c\.s\.|cap|abs|eap|centro[ \t]+de[ \t]+salud)[ \t]+(?:[^\W\d_]+[ \t]+){1,3}\d{1,2}"
                       r"[ \t]*[-–][ \t]*(?P<d>[^\W\d_]{3,}(?:[ \t]+[^\W\d_]{3,})?)", re.IGNORECASE)
_LUGAR = re.compile(r"(?<![\w])lugar[ \t]+(?:d[eoa][ \t]+|de[ \t]+(?:[oa]s?)[ \t]+)?(?:[oa]s?[ \t]+)?[^\W\d_]{3,}"
                    r"(?:[ \t]+[^\W\d_]{3,})?,?[ \t]+(?:n[º°o]\.?[ \t]*)?\d{1,4}(?![\d/:.,]\d)")


# words of a place's kind that the census also lists as given names ("area", "zona")
_PLACE_HEADS = frozenset({"area", "zona", "comarca", "sector", "distrito", "region", "partido", "municipio", "concello"})


class _Rules(HospitalRules, InstitutionRules):
    """Hospitals (:mod:`.typed_hospitals`), centres and institutions (:mod:`.typed_institutions`) and towns."""

    def towns(self, taken: list[tuple[int, int]]) -> list[Candidate]:
        """Towns, districts and a Galician ``lugar``; ``taken``: the hospitals found, whose words are no town
        (``en el royo villanova``)."""
        text, out = self.text, []
        words = list(WORD.finditer(text))
        folded = [ABBREV.get(fold(m.group()), fold(m.group())) for m in words]
        i = 0
        while i < len(words):
            m = words[i]
            n = self.lex.place_at(folded, i)
            if not n or m.group() != m.group().lower() or self.titled(m.start()):
                i += 1
                continue
            spaced = all(re.fullmatch(r"\.?[ \t]+", text[words[k].end():words[k + 1].start()]) for k in range(i, i + n - 1))
            if not spaced:
                i += 1
                continue
            end = words[i + n - 1].end()
            phrase = " ".join(folded[i:i + n])
            head = folded[i]
            before = text[max(0, m.start() - 40):m.start()]
            province = any(self.lex.phrases[c].longest_at(folded, i) == n for c in ("province", "country"))
            big = phrase in self.lex.big_places or province
            single_ok = n > 1 or not (self.ordinary(head) or self.lex.is_("first_name", head))
            cued = _ORIGIN_BEFORE.search(before) is not None
            several = n > 1 and _WEAK_CUE.search(before) and (head not in ARTICLES or not self.ordinary(folded[i + 1]))
            if single_ok and (big or cued or several) and not self.after_name(m.start()) \
                    and not any(s < end and m.start() < e for s, e in taken):
                label = _COUNTRY if self.lex.phrases["country"].longest_at(folded, i) == n else _TOWN
                out.append(Candidate(m.start(), end, label, STRUCTURED if several or cued else PATTERN))
            i += n
        for m in _PARENS_PLACE.finditer(text):  # "natural de tanger (marruecos)": the town before its country
            inside = [fold(w) for w in m.group("p").split()]
            if self.lex.phrases["country"].longest_at(inside, 0) != len(inside) and self.lex.phrases["province"].longest_at(inside, 0) != len(inside):
                continue
            prev = re.search(r"(?<![\w])(de|en|desde|a|em)[ \t]+([^\W\d_]{4,})$", text[max(0, m.start() - 30):m.start()])
            if prev and not self.ordinary(prev.group(2)) and not (prev.group(1) in ("a", "em") and (  # "viu a x (lleida)"
                    self.kin(prev.group(2)) or self.lex.is_("profession", prev.group(2)) or fold(prev.group(2)).endswith("ia"))):
                s = m.start() - len(prev.group(2))
                out.append(Candidate(s, m.start(), _TOWN, PATTERN))
        for m in _ORIGIN_CUE.finditer(text):  # "natural de tanger": a word no list holds, after a cue of origin
            if not re.match(r"natural|nacid|originari|procede|viene", fold(m.group())):
                continue
            ms = words_at(text, m.end(), 3)
            if ms and ms[0].group().islower() and len(ms[0].group()) >= 4 and not self.ordinary(ms[0].group()) \
                    and not self.lex.is_("first_name", ms[0].group()) and not self.lex.is_("kinship", ms[0].group()):
                out.append(Candidate(ms[0].start(), ms[0].end(), _TOWN, PATTERN))
        for m in _QUARTER.finditer(text):  # "del barrio de san blas": a district no list holds
            ms = words_at(text, m.end(), 3)
            kept = []
            for w in ms:
                f = fold(w.group())
                if not (f in SAINTS or len(f) >= 3 and not self.ordinary(w.group()) and f not in CONNECTORS):
                    break
                kept.append(w)
            while kept and fold(kept[-1].group()) in SAINTS:
                kept.pop()
            if kept:
                out.append(Candidate(kept[0].start(), kept[-1].end(), _TOWN, PATTERN))
        for m in _DISTRICT.finditer(text):  # "cap badalona 6 - llefia"
            words = words_at(text, m.start("d"), 2)
            words = words[:1] if len(words) > 1 and self.ordinary(words[1].group()) else words
            if not self.ordinary(words[0].group()):
                out.append(Candidate(m.start(), words[-1].end(), _CENTRE, STRUCTURED))
        out += [Candidate(m.start(), m.end(), _STREET, STRUCTURED) for m in _LUGAR.finditer(text)
                if not self.ordinary(re.findall(r"[^\W\d_]{3,}", m.group())[-1])]
        return out

    def after_name(self, pos: int) -> bool:
        """A known given name right before ``pos`` (``jose soria``): the place is a surname."""
        m = re.search(r"([^\W\d_]+)[ \t]+$", self.text[max(0, pos - 25):pos])
        return bool(m) and self.lex.is_("first_name", m.group(1)) and not self.ordinary(m.group(1)) \
            and fold(m.group(1)) not in _PLACE_HEADS  # "area plasencia": a place's kind, no given name


def typed_place_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """Hospitals, centres, institutions, companies and towns of a note typed fast in lower case (module docstring);
    ``stop`` holds the ordinary words that the census lists also hold as names. Nothing in any other note."""
    if not typed_in_lower(text):
        return []
    rules = _Rules(text, lexicon, stop)
    hospitals = rules.hospitals()
    return hospitals + rules.bodies() + rules.towns([(c.start, c.end) for c in hospitals])
