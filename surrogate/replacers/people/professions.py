"""Professions (``PROFESION``): another occupation of the same grammatical gender and number, same shape.

"enfermera" → "abogada", "Mecánico" → "Carpintero", "bomberos" → "panaderos", "auxiliar de enfermería" →
"técnico de laboratorio" (three words for three words when the table has one), "ex profesora de instituto"
→ "ex trabajadora social". A common-gender profession ("militar", "auxiliar") takes its gender from an
article right before the span, else becomes another common-gender one, so agreement elsewhere is never
broken. Activities that are no occupation noun ("tareas del hogar", "colocando paneles de pladur") become
another activity of the same kind (noun phrase or gerund). Policy: ``docs/replacers/people.md``.
"""
from __future__ import annotations

import re

import numpy as np

from gazetteers import Sampler
from gazetteers.sampler import ExhaustedError
from gazetteers.text import fold

from ...rng import keyed_rng
from ..base import CannotReplace, Replacer, SpanContext
from .wording import render_noun
from ..registry import register

MASC, FEM, COMMON = "m", "f", "c"
_OTHER_WORD_DRAWS = 8

# Activities written where an occupation is expected, by word count (their own wording class).
_ACTIVITIES = (
    "hostelería", "construcción", "limpieza", "agricultura", "ganadería", "pesca", "minería", "hogar",
    "venta ambulante", "sector textil", "artes gráficas", "obra civil", "banca privada", "seguridad privada",
    "tareas del hogar", "labores del campo", "cuidado de ancianos", "trabajos de jardinería",
    "reparto a domicilio", "atención al cliente", "montaje de muebles", "limpieza de oficinas",
    "mantenimiento de redes eléctricas", "reparación de maquinaria agrícola", "montaje de estructuras metálicas",
    "limpieza de edificios públicos", "transporte de mercancías por carretera",
)
_GERUNDS = (
    "pintando fachadas", "cargando camiones", "reparando tejados", "montando andamios", "limpiando oficinas",
    "instalando ventanas de aluminio", "reparando tejados de uralita", "montando estructuras de acero",
    "cargando camiones de fruta", "pintando naves industriales",
)
_ACTIVITY_HEADS = frozenset({
    "tareas", "labores", "hogar", "trabajos", "fuerza", "fuerzas", "sector", "servicio", "servicios", "cuidado",
    "venta", "ventas", "limpieza", "reparto", "atencion", "obra", "obras", "mantenimiento", "construccion",
    "hosteleria", "agricultura", "ganaderia", "pesca", "mineria", "transporte", "montaje", "reparacion",
})
_ACTIVITY_ENDINGS = ("cion", "miento", "eria", "tura")
_GERUND = re.compile(r"(?:ando|iendo|yendo)$")
_EX = re.compile(r"^(ex[\s-]+)", re.IGNORECASE)
_ARTICLE_BEFORE = re.compile(r"\b(el|un|la|una|los|unos|las|unas)\s*$", re.IGNORECASE)
_ARTICLE_GENDER = {"el": MASC, "un": MASC, "los": MASC, "unos": MASC, "la": FEM, "una": FEM, "las": FEM, "unas": FEM}


def _reads_plural(word: str) -> bool:
    """An unknown word in "-s" is plural unless the "s" ends a stressed syllable: Catalan "pagès" and Spanish
    "marqués" are singular (the word was read as plural, and "pagès" came out "comerciales")."""
    return word.lower().endswith("s") and word.lower()[-2:-1] not in "áéíóúàèòìù"


def pluralize(word: str) -> str:
    """Spanish plural of one word: bombero → bomberos, albañil → albañiles, peón → peones, juez → jueces."""
    if word.endswith(("s", "x")) and len(word) > 3 and word[-2] in "aeiou" and not word.endswith(("és", "ás", "ós")):
        return word
    if word[-1] in "aeiouéó":
        return word + "s"
    if word.endswith("z"):
        return word[:-1] + "ces"
    unaccent = str.maketrans("áéíóú", "aeiou")
    if word[-2:-1] in ("á", "é", "í", "ó", "ú") and word[-1] in "ns":
        return word[:-2] + word[-2:-1].translate(unaccent) + word[-1] + "es"
    return word + "es"


class ProfessionLexicon:
    """The ``professions`` table (masculine value, feminine column) indexed by form, gender and length."""

    def __init__(self, rows: list[tuple[str, str, float]], blocklist=()) -> None:
        self.index: dict[str, tuple[int, str]] = {}  # folded form (singular or plural) → (row, gender)
        self.rows = rows
        pools: dict[tuple[str, int], tuple[list[str], list[float]]] = {}
        for i, (masc, fem, weight) in enumerate(rows):
            common = fold(masc) == fold(fem)
            for form, gender in ((masc, COMMON if common else MASC), (fem, COMMON if common else FEM)):
                for key in (fold(form), fold(self.plural(form))):
                    self.index.setdefault(key, (i, gender))
            n = len(masc.split())
            for gender, form in (((COMMON, masc),) if common else ((MASC, masc), (FEM, fem))):
                vals, ws = pools.setdefault((gender, n), ([], []))
                vals.append(form)
                ws.append(weight)
        self.samplers: dict[tuple[str, int], Sampler] = {}
        for key, (vals, ws) in pools.items():
            try:
                self.samplers[key] = Sampler(vals, ws, blocklist=blocklist)
            except (ValueError, ExhaustedError):
                pass
        self.max_words = max((len(m.split()) for m, _, _ in rows), default=1)

    @staticmethod
    def plural(form: str) -> str:
        head, *rest = form.split(" ")
        return " ".join([pluralize(head), *rest])

    def lookup(self, words: list[str]) -> tuple[int, str, int, bool] | None:
        """Longest leading match: (row, gender, words matched, plural)."""
        for n in range(min(self.max_words, len(words)), 0, -1):
            key = fold(" ".join(words[:n]))
            found = self.index.get(key)
            if found is not None:
                row, gender = found
                masc, fem, _ = self.rows[row]
                plural = key not in (fold(masc), fold(fem))
                return row, gender, n, plural
        return None


