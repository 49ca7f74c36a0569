"""A race's bib number and the runner it names (round 26): a first-aid post's log at a trail race, a marathon's
medical tent, a cycling tour's ambulance.

* the number after ``dorsal``/``bib``/``pitrall`` (``dorsal 1187``, ``(dorsal 0733)``, ``bib #214``): three digits
  or more, so that a vertebra (``dorsal 12``, ``fractura dorsal D7``) never reads as one;
* the runner named right before the cue (``iker lasa (dorsal 0733)``, ``WANG Jiayi, dorsal 1502``) or right after the
  number (``dorsal 0412 lucia (inscrita como ...)``): one to three words, each a known given name or surname (in any
  case), the first of them not an ordinary word.

The names are cued: the backend finds them again where they recur (``jiayi sube a planta``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import STRUCTURED, Candidate

_NUMBER, _RUNNER = "OTRO_NUMERO_IDENTIF", "NOMBRE_SUJETO_ASISTENCIA"
_CUE = r"(?:dorsal|bib|pitrall|peto)"
_BIB = re.compile(rf"(?i)(?<![\w])(?P<cue>{_CUE})[ \t]*(?:n[ºo°]\.?|#|:)?[ \t]*(?P<n>\d{{3,6}})(?![\w/.,:]\d|\d|[ \t]*(?:mm|cm|º|°|%))")
_WORD = r"[^\W\d_][^\W\d_'’-]*"
# up to three name words ending right before "(dorsal" or ", dorsal"
_BEFORE = re.compile(rf"(?P<n>{_WORD}(?:[ \t]+{_WORD}){{0,2}}),?[ \t]*\(?[ \t]*$")
# up to three name words right after the number, before a parenthesis, a comma or the line's end
_AFTER = re.compile(rf"[ \t]+(?P<n>{_WORD}(?:,?[ \t]+{_WORD}){{0,2}})")
_WORDS = re.compile(_WORD)


def race_bib_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    """Bib numbers and the runners beside them, read as the module docstring says."""
    out: list[Candidate] = []

    def name_word(w: str) -> bool:
        f = fold(w)
        return len(f) >= 2 and f not in function_words and f not in stop and (
            lexicon.is_("first_name", w) or lexicon.is_("surname", w)) and not lexicon.is_("profession", w)

    def longest(words: list[tuple[int, int]]) -> tuple[int, int] | None:
        """The leading run of name words (at least one), as one span."""
        if not words or not _opens_name(text[words[0][0]:words[0][1]]):
            return None
        k = 0
        while k < len(words) and name_word(text[words[k][0]:words[k][1]]) and (
                text[words[k][0]].isupper() == text[words[0][0]].isupper()):
            k += 1
        return (words[0][0], words[k - 1][1]) if k else None

    def _opens_name(w: str) -> bool:
        return lexicon.is_("first_name", w) or (len(w) > 1 and w.isupper())

    for m in _BIB.finditer(text):
        out.append(Candidate(m.start("n"), m.end("n"), _NUMBER, STRUCTURED))
        line_start = text.rfind("\n", 0, m.start()) + 1
        b = _BEFORE.search(text, max(line_start, m.start() - 60), m.start("cue"))
        if b:
            words = [w.span() for w in _WORDS.finditer(text, b.start("n"), b.end("n"))]
            k = len(words)  # the trailing run of name words typed in one case ("txema WANG Jiayi": not txema)
            while k > 0 and name_word(text[words[k - 1][0]:words[k - 1][1]]) and (
                    text[words[k - 1][0]].isupper() == text[words[-1][0]].isupper()):
                k -= 1
            while k < len(words) and not _opens_name(text[words[k][0]:words[k][1]]):
                k += 1  # "corredor iker lasa": a name opens on a given name or a surname in capitals
            while _case_changes([text[a:b] for a, b in words[k:]]) > 1:
                k += 1  # "Txema WANG Jiayi" (a recased view): a name turns from capitals to title case once at most
            if k < len(words):
                out.append(Candidate(words[k][0], words[-1][1], _RUNNER, STRUCTURED))
        a = _AFTER.match(text, m.end("n"))
        if a:
            span = longest([w.span() for w in _WORDS.finditer(text, a.start("n"), a.end("n"))])
            if span:
                out.append(Candidate(span[0], span[1], _RUNNER, STRUCTURED))
    return out


def _case_changes(words: list[str]) -> int:
    """How often a run of words turns between a word in capitals and one in title case."""
    kinds = [w.isupper() and len(w) > 1 for w in words]
    return sum(a != b for a, b in zip(kinds, kinds[1:]))
