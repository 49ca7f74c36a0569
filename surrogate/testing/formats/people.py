"""Kinds ``person_name``, ``age`` and ``kinship``: what a reader calls "the same format" of a name, an age
and a relative.

- person_name: the same tokens in the same places. Separators (spaces, hyphens, commas, dots) are copied,
  honorifics and particles stay exactly as written, initials stay initials of the same shape (``J.`` → ``P.``,
  ``Mª`` → ``Aª``), and every word keeps its case pattern (UPPER, lower, Title, or a typo's mixed case).
- age: numerals stay numerals with about as many digits (a zero-padded one keeps its width), number words
  stay words, ordinals stay ordinals; the units stay (``años`` may become ``año``; an abbreviation stays
  the same abbreviation), the other words and the spacing are copied, and the case is kept.
- kinship: still a relative, as many relatives, in the same grammatical number; a side (materno/paterna)
  stays a side; determiners, counts, ranks ("mayor") and other words are copied; names after the relative
  keep their number of words; ages keep their style; case is kept.

The readings below use small word tables of their own, never the replacers' parsers, so a replacer's
parsing bug shows up as a failed property instead of being mirrored.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from gazetteers.text import fold

from . import register_format_check
from .common import case_pattern, char_shape

# -- shared ------------------------------------------------------------------------------------------------------


def _case_class(text: str) -> str:
    """"upper" (two letters or more, all capitals), "lower", "capitalised" (first letter upper) or "mixed"."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return "none"
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return "upper"
    if all(c.islower() for c in letters):
        return "lower"
    return "capitalised" if letters[0].isupper() else "mixed"


def _differs(a: list, b: list, name: str, out: list[str]) -> None:
    if a != b and name not in out:
        out.append(name)


# -- person names --------------------------------------------------------------------------------------------------
# "Mª", "M.ª", "Mº" (one token), words (with an inner apostrophe: "O'Neill"), digit runs, and everything else
_NAME_TOKEN = re.compile(
    r"(?P<abbr>[^\W\d_]\.?[ªº])|(?P<word>[^\W\d_ªº]+(?:['’][^\W\d_ªº]+)*)|(?P<digits>\d+)|(?P<sep>[\W_]+|.)"
)
_HONORIFICS = frozenset({"dr", "dra", "dres", "dras", "sr", "sra", "sres", "sras", "srta", "d", "dª", "dna", "dona",
                         "don", "prof", "profa", "lic", "lcdo", "lcda", "ldo", "lda"})
_DOTTED_HONORIFICS = frozenset({"d"})  # a bare "D" is an initial; "D." is Don
_NAME_PARTICLES = frozenset({"de", "del", "la", "las", "los", "lo", "y", "e", "i", "da", "das", "do", "dos", "di",
                             "du", "van", "von", "der", "den", "ter", "le", "san", "santa", "el", "al"})
_ONE_LETTER_PARTICLES = frozenset({"y", "e", "i"})  # "Ramón y Cajal"; a capital "Y" is one only in UPPER names
_VOWELS = frozenset("aeiouy")
_ABBREVIATED_NAMES = frozenset({"fco", "fca", "ant", "jº", "jª", "mª", "mº"})


class _NameToken(NamedTuple):
    kind: str  # honorific | particle | initial | word | digits
    text: str


def _name_token_kind(tok: str, regex_kind: str, dotted: bool, has_next: bool, all_upper: bool) -> str:
    """What a token (not a leading honorific) is: initial, particle, word or digits."""
    key = fold(tok)
    if regex_kind in ("digits", "abbr"):
        return "digits" if regex_kind == "digits" else "initial"
    if key in _ABBREVIATED_NAMES and (dotted or tok[-1:] in "ªº"):
        return "initial"  # "Fco.", "Mª"
    if len(tok) == 1:
        conjunction = all_upper and key in _ONE_LETTER_PARTICLES and has_next and not dotted
        if conjunction or (tok.islower() and has_next and key in _NAME_PARTICLES):
            return "particle"
        return "initial" if dotted or tok.isupper() else "word"
    if has_next and key in _NAME_PARTICLES:
        return "particle"
    if not all_upper and len(tok) <= 3 and tok.isupper() and not _VOWELS & set(key):
        return "initial"  # "JG", "FJ": initials run together ("LIU" is a name)
    return "word"


