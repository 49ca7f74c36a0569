"""Overlapping and nested spans: which span is replaced as one edit, and what becomes of the others.

Policy (docs/engine.md, "Overlapping spans"):

- Spans whose fragments share a character form a *cluster* (transitively). Spans that the engine keeps as
  they are (section headers, sex in the surrogate profile) never join a cluster: they change no text, and
  their boundaries are carried through the edits afterwards.
- The cluster's *head* is the replaceable span that covers the most characters (then the earliest, then the
  first in input order). Its kind decides; it is replaced as one edit over the cluster's *region*, the union
  of every member's fragments, so no character of any member escapes the edit.
- Every other member is
  - ``realigned`` when it covers the same characters as the head (it takes the head's new span), or lies
    inside the head and the head's replacement carries a surrogate of its text at a known place (a name that
    the facility replacer delegated, any span inside a masked head). When the head's replacer drew a surrogate
    that carries no such place (a catalogue hospital for "Hospital Doña Leonor Azpeitia", a person's name
    inside), the engine writes the head again from its own text instead (:func:`compose_head`): each nested
    span's surrogate in its place, the words the head's replacer keeps ("Hospital"), every other run masked;
  - ``merged`` when it is not realigned but has the head's label, or reaches beyond the head (a crossing
    overlap: the head's output span now covers its characters);
  - ``dropped`` otherwise (nested, other label, no place in the surrogate): its text is replaced as part of
    the head, and its annotation is not written.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .model import Document, Fragment, Span
from .place_articles import reconnect
from .surgery import place_inside, splice

OUTCOMES = ("realigned", "merged", "dropped")


@dataclass(frozen=True)
class Cluster:
    """A head span replaced as one edit over ``edit``'s fragments, and the members it swallows."""

    head: Span
    edit: Span  # the head's id and label over the cluster's region
    nested: tuple[Span, ...]  # every fragment inside one of the head's fragments
    crossing: tuple[Span, ...]  # reaches beyond the head


@dataclass(frozen=True)
class Resolution:
    """The disjoint spans to replace (input order), the clusters, and the overlapping kept spans."""

    edits: tuple[Span, ...]
    clusters: tuple[Cluster, ...]
    kept: tuple[Span, ...]  # spans kept as they are that overlap another span: realigned by their boundaries


