"""Combining backends: a union for recall, overlaps resolved, then an optional false-positive filter.

This follows the shape of BoB (Ferrández et al. 2013, "BoB, a best-of-breed automated text
de-identification system for VHA clinical documents"): a high-recall stage that pools the candidates of
several detectors, then a filter that removes likely false positives. BoB's filter is a trained
classifier; here the filter is a plain function on each candidate, with two built-ins:

* ``stopwords`` — drops candidates that cannot be PHI: no letter or digit, a single character outside
  a ``Sexo:`` field, or a common clinical word written in lower case (``paciente``, ``hospital``, ...);
* ``agreement`` — keeps a candidate when two or more backends proposed an overlapping span, or when the
  backend that proposed it is trusted for that label (by default: the statistical backends for every
  label, the rules for the regex-precise ones: dates, e-mails, phones, URLs, identifiers).

Before any of that, every member's spans go through the filter stage of the rules
(:mod:`surrogate.ner.rules.filters`): a span is cut at a field boundary (line end, ``;`` item, ``. Label:``)
and a number-shaped span that is a measurement (``120/80 mmHg``, ``10 mg``) is dropped.

Overlaps between backends are resolved in one of two ways:

* ``longest`` (default) — the longest candidate wins, ties go to the backend listed first: best for
  scores, since every kept span is one some backend proposed;
* ``merge`` — overlapping candidates become one span covering all of them, labelled as the longest:
  best for de-identification, since no character any backend flagged is left uncovered.
"""
from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from gazetteers.text import fold

from ..model import Span
from .base import BackendError, NerBackend, Occupied, finalize_spans
from .rules.filters import keep as field_filter


@dataclass(frozen=True, slots=True)
class Candidate:
    """One backend's span, with who proposed it and how many backends proposed an overlapping one."""

    start: int
    end: int
    label: str
    backend: str
    votes: int = 1


FpFilter = Callable[[str, Candidate], bool]  # (text, candidate) -> keep?

_COMMON_WORDS = frozenset(fold(w) for w in (
    "paciente", "pacientes", "hospital", "centro", "servicio", "unidad", "consulta", "urgencias", "doctor", "doctora",
    "dr", "dra", "médico", "medico", "enfermera", "clínica", "clinica", "fecha", "edad", "sexo", "nombre", "año",
    "años", "mes", "meses", "día", "días", "semana", "semanas", "hoy", "ayer", "mañana", "derecho", "izquierdo",
    "derecha", "izquierda", "normal", "alta", "ingreso", "control", "tratamiento", "informe", "historia",
))
_HAS_ALNUM = re.compile(r"\w")
_SEX_FIELD_BEFORE = re.compile(r"(?i)sexo\s*:\s*$")

PRECISE_RULE_LABELS = frozenset({
    "FECHAS", "CORREO_ELECTRONICO", "NUMERO_TELEFONO", "NUMERO_FAX", "URL_WEB", "DIREC_PROT_INTERNET",
    "ID_SUJETO_ASISTENCIA", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL", "ID_TITULACION_PERSONAL_SANITARIO",
    "ID_EMPLEO_PERSONAL_SANITARIO", "NUMERO_BENEF_PLAN_SALUD", "OTRO_NUMERO_IDENTIF",
})


def stopword_filter(text: str, cand: Candidate) -> bool:
    span_text = text[cand.start:cand.end]
    if not _HAS_ALNUM.search(span_text):
        return False
    if len(span_text.strip()) == 1 and not _SEX_FIELD_BEFORE.search(text[max(0, cand.start - 12):cand.start]):
        return False
    return not (span_text.islower() and fold(span_text) in _COMMON_WORDS)


def agreement_filter(trusted: Mapping[str, frozenset[str] | str] | None = None) -> FpFilter:
    """Keep a candidate with 2+ votes, or one whose backend is trusted for its label (``"*"``: all labels)."""
    trusted = dict(trusted) if trusted is not None else {"rules": PRECISE_RULE_LABELS}

    def keep(text: str, cand: Candidate) -> bool:
        if cand.votes >= 2:
            return True
        allowed = trusted.get(cand.backend, "*" if cand.backend != "rules" else frozenset())
        return allowed == "*" or cand.label in allowed

    return keep


