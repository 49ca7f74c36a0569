"""Deterministic RNG derivation. Every random choice flows from one injected numpy Generator.

Seeds are derived with SHA-256 (not Python's ``hash``, which is salted per process), so the same
(seed, document id, copy) gives the same stream in any worker, in any order.
"""
from __future__ import annotations

import hashlib
import hmac

import numpy as np

from gazetteers.text import fold


def derive_seed(*parts: object) -> int:
    """A 128-bit seed from any printable parts (seed, document id, copy index...)."""
    h = hashlib.sha256("\x1f".join(str(p) for p in parts).encode("utf-8")).digest()
    return int.from_bytes(h[:16], "big")


def derive_rng(*parts: object) -> np.random.Generator:
    return np.random.default_rng(derive_seed(*parts))


def keyed_rng(key: bytes, kind: str, original: str) -> np.random.Generator:
    """Corpus-wide consistency without a stored table: the draw depends only on (key, kind, original).

    The original is normalised (case, accents, spacing) so "GARCÍA" and "Garcia" share a surrogate.
    """
    mac = hmac.new(key, f"{kind}\x1f{fold(original)}".encode("utf-8"), hashlib.sha256).digest()
    return np.random.default_rng(int.from_bytes(mac[:16], "big"))
