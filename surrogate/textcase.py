"""Mimic the surface of an original: letter case pattern, the absence of accents, the spaces it writes."""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from gazetteers.text import CharTable

_APOSTROPHE = re.compile(r"['’]")
_KEEP = frozenset("ñÑçÇ")  # letters, not accented vowels: unaccented writing keeps them
# Lower-case particles inside a Title-case name ("Santiago de Compostela", "María del Carmen").
_PARTICLES = frozenset("de del la las los y e i d' da do dos das el en".split())


def _drop_accents_char(c: str) -> str:
    if c in _KEEP:
        return c
    return unicodedata.normalize("NFC", "".join(x for x in unicodedata.normalize("NFD", c) if not unicodedata.combining(x)))


_DROP_ACCENTS = CharTable(_drop_accents_char)


def drop_accents(s: str) -> str:
    """Strip accent marks but keep ñ and ç, which unaccented Spanish and Catalan writing still use."""
    if s.isascii():
        return s
    # per character, then NFC over the whole: the same as NFC(strip(NFD(s))), as canonical reordering
    # only moves the combining marks that are dropped
    return unicodedata.normalize("NFC", s.translate(_DROP_ACCENTS))


@lru_cache(maxsize=16_384)
def has_accent_marks(s: str) -> bool:
    return not s.isascii() and drop_accents(s) != unicodedata.normalize("NFC", s)


@lru_cache(maxsize=16_384)  # asked again for every draw and every seed of the same original
def case_pattern(s: str) -> str:
    """"upper", "lower", "title" or "mixed" (typos such as ``RIvas`` count as mixed)."""
    letters = [c for c in s if c.isalpha()]
    if not letters:
        return "none"
    if all(c.isupper() for c in letters):
        return "upper" if len(letters) > 1 else "title"
    if all(c.islower() for c in letters):
        return "lower"
    words = [w for w in s.split() if any(c.isalpha() for c in w)]
    if all(_is_title_word(w) or w in _PARTICLES for w in words) and any(map(_is_title_word, words)):
        return "title"
    return "mixed"


def _is_title_word(w: str) -> bool:
    """"Ruiz", and a name joined by an apostrophe whose parts are ("O'Donnell", "d'Ors")."""
    parts = [p for p in _APOSTROPHE.split(w) if any(c.isalpha() for c in p)]
    if len(parts) > 1:
        return all(_is_title_part(p) or p.lower() in ("d", "l") for p in parts) and _is_title_part(parts[-1])
    return _is_title_part(w)


def _is_title_part(w: str) -> bool:
    letters = [c for c in w if c.isalpha()]
    return bool(letters) and letters[0].isupper() and all(c.islower() for c in letters[1:])


def apply_case(template: str, s: str) -> str:
    """Render ``s`` in the case pattern of ``template``. Mixed case is copied letter by letter."""
    pattern = case_pattern(template)
    if pattern == "upper":
        return s.upper()
    if pattern == "lower":
        return s.lower()
    if pattern == "mixed":
        t_letters = [c for c in template if c.isalpha()]
        out, i = [], 0
        for c in s:
            if c.isalpha():
                ref = t_letters[min(i, len(t_letters) - 1)]
                out.append(c.upper() if ref.isupper() else c.lower())
                i += 1
            else:
                out.append(c)
        if i > 1 and any(c.islower() for c in t_letters) and not any(c.islower() for c in out):
            # a short word under a typo's capitals ("VIdal" → "XU") must not turn into an acronym
            last = max(k for k, c in enumerate(out) if c.isalpha())
            out[last] = out[last].lower()
        return "".join(out)
    if pattern == "title" and s[:1].islower():
        return s[0].upper() + s[1:]  # "febrero" → "Febrero"; inner particles ("del Río") stay as spelt
    return s  # title or no letters: gazetteer spelling is already proper case


def mimic(template: str, s: str) -> str:
    """Case of ``template``; accents dropped when ``template`` has letters but no accents."""
    if any(c.isalpha() for c in template) and not has_accent_marks(template):
        s = drop_accents(s)
    return apply_case(template, s)


#: ordinal indicators are letters of no case that Python calls lower: "Nº 13" in a heading typed in capitals
_ORDINAL_MARKS = frozenset("ºª")


def render_like(template: str, new: str, canonical: str | None = None) -> str:
    """``new`` in the case of ``template`` (all upper, all lower, or as spelt in the gazetteer).

    Accents are dropped only on evidence that the writer omits them: ``canonical`` (the original's proper
    spelling) has accents and the template has none ("Almeria"), or, with no canonical spelling, the
    template is all lower case and unaccented ("calle fermin caballero"). Unlike :func:`mimic`, a mixed
    pattern is not copied letter by letter, which would garble multi-word names.
    """
    letters = [c for c in template if c.isalpha() and c not in _ORDINAL_MARKS]
    if not letters:
        return new
    all_lower = all(c.islower() for c in letters)
    if not has_accent_marks(template):
        if has_accent_marks(canonical) if canonical is not None else all_lower:
            new = drop_accents(new)
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return new.upper()
    if all_lower:
        return new.lower()
    return new


#: words a Spanish note writes with an accent mark: singular "-ción"/"-sión" nouns (every one takes it), then, read only
#: when a note has too few of those, a few frequent words: how a note spells them says whether its writer types
#: accents at all ("exploracion", "segun", "dia")
_ION_EVIDENCE = re.compile(r"[cs]i[oó]n(?![^\W\d_])", re.IGNORECASE)
_WORD_EVIDENCE = re.compile(
    r"(?<![^\W\d_])(?:d[ií]as?|m[aá]s|seg[uú]n|tambi[eé]n|despu[eé]s|m[eé]dic[oa]s?|cl[ií]nic[oa]s?|tel[eé]fono|"
    r"an[aá]lisis|diagn[oó]stico|pr[oó]xim[oa]s?|r[aá]pid[oa]s?|t[eé]cnic[oa]s?|c[aá]psulas?|p[eé]rdida|"
    r"s[ií]ntomas?|s[ií]ndrome)(?![^\W\d_])", re.IGNORECASE)
_OMITS_SHARE = 0.8
_ENOUGH = 3  # "-ción" words that settle it without the slower word list (a MEDDOCAN report has a dozen)


def omits_accents(text: str) -> bool:
    """Whether a note is typed without accent marks: at least two words that Spanish spells with one, and at
    least 80% of them written without ("exploracion", "segun"). Its surrogates then carry none either."""
    found = _ION_EVIDENCE.findall(text)
    if len(found) < _ENOUGH:
        found += _WORD_EVIDENCE.findall(text)
    marked = sum(1 for w in found if has_accent_marks(w))
    plain = len(found) - marked
    return plain >= 2 and plain >= _OMITS_SHARE * (plain + marked)


#: spaces a word processor writes between words that belong together
NO_BREAK_SPACES = frozenset("\u00a0\u2007\u202f")


def like_spacing(template: str, new: str) -> str:
    """``new`` with its spaces written as no-break spaces when ``template`` writes every one of its own so
    ("Calle\u00a0Mayor\u00a03": its surrogate's words stay together too). Otherwise ``new`` as it is: a tab or
    a line break inside a span is layout, not a way of writing spaces."""
    if " " not in new or " " in template:
        return new
    spaces = {c for c in template if c.isspace()}
    if len(spaces) != 1 or not spaces <= NO_BREAK_SPACES:
        return new
    return new.replace(" ", spaces.pop())