FILTERS: dict[str, Callable[[], FpFilter | None]] = {
    "none": lambda: None,
    "stopwords": lambda: stopword_filter,
    "agreement": lambda: agreement_filter(),
}


class UnionBackend:
    """The union of several backends (see module docstring). All members must share one label schema."""

    def __init__(
        self, backends: Sequence[NerBackend], *, overlap: str = "longest", fp_filter: FpFilter | None = None
    ) -> None:
        if not backends:
            raise BackendError("a union needs at least one backend")
        schemas = {b.schema for b in backends}
        if len(schemas) != 1:
            raise BackendError(f"cannot combine backends with different label schemas: {', '.join(sorted(schemas))}")
        if overlap not in ("longest", "merge"):
            raise BackendError("overlap must be 'longest' or 'merge'")
        self.backends = list(backends)
        self.schema = schemas.pop()
        self.name = "+".join(b.name for b in backends)
        self.overlap = overlap
        self.fp_filter = fp_filter

    def predict(self, texts: Sequence[str]) -> list[list[Span]]:
        per_backend = [b.predict(texts) for b in self.backends]
        out = []
        for i, text in enumerate(texts):
            cands = [
                Candidate(*bounds, sp.label, b.name)
                for b, preds in zip(self.backends, per_backend)
                for sp in preds[i]
                if (bounds := field_filter(text, sp.start, sp.end, sp.label))
            ]
            cands = _count_votes(cands)
            if self.fp_filter is not None:
                cands = [c for c in cands if self.fp_filter(text, c)]
            out.append(finalize_spans(self._resolve(cands), text))
        return out

    def _resolve(self, cands: list[Candidate]) -> list[tuple[int, int, str]]:
        order = {b.name: k for k, b in enumerate(self.backends)}
        ranked = sorted(cands, key=lambda c: (-(c.end - c.start), order.get(c.backend, 99), c.start))
        if self.overlap == "longest":
            taken = Occupied()
            return [(c.start, c.end, c.label) for c in ranked if taken.add_if_free(c.start, c.end)]
        groups: list[list[int | str]] = []  # [start, end, label of the longest member]
        for c in sorted(cands, key=lambda c: c.start):
            if groups and c.start < groups[-1][1]:
                groups[-1][1] = max(groups[-1][1], c.end)
            else:
                groups.append([c.start, c.end, ""])
        best: dict[int, Candidate] = {}  # group index -> its longest (first-ranked) member
        starts = [int(g[0]) for g in groups]
        for c in ranked:
            best.setdefault(bisect.bisect_right(starts, c.start) - 1, c)
        for k, g in enumerate(groups):
            g[2] = best[k].label
        return [(int(g[0]), int(g[1]), str(g[2])) for g in groups]


def _count_votes(cands: list[Candidate]) -> list[Candidate]:
    """Each candidate's votes: how many distinct backends proposed a span overlapping it.

    Each backend's own spans are disjoint and sorted, so the only one of them that can overlap a
    candidate is the last that starts before the candidate ends: one binary search per backend.
    """
    by_backend: dict[str, tuple[list[int], list[int]]] = {}
    for c in sorted(cands, key=lambda c: c.start):
        starts, ends = by_backend.setdefault(c.backend, ([], []))
        starts.append(c.start)
        ends.append(c.end)
    out = []
    for c in cands:
        votes = 0
        for starts, ends in by_backend.values():
            i = bisect.bisect_left(starts, c.end) - 1
            votes += i >= 0 and ends[i] > c.start
        out.append(Candidate(c.start, c.end, c.label, c.backend, votes))
    return out


def build(
    *, model: str | None = None, schema: str | None = None, members: Sequence[str] = ("rules", "crf"),
    overlap: str = "longest", fp_filter: str = "none", **options: object,
) -> UnionBackend:
    """Registry factory. ``--model`` goes to every member that takes one (all but ``rules``)."""
    from .registry import load_backend

    if options:
        raise BackendError(f"the union backend has no option(s) {', '.join(sorted(options))}")
    if fp_filter not in FILTERS:
        raise BackendError(f"unknown false-positive filter {fp_filter!r}; choose one of {', '.join(FILTERS)}")
    backends = [
        load_backend(name, model=None if name == "rules" else model, schema=schema) for name in members
    ]
    return UnionBackend(backends, overlap=overlap, fp_filter=FILTERS[fp_filter]())
