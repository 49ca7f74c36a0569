"""Token features of the CRF backend. Bump :data:`FEATURE_VERSION` whenever the output changes.

Per token: lower-cased and folded form, word shape (full and collapsed), prefixes and suffixes up to 4
characters, case and digit flags, length; gazetteer membership (``B``/``I`` of the longest phrase of each
category: first names, surnames, municipalities, provinces, countries, street types, kinship terms,
professions); the header field the token belongs to (the ``Key:`` before it on its line, e.g. ``NHC``);
the honorific or punctuation right before it; and a ±2 window of the neighbours' form, shape and flags.
A model records the version it was trained with and refuses features of another version.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from gazetteers.text import fold

from .lexicon import PHRASE_CATEGORIES, Lexicon
from .tokenize import Token

FEATURE_VERSION = 1

_KEY_BEFORE = re.compile(r"([^\W\d_][\w/ .ºª°]{0,30}?)\s*:\s*$")
_MAX_KEY_WORDS = 2  # "Fecha de nacimiento" -> "de nacimiento"; the last word alone is a feature too


def _shape(word: str) -> str:
    out = []
    for ch in word:
        if ch.isupper():
            out.append("X")
        elif ch.islower():
            out.append("x")
        elif ch.isdigit():
            out.append("d")
        else:
            out.append(ch)
    return "".join(out)


def _short_shape(shape: str) -> str:
    return re.sub(r"(.)\1+", r"\1", shape)


def _header_keys(text: str, toks: Sequence[Token]) -> list[str]:
    """For each token, the folded ``Key`` of the nearest ``Key:`` before it on its line (or "")."""
    keys = [""] * len(toks)
    current = ""
    for i, tok in enumerate(toks):
        if tok.text == ":":
            m = _KEY_BEFORE.search(text, max(0, tok.start - 40), tok.start + 1)
            words = fold(m.group(1)).split() if m else []
            current = " ".join(words[-_MAX_KEY_WORDS:]) if words else ""
            keys[i] = ""
            continue
        keys[i] = current
    return keys


def token_features(text: str, toks: Sequence[Token], lexicon: Lexicon) -> list[list[str]]:
    """Feature strings for every token of one sequence (one line of text)."""
    n = len(toks)
    folded = [fold(t.text) for t in toks]
    gaz: list[list[str]] = [[] for _ in range(n)]
    for cat in PHRASE_CATEGORIES:
        index = lexicon.phrases[cat]
        i = 0
        while i < n:
            k = index.longest_at(folded, i)
            if k:
                gaz[i].append(f"gz:{cat}=B")
                for j in range(i + 1, i + k):
                    gaz[j].append(f"gz:{cat}=I")
                i += k
            else:
                i += 1
    keys = _header_keys(text, toks)
    base: list[dict[str, str]] = []
    for t, f in zip(toks, folded):
        w = t.text
        shape = _shape(w)
        base.append({
            "w": f,
            "sh": shape if len(shape) <= 12 else shape[:12],
            "ssh": _short_shape(shape),
            "t": "T" if w[:1].isupper() and w[1:].islower() else ("U" if w.isupper() and len(w) > 1 else ""),
            "d": "D" if w.isdigit() else ("d" if any(c.isdigit() for c in w) else ""),
        })
    feats: list[list[str]] = []
    for i, (t, f) in enumerate(zip(toks, folded)):
        w, b = t.text, base[i]
        out = ["bias", f"w={f}", f"sh={b['sh']}", f"ssh={b['ssh']}", f"len={min(len(w), 12)}"]
        if b["t"]:
            out.append(f"case={b['t']}")
        if b["d"]:
            out.append(f"digit={b['d']}{len(w) if b['d'] == 'D' else ''}")
        for k in range(1, 5):
            if len(f) > k:
                out.append(f"p{k}={f[:k]}")
                out.append(f"s{k}={f[-k:]}")
        out.extend(gaz[i])
        if keys[i]:
            out.append(f"hdr={keys[i]}")
            out.append(f"hdr1={keys[i].rsplit(' ', 1)[-1]}")
        gap = text[toks[i - 1].end:t.start] if i else ""
        if i == 0:
            out.append("BOL")
        elif not gap:
            out.append("glued")
        if i == n - 1:
            out.append("EOL")
        for off in (-2, -1, 1, 2):
            j = i + off
            if 0 <= j < n:
                nb = base[j]
                out.append(f"{off}:w={nb['w']}")
                out.append(f"{off}:ssh={nb['ssh']}")
                if nb["t"]:
                    out.append(f"{off}:case={nb['t']}")
                if off in (-1, 1):
                    out.extend(f"{off}:{g}" for g in gaz[j])
        if i >= 1:
            out.append(f"-1|0={base[i - 1]['w']}|{f}")
        if i + 1 < n:
            out.append(f"0|+1={f}|{base[i + 1]['w']}")
        feats.append(out)
    return feats
