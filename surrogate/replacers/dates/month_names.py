"""Month and weekday names of a locale and of the languages its notes are written in (babel's, shipped), each with the
style of its spelling and its language, so a date is rendered back as it was written ("4 de maig" → "9 de juny")."""
from __future__ import annotations

from gazetteers.locales.calendar import day_names, month_names
from gazetteers.locales.languages import FULL_NAMES_ONLY, co_official, quoted
from gazetteers.text import fold

from ...textcase import apply_case

# Spanish extras not in CLDR: variant spellings
_EXTRA_MONTHS = {"es": {"setiembre": (9, "setiembre"), "set": (9, "short3"), "sep": (9, "short3")}}
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")


class MonthNames:
    """Month and weekday names of a locale and of its co-official languages (babel), with the style of each
    spelling, and its language, so it is rendered back as written: "4 de maig" (Catalan) shifts to "9 de juny",
    never to "9 de junio". The locale's own names win where spellings coincide ("abril", "marzo")."""

    def __init__(self, locale: str) -> None:
        wide = month_names("wide", "format", locale)
        abbr = month_names("abbreviated", "format", locale)
        self.wide = {m: str(wide[m]).lower() for m in range(1, 13)}
        self.abbr = {m: str(abbr[m]).lower().rstrip(".") for m in range(1, 13)}
        lookup: dict[str, tuple[int, str]] = {}
        # earlier entries win: full names, then 3-letter cuts ("sep" stays 3 letters), then babel's other
        # abbreviations ("sept" is rendered in babel's style: "oct", "sept")
        for m in range(1, 13):
            lookup.setdefault(fold(self.wide[m]), (m, "wide"))
        for m in range(1, 13):
            lookup.setdefault(fold(self.wide[m][:3]), (m, "short3"))
        for m in range(1, 13):
            lookup.setdefault(fold(self.abbr[m]), (m, "abbr"))
        for word, entry in _EXTRA_MONTHS.get(locale.split("_")[0], {}).items():
            lookup.setdefault(fold(word), entry)
        # co-official languages: stand-alone names ("maig", where the Catalan format name is "de maig"), styled
        # "wide@ca"; no 3-letter cuts, which would read ordinary words as months
        self._other: dict[str, tuple[dict[int, str], dict[int, str]]] = {}
        self._by_language: dict[str, dict[str, tuple[int, str]]] = {}
        for lang in (*co_official(locale), *quoted(locale)):
            w, a = (month_names(width, "stand-alone", lang) for width in ("wide", "abbreviated"))
            self._other[lang] = ({m: str(w[m]).lower() for m in range(1, 13)},
                                 {m: str(a[m]).lower().rstrip(".") for m in range(1, 13)})
            own = self._by_language[lang] = {}
            for style, names in zip(("wide", "abbr"), self._other[lang]):
                if style == "abbr" and lang in FULL_NAMES_ONLY:
                    continue
                for m in range(1, 13):
                    own.setdefault(fold(names[m]), (m, f"{style}@{lang}"))
            if lang == "eu":  # Basque dates name the month in the genitive: "2023ko maiatzaren 12a"; "in June" is
                for m in range(1, 13):  # the locative, "2017ko ekainean"
                    own.setdefault(fold(_basque_genitive(self._other[lang][0][m])), (m, "genitive@eu"))
                    own.setdefault(fold(_basque_locative(self._other[lang][0][m])), (m, "locative@eu"))
                    # the ergative of a date's subject: "astelehena, martxoak 4" (it was masked)
                    own.setdefault(fold(self._other[lang][0][m] + "k"), (m, "ergative@eu"))
            for key, entry in own.items():
                lookup.setdefault(key, entry)
        self._lookup = lookup
        # Roman months ("3-IV-1957"), read only between numbers (formats.py): styled "roman@roman"
        self._by_language["roman"] = {fold(r): (m, "roman@roman") for m, r in enumerate(ROMAN, 1)}
        # weekdays (Monday = 0), in the language they are written in
        self._locale = locale
        self._day_names: dict[str, dict[int, str]] = {}
        self._weekdays: dict[str, tuple[int, str]] = {}
        for lang in (locale, *co_official(locale), *quoted(locale)):
            names = {d: n.lower() for d, n in day_names("wide", "format", lang).items()}
            self._day_names[lang] = names
            for d in range(7):
                self._weekdays.setdefault(fold(names[d]), (d, lang))
            if lang == "eu" and all(n.endswith("a") for n in names.values()):
                # the stem without the article: "2024/03/05 astearte" (it was kept, then masked by the leak guard);
                # then the plural ("igandeak", Sundays), "on Sundays" ("igandeetan") and "on Sunday" ("igandean"),
                # which were masked
                for form, ending in (("eu:stem", ""), ("eu:ak", "ak"), ("eu:etan", "etan"), ("eu:an", "an")):
                    self._day_names[form] = {d: n[:-1] + ending for d, n in names.items()}
                    for d in range(7):
                        self._weekdays.setdefault(fold(names[d][:-1] + ending), (d, form))
        # abbreviated day names ("mié 13/03/2024", "xov 13-III-25", "Tue 08-Jul-2025"), rendered back abbreviated in
        # their language; one that is a month abbreviation too ("mar") stays a month. Two-letter ones are too short
        # to tell from words ("al" is Basque Monday and Spanish "al"): read only with their period ("dv. 7/02",
        # "dj. 4 de maig", Catalan), never as a bare word
        self._dotted_weekdays: dict[str, tuple[int, str]] = {}
        self._month_weekdays: dict[str, tuple[int, str]] = {}  # "mar": read as a day by its context (formats.py)
        for lang in (locale, *co_official(locale), *quoted(locale)):
            abbr = {d: n.lower().rstrip(".") for d, n in day_names("abbreviated", "format", lang).items()}
            self._day_names[f"{lang}:abbr"] = abbr
            for d in range(7 if lang not in FULL_NAMES_ONLY else 0):
                if fold(abbr[d]) in lookup:
                    self._month_weekdays.setdefault(fold(abbr[d]), (d, f"{lang}:abbr"))
                    continue
                if len(abbr[d]) >= 3:
                    self._weekdays.setdefault(fold(abbr[d]), (d, f"{lang}:abbr"))
                elif len(abbr[d]) == 2:
                    self._dotted_weekdays.setdefault(fold(abbr[d]), (d, f"{lang}:abbr"))

        # Catalan's informal "dll" (dilluns; babel's "dl." is dotted): "dll 3/3/25" was masked
        if "ca" in co_official(locale):
            self._weekdays.setdefault("dll", (0, "ca:abbr"))
        # a weekday typed short, four letters or more ("mierc 6/3", "juev", "dimec"), when only one day name of the
        # locale's languages starts so: read as that day, rendered back abbreviated (it was masked)
        wide = [(fold(n), d, lang) for lang in (locale, *co_official(locale)) if lang != "eu"  # Basque inflects
                for d, n in self._day_names[lang].items()]
        for name, d, lang in wide:
            for end in range(4, len(name)):
                prefix = name[:end]
                if prefix in self._weekdays or prefix in lookup or sum(w.startswith(prefix) for w, _, _ in wide) > 1:
                    continue
                self._weekdays[prefix] = (d, f"{lang}:abbr")

    def lookup(self, word: str, language: str | None = None) -> tuple[int, str] | None:
        """(month, style) of a month name; ``language`` first when the context says which ("d'abril")."""
        key = fold(word)
        found = self._by_language.get(language, {}).get(key) if language else None
        return found or self._lookup.get(key)

    def weekday(self, word: str, *, dotted: bool = False) -> tuple[int, str] | None:
        """(weekday, language) of a day name ("jueves", "dijous", "xoves"); with ``dotted`` (a period follows the
        word) also a two-letter abbreviation ("dv.")."""
        key = fold(word)
        found = self._weekdays.get(key)
        return found if found is not None or not dotted else self._dotted_weekdays.get(key)

    def month_or_weekday(self, word: str) -> tuple[int, str] | None:
        """(weekday, language) of an abbreviation that is a month's too ("mar": marzo and martes), else None."""
        return self._month_weekdays.get(fold(word))

    def names(self, key: str) -> bool:
        """The folded word is a month or day name, in any of the languages (a date may write it again)."""
        return key in self._lookup or key in self._weekdays or key in self._dotted_weekdays

    def roman(self, word: str) -> bool:
        """The word is a Roman month number (I–XII, any case)."""
        return fold(word) in self._by_language["roman"]

    def wide_in(self, language: str, month: int) -> str | None:
        """The wide name of ``month`` (1-12) in a co-official or quoted ``language``; None for another language."""
        names = self._other.get(language)
        return names[0][month] if names else None

    def render(self, month: int, style: str, template: str) -> str:
        style, _, lang = style.partition("@")
        if style == "roman":  # all capitals or none: a one-letter "V" is no Title case ("15-V-2024" gave "14-Iv-2025")
            return ROMAN[month - 1] if template[:1].isupper() else ROMAN[month - 1].lower()
        wide, abbr = self._other[lang] if lang else (self.wide, self.abbr)
        if style == "genitive":
            name = _basque_genitive(wide[month])
        elif style == "locative":
            name = _basque_locative(wide[month])
        elif style == "ergative":
            name = wide[month] + "k"
        elif style == "abbr":
            name = abbr[month]
        elif style == "short3":
            name = wide[month][:3]
        elif style == "setiembre" and month == 9:
            name = "setiembre"
        else:
            name = wide[month]
        return apply_case(template, name)

    def day_name(self, weekday: int, language: str | None = None) -> str:
        """Babel's wide day name in lower case (Monday = 0), in the locale's language or ``language``."""
        return self._day_names[language or self._locale][weekday]


def _basque_genitive(month: str) -> str:
    """"maiatza" → "maiatzaren" (every Basque month name ends in the article -a)."""
    return month[:-1] + "aren"


def _basque_locative(month: str) -> str:
    """The month "in which": "ekaina" → "ekainean", "martxoa" → "martxoan" (-ean after a consonant, -an after a
    vowel, in place of the article -a)."""
    stem = month[:-1]
    return stem + ("an" if stem[-1:] in "aeiou" else "ean")
