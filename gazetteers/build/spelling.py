"""Restore the case and accents that INE's upper-case lists drop ("MARIA DEL CARMEN" → "María del Carmen").

INE writes names without acute accents or diaeresis but keeps Ñ and Ç. Each word is looked up by that INE key
in a chain of spelling sources, most trusted first; the first source that knows the word decides, even when it
says "no accent" (so the Catalan "Núria" never overrides the Spanish "Nuria"):

1. overrides: ``facts/spelling_overrides.csv``, hand-checked decisions;
2. Spanish names of the same role (given names for given names, surnames for surnames) from faker
   (es_ES, es, es_MX, es_AR, es_CL, es_CO) and mimesis (es, es-mx);
3. Spanish names of the other role;
4. Spanish place and street words: faker/mimesis addresses, municipalities of Castilian-speaking provinces;
5. regional forms: faker es_CA, municipalities of Catalan-, Galician- and Basque-speaking provinces;
6. names of the same role in neighbouring languages from faker (pt, fr, it), for "João", "René";
7. the wordfreq Spanish, then Catalan, word list, only when the accented spelling is the more frequent one
   and the word is neither a monosyllable nor ends in a stressed ó/é (verb forms such as "mató");
8. a rule: -cion/-sion endings are always -ción/-sión.

Spanish sources (2, 3, 4 and wordfreq's Spanish list) only count spellings whose accents obey the RAE rules
(:func:`spanish_accent_is_valid`), which drops misspellings such as "Manuél" or "Luís" that faker also lists.

A word no source knows keeps INE's spelling, lower-cased and capitalised.
"""
from __future__ import annotations

import importlib
import json
import re
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path
from typing import Iterable, Mapping

_WORD = re.compile(r"[^\W\d_]+")
_LATIN_ACCENTS = set("áéíóúàèìòùäëïöüâêîôûãõñç")
_ACCENTED_VOWELS = set("áéíóúàèìòùäëïöüâêîôûãõ")

# Lower-case inside a given name or surname (never as the first word of a given name).
NAME_PARTICLES = frozenset({"de", "del", "la", "las", "los", "y", "i", "e", "da", "das", "do", "dos",
                            "van", "von", "der", "den", "di", "du", "le"})
# A surname may start with these lower-cased ("de la Fuente", "del Río"); others are capitalised first.
SURNAME_LEADING_PARTICLES = frozenset({"de", "del"})
_AFTER_DE = frozenset({"la", "las", "los"})
_ELISIONS = frozenset({"d", "l"})


