"""A facility that a document names in full once and by its name alone elsewhere ("Hospital San Pedro" … "San
Pedro", "H. LA FE" … "la fe", "Centro de Salud Delicias" … "Delicias"): the name alone is the name proper of
the full mention's surrogate, so the note keeps speaking of one place. Nothing here draws."""
from __future__ import annotations

import functools

from gazetteers import fold

from ...textcase import render_like
from ..base import DocumentState
from .parse import ARTICLES, segments, tokens, word_class

_ANALYSIS = "facilities:full_mentions"
_ARTICLES = frozenset(a for a in ARTICLES if not a.endswith("'"))
_LOWER_WORDS = frozenset("de del la las los el y i e d' l' do da dos das".split())


@functools.lru_cache(maxsize=4096)  # a pure function of the text, asked for every facility mention of every seed
def name_proper(text: str) -> str | None:
    """The name of a facility mention, without its type words and connectors ("Hospital de la Princesa" →
    "Princesa", "Hospital Universitario La Paz" → "La Paz", "Centro de Salud Lorca/Sutullena" → "Lorca/Sutullena");
    None when it has none, or type words between its names ("Servicio de X del Hospital Y")."""
    toks = tokens(text)
    segs = segments(toks)
    if not segs or any(word_class(t) == "type" for t in toks[segs[0].end : segs[-1].start]):
        return None
    return "".join(toks[segs[0].start : segs[-1].end])


def _key(name: str) -> str:
    """A name as short and full mentions are matched: folded, without a leading article ("la fe", "Fe")."""
    words = fold(name.strip()).split(" ", 1)
    return words[1] if len(words) == 2 and words[0] in _ARTICLES else " ".join(words)


def _full_mentions(state: DocumentState) -> dict[str, str]:
    """Folded name proper → the one full mention (type words and that name) of the document's facilities;
    names that two different full mentions carry are left out (which one a short mention means is unknown)."""
    kind = "facility"
    full: dict[str, set[str]] = {}
    first: dict[str, str] = {}
    for sp in state.spans_of_kind(kind):
        if sp.is_discontinuous:
            continue
        text = state.document.span_text(sp)
        name = name_proper(text)
        if name is None or fold(name) == fold(text.strip()):
            continue  # no name, or nothing but the name
        full.setdefault(_key(name), set()).add(fold(text))
        first.setdefault(_key(name), text)
    return {name: first[name] for name, texts in full.items() if len(texts) == 1}


def full_mention(state: DocumentState, original: str) -> str | None:
    """The full mention of the document whose name proper ``original`` is, written alone; else None."""
    mentions = state.analysis(_ANALYSIS, _full_mentions)
    if not mentions or name_proper(original) != original.strip():
        return None
    return mentions.get(_key(original))


def written_like(original: str, name: str) -> str:
    """``name`` (cut from a surrogate) as ``original`` writes it: without its leading article when the original
    has none ("arrixaca" for "La Arrixaca"), in capitals, lower case, or proper case when the original is in
    proper case and the surrogate in capitals ("SAN CARLOS" for "San Pedro")."""
    if _key(name) != fold(name.strip()) and _key(original) == fold(original.strip()):
        name = name.strip().split(" ", 1)[1]
    letters = [c for c in original if c.upper() != c.lower()]
    if letters and not all(c.isupper() for c in letters) and not all(c.islower() for c in letters) \
            and name.upper() == name:
        words = name.lower().split(" ")
        name = " ".join(w if w in _LOWER_WORDS and k else w[:1].upper() + w[1:] for k, w in enumerate(words))
    return render_like(original, name)