def _guess_gender(head: str) -> str:
    """Grammatical gender of an occupation noun the table does not know, from its ending."""
    w = fold(head)
    if w.endswith(("ista", "ta", "ia", "nte", "al", "ar", "e")) or not w:
        return COMMON
    if w.endswith(("a", "as")):
        return FEM
    return MASC if w.endswith(("o", "os", "or", "ores", "on", "ero", "eros")) else COMMON


@register
class ProfessionReplacer(Replacer):
    kind = "profession"

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self._lexicon: ProfessionLexicon | None = None

    @property
    def lexicon(self) -> ProfessionLexicon:
        if self._lexicon is None:
            rows: list[tuple[str, str, float]] = []
            if "professions" in self.gazetteers:
                table = self.gazetteers["professions"]
                fem = table.column("feminine") if "feminine" in table.column_names else table.column("value")
                rows = [(m.strip().lower(), (f or m).strip().lower(), float(w or 1.0))
                        for m, f, w in zip(table.column("value"), fem, table.column("weight")) if m]
            if not rows:
                raise CannotReplace("no professions table")
            self._lexicon = ProfessionLexicon(rows, self.gazetteers.blocklist)
        return self._lexicon

    def _rng(self, ctx: SpanContext, original: str) -> np.random.Generator:
        return keyed_rng(self.config.key, self.kind, original) if self.config.key else ctx.rng

    def replace(self, original: str, ctx: SpanContext) -> str:
        core = original.strip()
        if not core:
            raise CannotReplace("empty profession mention")
        lead, trail = original[: len(original) - len(original.lstrip())], original[len(original.rstrip()) :]
        prefix_match = _EX.match(core)
        prefix = prefix_match.group(1) if prefix_match else ""
        body = core[len(prefix) :]
        words = body.split()
        if not words:
            raise CannotReplace("profession mention without words")
        rng = self._rng(ctx, original)
        head = fold(words[0])
        found = self.lexicon.lookup(words)
        if found is None and _GERUND.search(head):
            new = self._draw_shaped(_GERUNDS, len(words), rng, body)
        elif found is None and (head in _ACTIVITY_HEADS or head.endswith(_ACTIVITY_ENDINGS)):
            new = self._draw_shaped(_ACTIVITIES, len(words), rng, body)
        else:
            if found is not None:
                row, gender, matched, plural = found
                canonical = " ".join(self.lexicon.rows[row][:2][gender == FEM].split()[:matched])
            else:
                gender, plural, canonical = _guess_gender(words[0]), _reads_plural(words[0]), body
            if gender == COMMON:
                gender = self._gender_from_context(ctx) or COMMON
            new = self._draw_profession(gender, len(words), rng, body)
            if plural:
                new = ProfessionLexicon.plural(new)
            return lead + prefix + render_noun(body, canonical if found else body, new) + trail
        return lead + prefix + render_noun(body, body, new) + trail

    def _gender_from_context(self, ctx: SpanContext) -> str:
        m = _ARTICLE_BEFORE.search(ctx.before(12))
        return _ARTICLE_GENDER[m.group(1).lower()] if m else ""

    def _draw_profession(self, gender: str, n_words: int, rng: np.random.Generator, body: str) -> str:
        """Same gender (a common-gender profession fits any), the same number of words when there is one."""
        genders = (gender, COMMON) if gender != COMMON else (COMMON,)
        sizes = sorted({n for (_, n) in self.lexicon.samplers}, key=lambda n: (abs(n - n_words), n))
        for size in sizes:
            options = [(g, self.lexicon.samplers[(g, size)]) for g in genders if (g, size) in self.lexicon.samplers]
            if not options:
                continue
            total = sum(len(s) for _, s in options)
            pick = rng.random() * total
            for _, sampler in options:  # choose a pool in proportion to its size, then a value in it
                if pick < len(sampler):
                    try:
                        return self._draw_other_words(sampler, rng, body)
                    except ExhaustedError:
                        break
                pick -= len(sampler)
        raise CannotReplace("no other profession of the same gender")

    def _draw_other_words(self, sampler: Sampler, rng: np.random.Generator, body: str) -> str:
        """A draw that repeats none of the original's words of four letters or more: the leak guard masks such
        a word ("auxiliar de enfermería" -> "auxiliar de XXXXXXXXXX"); after a few draws, the last one."""
        own = {w for w in fold(body).split() if len(w) >= 4}
        exclude = [body, *self._forms_of(body)]
        new = sampler.draw(rng, exclude=exclude)
        for _ in range(_OTHER_WORD_DRAWS):
            if not own & set(fold(new).split()):
                break
            new = sampler.draw(rng, exclude=exclude)
        return new

    def _forms_of(self, body: str) -> list[str]:
        found = self.lexicon.lookup(body.split())
        if found is None:
            return []
        masc, fem, _ = self.lexicon.rows[found[0]]
        return [masc, fem]

    @staticmethod
    def _draw_shaped(values: tuple[str, ...], n_words: int, rng: np.random.Generator, body: str) -> str:
        """An activity with the same number of words if there is one, else the closest."""
        by_size = sorted({len(v.split()) for v in values}, key=lambda n: (abs(n - n_words), n))
        for size in by_size:
            same = [v for v in values if len(v.split()) == size and fold(v.split()[0]) != fold(body.split()[0])]
            if same:
                return same[int(rng.integers(len(same)))]
        raise CannotReplace("no other activity")