def _components(spans: Sequence[Span]) -> list[list[int]]:
    """Indices of ``spans`` grouped by shared characters (a zero-width fragment overlaps a span that strictly
    contains its position, as ``augment.validation.find_overlap`` judges it)."""
    parent = list(range(len(spans)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    frags = sorted((s, e, i) for i, sp in enumerate(spans) for s, e in sp.fragments)
    reach_start, reach, owner = 0, -1, -1  # the fragment seen so far that reaches furthest right
    for s, e, i in frags:
        if owner >= 0 and owner != i and s < reach and reach_start < e:
            parent[find(i)] = find(owner)
        if e > reach:
            reach_start, reach, owner = s, e, i
    groups: dict[int, list[int]] = {}
    for i in range(len(spans)):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


def _region(spans: Iterable[Span]) -> tuple[Fragment, ...]:
    """The union of the spans' non-empty fragments, overlapping pieces merged (adjacent ones stay apart)."""
    out: list[list[int]] = []
    for s, e in sorted(f for sp in spans for f in sp.fragments if f[1] > f[0]):
        if out and s < out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return tuple((s, e) for s, e in out)


def _inside(span: Span, outer: Span) -> bool:
    return all(any(hs <= s and e <= he for hs, he in outer.fragments) for s, e in span.fragments)


def covered(span: Span) -> int:
    return sum(e - s for s, e in span.fragments)


def resolve(spans: Sequence[Span], *, kept: Callable[[Span], bool]) -> Resolution:
    """Split ``spans`` into disjoint edits; ``kept(span)`` says the engine leaves that span's text as it is."""
    comps = _components(spans)
    if all(len(c) == 1 for c in comps):
        return Resolution(tuple(spans), (), ())
    overlapping = {i for c in comps if len(c) > 1 for i in c}
    kept_spans = tuple(spans[i] for i in sorted(overlapping) if kept(spans[i]))
    # kept spans leave the clustering: the others are grouped again without them
    rest = [i for i in range(len(spans)) if not (i in overlapping and kept(spans[i]))]
    sub = [spans[i] for i in rest]
    clusters: list[Cluster] = []
    edit_of: dict[int, Span] = {}
    for comp in _components(sub):
        members = [sub[j] for j in comp]
        if len(members) == 1:
            edit_of[rest[comp[0]]] = members[0]
            continue
        order = {sp.id: k for k, sp in enumerate(members)}
        head = max(members, key=lambda sp: (covered(sp), -sp.start, -order[sp.id]))
        region = _region(members) or head.fragments
        edit = Span.from_fragments(head.id, head.label, region)
        others = [sp for sp in members if sp is not head]
        clusters.append(Cluster(
            head, edit,
            tuple(sp for sp in others if _inside(sp, head)),
            tuple(sp for sp in others if not _inside(sp, head)),
        ))
        edit_of[rest[comp[members.index(head)]]] = edit
    edits = tuple(edit_of[i] for i in sorted(edit_of))
    return Resolution(edits, tuple(clusters), kept_spans)


def place_nested(doc: Document, inner: Span, head: Span, texts: list[str], parts: list[list[tuple[str, str]]],
                 action: str, new_text: str, new_head: Span, known: str | None = None) -> Span | None:
    """Where a nested span's surrogate lies inside its head's replacement (``texts``: the head's new fragments,
    ``parts``: their delegated (piece, surrogate) pairs; ``known``: the span's own surrogate), or None when
    unknown and the span is merged or dropped."""
    if inner.is_discontinuous:
        return None
    s, e = inner.fragments[0]
    k = next(i for i, (hs, he) in enumerate(head.fragments) if hs <= s and e <= he)
    hs, he = head.fragments[k]
    if action in ("keep", "mask", "fallback-mask") and len(texts[k]) == he - hs:  # same length: same place
        return place_inside(new_text, new_head, k, s - hs, texts[k][s - hs : e - hs], inner.id, inner.label)
    if action != "surrogate" or s == e:
        return None
    found = find_carried(doc.text[s:e], texts[k], parts[k], known)
    return None if found is None else place_inside(new_text, new_head, k, *found, inner.id, inner.label)


def find_carried(original: str, text: str, parts: Sequence[tuple[str, str]], known: str | None) -> tuple[int, str] | None:
    """(offset, surrogate) of a nested span's surrogate in its head's new fragment ``text``: the one piece the
    head's replacer delegated for ``original``, else the span's own surrogate ``known`` at word boundaries;
    each only when it occurs once. None when the surrogate has no known place."""
    for piece, new in reversed(parts):
        if piece == original and new and text.count(new) == 1:
            return text.index(new), new
    if known and re.search(rf"(?<!\w){re.escape(known)}(?!\w)", text) and text.count(known) == 1:
        return text.index(known), known
    return None


def outermost(spans: Iterable[Span]) -> list[Span]:
    """The single-fragment spans that lie inside no other one of them (by start; the longest first at a tie)."""
    out: list[Span] = []
    for sp in sorted((sp for sp in spans if not sp.is_discontinuous), key=lambda sp: (sp.start, -sp.end)):
        if not out or sp.start >= out[-1].end:
            out.append(sp)
    return out


def compose_head(original: str, pieces: Sequence[tuple[int, int, str]],
                 copied_runs: Callable[[str], list[tuple[int, int]]], mask: Callable[[str], str],
                 lead: tuple[int, str] | None = None) -> tuple[str, list[tuple[str, str]], bool]:
    """A head's fragment that carries its nested spans: ``original`` with each ``(start, end, surrogate)`` of
    ``pieces`` (disjoint nested spans) in its place, its opening ``original[:end]`` replaced by ``lead``'s text
    when given (the head's replacer run on the words before the first nested span), and every other run that
    ``copied_runs`` finds copied from the original (a run the head's replacer would not keep) masked. For a head
    whose replacer cannot carry a nested span (a person's name inside a hospital's): the span keeps its
    annotation, and no PHI passes. Returns the text, the nested spans' (piece, surrogate) parts and whether a
    run was masked."""
    out: list[str] = []
    parts: list[tuple[str, str]] = []
    placed: list[tuple[int, int]] = []  # where each new piece lies in the new text
    cursor = length = 0
    edits = [(0, lead[0], lead[1], False)] if lead else []
    for s, e, new, nested in sorted([*edits, *((s, e, new, True) for s, e, new in pieces)]):
        gap = _elided(original[cursor:s], new, original[s:e] if nested else "")
        out += [gap, new]
        length += len(gap)
        placed.append((length, length + len(new)))
        length += len(new)
        if nested:
            parts.append((original[s:e], new))
        cursor = e
    out.append(original[cursor:])
    text = "".join(out)
    runs = [(s, e) for s, e in copied_runs(text) if not any(ps < e and s < pe for ps, pe in placed)]
    # masks keep the length, so the surrogates stay where ``placed`` says
    text = splice(text, [(s, e, mask(text[s:e])) for s, e in runs])
    return text, parts, bool(runs)


_ELIDED = re.compile(r"(?<!\w)([dD])['’]\Z")
_ARTICLE_BEFORE_PLACE = re.compile(r"(?i)(?<!\w)((?:del|de[ \t]+la|de[ \t]+las|de[ \t]+los)[ \t]+)\Z")


def _elided(gap: str, new: str, old: str = "") -> str:
    """``gap`` before ``new``, the surrogate of ``old``: an elided "d'" (Catalan) stays elided only before a vowel
    or an h ("d'Albocàsser" → "de Gijón", "d'Olot"); an article before a place follows the new place ("Serveis
    Socials del Bages" came out "… del Tres Cantos", ``placed_bodies.reconnect``)."""
    article = _ARTICLE_BEFORE_PLACE.search(gap)
    if article and new[:1].isupper() and old[:1].isupper():
        return gap[: article.start(1)] + reconnect(article.group(1), old, new).lstrip()
    m = _ELIDED.search(gap)
    if m is None or not new or new[0].lower() in "aeiouhàáèéíòóúü":
        return gap
    return gap[: m.start()] + m.group(1) + "e "
