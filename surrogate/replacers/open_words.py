"""Word-valued spans of open kinds: which category a span belongs to, and a real word of that category.

``OTROS_SUJETO_ASISTENCIA`` and the words that annotators file under an identifier label ("soltero", "raza
negra", "madre", "Estudiante de ...") have no format to keep: they say something about the person. A span is
read as one of these categories, and only then replaced by another value of the same category, in the same
gender and number:

- a row of the ``personal_attributes`` table (marital status, regional origin, ethnicity, religion, life
  stage, condition...), matched whole or, for phrases such as traits and marks, by their first word;
- a nationality or a country (the ``countries`` table, through the ``country`` replacer);
- a kinship mention (the ``kinship`` replacer) or an occupation (the ``profession`` replacer).

Frame words before the value stay: articles, "de", "raza", "etnia", "origen", "nacionalidad" ("raza negra" →
"raza blanca", "origen español" → "origen rumano"). Anything else is no category we know: :func:`surrogate`
raises CannotReplace and the engine masks the span. Nothing here invents letters.

The categories come from the data: a user's own ``personal_attributes`` table (same columns) adds or replaces
them without touching the code (docs/gazetteers.md).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from gazetteers import GazetteerSet, Sampler, fold
from gazetteers.sampler import ExhaustedError

from .base import CannotReplace, SpanContext
from .places.country_index import country_index

TABLE = "personal_attributes"
#: Categories whose values are phrases that a mention may extend ("tatuaje en la región pectoral"): a span is
#: read as one of them by its first word alone.
HEAD_CATEGORIES = frozenset({"physical_trait", "mark", "activity", "disability", "object"})
_ARTICLES = {"el": "m", "un": "m", "los": "m", "unos": "m", "la": "f", "una": "f", "las": "f", "unas": "f"}
#: Words that frame a value and stay; the gender they impose on an invariant value ("raza" → feminine).
FRAMES = {"de": "", "del": "m", "con": "", "su": "", "sus": "", "raza": "f", "etnia": "f", "origen": "m",
           "nacionalidad": "f", "procedencia": "f", "religion": "f", "estado": "m", "civil": ""}
_LEAD_WORD = re.compile(r"\s*([^\W\d_]+)\s+")
_ARTICLE_BEFORE = re.compile(r"\b(el|un|la|una|los|unos|las|unas)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Form:
    value: str
    category: str
    lemma: str
    gender: str  # "m", "f" or "c" (the same word for both)
    number: str  # "sg" or "pl"


class AttributeLexicon:
    """The ``personal_attributes`` table indexed by folded form, by first word, and by draw pool."""

    def __init__(self, rows: list[tuple[str, float, str, str, str, str]], blocklist=()) -> None:
        self.forms: dict[str, list[Form]] = {}
        self.heads: dict[str, list[Form]] = {}
        self.lemma_forms: dict[tuple[str, str], list[str]] = {}
        pools: dict[tuple[str, str, str], tuple[list[str], list[float]]] = {}
        for value, weight, category, lemma, gender, number in rows:
            form = Form(value, category, lemma, gender if gender in ("m", "f") else "c", number)
            self.forms.setdefault(fold(value), []).append(form)
            self.lemma_forms.setdefault((category, lemma), []).append(value)
            if category in HEAD_CATEGORIES:
                self.heads.setdefault(fold(value).split()[0], []).append(form)
            # An invariant form fits either gender; a gendered one only its own.
            for want in (("m", "f", "c") if form.gender == "c" else (form.gender,)):
                vals, ws = pools.setdefault((category, want, number), ([], []))
                vals.append(value)
                ws.append(weight)
        self.samplers: dict[tuple[str, str, str], Sampler] = {}
        self.invariant: dict[tuple[str, str], Sampler] = {}
        for key, (vals, ws) in pools.items():
            try:
                self.samplers[key] = Sampler(vals, ws, blocklist=blocklist)
            except (ValueError, ExhaustedError):
                continue
        for (category, gender, number), (vals, ws) in pools.items():
            if gender != "c":
                continue
            keep = [i for i, v in enumerate(vals) if all(f.gender == "c" for f in self.forms[fold(v)])]
            if keep:
                try:
                    self.invariant[(category, number)] = Sampler([vals[i] for i in keep], [ws[i] for i in keep],
                                                                 blocklist=blocklist)
                except ExhaustedError:
                    continue

    def lookup(self, body: str, gender_hint: str) -> Form | None:
        """The form ``body`` is, whole; among homographs the one that agrees with the hint."""
        found = self.forms.get(fold(body))
        if not found:
            return None
        return next((f for f in found if f.gender == gender_hint), found[0])

    def head(self, body: str, gender_hint: str) -> Form | None:
        """A phrase category read from the first word ("tatuaje ..." → mark, "ciclista ..." → activity)."""
        words = fold(body).split()
        if len(words) < 2:
            return None
        found = self.heads.get(words[0])
        if not found:
            return None
        return next((f for f in found if f.gender == gender_hint), found[0])

    def draw(self, rng: np.random.Generator, form: Form, gender: str, exclude: list[str]) -> str:
        """Another value of the form's category, number and gender (an invariant one when the gender is
        unknown), never a form of the same word."""
        avoid = [*exclude, *self.lemma_forms.get((form.category, form.lemma), [])]
        if gender in ("m", "f"):
            pools = [self.samplers.get((form.category, gender, form.number))]
        else:  # unknown gender: a word for both, else the generic masculine ("invidentes" → "sordomudos")
            pools = [self.invariant.get((form.category, form.number)),
                     self.samplers.get((form.category, "m", form.number))]
        for sampler in pools:
            if sampler is not None:
                try:
                    return sampler.draw(rng, exclude=avoid)
                except ExhaustedError:
                    continue
        raise CannotReplace("no other value of the same category, gender and number")


def attribute_lexicon(gazetteers: GazetteerSet) -> AttributeLexicon | None:
    """Built once per gazetteer set; None when the set has no ``personal_attributes`` table."""
    return gazetteers.derived("open_words_lexicon", _build_lexicon) if TABLE in gazetteers else None


def _build_lexicon(gazetteers: GazetteerSet) -> AttributeLexicon:
    table = gazetteers[TABLE]
    columns = {c: ["" if v is None else str(v) for v in table.column(c, "")]
               for c in ("category", "lemma", "gender", "number")}
    rows = []
    for i, (value, weight) in enumerate(zip(table.column("value"), table.column("weight"))):
        if not value or not value.strip():
            continue
        rows.append((value.strip(), float(weight or 1.0), columns["category"][i] or "other",
                     columns["lemma"][i] or value.strip(), columns["gender"][i], columns["number"][i] or "sg"))
    return AttributeLexicon(rows, gazetteers.blocklist)


def kept_words(gazetteers: GazetteerSet) -> frozenset[str]:
    """Folded frame words and words of the table's values: a surrogate may repeat them (leak guard policy)."""
    return gazetteers.derived("open_words_kept", _build_kept)


