"""Invariant checks for surrogated documents, usable in any test suite.

Each check raises ``AssertionError`` naming the document, the span id and the property that failed, never
the PHI text. ``result`` may be an engine :class:`~surrogate.model.SurrogateResult` or a plain surrogated
:class:`~surrogate.model.Document` whose spans keep the original span ids (what BRAT output gives).
"""
from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Collection, Mapping

from gazetteers.text import fold

from ..model import Document, Span, SurrogateResult
from ..schemas import LabelSchema, as_schema
from .formats import format_problems
from .formats.dates import calendar_dates

Result = Document | SurrogateResult

__all__ = ["assert_aligned", "assert_consistent", "assert_no_leak", "assert_outside_unchanged",
           "assert_same_format", "identifies_no_one"]


def _document(result: Result) -> Document:
    return result.document if isinstance(result, SurrogateResult) else result


def _actions(result: Result) -> dict[str, str]:
    """Span id → engine action (surrogate, mask, keep…); empty for a plain document."""
    if isinstance(result, SurrogateResult):
        return {r.span_id: r.action for r in result.replacements}
    return {}


def _pairs(original: Document, result: Result) -> list[tuple[Span, Span]]:
    """(original span, surrogated span) matched by id; a lost or invented span id is a failure itself."""
    new = _document(result)
    by_id = {sp.id: sp for sp in new.spans}
    missing = [sp.id for sp in original.spans if sp.id not in by_id]
    extra = sorted(set(by_id) - {sp.id for sp in original.spans})
    if missing or extra:
        raise AssertionError(f"doc {original.id}: span ids differ (missing {missing}, unexpected {extra})")
    if len(by_id) != len(new.spans):
        raise AssertionError(f"doc {new.id}: duplicate span ids in the result")
    pairs = []
    for sp in original.spans:
        if len(by_id[sp.id].fragments) != len(sp.fragments):
            raise AssertionError(f"span {sp.id} in doc {original.id}: fragment count changed")
        pairs.append((sp, by_id[sp.id]))
    return pairs


def assert_aligned(doc: Result, expected: Mapping[str, str] | None = None) -> None:
    """Every span's offsets are well formed, inside the text, and point at its text.

    The text a span must hold comes from ``expected`` (span id → text, e.g. the text column of a BRAT
    ``.ann``) or, for a ``SurrogateResult``, from each replacement's surrogate.
    """
    new = _document(doc)
    n = len(new.text)
    for sp in new.spans:
        where = f"span {sp.id} in doc {new.id}"
        if not sp.fragments:
            raise AssertionError(f"{where}: no fragments")
        if (sp.start, sp.end) != (sp.fragments[0][0], sp.fragments[-1][1]):
            raise AssertionError(f"{where}: start/end do not cover its fragments")
        previous_end = 0
        for s, e in sp.fragments:
            if not 0 <= s <= e <= n:
                raise AssertionError(f"{where}: offsets outside the text")
            if s < previous_end:
                raise AssertionError(f"{where}: fragments out of order or overlapping")
            previous_end = e
    wanted: dict[str, str] = dict(expected or {})
    if isinstance(doc, SurrogateResult):
        for r in doc.replacements:
            wanted.setdefault(r.span_id, r.surrogate)
            if doc.alignment.get(r.span_id) not in new.spans:
                raise AssertionError(f"span {r.span_id} in doc {new.id}: alignment and document disagree")
    for sp in new.spans:
        if sp.id in wanted and new.span_text(sp) != wanted[sp.id]:
            raise AssertionError(f"span {sp.id} in doc {new.id}: offsets do not point at its text")


def assert_outside_unchanged(original: Document, result: Result) -> None:
    """The text outside every span (including between a discontinuous span's fragments) is byte-identical."""
    new = _document(result)
    pieces = sorted(
        (frag, o_sp.id, n_sp.fragments[i])
        for o_sp, n_sp in _pairs(original, result)
        for i, frag in enumerate(o_sp.fragments)
    )
    o_pos = n_pos = 0
    for (s, e), span_id, (ns, ne) in pieces:
        if original.text[o_pos:s] != new.text[n_pos:ns]:
            raise AssertionError(f"doc {original.id}: text before span {span_id} changed")
        o_pos, n_pos = e, ne
    if original.text[o_pos:] != new.text[n_pos:]:
        where = f"after span {pieces[-1][1]}" if pieces else "(no spans)"
        raise AssertionError(f"doc {original.id}: text {where} changed")


#: the locale's own country, which may stay as it is (issue 13); other countries may not
_OWN_COUNTRIES = frozenset({"espana", "spain"})


