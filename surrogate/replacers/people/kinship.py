"""Kinship mentions (``FAMILIARES_SUJETO_ASISTENCIA``): another relative of the same sex, direction and number.

"madre" → "abuela" or "tía" (never "hijo"), "hermanos" → "primos", "tío materno" → "abuelo materno",
"madre de 34 años" → "abuela de 37 años" (the age goes to the age replacer), "madre Teresa Rodriguez" →
"tía Lucía Ortega" (the name goes to the name replacer, told the relative's sex), "65 años" alone → the age
replacer, "Juan" alone → the name replacer. Quantifiers and other words ("dos de los", "de primer grado")
stay; adjectives that agree with the noun (materno, gemelo, primera) follow the new noun's gender.
A lone side adjective ("antecedente materno") swaps sides. Anything else is refused (the engine masks it).
Policy and examples: ``docs/replacers/people.md``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from gazetteers import Sampler
from gazetteers.sampler import ExhaustedError
from gazetteers.text import fold

from ...rng import keyed_rng
from ...textcase import apply_case
from ...leak_guard import words_of
from ..base import CannotReplace, Replacer, SpanContext
from .wording import render_noun
from ..registry import register

KINSHIP_MODIFIERS = (
    "uno una dos tres cuatro cinco seis siete ocho nueve diez varios varias ambos ambas mayor menor pequeño pequeña "
    "primer primero primera segundo segunda tercero tercera materno materna paterno paterna político política "
    "joven jóvenes miembros hermanos padres mediano mediana único única rama grado invidente adoptado adoptada "
    "adoptados adoptadas"
)
ASCENDANT, DESCENDANT, COLLATERAL, SPOUSE = "ascendant", "descendant", "collateral", "spouse"
COLLECTIVE, NEWBORN, CHILD = "collective", "newborn", "child"

# Uncles and aunts belong to the parents' generation: "madre" may become "tía" (the table files them as
# collateral, which we keep for cousins, siblings, nephews and in-laws).
_GENERATION_OVERRIDES = {"tío": ASCENDANT, "tía": ASCENDANT, "tíos": ASCENDANT, "tías": ASCENDANT,
                         "tío abuelo": ASCENDANT, "tía abuela": ASCENDANT}
# Words the kinship table does not hold but reports use: value → (sex, class, number, grammatical gender).
_EXTRA_TERMS: dict[str, tuple[str, str, str, str]] = {
    "tías": ("F", ASCENDANT, "pl", "f"), "primas": ("F", COLLATERAL, "pl", "f"),
    "sobrinas": ("F", COLLATERAL, "pl", "f"), "madres": ("F", ASCENDANT, "pl", "f"),
    "primo hermano": ("M", COLLATERAL, "sg", "m"), "prima hermana": ("F", COLLATERAL, "sg", "f"),
    "primos hermanos": ("", COLLATERAL, "pl", "m"), "primas hermanas": ("F", COLLATERAL, "pl", "f"),
    "progenitor": ("M", ASCENDANT, "sg", "m"), "progenitora": ("F", ASCENDANT, "sg", "f"),
    "progenitores": ("", ASCENDANT, "pl", "m"),
    "familia": ("", COLLECTIVE, "sg", "f"), "parentela": ("", COLLECTIVE, "sg", "f"),
    "rama": ("", COLLECTIVE, "sg", "f"), "línea": ("", COLLECTIVE, "sg", "f"),
    "familiar": ("", COLLECTIVE, "sg", ""), "pariente": ("", COLLECTIVE, "sg", ""),
    "familiares": ("", COLLECTIVE, "pl", "m"), "parientes": ("", COLLECTIVE, "pl", "m"),
    "allegados": ("", COLLECTIVE, "pl", "m"),
    "neonato": ("M", NEWBORN, "sg", "m"), "neonata": ("F", NEWBORN, "sg", "f"),
    "recién nacido": ("M", NEWBORN, "sg", "m"), "recién nacida": ("F", NEWBORN, "sg", "f"),
    "neonatos": ("", NEWBORN, "pl", "m"), "recién nacidos": ("", NEWBORN, "pl", "m"),
    "varón": ("M", CHILD, "sg", "m"), "varones": ("", CHILD, "pl", "m"), "niño": ("M", CHILD, "sg", "m"),
    "niña": ("F", CHILD, "sg", "f"), "niños": ("", CHILD, "pl", "m"), "niñas": ("F", CHILD, "pl", "f"),
    "chico": ("M", CHILD, "sg", "m"), "chica": ("F", CHILD, "sg", "f"), "chicos": ("", CHILD, "pl", "m"),
    "chicas": ("F", CHILD, "pl", "f"),
}
# Which extras may be drawn as replacements (the others are only recognised).
_DRAWABLE_EXTRAS = {"tías", "primas", "sobrinas", "parentela", "pariente", "familiar", "parientes", "familiares",
                    "allegados", "neonato", "neonata", "recién nacido", "recién nacida", "neonatos",
                    "recién nacidos", "niño", "niña", "niños", "niñas", "chico", "chica", "chicos", "chicas"}
# Recognised (they are the output of "familia paterna") but never replaced inside a longer mention.
_KEPT_TERMS = frozenset({"rama", "línea"})
# "la familia" may also become "la pareja"; "familia paterna" becomes "rama paterna".
_FAMILY_ALTERNATIVES = ("pareja",)
_SIDE_NOUNS = ("rama", "línea")
# Commonness prior when the table carries no weights (every weight equal): everyday terms first.
_COMMON = {"abuelo", "abuela", "abuelos", "tío", "tía", "tíos", "primo", "prima", "primos", "hermano", "hermana",
           "hermanos", "hijo", "hija", "hijos", "nieto", "nieta", "nietos", "sobrino", "sobrina", "sobrinos",
           "esposo", "esposa", "marido", "mujer", "padre", "madre", "padres", "cuñado", "cuñada", "pareja",
           "parientes", "familiares", "niño", "niña", "niños"}
_COMMON_WEIGHT = 10.0
# Terms that are rarely meant in a clinical history (or hardly a spouse): drawn only now and then.
_RARE = {"tatarabuelo", "tatarabuela", "consuegro", "consuegra", "exmarido", "exmujer", "padrino", "madrina",
         "ahijado", "ahijada", "hijastro", "hijastra", "padrastro", "madrastra", "hermanastro", "hermanastra",
         "mamá", "papá", "compañero", "compañera"}
_RARE_WEIGHT = 0.2
# Terms that take a side ("abuela materna"); after "materno"/"paterno" the new term must be one of them.
_SIDED = {"abuelo", "abuela", "abuelos", "abuelas", "bisabuelo", "bisabuela", "bisabuelos", "tío", "tía", "tíos",
          "tías", "primo", "prima", "primos", "primas", "tío abuelo", "tía abuela", "tatarabuelo", "tatarabuela",
          "primo hermano", "prima hermana", "primos hermanos", "primas hermanas", "familia", "familiares", "rama",
          "línea"}
_SIDE_WORDS = frozenset({"materno", "materna", "maternos", "maternas", "paterno", "paterna", "paternos", "paternas"})

# Adjectives that agree with the noun: stem → forms (m sg, f sg, m pl, f pl).
_AGREEING = {
    stem: (stem + "o", stem + "a", stem + "os", stem + "as")
    for stem in ("matern", "patern", "gemel", "melliz", "median", "segund", "tercer", "únic", "pequeñ",
                 "polític", "hermán", "herman", "biológic", "adoptiv", "fallecid", "afectad", "sol", "jóven")
}
_AGREEING["primer"] = ("primer", "primera", "primeros", "primeras")
_AGREEING["primero"] = ("primero", "primera", "primeros", "primeras")
_AGREEING["otr"] = ("otro", "otra", "otros", "otras")
_AGREEING["un"] = ("un", "una", "unos", "unas")
_FORM_OF = {fold(f): (stem, i) for stem, forms in _AGREEING.items() for i, f in enumerate(forms)}
_SIDES = {"matern": "patern", "patern": "matern"}

_NUMBER_WORDS = (
    "cero uno una un dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis "
    "dieciseis diecisiete dieciocho diecinueve veinte veintiuno veintiuna veintidós veintidos veintitrés veintitres "
    "veinticuatro veinticinco veintiséis veintiseis veintisiete veintiocho veintinueve treinta cuarenta cincuenta "
    "sesenta setenta ochenta noventa cien ciento medio media"
).split()
_NUMBER = r"(?:\d+(?:[.,]\d+)?|(?:" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r")(?:\s+y\s+(?:" + \
    "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r"))?)"
_UNIT = r"(?:años?|a\.|meses|mes|semanas?|días?|dias?|horas?)"
_AGE_ONLY = re.compile(rf"\s*{_NUMBER}(?:\s*(?:y|,)\s*{_NUMBER})*(?:\s+{_UNIT}(?:\s+y\s+{_NUMBER}\s+{_UNIT})?)?(?:\s+de\s+edad)?\s*", re.IGNORECASE)
_AGE_IN = re.compile(rf"(?<![^\W\d_]){_NUMBER}(?:\s+{_UNIT}(?:\s+y\s+medi[oa])?)?(?![^\W\d_])", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+")
# Determiners and counts that open a mention before its relative: "Su hija", "Dos hermanos", "AMBOS PADRES".
_OPENERS = frozenset(fold(w) for w in (
    "su sus mi mis tu tus nuestro nuestra nuestros nuestras el la los las ambos ambas todos todas sendos sendas "
    "varios varias algunos algunas algún alguno alguna cada dicho dicha dichos dichas este esta estos estas ese "
    "esa esos esas aquel aquella aquellos aquellas"
).split()) | frozenset(fold(w) for w in _NUMBER_WORDS)
# Words after a relative that are no name even when capitalised ("HERMANO MAYOR", "PADRE DE 63 AÑOS").
_NOT_NAMES = _OPENERS | frozenset(fold(w) for w in (
    "de del y e o u con sin en por para a al mayor menor mayores menores edad grado grados año años mes meses "
    "semana semanas día días hora horas vivo viva vivos vivas sano sana sanos sanas"
).split())
_BEFORE_AGE = re.compile(r"(?:[\s,;:(]|\b(?:de|con)\b)*$", re.IGNORECASE)  # "Ana| de 4 años", "Ruiz| (45 años)"
_NAME_SPLIT = re.compile(r"\s*,\s*|\s+y\s+|\s+e\s+")


@dataclass(frozen=True)
class Term:
    value: str
    sex: str
    generation: str
    number: str
    gram: str  # grammatical gender of the noun: "m", "f" or "" (epicene: cónyuge, familiar)
    words: int


def _prior_weight(value: str) -> float:
    return _COMMON_WEIGHT if value in _COMMON else _RARE_WEIGHT if value in _RARE else 1.0


class KinshipLexicon:
    """Terms from the ``kinship`` table plus the extras above, indexed for recognition and for drawing."""

    def __init__(self, rows: list[tuple[str, str, str, str, float]], blocklist=()) -> None:
        self.terms: dict[str, Term] = {}
        weights: dict[str, float] = {}
        for value, sex, generation, number, weight in rows:
            value = value.strip().lower()
            generation = _GENERATION_OVERRIDES.get(value, generation)
            gram = "f" if sex == "F" else "m" if sex == "M" or number == "pl" else ("f" if value == "pareja" else "")
            self.terms[fold(value)] = Term(value, sex or "", generation, number, gram, len(value.split()))
            weights[fold(value)] = weight
        uniform = len(set(weights.values())) <= 1
        if uniform:
            weights = {k: _prior_weight(self.terms[k].value) for k in weights}
        drawable = set(self.terms)
        for value, (sex, cls, number, gram) in _EXTRA_TERMS.items():
            key = fold(value)
            if key not in self.terms:
                self.terms[key] = Term(value, sex, cls, number, gram, len(value.split()))
                if value in _DRAWABLE_EXTRAS:
                    drawable.add(key)
                    weights[key] = _prior_weight(value)
        groups: dict[tuple[str, str, str], tuple[list[str], list[float]]] = {}
        for key in sorted(drawable):
            t = self.terms[key]
            vals, ws = groups.setdefault((t.sex, t.generation, t.number), ([], []))
            vals.append(t.value)
            ws.append(weights.get(key, 1.0))
        self.samplers: dict[tuple[str, str, str, bool], Sampler] = {}
        for (sex, generation, number), (vals, ws) in groups.items():
            for sided in (False, True):
                keep = [i for i, v in enumerate(vals) if not sided or v in _SIDED]
                try:
                    self.samplers[(sex, generation, number, sided)] = Sampler(
                        [vals[i] for i in keep], [ws[i] for i in keep], blocklist=blocklist)
                except (ValueError, ExhaustedError):
                    pass
        self.max_words = max(t.words for t in self.terms.values())

    def values_sharing_words(self, value: str) -> list[str]:
        words = set(fold(value).split())
        return [t.value for k, t in self.terms.items() if words & set(k.split())]

    def match(self, words: list[str], i: int) -> tuple[Term, int] | None:
        """The longest term starting at word ``i``; returns it and how many words it spans."""
        for n in range(min(self.max_words, len(words) - i), 0, -1):
            term = self.terms.get(fold(" ".join(words[i : i + n])))
            if term is not None:
                return term, n
        return None


def _agree(word: str, gram: str, number: str) -> str:
    """``materno`` in the grammatical gender ``gram`` and number ``number`` (same case as ``word``)."""
    found = _FORM_OF.get(fold(word))
    if found is None or not gram:
        return word
    stem, _ = found
    forms = _AGREEING[stem]
    new = forms[(0 if gram == "m" else 1) + (2 if number == "pl" else 0)]
    return apply_case(word, new) if fold(new) != fold(word) else word


@register
class KinshipReplacer(Replacer):
    kind = "kinship"
    kept_words = words_of(KINSHIP_MODIFIERS, _SIDE_WORDS, _NOT_NAMES, _KEPT_TERMS, "políticos políticas familia")  # never a name
    after = ("person_name",)  # a relative's name reuses the person map
    avoid_other_originals = False  # "madre" → "abuela" beside another "abuela" reveals no one

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self._lexicon: KinshipLexicon | None = None

    @property
    def lexicon(self) -> KinshipLexicon:
        if self._lexicon is None:
            rows: list[tuple[str, str, str, str, float]] = []
            if "kinship" in self.gazetteers:
                frame = self.gazetteers["kinship"].frame
                cols = [frame[c].to_list() for c in ("value", "sex", "generation", "number", "weight")]
                rows = [(v, s or "", g, n, float(w or 1.0)) for v, s, g, n, w in zip(*cols) if v]
            self._lexicon = KinshipLexicon(rows, self.gazetteers.blocklist)
        return self._lexicon

    def _rng(self, ctx: SpanContext, *parts: str) -> np.random.Generator:
        if self.config.key:
            return keyed_rng(self.config.key, self.kind, "\x1f".join(parts))
        return ctx.rng

    def replace(self, original: str, ctx: SpanContext) -> str:
        core = original.strip()
        if not core:
            raise CannotReplace("empty kinship mention")
        lead, trail = original[: len(original) - len(original.lstrip())], original[len(original.rstrip()) :]
        if _AGE_ONLY.fullmatch(core):  # "65 años": a relative's age
            return lead + ctx.delegate("age", core) + trail
        words = [(m.group(0), m.start(), m.end()) for m in _WORD.finditer(core)]
        if not words:
            raise CannotReplace("no word in the kinship mention")
        lex = self.lexicon
        texts = [w for w, _, _ in words]
        if lex.match(texts, 0) is None and texts[0][:1].isupper() and fold(texts[0]) not in _FORM_OF \
                and not (fold(texts[0]) in _OPENERS and any(lex.match(texts, i) for i in range(1, len(texts)))):
            # "su hermano Juan": the span is a name ("Su hija", "Dos hermanos" open a relative instead)
            self._hint_name_sex(ctx, core, self._sex_before(ctx))
            return lead + ctx.delegate("person_name", core) + trail
        return lead + self._rewrite(core, words, ctx) + trail

    # -- the general case ------------------------------------------------------------------------------
    def _rewrite(self, core: str, words: list[tuple[str, int, int]], ctx: SpanContext) -> str:
        lex = self.lexicon
        texts = [w for w, _, _ in words]
        edits: list[tuple[int, int, str]] = []
        last: tuple[Term, Term] | None = None  # (original term, new term) that adjectives agree with
        name_from: int | None = None
        after_term = -1  # index of the word right after the last term
        i = 0
        while i < len(words):
            word, s, e = words[i]
            found = lex.match(texts, i)
            if found and last and found[0].generation == CHILD and i == after_term:
                found = None  # "hijo varón", "hermanos varones": an apposition, kept
            if found and found[0].value in _KEPT_TERMS:
                found = None  # "Primo de rama paterna": the branch is no relative
            if found:
                term, n = found
                end = words[i + n - 1][2]
                follower = fold(texts[i + n]) if i + n < len(texts) else ""
                new = self._term(term, core[s:end], follower, ctx)
                edits.append((s, end, render_noun(core[s:end], term.value, new.value)))
                last = (term, new)
                i += n
                after_term = i
                continue
            if fold(word) in _FORM_OF and last is not None:
                if last[0].gram != last[1].gram and last[1].gram:
                    edits.append((s, e, _agree(word, last[1].gram, last[0].number)))
                i += 1
                continue
            if word[:1].isupper() and last is not None and i > 0 and fold(word) not in _NOT_NAMES:
                name_from = s
                break
            i += 1
        if name_from is not None:
            name_end = self._name_end(core, name_from)
            edits.append((name_from, name_end, self._names(core[name_from:name_end], last, ctx)))
        for m in _AGE_IN.finditer(core):
            if not any(s < m.end() and m.start() < e for s, e, _ in edits) and self._is_age(core, m):
                edits.append((m.start(), m.end(), ctx.delegate("age", m.group(0))))
        if not edits:
            return self._lone_adjective(core, texts)
        out, pos = [], 0
        for s, e, new in sorted(edits):
            out.append(core[pos:s])
            out.append(new)
            pos = e
        out.append(core[pos:])
        return "".join(out)

    def _name_end(self, core: str, start: int) -> int:
        """Where the name that starts at ``start`` ends: before an age that follows it ("hija Ana de 4 años",
        "madre Teresa Ruiz (45 años)"), else at the end of the span (without closing punctuation)."""
        for m in _AGE_IN.finditer(core, start):
            if self._is_age(core, m):
                end = len(_BEFORE_AGE.sub("", core[: m.start()]))
                if end > start:
                    return end
        return len(core.rstrip(" .,;)"))

    def _is_age(self, core: str, m: re.Match) -> bool:
        """A number is an age if a unit follows it or it comes after "de"/"(" with no noun after it
        ("madre de 34 años", "padre de 39", "(21 años)"); "2 hijos", "tres hermanos" are quantities."""
        if re.search(_UNIT + r"\s*$", m.group(0), re.IGNORECASE):
            return True
        before = core[: m.start()].rstrip().lower()
        next_word = _WORD.match(core[m.end() :].lstrip())
        return before.endswith(("de", "(", " y")) and (next_word is None or next_word.group(0) == "y")

    def _term(self, term: Term, text: str, follower: str, ctx: SpanContext) -> Term:
        """One new term per original term and document (case-insensitive)."""
        memo = ctx.state.memo_for(self.kind)
        key = (fold(text), follower in _SIDE_WORDS)
        found = memo.get(key)
        if found is not None:
            return found
        rng = self._rng(ctx, *map(str, key))
        lex = self.lexicon
        if term.generation == COLLECTIVE and term.value == "familia":
            choices = list(_SIDE_NOUNS) if key[1] else ["parentela", *_FAMILY_ALTERNATIVES]
            value = choices[int(rng.integers(len(choices)))]
            new = Term(value, "", COLLECTIVE if value != "pareja" else SPOUSE, "sg", "f", 1)
        else:
            # never the same relation again: no candidate that shares a word with the original term
            exclude = [v for v in lex.values_sharing_words(term.value)] + [text]
            value = None
            for sided in ((True, False) if key[1] else (False,)):
                sampler = lex.samplers.get((term.sex, term.generation, term.number, sided))
                if sampler is None:
                    continue
                try:
                    value = sampler.draw(rng, exclude=exclude)
                    break
                except ExhaustedError:
                    continue
            if value is None:
                raise CannotReplace("no other relative of the same sex, direction and number")
            new = lex.terms[fold(value)]
        memo[key] = new
        return new

    def _names(self, text: str, last: tuple[Term, Term] | None, ctx: SpanContext) -> str:
        """"Teresa Rodriguez" after "madre", or "Ana Vidal y Nicolás Garrido" after "padres"."""
        sex = last[0].sex if last and last[0].number == "sg" else ""
        out, pos = [], 0
        for m in _NAME_SPLIT.finditer(text):
            out.append(self._one_name(text[pos : m.start()], sex, ctx))
            out.append(m.group(0))
            pos = m.end()
        out.append(self._one_name(text[pos:], sex, ctx))
        return "".join(out)

    def _one_name(self, name: str, sex: str, ctx: SpanContext) -> str:
        if not name.strip():
            return name
        self._hint_name_sex(ctx, name, sex)
        return ctx.delegate("person_name", name)

    @staticmethod
    def _hint_name_sex(ctx: SpanContext, name: str, sex: str) -> None:
        # The name replacer reads this hint for names that are not its own spans.
        if sex:
            ctx.state.sex_hints[name] = sex

    def _sex_before(self, ctx: SpanContext) -> str:
        """Sex of the relative named by a kinship noun right before the span ("su hermano Juan")."""
        before = _WORD.findall(ctx.before(30))[-3:]
        for n in (2, 1):
            if len(before) >= n:
                found = self.lexicon.terms.get(fold(" ".join(before[-n:])))
                if found and found.number == "sg":
                    return found.sex
        return ""

    def _lone_adjective(self, core: str, texts: list[str]) -> str:
        """"materno" alone ("antecedente materno") → "paterno"; anything else cannot be replaced."""
        if len(texts) == 1:
            found = _FORM_OF.get(fold(texts[0]))
            if found and found[0] in _SIDES:
                stem, idx = found
                return core.replace(texts[0], apply_case(texts[0], _AGREEING[_SIDES[stem]][idx]))
        raise CannotReplace("kinship mention without a known relative term")
