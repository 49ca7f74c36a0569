"""The one leak guard, shared by every command: what a surrogate may not carry.

Two rules, both checked by the engine on every replacer's output (docs/engine.md, "No leaks"):

1. **No other original.** A surrogate may not contain, at word boundaries and compared case- and
   accent-insensitively, the text of any span of its document that is being replaced. Exceptions, all
   harmless to repeat: originals made only of *neutral* words (bare kinship terms such as "madre", the
   locale's own country, stop-words, month names), and originals shorter than two characters.
   Dates and kinship terms opt out as surrogates (``Replacer.avoid_other_originals``).
2. **No pass-through.** Every run of letters or digits (an e-mail address or a URL counts as one run) of a
   span's original that reappears in its surrogate must be one its replacer's format policy keeps
   (``Replacer.keeps``: labels such as ``Dr.`` or ``NSS``, via types, facility-type words, a kept month name)
   or a neutral word. Any other run is re-surrogated by the kind its shape says (``repair_kind``) or masked.
"""
from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Callable, Iterable
from functools import lru_cache

from gazetteers.text import CharTable, fold

from .key_match import KeyMatcher

#: an e-mail address, a URL, or a run of letters and digits
RUN = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?://|www\.)[^\s<>\"']+|[^\W_]+")
_EMAIL = re.compile(r"[\w.+-]+@")
_URL = re.compile(r"(?:https?://|www\.)")
_PHONE = re.compile(r"(?:00)?(?:34)?[6789]\d{8}")
_APART = "\x00"  # joins the windows of one scan (``DocumentGuard.other_originals_in``)

#: words that identify no one wherever they are copied: articles, prepositions, conjunctions, possessives,
#: small numerals and ordinals, age units, sex words, generic facility types
STOPWORDS = frozenset(fold(w) for w in """
a al ante bajo con contra de del desde durante e el en entre hacia hasta la las le les lo los mi mis ni o
para por que se segun sin so sobre su sus tras tu tus u un una unas unos y
uno dos tres cuatro cinco seis siete ocho nueve diez
primero primera primer segundo segunda tercero tercera tercer cuarto cuarta quinto quinta sexto sexta
septimo septima octavo octava noveno novena decimo decima otro otra otros otras ex
ano anos mes meses dia dias semana semanas hora horas edad
varon varones mujer mujeres hombre hombres masculino masculina femenino femenina adoptado adoptada adoptados adoptadas
hospital hospitales clinica clinico universitario universitaria general centro salud ambulatorio consultorio
da do das na no nas nos os as co coa i els amb per
""".split())  # then Galician and Catalan function words ("Complexo ... da Coruña": "da" was masked)

#: labels that introduce a value and are no PHI themselves (a replacer may keep them before its value)
LABELS = frozenset(fold(w) for w in """
dr dra dres dras doctor doctora doutor doutora sr sra sres sras srta d dna don dona dno mª san santa santo sant
n no nº num numero nro num ref id cod codigo
dni nie nif nss naf nhc nuhsa cip tsi sip ss hc historia clinica episodio afiliacion
tel telf tfno tfo tlf tlfno telefono telefonos movil fijo fax
email mail correo electronico e web http https www autor autora contacto
""".split())


@lru_cache(maxsize=4096)
def _fold_char(c: str) -> str:
    """One character, folded like ``gazetteers.fold`` but always to one character (positions stay put)."""
    if c.isspace():
        return " "
    d = "".join(x for x in unicodedata.normalize("NFKD", c.casefold()) if not unicodedata.combining(x))
    return d if len(d) == 1 else (c.lower() if len(c.lower()) == 1 else c)


_FOLD_CHARS = CharTable(_fold_char)
#: the same fold as a bytes table for Latin-1 text (``str.translate`` looks a non-ASCII text up character by
#: character, eight times slower); "µ" folds to a Greek mu, outside Latin-1, so it stays a table lookup
_LATIN1_FOLD = bytes(ord(_fold_char(chr(c))) if c != 0xB5 else 0xB5 for c in range(256))
_NOT_LATIN1 = re.compile(r"[^\x00-\xb4\xb6-\xff]+")


def fold_chars(text: str) -> str:
    """``text`` folded character by character: same length, so match positions are positions in ``text``."""
    if text.isascii():  # str.translate's own fast path
        return text.translate(_FOLD_CHARS)
    try:
        data = text.encode("latin-1")
    except UnicodeEncodeError:  # rare: a bullet, a BOM
        return _mixed_fold(text)
    return text.translate(_FOLD_CHARS) if b"\xb5" in data else data.translate(_LATIN1_FOLD).decode("latin-1")


def _mixed_fold(text: str) -> str:
    """``fold_chars`` of a text with characters outside Latin-1: its Latin-1 runs through the bytes table."""
    out, at = [], 0
    for m in _NOT_LATIN1.finditer(text):
        out += [_latin1_fold(text[at : m.start()]), m.group().translate(_FOLD_CHARS)]
        at = m.end()
    out.append(_latin1_fold(text[at:]))
    return "".join(out)


