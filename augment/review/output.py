"""The de-identified version of a reviewed document, under a profile, with the CLI's engine and guard.

Surrogates run in the engine's keyed mode, with a key per document derived from the session's secret and
the document's seed: a span's surrogate depends on its own text, not on the other spans, so adding or
deleting a span does not redraw the rest. Re-surrogating a document bumps its seed (a new key).
Re-surrogating one span runs the engine again with a key for that span and the times it was redrawn, and
takes from it the surrogates of that span *and of every span with the same text*, so the engine's
consistency holds in the result: a corrected name gets one surrogate everywhere in the document. Every run goes
through the same engine, and so the same leak guard, as ``surrogate deid``; text is cut by
``surrogate.surgery`` only.
"""
from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Mapping, Set
from dataclasses import replace

from gazetteers.text import fold
from surrogate.config import PROFILES, EngineConfig
from surrogate.engine import Engine
from surrogate.model import Document, SurrogateResult
from surrogate.schemas import LabelSchema
from surrogate.surgery import apply_edits

_MAX_ENGINES = 64


class Outputs:
    """Engines per profile and key (gazetteers load once; a keyed engine is cheap to add)."""

    def __init__(self, schema: LabelSchema, secret: bytes) -> None:
        self.schema = schema
        self.secret = secret  # never leaves the review state: a known key would let one test guesses of originals
        self._engines: OrderedDict[tuple[str, bytes | None], Engine] = OrderedDict()

    def engine(self, profile: str, *key_parts: object) -> Engine:
        if profile not in PROFILES:
            raise ValueError(f"unknown profile {profile!r}")
        key = _key(self.secret, key_parts) if profile == "surrogate" and key_parts else None
        cache_key = (profile, key)
        if cache_key not in self._engines:
            self._engines[cache_key] = Engine(EngineConfig(profile=profile, key=key), self.schema)
            while len(self._engines) > _MAX_ENGINES:
                self._engines.popitem(last=False)
        self._engines.move_to_end(cache_key)
        return self._engines[cache_key]

    def warm_up(self, doc: Document) -> None:
        """Load gazetteers and replacers now rather than on the first page a reviewer opens."""
        for profile in PROFILES:
            self.engine(profile, "warm-up").apply(doc, seed=0)

    def render(self, doc: Document, profile: str, seed: int, draws: Mapping[str, int],
               kept: Set[str] = frozenset()) -> SurrogateResult:
        """``doc`` de-identified; ``draws[span_id] = k`` redraws that span's group k times.

        ``kept`` spans already hold surrogates (a corpus that ``deid`` or ``apply`` wrote): under the
        surrogate profile their text stays as it is; the other profiles mask, tag or redact them too.
        """
        base = self.engine(profile, doc.id, seed).apply(doc, seed=seed)
        ids = {sp.id for sp in doc.spans}
        redrawn = {sid: k for sid, k in draws.items() if k > 0 and sid in ids}
        kept = (set(kept) & ids) - set(redrawn) if profile == "surrogate" else set()
        if profile != "surrogate" or not (redrawn or kept):
            return base
        fragments = _fragments(base)
        for sid in kept:
            fragments[sid] = [doc.text[s:e] for s, e in next(sp for sp in doc.spans if sp.id == sid).fragments]
        done: set[str] = set()
        for sid in sorted(redrawn):
            group = _group(doc, sid)
            if group & done:
                continue
            done |= group
            kept -= group
            k = sum(redrawn.get(g, 0) for g in group)
            engine = self.engine(profile, doc.id, seed, "redraw", min(group), k)
            other = engine.apply(doc, seed=seed)
            other_fragments = _fragments(other)
            for g in group:
                fragments[g] = other_fragments[g]
        text, aligned = apply_edits(doc, fragments)
        new_doc = Document(doc.id, text, tuple(aligned[sp.id] for sp in doc.spans), doc.meta)
        new_doc.check_alignment()
        actions = {r.span_id: r for r in base.replacements}
        replacements = tuple(
            replace(actions[sp.id], surrogate=" ".join(fragments[sp.id]), action="keep" if sp.id in kept else actions[sp.id].action)
            for sp in doc.spans
        )
        return SurrogateResult(new_doc, aligned, replacements)


def _fragments(result: SurrogateResult) -> dict[str, list[str]]:
    text = result.document.text
    return {sid: [text[s:e] for s, e in sp.fragments] for sid, sp in result.alignment.items()}


def _group(doc: Document, span_id: str) -> set[str]:
    """The span and every span whose text reads the same (case and accents aside)."""
    target = next(sp for sp in doc.spans if sp.id == span_id)
    key = fold(doc.span_text(target))
    return {sp.id for sp in doc.spans if fold(doc.span_text(sp)) == key}



def _key(secret: bytes, parts: tuple[object, ...]) -> bytes:
    return hashlib.blake2b("\x1f".join(map(str, parts)).encode("utf-8"), key=secret, digest_size=32).digest()
