"""Hospitals in a note typed fast in lower case (:mod:`.typed_places` reads them first: their words are no town).

* a hospital of the national catalogue named by the words of its own name (``valme``, ``royo villanova``, ``clinico
  san carlos``, ``clinico valladolid``) after an article or preposition (``del``, ``en el``, Galician ``no``/``do``) or
  in parentheses; a hospital acronym of the shipped list or of the ``CHU…``/``HCU…``/``HGU…`` shapes in lower case;
* ``h.``/``hosp`` before a catalogue name, a town, a given name and surname, or ``del`` and a word.
"""
from __future__ import annotations

import re
from collections import Counter
from functools import cache

from gazetteers.text import fold

from .common import PATTERN, STRUCTURED, Candidate
from .facilities import hospital_acronyms
from .recase_cues import DESCRIPTORS
from .typed_note import ABBREV, CONNECTORS, SAINTS, WORD, TypedNote, words_at

_HOSPITAL = "HOSPITAL"
# words of a hospital's kind, not of its name
_KIND = frozenset({"hospital", "hospitales", "hospitalario", "hospitalaria", "complejo", "complexo", "asistencial",
                   "centro", "clinica", "policlinica", "sanatorio", "fundacion", "consorci", "sanitari", "corporacio",
                   "sanitaria", "parc", "hospitalari", "ospitalea"}) | DESCRIPTORS
_HOSPITAL_ADJ = frozenset({"clinico", "clinic", "general", "provincial", "comarcal", "universitario", "universitari"})
_BEFORE_HOSPITAL = re.compile(r"(?:(?<![\w])(?:del|el|al|no|do|ao|en[ \t]+el|n[oa]|d['’]|l['’])|\()[ \t]*$")
_OF_THE = re.compile(r"(?<![\w])(?:del|en[ \t]+el)[ \t]*$")
_ACRONYM_SHAPE = re.compile(r"(?:chu[a-z]{1,3}|hcu[a-z]{1,2}|hgu[a-z]{1,3})")
_H_HEAD = re.compile(r"(?<![\w.])(?:h\.|hosp\.?|hptal\.?)[ \t]*(?=[^\W\d_])")


@cache
def _catalogue() -> tuple[list[frozenset[str]], Counter[str]]:
    """Each catalogue hospital's name as a set of folded words (kind and connectors left out), and how many
    names hold each word (a word held by few tells its hospital)."""
    from gazetteers import default_set

    try:
        names = [str(v) for v in default_set("es")["hospitals"].column("value")]
    except (KeyError, OSError, ValueError):  # a set without the catalogue: no hospital is found by its name
        return [], Counter()
    sets = [frozenset(w for w in (fold(x) for x in re.findall(r"[^\W_]+", n)) if w not in CONNECTORS and w not in _KIND)
            for n in names]
    return [s for s in sets if s], Counter(w for s in sets for w in s)