def _name_layout(text: str) -> tuple[list[_NameToken], list[str]]:
    """Tokens (classified) and the separators around them (the first and last may be empty)."""
    raw: list[tuple[str, str]] = []
    seps: list[str] = [""]
    for m in _NAME_TOKEN.finditer(text):
        if m.lastgroup == "sep":
            seps[-1] += m.group(0)
        else:
            raw.append((m.lastgroup or "word", m.group(0)))
            seps.append("")
    all_upper = _case_class(text) == "upper"
    tokens: list[_NameToken] = []
    for i, (regex_kind, tok) in enumerate(raw):
        dotted, has_next = seps[i + 1].startswith("."), i + 1 < len(raw)
        leading = all(t.kind == "honorific" for t in tokens)
        key = fold(tok)
        if leading and has_next and key in _HONORIFICS and (dotted or key not in _DOTTED_HONORIFICS):
            tokens.append(_NameToken("honorific", tok))
        else:
            tokens.append(_NameToken(_name_token_kind(tok, regex_kind, dotted, has_next, all_upper), tok))
    return tokens, seps


def _name_token_case(tok: _NameToken) -> str:
    if tok.kind in ("digits", "initial"):
        return ""  # initials are compared by their shape
    letters = [c for c in tok.text if c.isalpha()]
    if len(letters) == 1:
        return "upper1" if letters[0].isupper() else "lower1"
    parts = re.split(r"['’]", tok.text)
    if len(parts) > 1 and all(case_pattern(p) in ("title", "upper") for p in parts) and not tok.text.isupper():
        return "title"  # "D'Amico", "O'Neill"
    return case_pattern(tok.text)


def _where(tokens: list[_NameToken], kind: str, key) -> list:
    """Per token: ``key(text)`` for tokens of ``kind``, None for the others (so positions count too)."""
    return [key(t.text) if t.kind == kind else None for t in tokens]


@register_format_check("person_name")
def person_name_format(original: str, surrogate: str) -> list[str]:
    """Properties: token_count, separators, honorifics, particles, initials, digits, case."""
    old, old_seps = _name_layout(original)
    new, new_seps = _name_layout(surrogate)
    problems: list[str] = []
    _differs(old_seps, new_seps, "separators", problems)
    if len(old) != len(new):
        return ["token_count", *problems]
    # honorifics and particles are kept exactly as written ("Dña." stays "Dña.", "De la" stays "De la")
    for kind, prop, key in (("honorific", "honorifics", str), ("digits", "digits", len)):
        _differs(_where(old, kind, key), _where(new, kind, key), prop, problems)
    # A particle stays, and no new lower-case one appears ("AL" or "Santa" drawn as names are no particles).
    if any((a.kind == "particle" and b.text != a.text) or
           (a.kind != "particle" and b.kind == "particle" and b.text.islower()) for a, b in zip(old, new)):
        problems.append("particles")
    # An initial becomes capitals of the same shape ("JG" → "AA" too, though "AA" alone might be a word),
    # and a word never becomes a lone initial.
    if any((a.kind == "initial" and char_shape(b.text) != char_shape(a.text))
           or (a.kind == "word" and b.kind == "initial" and len(b.text) == 1) for a, b in zip(old, new)):
        problems.append("initials")
    old_case = [_name_token_case(a) for a in old]
    new_case = ["" if a.kind == "initial" else _name_token_case(b) for a, b in zip(old, new)]
    _differs(old_case, new_case, "case", problems)
    return problems


# -- ages ------------------------------------------------------------------------------------------------------------
_NUMBER_WORDS = frozenset(fold(w) for w in (
    "cero uno una un dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis "
    "diecisiete dieciocho diecinueve veinte veintiuno veintiuna veintiún veintidós veintitrés veinticuatro "
    "veinticinco veintiséis veintisiete veintiocho veintinueve treinta cuarenta cincuenta sesenta setenta ochenta "
    "noventa cien ciento"
).split())
_TENS_WORDS = frozenset("treinta cuarenta cincuenta sesenta setenta ochenta noventa ciento".split())
_ORDINAL_WORDS = frozenset(fold(w) for w in (
    "primer primero primera segundo segunda tercer tercero tercera cuarto cuarta quinto quinta sexto sexta "
    "séptimo séptima octavo octava noveno novena décimo décima undécimo undécima duodécimo duodécima"
).split())
_UNIT_WORDS = {fold(w): u for u, forms in {
    "years": "año años", "months": "mes meses", "weeks": "semana semanas", "days": "día días",
    "hours": "hora horas", "minutes": "minuto minutos",
}.items() for w in forms.split()}
_UNIT_ABBREVIATIONS = {"a": "years", "m": "months", "sem": "weeks", "s": "weeks", "d": "days", "h": "hours",
                       "min": "minutes"}