def ine_key(word: str) -> str:
    """INE's spelling of a word, lower-case: accents and diaeresis dropped, ñ and ç kept."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFD", word.lower()):
        if unicodedata.combining(ch):
            if out and ((ch == "\u0303" and out[-1] == "n") or (ch == "\u0327" and out[-1] == "c")):
                out.append(ch)
            continue
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


def _accented(form: str) -> bool:
    return any(c in _ACCENTED_VOWELS for c in form)


_STRONG = set("aeoáéó")
_WEAK = set("iuü")
_ACUTE = set("áéíóú")


def _nuclei(word: str) -> list[tuple[int, int]]:
    """Syllable nuclei (start, end) of a Spanish word: diphthongs join, hiatuses split, silent u in que/gui skipped."""
    vowel = []
    for i, ch in enumerate(word):
        is_vowel = ch in _STRONG or ch in _WEAK or ch in "íú"
        if ch == "u" and i > 0 and word[i - 1] in "qg" and i + 1 < len(word) and word[i + 1] in "eiéí":
            is_vowel = False
        vowel.append(is_vowel)
    nuclei: list[tuple[int, int]] = []
    i = 0
    while i < len(word):
        if not vowel[i]:
            i += 1
            continue
        start = i
        while i + 1 < len(word) and vowel[i + 1]:
            a, b = word[i], word[i + 1]
            # ui/iu always count as a diphthong for accentuation (Luis, Ruiz); í/ú next to a, e, o is a hiatus.
            hiatus = (a in _STRONG and b in _STRONG) or (a in "íú" and b in _STRONG) or (b in "íú" and a in _STRONG)
            if hiatus:
                break
            i += 1
        nuclei.append((start, i))
        i += 1
    return nuclei


def spanish_accent_is_valid(form: str) -> bool:
    """Whether the written accents of ``form`` obey the RAE rules (2010) for some reading of the word.

    Only acute accents and the diaeresis of güe/güi are Spanish; monosyllables take none. An acute is required on
    an oxytone ending in vowel, n or s; on a paroxytone ending otherwise; on any proparoxytone; and on a stressed
    i/u in hiatus. "Manuél", "Luís" and "Crúz" fail; "José", "Núñez" and "Álvarez" pass.
    """
    acutes = [i for i, ch in enumerate(form) if ch in _ACUTE]
    if any(ch in _ACCENTED_VOWELS and ch not in _ACUTE and ch != "ü" for ch in form) or len(acutes) > 1:
        return False
    for i, ch in enumerate(form):
        if ch == "ü" and not (i > 0 and form[i - 1] == "g" and i + 1 < len(form) and form[i + 1] in "eiéí"):
            return False
    if not acutes:
        return True
    nuclei = _nuclei(form)
    if len(nuclei) < 2:
        return False
    pos = acutes[0]
    index = next(n for n, (a, b) in enumerate(nuclei) if a <= pos <= b)
    from_end = len(nuclei) - index
    ends_vowel_n_s = form[-1] in "aeiouáéíóúns"
    in_hiatus = form[pos] in "íú" and (
        (pos > 0 and form[pos - 1] in _STRONG) or (pos + 1 < len(form) and form[pos + 1] in _STRONG))
    return in_hiatus or from_end >= 3 or (from_end == 1 and ends_vowel_n_s) or (from_end == 2 and not ends_vowel_n_s)


def _syllable_nuclei(word: str) -> int:
    return len(_nuclei(word))


class SpellingSource:
    """Spellings of one trust level: INE key → in how many word lists each lower-case form appears.

    Counting lists rather than occurrences keeps one sloppy list (faker and mimesis list many names both with
    and without their accent) from outvoting the others. With ``spanish=True`` only accents valid under Spanish
    rules count (no "Manuél", no Catalan grave accents).
    """

    def __init__(self, name: str, lists: Iterable[Iterable[str]] = (), *, spanish: bool = False) -> None:
        self.name = name
        self.spanish = spanish
        self.forms: dict[str, Counter[str]] = defaultdict(Counter)
        for words in lists:
            self.add(words)

    def add(self, words: Iterable[str]) -> None:
        """Count one word list (each form once)."""
        seen = set()
        for word in words:
            form = unicodedata.normalize("NFC", word.lower())
            if set(form) - _LATIN_ACCENTS - set("abcdefghijklmnopqrstuvwxyz"):
                continue  # other scripts and diacritics (ș, ł, ø...) are no help for INE keys
            if self.spanish and not spanish_accent_is_valid(form):
                continue
            seen.add(form)
        for form in seen:
            self.forms[ine_key(form)][form] += 1

    def decide(self, key: str) -> str | None:
        """The form this source vouches for, or None if it has never seen the word."""
        seen = self.forms.get(key)
        if not seen:
            return None
        plain = seen.get(key, 0)
        accented = [(n, f) for f, n in seen.items() if f != key]
        if not accented:
            return key
        n, best = max(accented, key=lambda nf: (nf[0], nf[1]))
        # A written accent is deliberate, a missing one is often sloppiness: keep the accent unless the plain
        # spelling is in at least three times as many lists ("Mia" against one "Mía").
        return best if 3 * n > plain else key


class FrequencySource:
    """A word-frequency list (wordfreq) that decides only when an accented spelling clearly dominates."""

    def __init__(self, name: str, frequencies: Mapping[str, float], *, spanish: bool = False) -> None:
        self.name = name
        self.best: dict[str, tuple[float, str]] = {}
        self.plain: dict[str, float] = {}
        for word, freq in frequencies.items():
            if not _WORD.fullmatch(word):
                continue
            key = ine_key(word)
            if key == word:
                self.plain[key] = freq
            elif (_accented(word) and freq > self.best.get(key, (0.0, ""))[0]
                  and (not spanish or spanish_accent_is_valid(word))):
                self.best[key] = (freq, word)

    def decide(self, key: str) -> str | None:
        plain = self.plain.get(key, 0.0)
        freq, form = self.best.get(key, (0.0, ""))
        if not form:
            return key if plain else None
        if _syllable_nuclei(key) < 2 or form[-1] in "óé" or freq < plain:
            return key
        return form


class Speller:
    """Chain of spelling sources; :meth:`word` returns the lower-case accented form of an INE word."""

    def __init__(self, sources: list, overrides: Mapping[str, str] | None = None) -> None:
        self.sources = sources
        self.overrides = {ine_key(k): v.lower() for k, v in (overrides or {}).items()}
        self.decided_by: Counter[str] = Counter()
        self._cache: dict[str, str] = {}

    def word(self, key: str) -> str:
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        form, by = self._decide(key)
        self.decided_by[by] += 1
        self._cache[key] = form
        return form

    def _decide(self, key: str) -> tuple[str, str]:
        if key in self.overrides:
            return self.overrides[key], "overrides"
        for source in self.sources:
            form = source.decide(key)
            if form is not None:
                return form, source.name
        if len(key) > 5 and key.endswith(("cion", "sion")):
            return key[:-2] + "ón", "rule -ción"
        return key, "unknown"

    # -- rendering -------------------------------------------------------------------------------------------
    def _cap(self, part: str) -> str:
        form = self.word(part)
        return form[:1].upper() + form[1:]

    def _token(self, token: str, lower_elision: bool) -> str:
        """One space-separated word: handles hyphens ("Jean-Pierre") and elisions ("d'Asís", "O'Connor")."""
        pieces = []
        for piece in token.split("-"):
            if "'" in piece:
                head, _, tail = piece.partition("'")
                if head.lower() in _ELISIONS and lower_elision:
                    pieces.append(f"{head}'{self._cap(tail)}")
                else:
                    pieces.append(f"{head[:1].upper()}{head[1:]}'{self._cap(tail)}")
            else:
                pieces.append(self._cap(piece))
        return "-".join(pieces)

    def given_name(self, raw: str) -> str:
        """``"maria de los angeles"`` → ``"María de los Ángeles"``."""
        words = raw.lower().split()
        out = []
        for i, w in enumerate(words):
            if i > 0 and w in NAME_PARTICLES:
                out.append(w)
            else:
                out.append(self._token(w, lower_elision=i > 0))
        return " ".join(out)

    def surname(self, raw: str) -> str:
        """``"de la fuente"`` → ``"de la Fuente"``, ``"san martin"`` → ``"San Martín"``."""
        words = raw.lower().split()
        out = []
        for i, w in enumerate(words):
            leading = i == 0 and w in SURNAME_LEADING_PARTICLES and len(words) > 1
            after_de = i > 0 and w in _AFTER_DE and words[i - 1] in ("de",)
            if leading or after_de or (i > 0 and w in NAME_PARTICLES):
                out.append(w)
            else:
                out.append(self._token(w, lower_elision=i > 0))
        return " ".join(out)


# -- harvesting spellings from the build packages -----------------------------------------------------------
def _strings(obj: object) -> Iterable[str]:
    if isinstance(obj, str):
        if "{" not in obj and "#" not in obj:
            yield obj
    elif isinstance(obj, Mapping):
        for v in obj.values():
            yield from _strings(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _strings(v)


def _capitalised_words(texts: Iterable[str]) -> list[str]:
    return [w for t in texts for w in _WORD.findall(t) if w[:1].isupper()]


def faker_lists(locales: Iterable[str], kind: str, attr_prefix: str = "") -> list[list[str]]:
    """One list of capitalised words per faker provider attribute (``first_names``, ``last_names``, ...)."""
    lists = []
    for loc in locales:
        try:
            provider = importlib.import_module(f"faker.providers.{kind}.{loc}").Provider
        except ImportError:
            continue
        for attr in sorted(vars(provider)):
            value = getattr(provider, attr)
            if attr.startswith("_") or not attr.startswith(attr_prefix) or not isinstance(value, (list, tuple, dict)):
                continue
            lists.append(_capitalised_words(_strings(list(value.keys()) if isinstance(value, dict) else value)))
    return lists


def mimesis_lists(locales: Iterable[str], file: str, keys: Iterable[str] | None = None) -> list[list[str]]:
    """One list of capitalised words per top-level key of a mimesis dataset file (``names``, ``surnames``...)."""
    import mimesis

    base = Path(mimesis.__file__).parent / "datasets"
    lists = []
    for loc in locales:
        path = base / loc / f"{file}.json"
        if not path.exists():
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        for key in sorted(data):
            if keys is None or key in keys:
                lists.append(_capitalised_words(_strings(data[key])))
    return lists


def words_of(texts: Iterable[str]) -> list[str]:
    return [w for t in texts for w in _WORD.findall(t)]


def wordfreq_source(lang: str) -> FrequencySource:
    from wordfreq import get_frequency_dict

    return FrequencySource(f"wordfreq:{lang}", get_frequency_dict(lang, wordlist="large"), spanish=lang == "es")
