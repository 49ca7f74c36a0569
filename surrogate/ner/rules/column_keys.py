"""Column titles of logs kept outside the ward (a hotel doctor's call log, a pool's locker register) that say
what their cells hold: the locker or the wristband (``taq.``, ``pulsera``: another identifier), the guest or the
member (``huésped``, ``guest``, ``abonado``: the person attended) and, beside a guest's column only, the room
(``hab``: a care home's or a ward's room names no one, a hotel guest's room is where to find her).

Only a title cell of a table row is read so (:func:`.tables.key_label`); in running text these words name no field.
"""
from __future__ import annotations

import re

_OTHER, _PATIENT, ROOM = "OTRO_NUMERO_IDENTIF", "NOMBRE_SUJETO_ASISTENCIA", "ROOM"
_COLUMN_KEYS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)taq\.?|taquilla|locker|casillero|pulsera|polsera|wristband"), _OTHER),
    (re.compile(r"(?i)hu[eé]sped(?:es)?|guest(?:[ \t]+name)?|gast|h[oô]te|abonad[oa]|soci[oa]"), _PATIENT),
    (re.compile(r"(?i)hab(?:it)?\.?|habitaci[oó]n|habitaci[oó]|room(?:[ \t]+n[ºo°o]\.?)?|chambre|zimmer"), ROOM),
)
_GUEST = re.compile(_COLUMN_KEYS[1][0].pattern)


def column_key_label(value: str) -> str | None:
    """The label of the cells under a column titled ``value`` (:data:`ROOM` for a room's: see :func:`rooms_kept`);
    None when it is no such title."""
    return next((label for rx, label in _COLUMN_KEYS if rx.fullmatch(value)), None)


def rooms_kept(titles: list[str], labels: list[str | None]) -> list[str | None]:
    """The labels of a row of titles with a room's column read as another identifier beside a guest's column, as
    no key elsewhere."""
    guests = any(_GUEST.fullmatch(t) for t in titles)
    return [(_OTHER if guests else None) if lab == ROOM else lab for lab in labels]