_AGE_TOKEN = re.compile(r"\d+|[^\W\d_]+|[\W_]+")


class _AgeItem(NamedTuple):
    kind: str  # number | unit | word | sep
    value: str  # number: its style (digits/words/ordinal); unit: its unit (+ "/abbr:x"); word/sep: the text
    text: str


def _number_words_end(tokens: list[str], i: int) -> int:
    """Index of the last token of the number in words that starts at ``i`` ("ciento sesenta y tres")."""
    def word_at(k: int) -> str:
        return fold(tokens[k]) if k < len(tokens) and (k == i or tokens[k - 1] == " ") else ""

    j = i
    if word_at(j) == "ciento" and word_at(j + 2) in _NUMBER_WORDS:
        j += 2
    if word_at(j) in _TENS_WORDS and word_at(j + 2) == "y" and word_at(j + 4) in _NUMBER_WORDS:
        j += 4
    return j


def _age_items(text: str) -> list[_AgeItem]:
    tokens = _AGE_TOKEN.findall(text)
    words = [i for i, t in enumerate(tokens) if t[0].isalpha()]
    last_word = words[-1] if words else -1
    items: list[_AgeItem] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        key = fold(tok)
        if tok.isdigit():
            items.append(_AgeItem("number", "digits", tok))
        elif key in _NUMBER_WORDS:
            j = _number_words_end(tokens, i)
            items.append(_AgeItem("number", "words", "".join(tokens[i : j + 1])))
            i = j + 1
            continue
        elif key in _ORDINAL_WORDS and any(fold(t) in _UNIT_WORDS for t in tokens[i + 1 : i + 3]):
            items.append(_AgeItem("number", "ordinal", tok))
        elif key in _UNIT_WORDS:
            items.append(_AgeItem("unit", _UNIT_WORDS[key], tok))
        elif key in _UNIT_ABBREVIATIONS and (i == last_word or len(key) > 1) and \
                any(it.kind == "number" for it in items):
            items.append(_AgeItem("unit", f"{_UNIT_ABBREVIATIONS[key]}/abbr:{tok}", tok))
        elif tok[0].isalpha():
            items.append(_AgeItem("word", tok, tok))
        else:
            items.append(_AgeItem("sep", tok, tok))
        i += 1
    return items


def _digit_count_kept(old: str, new: str) -> bool:
    """The same number of digits, or one more or less by a small step across a power of ten (9 → 11,
    101 → 98), never 45 → 8 or 45 → 145; a zero-padded numeral keeps its width."""
    if old.startswith("0") and len(old) > 1:
        return len(new) == len(old)
    if new.startswith("0") and len(new) > 1:
        return False
    if len(old) == len(new):
        return True
    return abs(len(old) - len(new)) == 1 and abs(int(old) - int(new)) < 10 ** min(len(old), len(new))


def _case_kept(old: list[str], new: list[str], kinds_old: list[str], kinds_new: list[str]) -> bool:
    """Case classes of aligned items (when the items line up; otherwise other properties already differ).
    An item without letters (a numeral) says nothing about case."""
    if kinds_old != kinds_new:
        return True
    return all(a == b or "none" in (a, b) for a, b in zip(old, new))


