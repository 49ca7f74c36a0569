"""A note typed fast in lower case as its place rules read it (:mod:`.typed_hospitals`, :mod:`.typed_institutions`,
:mod:`.typed_places`): its words, its text folded with the offsets kept, and the tests the rules share (an ordinary
word, a kinship word, a title before a word, a known place)."""
from __future__ import annotations

import re

from gazetteers.text import fold

from ...replacers.people.kinship import is_co_official_kin
from ..lexicon import Lexicon
from .recase_cues import ORDINARY

WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
CONNECTORS = frozenset({"de", "del", "la", "las", "los", "el", "y", "i", "e", "d", "l", "da", "do", "dos", "das",
                        "a", "o", "as", "os", "en"})
ARTICLES = frozenset({"el", "la", "los", "las", "o", "a", "os", "as", "l"})
SAINTS = frozenset({"san", "santa", "sant", "santo", "sta", "sto", "nuestra", "ntra", "virgen", "mare", "nostra"})
_NAME_CUE_BEFORE = re.compile(r"(?<![\w])(?:dr|dra|sr|sra|d|dña|dna|don|doña|enf|pte|paciente|fdo)\.?[ \t]*$")
ABBREV = {"sta": "santa", "sto": "santo", "s": "san", "ntra": "nuestra", "sra": "señora"}


def words_at(text: str, pos: int, limit: int = 6, *, word: re.Pattern[str] = WORD,
             abbreviations: bool = True) -> list[re.Match[str]]:
    """The words from ``pos`` on, set apart by spaces only (and, with ``abbreviations``, an abbreviation's period
    too: ``sta. ana``)."""
    out: list[re.Match[str]] = []
    while len(out) < limit:
        m = word.match(text, pos)
        if not m:
            break
        out.append(m)
        gap = re.match(r"\.?[ \t]+", text[m.end():m.end() + 4]) if abbreviations \
            else re.match(r"[ \t]+", text[m.end():m.end() + 3])
        if not gap or "." in gap.group() and fold(m.group()) not in ABBREV and len(m.group()) > 1:
            break
        pos = m.end() + gap.end()
    return out


class TypedNote:
    """The note's text, the lexicon and the ordinary words; each rule module adds its rules to it."""

    def __init__(self, text: str, lexicon: Lexicon, stop: frozenset[str]) -> None:
        self.text, self.lex, self.stop = text, lexicon, stop | ORDINARY
        self.folded_text = "".join(f if len(f := fold(c)) == 1 else c for c in text)  # offsets hold

    def ordinary(self, w: str) -> bool:
        """An ordinary word, also in the plural (``camas``, ``hermanas``)."""
        f = fold(w)
        return f in self.stop or f.endswith("s") and (f[:-1] in self.stop or f.endswith("es") and f[:-2] in self.stop)

    def kin(self, w: str) -> bool:
        """A kinship word of any of the languages (``pare``, ``fillo``)."""
        return self.lex.is_("kinship", w) or is_co_official_kin(w)

    def titled(self, pos: int) -> bool:
        """A title or a patient's cue right before ``pos`` (``dr. h. quintanilla``, ``pte soria``)."""
        return bool(_NAME_CUE_BEFORE.search(self.folded_text, max(0, pos - 12), pos))

    def place_len(self, words: list[str], i: int = 0) -> int:
        """Words of the longest known place at ``words[i]``, reading ``sta``/``sto`` as ``santa``/``santo``."""
        folded = [ABBREV.get(fold(w), fold(w)) for w in words]
        return self.lex.place_at(folded, i) if i < len(folded) else 0
