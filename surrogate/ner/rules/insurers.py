"""Institutions by their own name, without a cue word: mutual insurers and health insurers by their brand (``FREMAP``,
``Asepeyo``, ``Sanitas``, ``MUFACE``; ``insurers.tsv``), public bodies and the service companies of a care or social
report (``Osakidetza``, ``SUMMA 112``, ``Guardia Civil``, ``IMSERSO``, ``Quirónprevención``, ``Clece``;
``bodies.tsv``): small hand-compiled lists in ``gazetteers/facts/`` (:func:`gazetteers.name_lists.name_list`), read
once on the first document. A note on a work accident names the mutua without any cue word ("FREMAP · Mutua
Colaboradora ...", "Centro de Rehabilitación FREMAP Sevilla"); an emergency report names the police force that came
("En el lugar: Guardia Civil"). A name of two words or more is read in capitals too, as a letterhead prints it.

Also a Basque department or council by its kind, written last: ``Hezkuntza Saila`` (the Education Department),
``Osasun Saila``, ``Donostiako Udala`` (the town council); a federation, an association, a foundation or a club
(``Gipuzkoako Euskal Pilota Federazioa``, ``Zumaiako Arraun Elkartea``) in the letterhead's capitals too."""
from __future__ import annotations

import re
from functools import cache

from gazetteers.name_lists import name_list

from .common import STRUCTURED, Candidate

_BASQUE_BODY = re.compile(r"(?<![\w])(?:[A-ZÁÉÍÓÚÑ][\w'’-]+[ \t]+(?:eta[ \t]+)?){1,3}(?:Saila|Udala|Aldundia|Jaurlaritza|Zerbitzuak)"
                          r"(?:k|n|ra|tik|ko|ren)?(?![\w])")
# a federation, an association, a foundation or a club likewise, its kind last, also in a letterhead's capitals:
# "Gipuzkoako Euskal Pilota Federazioa", "ZUMAIAKO PILOTA ELKARTEA", "Aita Menni Fundazioa"
_CLUB_KINDS = ("Federazioa", "Elkartea", "Fundazioa", "Kluba", "Kooperatiba")
_BASQUE_CLUB = re.compile(r"(?<![\w])(?:[A-ZÁÉÍÓÚÑ][\w'’-]+[ \t]+){1,4}(?:" + "|".join(k for kind in _CLUB_KINDS for k in (kind, kind.upper()))
                          + r")(?:k|n|ra|tik|ko|ren)?(?![\w])")


_BARE = dict(zip("áéíóúàèòÁÉÍÓÚÀÈÒ", "aeiouaeoAEIOUAEO"))
_ACCENTLESS = re.compile(f"[{''.join(_BARE)}]")


@cache
def _insurers() -> re.Pattern[str]:
    names = [form for listed in ("insurers", "bodies") for form, _ in name_list(listed)]
    # a letterhead writes a body's long name in capitals ("SERVICIO CANARIO DE LA SALUD"); an acronym is listed as written
    names = sorted({*names, *(n.upper() for n in names if " " in n)})
    # an OCR'd scan or a note typed fast drops the accents ("Servicio Aragones de Salud"); ñ and ç stay
    names = sorted({*names, *(_ACCENTLESS.sub(lambda m: _BARE[m.group()], n) for n in names)})
    alt = "|".join(re.escape(n).replace(r"\ ", r"[ \t]+") for n in sorted(names, key=len, reverse=True))
    # not inside an e-mail or a web address, nor before a file's number ("IMSERSO 28/2021/117342" is that number)
    return re.compile(rf"(?<![\w@./-])(?:{alt})(?![\w@-]|\.\w|[ \t]+\d+/)")


def insurer_candidates(text: str) -> list[Candidate]:
    """Every written form of a listed insurer or body, and a Basque body by its kind, as an institution."""
    out = [Candidate(m.start(), m.end(), "INSTITUCION", STRUCTURED) for m in _insurers().finditer(text)]
    out += [Candidate(m.start(), m.end(), "INSTITUCION", STRUCTURED) for m in _BASQUE_BODY.finditer(text)]
    return out + [Candidate(m.start(), m.end(), "INSTITUCION", STRUCTURED) for m in _BASQUE_CLUB.finditer(text)]