@register_format_check("age")
def age_format(original: str, surrogate: str) -> list[str]:
    """Properties: numerals, digit_count, unit, wording, separators, case."""
    old, new = _age_items(original), _age_items(surrogate)
    problems: list[str] = []
    old_numbers = [it for it in old if it.kind == "number"]
    new_numbers = [it for it in new if it.kind == "number"]
    if not old_numbers:
        # An age-group word ("Recién nacida" → "Neonata") gains no number; a bare unit may gain an ordinal
        # ("mes" → "segundo mes")
        gained = [it.value for it in new_numbers]
        bare_unit = any(it.kind == "unit" for it in old)
        if gained and not (bare_unit and gained == ["ordinal"]):
            problems.append("numerals")
        _differs([it.value for it in old if it.kind == "unit"], [it.value for it in new if it.kind == "unit"],
                 "unit", problems)
        _differs([_case_class(original)], [_case_class(surrogate)], "case", problems)
        return problems
    _differs([it.value for it in old_numbers], [it.value for it in new_numbers], "numerals", problems)
    if "numerals" not in problems and not all(
            _digit_count_kept(a.text, b.text) for a, b in zip(old_numbers, new_numbers) if a.value == "digits"):
        problems.append("digit_count")
    _differs([it.value for it in old if it.kind == "unit"], [it.value for it in new if it.kind == "unit"],
             "unit", problems)
    _differs([it.text for it in old if it.kind == "word"], [it.text for it in new if it.kind == "word"],
             "wording", problems)
    _differs([it.text for it in old if it.kind == "sep"], [it.text for it in new if it.kind == "sep"],
             "separators", problems)
    if not _case_kept([_case_class(it.text) for it in old if it.kind != "sep"],
                      [_case_class(it.text) for it in new if it.kind != "sep"],
                      [it.kind for it in old if it.kind != "sep"], [it.kind for it in new if it.kind != "sep"]):
        problems.append("case")
    return problems


# -- kinship ---------------------------------------------------------------------------------------------------------
_GENDERED_STEMS = ("abuel", "bisabuel", "tatarabuel", "hij", "niet", "bisniet", "herman", "hermanastr", "hijastr",
                   "prim", "sobrin", "cuñad", "espos", "exespos", "suegr", "consuegr", "ahijad", "novi", "compañer",
                   "gemel", "melliz", "tí", "niñ", "chic", "neonat", "allegad", "nacid")
_KIN_SPELLINGS = frozenset(
    {stem + end for stem in _GENDERED_STEMS for end in ("o", "a", "os", "as")}
    | set((
        "madre madres padre padres mamá papá padrastro padrastros madrastra madrastras padrino padrinos madrina "
        "madrinas yerno yernos nuera nueras marido maridos exmarido mujer mujeres exmujer pareja parejas cónyuge "
        "cónyuges familia familias familiar familiares pariente parientes parentela progenitor progenitora "
        "progenitores varón varones rama línea recién bebé bebés ex expareja exparejas"
    ).split())
)
_KIN_WORDS = frozenset(fold(w) for w in _KIN_SPELLINGS)
_KIN_PREFIXES = frozenset({"medio", "media", "medios", "medias"})  # "medio hermano"
_SIDE_WORDS = frozenset(fold(p + e) for p in ("matern", "patern") for e in ("o", "a", "os", "as"))
# Adjectives and determiners that agree with the noun: compared by their stem, since the gender may follow a
# new noun of another grammatical gender ("el cónyuge" → "la pareja").
_AGREEING = {fold(stem + end): stem for stem in (
    "median", "únic", "polític", "biológic", "adoptiv", "fallecid", "afectad", "otr", "pequeñ", "sol", "segund",
    "tercer", "primer") for end in ("o", "a", "os", "as", "")}
_AGREEING.update({"un": "un", "una": "un", "unos": "un", "unas": "un"})
# Words around a relative that are never a name, even in an UPPER-CASE phrase ("HERMANO MAYOR")
_MODIFIER_WORDS = frozenset(fold(w) for w in (
    "mayor menor mayores menores ambos ambas todos todas grado edad de del la las los el lo su sus mi mis tu "
    "y e o con sin en por para a al"
).split())
_KIN_TOKEN = re.compile(r"\d+|[^\W\d_]+|[\W_]+")


class _KinItem(NamedTuple):
    kind: str  # kin | side | agree | number | unit | name | word | sep
    value: str
    text: str


