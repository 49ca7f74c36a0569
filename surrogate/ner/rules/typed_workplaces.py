"""Firms named by their trade, as a note typed fast in lower case writes an employer or a shop: ``transportes
ibarra hnos``, ``construcciones tajo-jarama sl``, ``naviera olivares``, ``ortopedia zubieta``.

A trade's plural or a shop's kind (``construcciones``, ``transportes``, ``talleres``, ``naviera``, ``ortopedia``,
``autocares``, ``excavaciones``, ``mudanzas`` ...) followed by its owner's name: one to three words, each a known
surname or place that is no ordinary word (a hyphen may join two: ``tajo-jarama``), then perhaps ``hnos``/``e hijos``
or a legal form. A shop's kind (``ortopedia``, ``ferreteria`` ...) may also take one word that no list holds and that
does not read as an adjective (``ortopedia infantil``, ``ortopedia tecnica`` are kinds of care). A connector right
after the kind (``talleres de memoria``) or an ordinary word (``transportes sanitarios``) is no name. In a note typed
fast in lower case only (:func:`.typed_fast.typed_in_lower`): a capitalised firm is the ordinary rules'.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import STRUCTURED, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY
from .typed_fast import typed_in_lower

_BODY = "INSTITUCION"
_TRADES = ("construcciones|construccions|transportes|transports|talleres|tallers|naviera|autocares|excavaciones|"
           "reformas|mudanzas|distribuciones|instalaciones|montajes|estructuras|promociones|conservas|bodegas|"
           "suministros|maderas|aluminios|gruas|grúas|limpiezas|neteges|carpinteria|carpintería|fontaneria|fontanería")
# shops a patient is sent to, named by a word no list may hold
_SHOPS = "ortopedia|ortopèdia|ferreteria|ferretería|optica|óptica|panaderia|panadería|autoescuela"
_HEAD = re.compile(rf"(?<![\w.])(?P<h>{_TRADES}|{_SHOPS})[ \t]+", re.IGNORECASE)
_SHOP = re.compile(rf"(?:{_SHOPS})", re.IGNORECASE)
_BROTHERS = re.compile(r"(?:hnos\.?|hermanos|germans)[ \t]+(?=[^\W\d_])")
_ARTICLE = re.compile(r"(?:la|el|les|els|los|las)[ \t]+(?=[^\W\d_])")
_NAME_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_TAIL = re.compile(r"[ \t]+(?:hnos\.?|hermanos|germans|e[ \t]+hij[oa]s|i[ \t]+fills|,?[ \t]*(?:sl|s\.l\.?|slu|s\.l\.u\.?|sa|"
                   r"s\.a\.?|sau|scoop|s\.coop\.?))(?![\w])", re.IGNORECASE)
_CONNECT = frozenset({"de", "del", "y", "e", "i", "la", "las", "los", "el"})
# an adjective's or an abstract noun's ending: "infantil", "tecnica", "deportiva", "pediatrica"
_ADJECTIVE = re.compile(r"(?:ic[oa]s?|al(?:es)?|ar(?:es)?|iv[oa]s?|[ae]nte?s?|bles?|os[oa]s?|ari[oa]s?|ad[oa]s?|id[oa]s?|"
                        r"cion(?:es)?|dad(?:es)?|mente|ism[oa]s?|ista?s?)$")


def _known(w: str, lexicon: Lexicon, stop: frozenset[str]) -> bool:
    """A surname or a place that is no ordinary word (every part of a hyphenated word)."""
    parts = [fold(p) for p in w.split("-")]
    return all(len(p) >= 3 and p not in stop and p not in ORDINARY and p not in DESCRIPTORS
               and (lexicon.is_("surname", p) or lexicon.place_at([p]) > 0) for p in parts)


def _unlisted(w: str, lexicon: Lexicon, stop: frozenset[str]) -> bool:
    """A word no list holds that does not read as an adjective or an abstract noun."""
    f = fold(w)
    return len(f) >= 5 and "-" not in f and f not in stop and f not in ORDINARY and f not in DESCRIPTORS \
        and not _ADJECTIVE.search(f) and not any(lexicon.is_(c, f) for c in ("first_name", "surname", "profession", "kinship")) \
        and not lexicon.place_at([f])


def typed_workplace_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """Firms named by their trade and their owner's name in a note typed fast in lower case (module docstring)."""
    if not typed_in_lower(text):
        return []
    out: list[Candidate] = []
    for h in _HEAD.finditer(text):
        if h.group("h") != h.group("h").lower():
            continue
        pos, kept = h.end(), []
        brothers = _BROTHERS.match(text, pos) if not _SHOP.fullmatch(h.group("h")) else None
        if brothers:
            pos = brothers.end()  # "transportes hnos conesa": the brothers' word before their surname
        while len(kept) < 3:
            m = _NAME_WORD.match(text, pos)
            if not m or m.group() != m.group().lower():
                break
            f = fold(m.group())
            if f in _CONNECT and kept and len(kept) < 2:
                gap = re.match(r"[ \t]+", text[m.end():])
                if gap:
                    kept.append(m)
                    pos = m.end() + gap.end()
                    continue
            if not _known(m.group(), lexicon, stop):
                break
            kept.append(m)
            gap = re.match(r"[ \t]+(?=[^\W\d_])", text[m.end():])
            if not gap:
                break
            pos = m.end() + gap.end()
        while kept and fold(kept[-1].group()) in _CONNECT:
            kept.pop()
        if not kept and _SHOP.fullmatch(h.group("h")):
            article = _ARTICLE.match(text, h.end())  # "ortopedia la safor": a shop named with its article
            m = _NAME_WORD.match(text, article.end() if article else h.end())
            if m and m.group() == m.group().lower() and _unlisted(m.group(), lexicon, stop):
                kept = [m]
        if not kept:
            continue
        end = kept[-1].end()
        tail = _TAIL.match(text, end)
        out.append(Candidate(h.start(), tail.end() if tail else end, _BODY, STRUCTURED))
    return out
