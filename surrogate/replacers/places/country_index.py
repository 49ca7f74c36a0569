"""Country lookups: what form a country mention has (Spanish name, English name, acronym, demonym) and
weighted draws of another country that can be written in that form.

Built once per gazetteer set from the ``countries`` table (value, weight, iso2, name_en, demonym_ms/fs/mp/fp)
and :mod:`.facts`; cached weakly.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from gazetteers import GazetteerSet, fold

from . import facts

DEMONYM_COLUMNS = ("demonym_ms", "demonym_fs", "demonym_mp", "demonym_fp")
_REPUBLIC = re.compile(r"^(?P<word>rep[uú]blica|rep\.)\s+(?:(?P<de>de(?:l| la)?)\s+)?(?P<rest>.+)$", re.IGNORECASE)
_ENGLISH_EXTRA = {"england": "GB", "scotland": "GB", "wales": "GB", "great britain": "GB", "britain": "GB",
                  "united states of america": "US", "america": "US", "holland": "NL"}
_SPANISH_EXTRA = {"estados unidos de america": "US", "inglaterra": "GB", "gran bretana": "GB", "escocia": "GB",
                  "gales": "GB", "holanda": "NL", "rusia": "RU", "corea": "KR", "mexico d.f.": "MX"}


@dataclass(frozen=True)
class CountryForm:
    """How a mention names a country: ``form`` is name_es | name_en | acronym | republic | demonym_xx."""

    iso2: str
    form: str


@dataclass
class CountryIndex:
    names: dict[str, str] = field(default_factory=dict)  # iso2 → Spanish name
    english: dict[str, str] = field(default_factory=dict)  # iso2 → English name
    demonyms: dict[str, dict[str, str]] = field(default_factory=dict)  # column → iso2 → demonym
    weights: dict[str, float] = field(default_factory=dict)
    lookup: dict[str, CountryForm] = field(default_factory=dict)  # folded mention → form

    @cached_property
    def iso3(self) -> dict[str, str]:
        """iso2 → ISO 3166 alpha-3 ("UA" → "UKR"); read from babel only when a note writes a 3-letter code, so an
        ordinary run never imports babel."""
        return {iso: code for code, iso in _alpha3().items() if iso in self.names}

    @cached_property
    def _from_iso3(self) -> dict[str, str]:
        return {code: iso for iso, code in self.iso3.items()}

    def classify_code(self, text: str) -> CountryForm | None:
        """An ISO 3166 code in capitals ("UKR", "IE") of a country the table knows, as form ``iso3``/``iso2``;
        read apart from :meth:`classify`, which folds case: "ie" or "es" in lower case are no country."""
        code = text.strip()
        if not (code.isascii() and code.isalpha() and code.isupper()):
            return None
        if len(code) == 2 and code in self.names:
            return CountryForm(code, "iso2")
        if len(code) == 3 and code in self._from_iso3:
            return CountryForm(self._from_iso3[code], "iso3")
        return None

    def classify(self, text: str) -> CountryForm | None:
        key = fold(text.strip())
        if key in self.lookup:
            return self.lookup[key]
        m = _REPUBLIC.match(text.strip())
        if m:
            inner = self.lookup.get(fold(m.group("rest")))  # "República de Chile", "República Argentina"
            if inner is not None:
                return CountryForm(inner.iso2, "republic")
        return None

    def draw(self, rng: np.random.Generator, form: str, exclude: set[str]) -> str:
        """An iso2 (weighted by foreign residents) that can be written in ``form``."""
        if form == "name_en":
            pool = self.english
        elif form.startswith("demonym_"):
            pool = self.demonyms.get(form, {})
        elif form == "acronym":
            pool = {iso: iso for iso in facts.ACRONYMS_BY_ISO}
        elif form == "republic":
            pool = {iso: iso for iso in facts.REPUBLICS if iso in self.names}
        elif form == "iso3":
            pool = self.iso3
        else:
            pool = self.names
        codes = [c for c in pool if c not in exclude]
        if not codes:
            raise LookupError("no country left in this form")
        w = np.array([self.weights.get(c, 1.0) for c in codes], dtype=np.float64)
        w = w / w.sum() if w.sum() > 0 else np.full(len(codes), 1.0 / len(codes))
        idx = int(np.searchsorted(np.cumsum(w), rng.random(), side="right"))
        return codes[min(idx, len(codes) - 1)]


def _build(gaz: GazetteerSet) -> CountryIndex:
    idx = CountryIndex()
    table = gaz["countries"]
    cols = set(table.column_names)
    for row in table.rows():
        iso = row.get("iso2") or ""
        if not iso:
            continue
        idx.names.setdefault(iso, row["value"])
        idx.weights[iso] = idx.weights.get(iso, 0.0) + float(row.get("weight") or 0.0)
        if row.get("name_en"):
            idx.english.setdefault(iso, row["name_en"])
        for col in DEMONYM_COLUMNS:
            if col in cols and row.get(col):
                idx.demonyms.setdefault(col, {}).setdefault(iso, row[col])
    lk = idx.lookup
    # Order matters: later assignments only fill gaps (setdefault), so Spanish names win over demonyms.
    for iso, name in idx.names.items():
        lk.setdefault(fold(name), CountryForm(iso, "name_es"))
    for key, iso in _SPANISH_EXTRA.items():
        if iso in idx.names:
            lk.setdefault(key, CountryForm(iso, "name_es"))
    for iso, name in idx.english.items():
        lk.setdefault(fold(name), CountryForm(iso, "name_en"))
    for key, iso in _ENGLISH_EXTRA.items():
        if iso in idx.english:
            lk.setdefault(key, CountryForm(iso, "name_en"))
    for key, iso in facts.COUNTRY_ACRONYMS.items():
        lk.setdefault(key, CountryForm(iso, "acronym"))
    for col in DEMONYM_COLUMNS:
        for iso, dem in idx.demonyms.get(col, {}).items():
            lk.setdefault(fold(dem), CountryForm(iso, col))
    english = idx.demonyms["demonym_en"] = {iso: d for iso, d in facts.ENGLISH_DEMONYMS.items() if iso in idx.names}
    for iso, dem in english.items():  # after the Spanish forms, which win where spellings meet
        lk.setdefault(fold(dem), CountryForm(iso, "demonym_en"))
    return idx


#: alpha-3 codes CLDR keeps as aliases of a country that has another ("DDR" of Germany, "ZAR" of the Congo)
_RETIRED_ALPHA3 = frozenset({"BUR", "ZAR", "DDR", "FXX", "TMP", "YMD"})


def _alpha3() -> dict[str, str]:
    """ISO 3166 alpha-3 → alpha-2, from the territory aliases babel ships with CLDR."""
    from babel.core import get_global

    return {code: targets[0] for code, targets in get_global("territory_aliases").items()
            if len(code) == 3 and code.isalpha() and len(targets) == 1 and code not in _RETIRED_ALPHA3}


def country_index(gaz: GazetteerSet) -> CountryIndex:
    """The (cached) country index of a gazetteer set."""
    return gaz.derived("place_countries", _build)


def render_acronym(letters: str, template: str) -> str:
    """Write ``letters`` (e.g. "UK") in the style of ``template``: "U.K.", "U. K.", "UK"; a doubled plural
    template ("EE.UU.") gives dotted pairs only when the letters can pair, else simple dots."""
    dotted = "." in template
    spaced = ". " in template
    if not dotted:
        return letters
    sep = ". " if spaced else "."
    return sep.join(letters) + "."