def _latin1_fold(text: str) -> str:
    return text.encode("latin-1").translate(_LATIN1_FOLD).decode("latin-1")


def runs(text: str) -> list[tuple[int, int]]:
    """Offsets of the runs of ``text`` (e-mails and URLs whole, else letters and digits)."""
    return [m.span() for m in RUN.finditer(text)]


def repair_kind(run: str) -> str | None:
    """The kind whose replacer should re-surrogate a run that passed through, or None to mask it."""
    if _EMAIL.match(run):
        return "email"
    if _URL.match(run):
        return "url"
    if _PHONE.fullmatch(run):
        return "phone"
    if any(c.isdigit() for c in run):
        return "identifier"
    return None


def _pattern(keys: Iterable[str]) -> KeyMatcher | None:
    """The originals at word boundaries, longest first (``KeyMatcher``: the alternation regex's matches,
    without compiling one per document)."""
    keys = set(keys)
    return KeyMatcher(keys) if keys else None


class Vocabulary:
    """Neutral words for one locale: stop-words, labels, kinship terms, the locale's country, month names.

    ``copied_only`` words (the locale's country) may be copied from a span's own original, but as another
    original they stay protected: "Calle de España" is no surrogate for "Calle Mayor" beside a PAIS "España".
    """

    def __init__(self, words: Iterable[str] = (), copied_only: Iterable[str] = ()) -> None:
        self.unprotected = STOPWORDS | LABELS | frozenset(fold(w) for w in words)
        self.words = self.unprotected | frozenset(fold(w) for w in copied_only)

    def __contains__(self, folded_word: str) -> bool:
        return folded_word in self.words

    def all_neutral(self, folded: str, keeps: Callable[[str], bool] = lambda w: False) -> bool:
        """Every run of a folded original is a neutral word, a word ``keeps`` allows, or a single character."""
        return all(len(w) < 2 or w in self.unprotected or keeps(w) for w in RUN.findall(folded))