def _kinship_items(text: str) -> list[_KinItem]:
    tokens = _KIN_TOKEN.findall(text)
    all_upper = _case_class(text) == "upper"
    items: list[_KinItem] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        key = fold(tok)
        next_word = fold(tokens[i + 2]) if i + 2 < len(tokens) and tokens[i + 1].isspace() else ""
        after_name = len(items) >= 2 and items[-1].text == " " and items[-2].kind == "name"
        if after_name and tok[0].isupper() and key not in _MODIFIER_WORDS:
            items.append(_KinItem("name", "", tok))  # "Ester Sobrino", "ALEJANDRO TERCERO": names go on
            i += 1
            continue
        # a capitalised word inside a mixed-case phrase is a kin word only as spelt: "Nina" is a name, not "niña"
        spelt_as_kin = all_upper or i == 0 or not tok[0].isupper() or tok.lower() in _KIN_SPELLINGS
        if (key in _KIN_WORDS and spelt_as_kin) or (key in _KIN_PREFIXES and next_word in _KIN_WORDS):
            j = i  # "tío abuelo", "primos hermanos", "recién nacida": one relative
            while j + 2 < len(tokens) and tokens[j + 1] == " " and fold(tokens[j + 2]) in _KIN_WORDS and \
                    fold(tokens[j + 2]) not in ("varon", "varones") and \
                    (all_upper or not tokens[j + 2][0].isupper() or tokens[j + 2].lower() in _KIN_SPELLINGS):
                j += 2
            phrase = "".join(tokens[i : j + 1])
            head = fold(tokens[i + 2] if key in _KIN_PREFIXES or key == "recien" else tok)
            items.append(_KinItem("kin", "pl" if head.endswith("s") else "sg", phrase))
            i = j + 1
            continue
        if key in _SIDE_WORDS:
            items.append(_KinItem("side", "pl" if key.endswith("s") else "sg", tok))
        elif i > 0 and not all_upper and tok[0].isupper() and key not in _MODIFIER_WORDS:
            items.append(_KinItem("name", "", tok))  # "madre Ana Tercero": a surname, not an ordinal
        elif key in _AGREEING:
            items.append(_KinItem("agree", _AGREEING[key], tok))
        elif tok.isdigit():
            items.append(_KinItem("number", "digits", tok))
        elif key in _NUMBER_WORDS or key in ("medio", "media"):
            j = _number_words_end(tokens, i)
            items.append(_KinItem("number", "words", "".join(tokens[i : j + 1])))
            i = j + 1
            continue
        elif key in _UNIT_WORDS:
            items.append(_KinItem("unit", _UNIT_WORDS[key], tok))
        elif tok[0].isalpha() and tok[0].isupper() and key not in _MODIFIER_WORDS:
            items.append(_KinItem("name", "", tok))
        elif tok[0].isalpha():
            items.append(_KinItem("word", key, tok))
        else:
            items.append(_KinItem("sep", tok, tok))
        i += 1
    if any(it.kind == "kin" for it in items):  # a capitalised word before the relative is no name ("Ambos")
        first_kin = next(n for n, it in enumerate(items) if it.kind == "kin")
        items = [_KinItem("word", fold(it.text), it.text) if it.kind == "name" and n < first_kin else it
                 for n, it in enumerate(items)]
    return items


@register_format_check("kinship")
def kinship_format(original: str, surrogate: str) -> list[str]:
    """Properties: kinship_term, number, side, modifiers, names, numerals, case."""
    old, new = _kinship_items(original), _kinship_items(surrogate)
    problems: list[str] = []

    def of(items: list[_KinItem], *kinds: str) -> list[_KinItem]:
        return [it for it in items if it.kind in kinds]

    old_kin, new_kin = of(old, "kin"), of(new, "kin")
    if len(old_kin) != len(new_kin):
        problems.append("kinship_term")
    else:
        _differs([it.value for it in old_kin], [it.value for it in new_kin], "number", problems)
    _differs([it.kind for it in of(old, "side")], [it.kind for it in of(new, "side")], "side", problems)
    _differs([it.value for it in of(old, "word", "agree")], [it.value for it in of(new, "word", "agree")],
             "modifiers", problems)
    _differs([it.kind for it in of(old, "name")], [it.kind for it in of(new, "name")], "names", problems)
    _differs([(it.kind, it.value) for it in of(old, "number", "unit")],
             [(it.kind, it.value) for it in of(new, "number", "unit")], "numerals", problems)
    kinds_old, kinds_new = [it.kind for it in old if it.kind != "sep"], [it.kind for it in new if it.kind != "sep"]
    if not _case_kept([_case_class(it.text) for it in old if it.kind != "sep"],
                      [_case_class(it.text) for it in new if it.kind != "sep"], kinds_old, kinds_new):
        problems.append("case")
    if not problems:  # the same items in another order ("paterno hermano")
        _differs(kinds_old, kinds_new, "structure", problems)
    return problems