class HospitalRules(TypedNote):
    """A hospital by its catalogue name, its acronym or after ``h.``/``hosp``."""

    def catalogue_run(self, ms: list[re.Match[str]], *, strong: bool, given_ok: bool = False, article: str = "") -> int:
        """How many of the words ``ms`` name a catalogue hospital (0 if none): every word is a word of one name, and
        either they are its whole name, less its kind, or one of them is held by few names and is no given name;
        one word alone must be no given name, no ordinary word and no town (``strong``: after ``h.``, a town will do)."""
        sets, df = _catalogue()
        words = [ABBREV.get(fold(m.group()), fold(m.group())) for m in ms]
        for n in range(len(words), 0, -1):
            run = [w for w in words[:n] if w not in CONNECTORS and w not in _KIND]
            if not run or words[n - 1] in CONNECTORS or words[n - 1] in _KIND and n > 1 and not run:
                continue
            kinded = strong or n > 1 and words[0] in _HOSPITAL_ADJ  # "clinico valladolid": a kind and its town
            if n == 1 or len(run) == 1:
                w = run[0]
                if len(w) < 4 or w in self.stop or self.lex.is_("first_name", w) and not given_ok or w in SAINTS or self.kin(w) \
                        or not kinded and self.lex.place_at([w]):
                    continue
            if not kinded and (self.lex.place_at(words[:n]) == n or article and self.lex.place_at([article, *words[:n]]) == n + 1):
                continue  # "el puerto de sta maria": a town that a hospital is named after is the town
            rs = set(run)
            holders = [s for s in sets if rs <= s]
            if not holders:
                continue
            whole = any(s == rs for s in holders)
            rare = any(df[w] <= 3 and len(w) >= 4 and w not in SAINTS and not self.kin(w) and (given_ok or not self.lex.is_("first_name", w)) for w in rs)
            if whole or rare:
                return n
        return 0

    def hospitals(self) -> list[Candidate]:
        text, out = self.text, []
        named: set[str] = set()
        for h in _H_HEAD.finditer(text):
            if self.titled(h.start()) or re.search(r"(?<![\w])[^\W\d_]\.[ \t]*$", text[max(0, h.start() - 4):h.start()]):
                continue  # "dr. h. quintanilla", "j. h. ruiz": an initial
            ms = words_at(text, h.end(), 5)
            if not ms or fold(ms[0].group()) in ("pylori", "influenzae"):
                continue
            end = self.h_tail(ms)
            if end:
                out.append(Candidate(h.start(), end, _HOSPITAL, STRUCTURED))
                last = [m for m in ms if m.end() <= end][-1].group()
                if len(last) >= 4 and not self.lex.is_("first_name", last):
                    named.add(fold(last))
        for m in WORD.finditer(text):
            if m.group() != m.group().lower() or not _BEFORE_HOSPITAL.search(text, max(0, m.start() - 8), m.start()):
                continue
            if self.titled(m.start()):
                continue
            w = m.group()
            if upper(w) in hospital_acronyms() and len(w) >= 3 or _ACRONYM_SHAPE.fullmatch(w):
                out.append(Candidate(m.start(), m.end(), _HOSPITAL, PATTERN))
                continue
            ms = words_at(text, m.start(), 5)
            # a given name after "del", "en el" is a hospital's ("neuro del valme"); after "el", "al" it may be a person's
            given_ok = bool(_OF_THE.search(text, max(0, m.start() - 8), m.start()))
            art = re.search(r"(?<![\w])(el|la|los|las|o|a)[ \t]+$", self.folded_text[max(0, m.start() - 5):m.start()])
            n = self.catalogue_run(ms, strong=False, given_ok=given_ok, article=art.group(1) if art else "")
            if n:
                out.append(Candidate(m.start(), ms[n - 1].end(), _HOSPITAL, PATTERN))
            elif fold(w) in named:  # "urg h. del tajo" ... "informe del tajo": a name after "h." found again
                out.append(Candidate(m.start(), m.end(), _HOSPITAL, PATTERN))
        for m in WORD.finditer(text):  # "cardiologia hcuv", "urx do chuo": a hospital's acronym's shape anywhere
            if _ACRONYM_SHAPE.fullmatch(m.group()) and not self.titled(m.start()) and not self.lex.is_("first_name", m.group()):
                out.append(Candidate(m.start(), m.end(), _HOSPITAL, PATTERN))
        return out

    def h_tail(self, ms: list[re.Match[str]]) -> int:
        """Where the name after ``h.``/``hosp`` ends (0: no name): a catalogue name, a town, a given name and a
        surname, or ``del`` and a word."""
        words = [m.group() for m in ms]
        n = self.catalogue_run(ms, strong=True)
        if n:
            return ms[n - 1].end()
        skip = 1 if fold(words[0]) in ("de", "del") and len(words) > 1 else 0
        n = self.place_len(words, skip)
        if n and not (n == 1 and self.ordinary(words[skip])):
            return ms[skip + n - 1].end()
        if len(words) >= 2 and self.lex.is_("first_name", words[0]) and self.lex.is_("surname", words[1]) \
                and not self.ordinary(words[1]):
            return ms[1].end()
        if skip and len(words[1]) >= 4 and not self.ordinary(words[1]) and fold(words[1]) not in CONNECTORS:
            return ms[1].end()
        return 0


def upper(w: str) -> str:
    return w.upper() if len(w.upper()) == len(w) else w

