"""The origin of each INE first name and surname (column ``origin`` of ``first_names`` and ``surnames``).

INE lists carry no origin, so the build assigns one, so that a surrogate's given name and surnames can be drawn
from one origin (issue 13: "Zheng Morales" is no name a reader believes):

- ``es``: Spanish, Catalan, Basque, Galician and Latin American names, and the Western European and English
  ones (Kevin, Jennifer, Smith) that people of Spanish names bear too;
- ``ar`` (Arabic and Maghrebi: Mohamed, Fatima, Benali), ``zh`` (Chinese, in pinyin: Wei, Wang), ``east``
  (Romanian and other Central and Eastern European: Ion, Popescu, Kowalski), ``africa`` (West African:
  Abiodun, Mensah).

How: a name in a Spanish name list (faker es_* locales, mimesis es / es-mx) is ``es``. Otherwise a character
1–4-gram naive Bayes, trained on the name lists of faker's locales for each origin, scores the name; it gets a
foreign origin only if that origin beats the Spanish and Western classes by ``MARGIN`` nats (doubt means
``es``). A surname that Spaniards bear as second surname too (INE second-surname count at least
``SECOND_SHARE`` of its first-surname count: two surnames are the Spanish custom) is ``es`` whatever it looks like.
"""
from __future__ import annotations

import math
from collections import Counter
from functools import cache

from gazetteers.text import fold

from .facts import read_fact
from .places import source_municipalities
from .spelling import faker_lists, mimesis_lists

ORIGINS = ("es", "ar", "zh", "east", "africa")
#: faker locales whose person names train each class; "west" is a class of the model only (it maps to es)
_LOCALES: dict[str, tuple[str, ...]] = {
    "es": ("es", "es_ES", "es_MX", "es_AR", "es_CL", "es_CO", "es_CA"),
    "west": ("en_US", "en_GB", "en_IE", "de_DE", "fr_FR", "it_IT", "pt_PT", "pt_BR", "nl_NL", "sv_SE", "da_DK",
             "no_NO", "fi_FI"),
    "ar": ("fr_DZ", "en_PK"),
    "zh": ("zh_CN", "zh_TW"),
    "east": ("ro_RO", "pl_PL", "cs_CZ", "sk_SK", "hr_HR", "sl_SI", "lt_LT", "lv_LV", "hu_HU"),
    "africa": ("yo_NG", "ig_NG", "ha_NG", "tw_GH"),
}
#: log-likelihood lead (nats) a foreign class needs over es and west
MARGIN = 4.0
#: the lead a class needs for a name its own lists hold
LISTED_MARGIN = 1.0
#: a surname whose second-surname count is at least this share of its first-surname count is Spanish
SECOND_SHARE = 0.35
_N = 4


def _grams(word: str) -> list[str]:
    w = f"^{word}$"
    return [w[i : i + n] for n in range(1, _N + 1) for i in range(len(w) - n + 1)]


class OriginModel:
    """Spanish name lists plus a character n-gram naive Bayes over faker's name lists, one class per origin."""

    def __init__(self) -> None:
        prefixes = ("first_", "last_")
        words: dict[str, set[str]] = {}
        for origin, locales in _LOCALES.items():
            found = {fold(w) for prefix in prefixes for lst in faker_lists(locales, "person", prefix) for w in lst}
            words[origin] = {w for w in found if w.isascii() and w.isalpha() and len(w) >= 2}
        spanish = mimesis_lists(["es", "es-mx"], "person", ["names", "surnames"])
        words["es"] |= {fold(w) for lst in spanish for w in lst if w.isalpha()}
        foreign = set().union(*(words[o] for o in ORIGINS[1:]))
        # faker's es_ES lists hold INE's top names, Mohamed and Ionut included: only names no foreign list has
        self.spanish = frozenset(words["es"] - foreign)
        self.listed_spanish = frozenset(words["es"] | words["west"])
        overrides = read_fact("name_origin_overrides")
        self.overrides = {fold(n): o for n, o in zip(overrides["name"], overrides["origin"])}
        # Catalan, Basque and Galician spelling (Izaskun, Dídac, Gaizka) is taught by the municipality names and
        # by the surnames Spaniards bear in both positions
        places = {fold(w) for m in source_municipalities() for w in m.raw_name.replace("/", " ").split()}
        words["es"] |= {w for w in places | _spanish_surnames() if w.isalpha() and w.isascii() and len(w) >= 3}
        self.words = {o: frozenset(ws) for o, ws in words.items()}
        self.counts: dict[str, Counter] = {}
        self.totals: dict[str, int] = {}
        vocab: set[str] = set()
        for origin, ws in sorted(words.items()):
            c = Counter(g for w in sorted(ws) for g in _grams(w))
            self.counts[origin], self.totals[origin] = c, sum(c.values())
            vocab |= set(c)
        self.vocab = len(vocab)

    def scores(self, word: str) -> dict[str, float]:
        grams = _grams(word)
        return {o: sum(math.log((c[g] + 1) / (self.totals[o] + self.vocab)) for g in grams)
                for o, c in self.counts.items()}

    def origin(self, name: str) -> str:
        """The origin of a name (its first word decides for a compound: "Mohamed Amin" is ar)."""
        word = fold(name.split()[0]) if name.split() else ""
        word = "".join(c for c in word if c.isalpha())
        if not word or word in self.spanish or word in self.overrides:
            return self.overrides.get(word, "es")
        if word in self.listed_spanish:  # Julia is Romanian too, but a Spanish list names it
            return "es"
        scores = self.scores(word)
        listed = [o for o in ORIGINS[1:] if word in self.words[o]]
        best = max(listed or ORIGINS[1:], key=lambda o: scores[o])
        margin = LISTED_MARGIN if listed and word not in self.listed_spanish else MARGIN
        if scores[best] - max(scores["es"], scores["west"]) >= margin:
            return best
        return "es"


def _spanish_surnames() -> set[str]:
    """Surnames INE counts in second position at least ``SECOND_SHARE`` as often as in first (Spaniards')."""
    import importlib.resources as resources

    text = resources.files("genderator").joinpath("data", "surnames_ine.tsv").read_text(encoding="utf-8")
    out = set()
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) >= 3 and parts[1].isdigit() and parts[2].isdigit():
            first, second = int(parts[1]), int(parts[2])
            if first >= 50 and second >= SECOND_SHARE * first:
                out.add(fold(parts[0].strip()))
    return out


@cache
def model() -> OriginModel:
    return OriginModel()


def given_origins(values: list[str]) -> list[str]:
    m = model()
    return [m.origin(v) for v in values]


def surname_origins(values: list[str], first: list[float], second: list[float]) -> list[str]:
    m = model()
    return [m.overrides.get(fold(v)) or ("es" if f <= 0 or s >= SECOND_SHARE * f else m.origin(v))
            for v, f, s in zip(values, first, second)]
