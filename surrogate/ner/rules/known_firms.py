"""Companies by their brand alone, in any case and in any note (``firms.tsv``: home oxygen and medical gas suppliers,
dialysis and respiratory equipment makers, banks, large retailers and employers; :func:`gazetteers.name_lists.
name_list`): ``llamado el tecnico de fresenius``, ``concentrador invacare``, ``la pension la cobra en caja rural``,
``zapatillas del decathlon``. A brand written with accents or without (``telefonica``) is the same brand.

* not inside an e-mail, a web address or a file's name, nor right after a registered mark (``®``: a product cited);
* a capitalised word after the brand and ``de`` (``trabaja en inditex de Arteixo``) is the branch's place, when it is
  no given name, no ordinary word and no kinship word.
"""
from __future__ import annotations

import re
from functools import cache

from gazetteers.name_lists import name_list
from gazetteers.text import fold

from ...leak_guard import fold_chars
from ..lexicon import Lexicon
from .common import PATTERN, STRUCTURED, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY

_BODY, _TOWN = "INSTITUCION", "TERRITORIO"
_BRANCH = re.compile(r"[ \t]+(?:de|d['’])[ \t]*(?P<t>[A-ZÁÉÍÓÚÑ][a-záéíóúñàèòç'’-]{2,})(?![\w])")


@cache
def _firms() -> re.Pattern[str] | None:
    names = {" ".join(fold(form).split()) for form, _ in name_list("firms")}
    if not names:
        return None
    alt = "|".join(re.escape(n).replace(r"\ ", r"[ \t]+") for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w@./®-])(?:{alt})(?![\w@-]|\.\w)")


def known_firm_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """Every listed firm's written form (folded, so in any case), and the place of its branch (module docstring)."""
    rx = _firms()
    if rx is None:
        return []
    folded = fold_chars(text)  # the same length: offsets hold
    out: list[Candidate] = []
    for m in rx.finditer(folded):
        if "®" in text[max(0, m.start() - 3):m.start()]:
            continue
        out.append(Candidate(m.start(), m.end(), _BODY, STRUCTURED))
        b = _BRANCH.match(text, m.end())
        if b:
            w = fold(b.group("t"))
            if w not in stop and w not in ORDINARY and w not in DESCRIPTORS and not lexicon.is_("first_name", w) \
                    and not lexicon.is_("kinship", w):
                out.append(Candidate(b.start("t"), b.end("t"), _TOWN, PATTERN))
    return out