def _build_kept(gazetteers: GazetteerSet) -> frozenset[str]:
    lexicon = attribute_lexicon(gazetteers)
    words = {w for key in (lexicon.forms if lexicon else ()) for w in key.split()}
    return frozenset(words | set(FRAMES))


def split_frame(text: str) -> tuple[str, str, str]:
    """(kept lead, body, gender the lead imposes): "raza negra" → ("raza ", "negra", "f")."""
    pos, gender = 0, ""
    while True:
        m = _LEAD_WORD.match(text, pos)
        if not m:
            break
        word = fold(m.group(1))
        if word in _ARTICLES:
            gender = _ARTICLES[word]
        elif word in FRAMES:
            gender = FRAMES[word] or gender
        else:
            break
        pos = m.end()
    return text[:pos], text[pos:], gender


def like(template: str, new: str) -> str:
    """``new`` in the case of ``template``: all upper, capitalised, or as the table writes it."""
    letters = [c for c in template if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return new.upper()
    if letters and letters[0].isupper():
        return new[:1].upper() + new[1:]
    return new


def surrogate(gazetteers: GazetteerSet, original: str, ctx: SpanContext) -> str:
    """A value of the category ``original`` belongs to, or CannotReplace (the engine masks the span)."""
    stripped = original.strip()
    if not stripped:
        raise CannotReplace("empty span")
    lead_ws, trail_ws = original[: len(original) - len(original.lstrip())], original[len(original.rstrip()):]
    lead, body, gender = split_frame(stripped)
    lexicon = attribute_lexicon(gazetteers)
    if not body or (lead and lexicon is not None and lexicon.lookup(stripped, gender) is not None):
        # only frame words ("la"): nothing of a known category; or a value that starts with a frame word
        # ("de baja laboral"): read whole
        lead, body = "", stripped
    if not gender:
        m = _ARTICLE_BEFORE.search(ctx.before(12))
        gender = _ARTICLES[m.group(1).lower()] if m else ""
    new = _category_value(gazetteers, body, gender, ctx)
    return lead_ws + lead + new + trail_ws


def _category_value(gazetteers: GazetteerSet, body: str, gender: str, ctx: SpanContext) -> str:
    lexicon = attribute_lexicon(gazetteers)
    form = lexicon.lookup(body, gender) if lexicon else None
    if form is not None:
        want = form.gender if form.gender != "c" else gender
        return like(body, lexicon.draw(ctx.rng, form, want, [body]))
    if "countries" in gazetteers and country_index(gazetteers).classify(body) is not None:
        return like(body, _delegate(ctx, "country", body))
    for kind in ("kinship", "profession"):
        if _reads_as(gazetteers, kind, body):
            return _delegate(ctx, kind, body)
    if _reads_as_name(gazetteers, body, ctx):  # classmates, fellow inmates under OTROS ("marisa", "maite gil")
        return _delegate(ctx, "person_name", body)
    form = lexicon.head(body, gender) if lexicon else None
    if form is not None:  # never a value with the same head: "fusil de pesca ..." must not stay a "fusil"
        want = form.gender if form.gender != "c" else gender
        same_head = [f.value for f in lexicon.heads[fold(body).split()[0]]]
        return like(body, lexicon.draw(ctx.rng, form, want, [body, *same_head]))
    raise CannotReplace("word-valued span of no known category")


def _reads_as_name(gazetteers: GazetteerSet, body: str, ctx: SpanContext) -> bool:
    """A span of one to four words that reads as a person's name (``nicknames.reads_as_name``): other people under
    the open kind (a classmate, a fellow inmate) were masked."""
    from .people.nicknames import reads_as_name
    from .people.pools import NamePools

    words = body.split()
    return "first_names" in gazetteers and 1 <= len(words) <= 4 and all(w.isalpha() for w in words) \
        and reads_as_name(words, NamePools.of(gazetteers, ctx.config.top_k))


def _delegate(ctx: SpanContext, kind: str, text: str) -> str:
    if ctx.delegate is None:
        raise CannotReplace(f"no delegate for kind {kind!r}")
    return ctx.delegate(kind, text)


def _reads_as(gazetteers: GazetteerSet, kind: str, body: str) -> bool:
    """Whether a word of ``body`` is a kinship term, or its first word an occupation."""
    words = gazetteers.derived("open_words_vocab", _build_vocab)[kind]
    folded = fold(body).split()
    return any(w in words for w in folded) if kind == "kinship" else bool(folded) and folded[0] in words


def _build_vocab(gazetteers: GazetteerSet) -> dict[str, frozenset[str]]:
    """Folded words of kinship terms (with the side adjectives) and first words of occupations, with plurals."""
    kin: set[str] = {"materno", "materna", "maternos", "maternas", "paterno", "paterna", "paternos", "paternas",
                     # children as the kinship replacer reads them ("niña adoptada" → "chica adoptada")
                     "nino", "nina", "ninos", "ninas", "chico", "chica", "chicos", "chicas", "varon", "varones"}
    if "kinship" in gazetteers:
        for value in gazetteers["kinship"].column("value"):
            kin.update(w for w in fold(value).split() if len(w) > 2)
    jobs: set[str] = set()
    if "professions" in gazetteers:
        table = gazetteers["professions"]
        values = table.column("value") + (table.column("feminine") if "feminine" in table.column_names else [])
        for value in values:
            if value and value.strip():
                head = fold(value).split()[0]
                jobs.update((head, head + "s", head + "es"))
    return {"kinship": frozenset(kin), "profession": frozenset(jobs)}