def identifies_no_one(kind: str, text: str) -> bool:
    """May a span of ``kind`` read as its original? Only the locale's own country ("España") and a bare kinship
    word: no digit and no capitalised word after the first ("madre", "su hermano mayor"; not "madre de 36 años",
    not "hija Encarna"). The rule ``check_surrogates`` applies too."""
    if kind == "country":
        return fold(text) in _OWN_COUNTRIES
    if kind == "kinship":
        return not any(c.isdigit() for c in text) and not any(w[:1].isupper() for w in text.split()[1:])
    return False


def assert_no_leak(original: Document, result: Result, *, kept_labels: Collection[str] = (),
                   schema: LabelSchema | str = "meddocan") -> None:
    """No span reads as its original, compared case- and accent-insensitively.

    Spans the engine kept by design (action ``keep``, e.g. the patient's sex), labels in ``kept_labels`` and
    values that identify no one (:func:`identifies_no_one`; kinds from the result, else ``schema``) are exempt;
    an original without letters or digits (empty, spaces) has nothing to leak.
    """
    actions = _actions(result)
    new = _document(result)
    kinds = _kinds(original, result, schema)
    for o_sp, n_sp in _pairs(original, result):
        if actions.get(o_sp.id) == "keep" or o_sp.label in kept_labels \
                or identifies_no_one(kinds.get(o_sp.id, ""), original.span_text(o_sp)):
            continue
        before = fold(original.span_text(o_sp))
        if before and fold(new.span_text(n_sp)) == before:
            raise AssertionError(f"span {o_sp.id} in doc {original.id}: surrogate reads as its original")


def assert_same_format(original_value: str, surrogate_value: str, kind: str | None = None) -> None:
    """The surrogate keeps the original's format as ``kind`` defines it (see ``surrogate.testing.formats``).

    ``kind`` defaults to the ``.kind`` of a generated :class:`~surrogate.testing.values.PHIValue`, which
    reaches the check as it is: a check may read its ``.form`` (the glued collegiate layout does).
    """
    kind = kind or getattr(original_value, "kind", None)
    if kind is None:
        raise TypeError("assert_same_format needs a kind (or a PHIValue that carries one)")
    problems = format_problems(original_value, str(surrogate_value), kind)
    if problems:
        form = getattr(original_value, "form", "")
        raise AssertionError(f"same_format({kind}{'/' + form if form else ''}) failed: {', '.join(problems)}")


def _kinds(original: Document, result: Result, schema: LabelSchema | str) -> dict[str, str]:
    if isinstance(result, SurrogateResult):
        return {r.span_id: r.kind for r in result.replacements}
    spec_of = as_schema(schema).spec
    return {sp.id: (spec.kind if (spec := spec_of(sp.label)) else sp.label) for sp in original.spans}


def assert_consistent(original: Document, result: Result, *, schema: LabelSchema | str = "meddocan") -> None:
    """Within the document, one original gives one surrogate (per kind), and every date moves by one shift.

    Kinds come from the result's replacements, or from ``schema`` (label → kind) for a plain document.
    Only spans the engine surrogated are compared (a masked span has no surrogate to be consistent with).
    """
    new = _document(result)
    actions = _actions(result)
    kinds = _kinds(original, result, schema)
    seen: dict[tuple[str, str], tuple[str, str]] = {}
    shifts: dict[int, list[str]] = defaultdict(list)
    for o_sp, n_sp in _pairs(original, result):
        if actions and actions.get(o_sp.id) != "surrogate":
            continue
        before, after = original.span_text(o_sp), new.span_text(n_sp)
        key = (kinds[o_sp.id], before)
        if key in seen and seen[key][1] != after:
            raise AssertionError(
                f"spans {seen[key][0]} and {o_sp.id} in doc {original.id}: "
                f"the same {key[0]} original got different surrogates"
            )
        seen.setdefault(key, (o_sp.id, after))
        if kinds[o_sp.id] == "date":
            for old, moved in zip(calendar_dates(before), calendar_dates(after)):
                if old is not None and moved is not None:
                    shifts[_days_between(old, moved)].append(o_sp.id)
    if len(shifts) > 1:
        ids = sorted(sp for group in shifts.values() for sp in group[:1])
        raise AssertionError(f"doc {original.id}: dates move by {len(shifts)} different shifts (spans {ids})")
    if 0 in shifts:
        raise AssertionError(f"doc {original.id}: dates were not shifted (span {shifts[0][0]})")


def _days_between(old: tuple[int, int, int], new: tuple[int, int, int]) -> int:
    return (dt.date(*new) - dt.date(*old)).days