class DocumentGuard:
    """Per document: the folded originals being replaced, and the test of both rules against them."""

    def __init__(self, originals: Iterable[tuple[str, Callable[[str], bool]]], neutral: Vocabulary,
                 verdicts: dict[tuple[str, Callable[[str], bool]], bool] | None = None) -> None:
        """``originals``: each original with its replacer's ``keeps`` (an original made only of words its own
        replacer keeps, such as "Hospital General", names no one and may reappear). ``verdicts``: a cache of
        (folded original, keeps) -> protected, shared by every guard built with this ``neutral`` (an engine
        keeps one: originals recur across documents)."""
        self.neutral = neutral
        folded = [(fold(o), keeps) for o, keeps in originals]
        #: every folded original (``DocumentState.originals``: no surrogate may equal one, neutral or not)
        self.originals = frozenset(k for k, _ in folded) - {""}
        verdicts = {} if verdicts is None else verdicts
        protected = set()
        for pair in folded:
            verdict = verdicts.get(pair)
            if verdict is None:
                k, keeps = pair
                verdict = verdicts[pair] = (
                    len(k) >= 2 and any(c.isalnum() for c in k) and not neutral.all_neutral(k, keeps))
            if verdict:
                protected.add(pair[0])
        self.protected = frozenset(protected)
        self.pattern = _pattern(self.protected)
        self._joinable = not any(_APART in k for k in self.protected)  # windows may be scanned as one text
        #: the most whitespace-separated parts of a protected original: a hit spans at most that many tokens
        self._reach = max((len(k.split()) for k in self.protected), default=0)
        self._sources: dict[str, frozenset[str]] = {}  # original -> its folded runs that may not pass (per retry)

    def other_original_in(self, text: str, own: str = "") -> tuple[int, int] | None:
        """Offsets in ``text`` of an original it holds at word boundaries, or None. A hit that its own original
        ``own`` holds too is the pass-through rule's business (a kept "España" of the span itself)."""
        if self.pattern is None:
            return None
        for m in self.pattern.finditer(fold_chars(text)):
            if not in_words(m.group(), own):
                return m.span()
        return None

    def other_originals_in(self, text: str, around: Iterable[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
        """Every such hit in ``text`` (a whole new document); with ``around``, at least every hit that overlaps
        one of those ranges (the surrogates: the text between them is the original's own). Each range is
        scanned with as many whitespace-separated tokens on either side as the longest original has parts,
        which any hit overlapping it lies within, so the scan costs the surrogates' length, not the text's."""
        if self.pattern is None:
            return []
        if around is None:
            return [m.span() for m in self.pattern.finditer(fold_chars(text))]
        windows = _windows(text, around, self._reach)
        hits: list[tuple[int, int]] = []
        if len(windows) < 2 or not self._joinable:
            for ws, we in windows:
                hits += [(ws + s, ws + e) for s, e in (m.span() for m in self.pattern.finditer(fold_chars(text[ws:we])))]
            return hits
        # One scan of the windows joined by a character that is neither a word character nor whitespace (and in
        # no key): no match crosses it, and each window's edges read as they do in the text (whitespace or the
        # text's ends, non-word either way), so the matches are each window's own, in the same order.
        starts, pieces, at = [], [], 0
        for ws, we in windows:
            starts.append(at)
            pieces.append(text[ws:we])
            at += we - ws + 1
        for m in self.pattern.finditer(fold_chars(_APART.join(pieces))):
            s, e = m.span()
            k = bisect_right(starts, s) - 1
            shift = windows[k][0] - starts[k]
            hits.append((shift + s, shift + e))
        return hits

    def passed_through(self, original: str, new: str, keeps: Callable[[str], bool]) -> list[tuple[int, int]]:
        """Offsets in ``new`` of runs copied from ``original`` that neither ``keeps`` nor the neutral words allow."""
        source = self._sources.get(original)
        if source is None:  # only the runs that could count: two characters or more, not neutral
            source = self._sources[original] = frozenset(
                w for w in _folded_runs(original) if len(w) > 1 and w not in self.neutral)
        if not source:
            return []
        # a folded run of ``new`` is a substring of ``fold(new)`` (folding works character by character and
        # only collapses whitespace, which no run holds): when no source run is, no run of ``new`` is one
        folded = fold(new)
        if not any(w in folded for w in source):
            return []
        out = []
        for m in RUN.finditer(new):
            word = fold(m.group())
            if word in source and not keeps(word):
                out.append(m.span())
        return out


def _windows(text: str, ranges: Iterable[tuple[int, int]], tokens: int) -> list[tuple[int, int]]:
    """``ranges`` widened by ``tokens`` whitespace-separated tokens on each side (so each window starts and ends
    at whitespace or at the text's ends, where a word boundary is what it is in the whole text), merged."""
    n = len(text)
    widen = _widening(tokens)
    backwards = ""  # widening to the left is widening to the right of the reversed text
    out: list[tuple[int, int]] = []
    top = -1  # the furthest end widened so far: widening keeps order, so an end short of it widens no further
    for s, e in sorted(ranges):
        if out and s <= out[-1][1]:  # widened, it starts no later: it joins the last window (dense surrogates)
            if e > top:
                top = e
                out[-1] = (out[-1][0], max(out[-1][1], widen(text, e).end()))
            continue
        top = max(top, e)
        backwards = backwards or text[::-1]
        s = n - widen(backwards, n - s).end()
        e = widen(text, e).end()
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


@lru_cache(maxsize=None)
def _widening(tokens: int) -> Callable[[str, int], re.Match]:
    """``match(text, at)``: from ``at``, ``tokens`` times any whitespace then a token, then the rest of the token
    ``at`` is inside (greedy, so the first match is the walk a loop over ``str.isspace`` would make: ``\\s`` is
    ``isspace``)."""
    return re.compile(rf"(?:\s*\S*){{{tokens}}}\S*").match  # type: ignore[return-value]


def locale_vocabulary(locale: str, extra: Iterable[str] = ()) -> Vocabulary:
    """The neutral words of a locale: month and day names, its own country (babel's, shipped by
    :mod:`gazetteers.locales.calendar`), plus ``extra`` (the engine passes the kinship terms of the locale's
    gazetteers)."""
    from gazetteers.locales.calendar import day_names, month_names, own_country

    words: list[str] = list(extra)
    try:
        country = own_country(locale)
    except LookupError:
        return Vocabulary(words)
    # month and day names may be copied by a span's own surrogate, but as another original they stay protected:
    # a patient called "Mar" (or "Julio", "Domingo") came out inside a town "Roquetas de Mar" (the date replacer
    # keeps them in its own originals, so a date of months and days stays unprotected)
    calendar: list[str] = []
    for width in ("wide", "abbreviated"):
        calendar += month_names(width, "format", locale).values()
        calendar += day_names(width, "format", locale).values()
    return Vocabulary((w for w in words if w), [*(country.split() if country else []), *(w for w in calendar if w)])


def in_words(part: str, whole: str) -> bool:
    """``part`` occurs in ``whole`` at word boundaries, case- and accent-insensitively."""
    words = " ".join(RUN.findall(fold(part)))
    return bool(words) and f" {words} " in " " + " ".join(RUN.findall(fold(whole))) + " "


def words_of(*texts: Iterable[str] | str) -> frozenset[str]:
    """The folded runs of some texts: how a replacer writes its ``kept_words`` from its own tables."""
    out: set[str] = set()
    for group in texts:
        for text in [group] if isinstance(group, str) else group:
            out.update(fold(text[s:e]) for s, e in runs(text))
    return frozenset(out)


def _folded_runs(text: str) -> list[str]:
    """The folded runs of one string (``words_of`` without its generic loop)."""
    return [fold(w) for w in RUN.findall(text)]


def is_date_number(word: str) -> bool:
    """A day, month or year as a date writes it (1–4 digits): a shifted date may repeat one."""
    return word.isdigit() and len(word) <= 4
