"""Grabbers: from a start position, the extent of a person name, a town, a street (shared by detectors)."""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..tokenize import Token, tokens
from . import patterns as P
from . import vocab as V
from .common import connects_to_name, is_cap_word, is_word

_PLACE_SEP = re.compile(r"[ \t,\-–]*")
_PLACE_SEP_PERIOD = re.compile(r"[ \t,.\-–]*")
_NO_SN = re.compile(r"(?i)s/n|s\.n\.|sn\b|n[ºo°]\s*\d+|\d+")
# a company's legal form before its period ("Maresme SL. La seva filla"): no initial inside a name
_LEGAL_FORMS = frozenset(("SL", "SA", "SC", "CB"))
_TYPELESS_TAIL = re.compile(r"(?:[\s,]*(?:\d+\s*[ºª]?|[A-Za-z](?![\w])|bajo|dcha|izda|piso\s+\d+|puerta\s+\d+))*", re.IGNORECASE)
_POSTAL_AHEAD = re.compile(r"[\s.,\-–]*(?:E-|CP:?\s*)?(?:0[1-9]|[1-4]\d|5[0-2])\d{3}(?!\d)")


class Grabbers:
    """Mixin of :class:`~surrogate.ner.rules.backend.RulesBackend`: span extents from a start position."""

    # ------------------------------------------------------------------------------------------ grabbers
    def _grab_name(self, text: str, start: int, end: int, max_words: int = 7) -> tuple[int, int] | None:
        """The longest run of capitalised name words (with particles and hyphens) starting at ``start``."""
        toks = tokens(text, start, min(end, start + 160))
        last = None
        words = 0
        j = 0
        while j < len(toks) and words < max_words:
            t = toks[j]
            if j and ("\n" in text[toks[j - 1].end:t.start] or "   " in text[toks[j - 1].end:t.start]):
                break  # a new line, or a column gap in a form ("C. Álvarez      Dr. Iván Estrada")
            low = t.text.lower()
            initial = len(t.text) == 1 and t.text.isupper() and text.startswith(".", t.end)  # "E. Cuenca": no conjunction
            if is_word(t) and (t.text[0].isupper()) and (initial or fold(t.text) not in V.NAME_STOP) and not any(c.isdigit() for c in t.text):
                last, words = j, words + 1
            elif low in V.NAME_CONNECTORS and last is not None and connects_to_name(toks, j):
                if low in ("y", "i", "e") and words >= 2 and self._second_person_at(toks, j + 1):
                    break  # "Inmaculada Puertas Lozano y Enrique Vílchez Moya": two people ("Ramón y Cajal" is one)
            elif t.text in "-'’" and last == j - 1 and j + 1 < len(toks) and t.start == toks[j - 1].end \
                    and toks[j + 1].start == t.end and is_word(toks[j + 1]):
                last = j + 1
                j += 2
                continue
            elif t.text in ".ª" and last == j - 1 and len(toks[j - 1].text) <= 2 and t.start == toks[j - 1].end \
                    and toks[j - 1].text not in _LEGAL_FORMS \
                    and j + 1 < len(toks) and "\n" not in text[t.end:toks[j + 1].start] and (
                        is_cap_word(toks[j + 1]) or toks[j + 1].text == "ª" and toks[j + 1].start == t.end
                        or toks[j + 1].text in ("de", "del") and connects_to_name(toks, j + 1)):
                last = j  # an initial inside the name: "Ernesto A. Moretti", "Mª. Pilar", "M.ª Carmen", "L. de la Fuente"
            else:
                break
            j += 1
        if last is None:
            return None
        return toks[0].start, toks[last].end

    def _second_person_at(self, toks: list[Token], j: int) -> bool:
        """A known given name at token ``j`` followed by a capitalised word: another person's full name."""
        return j + 1 < len(toks) and is_cap_word(toks[j]) and is_cap_word(toks[j + 1]) \
            and self.lexicon.is_("first_name", toks[j].text)

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
            if self.lexicon.place_at(folded) == len(toks):
                return span
            best = self.lexicon.place_at(folded, categories=("municipality", "province"))
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
            number = V.ADDRESS_NUMBER.match(text, t.start, end)
            if number and name_words:
                if P.POSTAL_CODE.fullmatch(number.group()):
                    break  # "Irunlarrea 31008": a postal code, not a house number
                tail = V.ADDRESS_TAIL.match(text, number.end(), end)
                stop = tail.end() if tail else number.end()
                return toks[0].start, stop
            f = fold(t.text)
            # "Carrer de l'Hospital 155": after an elision a stop word is the street's own name
            elided = j >= 2 and toks[j - 1].text in "'’" and toks[j - 1].end == t.start \
                and fold(toks[j - 2].text) in ("l", "d")
            if is_word(t) and not any(c.isdigit() for c in t.text) and (f not in V.NAME_STOP or f in ("de", "del") or elided) \
                    and not P.EMAIL.match(text, t.start, end):
                last, name_words = t.end, name_words + 1
            elif t.text in ",'’´`\"ºª-" and name_words:
                pass
            elif t.text == "." and name_words and len(toks[j - 1].text) <= 5 and toks[j - 1].text[0].isupper() \
                    and j + 1 < len(toks) and is_cap_word(toks[j + 1]):
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
        while j < len(toks) and (is_cap_word(toks[j]) or (words and toks[j].text.lower() in V.NAME_CONNECTORS)):
            if fold(toks[j].text) in V.NAME_STOP:
                return None
            words += is_cap_word(toks[j])
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
