"""Mutual insurers and health insurers by their brand (``FREMAP``, ``Asepeyo``, ``Sanitas``, ``MUFACE``): a small
gazetteer next to the rules (``insurers.tsv``), read once on the first document. A note on a work accident names the
mutua without any cue word ("FREMAP · Mutua Colaboradora ...", "Centro de Rehabilitación FREMAP Sevilla")."""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from .common import STRUCTURED, Candidate


@cache
def _insurers() -> re.Pattern[str]:
    path = Path(__file__).with_name("insurers.tsv")
    names = [r.split("\t")[0] for r in path.read_text(encoding="utf-8").splitlines() if r and not r.startswith("#")]
    alt = "|".join(re.escape(n).replace(r"\ ", r"[ \t]+") for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w@./-])(?:{alt})(?![\w@-]|\.\w)")  # not inside an e-mail or a web address


def insurer_candidates(text: str) -> list[Candidate]:
    """Every written form of a listed insurer, as an institution."""
    return [Candidate(m.start(), m.end(), "INSTITUCION", STRUCTURED) for m in _insurers().finditer(text)]
