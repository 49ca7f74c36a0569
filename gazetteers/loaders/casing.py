"""Turn the upper-case, accentless spellings of official lists into names as people write them.

INE and DiSMed publish ``MARIA DEL CARMEN``, ``DE LA FUENTE``, ``HOSPITAL DE HELLIN``. ``proper_case``
gives ``Maria del Carmen``, ``de la Fuente``, ``Hospital de Hellin``; a :class:`SpellingRestorer`
built from correctly spelled words (for example the embedded default tables) then gives ``María``,
``Hellín``. Nothing is guessed: a word without a known spelling keeps its plain form.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from ..text import fold, has_accents

# Lower-case inside a name ("Villanueva de la Serena", "Josa i Tuixén" is left alone: "I" may be a numeral).
_PARTICLES = frozenset({"de", "del", "da", "das", "do", "dos", "y", "e"})
# Articles are lower-case only right after a particle ("de la Fuente", but "Hospital La Paz").
_ARTICLES = frozenset({"la", "las", "los", "el", "lo"})
# Surnames may start with these and still keep them lower-case ("de la Fuente", "da Silva").
_SURNAME_LEADING = frozenset({"de", "del", "da", "das", "do", "dos"})
_ELIDED = re.compile(r"^([dls])'(.+)$", re.IGNORECASE)
_ROMAN = re.compile(r"^(?=[IVXLC]{2,}$)C{0,3}(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*", re.UNICODE)


def _capitalise(word: str) -> str:
    # "o'brien" -> "O'Brien", "gasteiz-vitoria" -> "Gasteiz-Vitoria": capitalise every piece.
    return re.sub(r"[^\W\d_]+", lambda m: m.group(0)[:1].upper() + m.group(0)[1:].lower(), word)


def proper_case(text: str, *, surname: bool = False, keep_roman: bool = False) -> str:
    """Title case with Spanish particles lower-case (``MARIA DE LOS ANGELES`` → ``Maria de los Angeles``).

    ``surname=True`` also lower-cases a leading particle (``DE LA FUENTE`` → ``de la Fuente``), as the
    surname is written after a given name. ``keep_roman`` keeps numerals such as ``XXIII`` upper-case.
    """
    words = text.split()
    out: list[str] = []
    for i, word in enumerate(words):
        low = word.lower()
        prev = out[-1].lower() if out else ""
        if keep_roman and _ROMAN.match(word.upper()) and word.isupper():
            out.append(word)
        elif i == 0 and not (surname and low in _SURNAME_LEADING):
            out.append(_capitalise(word))
        elif low in _PARTICLES and (i > 0 or surname):
            out.append(low)
        elif low in _ARTICLES and prev in _PARTICLES:
            out.append(low)
        elif i > 0 and (m := _ELIDED.match(word)) and prev in _PARTICLES | {"sant", "santa"}:
            out.append(m.group(1).lower() + "'" + _capitalise(m.group(2)))  # "de l'Heura"
        else:
            out.append(_capitalise(word))
    return " ".join(out)


class SpellingRestorer:
    """Restore accents word by word from a list of correctly spelled texts.

    Each word of the given texts is indexed by its folded form; the accented spelling wins over a plain
    one, and among accented spellings the most frequent. ``restore("Maria Jose")`` → ``María José``.
    """

    def __init__(self, spelled: Iterable[str]) -> None:
        counts: dict[str, Counter[str]] = {}
        for text in spelled:
            for word in _WORD.findall(text):
                counts.setdefault(fold(word), Counter())[word] += 1
        self._words: dict[str, str] = {}
        for key, forms in counts.items():
            accented = [(n, w) for w, n in forms.items() if has_accents(w)]
            if accented:
                self._words[key] = max(accented)[1]

    def __len__(self) -> int:
        return len(self._words)

    def restore(self, text: str) -> str:
        def fix(m: re.Match[str]) -> str:
            word = m.group(0)
            spelled = self._words.get(fold(word))
            if spelled is None:
                return word
            # Keep the case pattern of the input word (particles stay lower-case, capitals stay).
            if word.isupper():
                return spelled.upper()
            if word[:1].isupper():
                return spelled[:1].upper() + spelled[1:]
            return spelled[:1].lower() + spelled[1:]

        return _WORD.sub(fix, text)
