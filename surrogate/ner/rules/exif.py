"""Photo metadata pasted into a note (EXIF/XMP as exiftool prints it): each tag says what its value is.

``Artist``/``Author``/``Creator``/``OwnerName`` hold a person's name, ``BodySerialNumber``/``SerialNumber`` a
device's serial, ``GPSLatitude``/``GPSLongitude``/``GPSPosition`` where the photo was taken (an address, as a
note's place would be), the ``DateTime…``/``…Date`` tags a date written ``2025:03:12`` (the time stays out), and
``Copyright`` a year. Tags are matched with or without exiftool's spaces (``Date/Time Original``,
``Serial Number``); dot leaders before the colon are read as spaces by the backend.
"""
from __future__ import annotations

import re

from .common import HEADER, PATTERN, Candidate

_LINE = re.compile(r"(?m)^[ \t]*(?P<tag>[A-Z][A-Za-z/ -]{2,40}?)[ \t]*:[ \t]*(?P<value>[^\n]*?)[ \t]*$")
_NAME_TAGS = {"artist", "author", "creator", "byline", "ownername", "cameraownername", "xpauthor", "lastmodifiedby"}
_SERIAL_TAGS = {"bodyserialnumber", "serialnumber", "cameraserialnumber", "internalserialnumber", "lensserialnumber"}
_GPS_TAGS = {"gpslatitude", "gpslongitude", "gpsposition", "gpscoordinates", "gpsdestlatitude", "gpsdestlongitude"}
_DATE_TAGS = {"datetimeoriginal", "createdate", "modifydate", "datetimedigitized", "datetime", "gpsdatestamp",
              "gpsdatetime", "datecreated", "digitalcreationdate", "filemodificationdatetime"}
_EXIF_DATE = re.compile(r"(?:19|20)\d\d[:.-](?:0[1-9]|1[0-2])[:.-](?:0[1-9]|[12]\d|3[01])(?!\d)")
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_GPS_VALUE = re.compile(r"[-+]?\d[\d.,]*(?:\s*(?:deg|°)\s*\d+(?:\s*'\s*[\d.,]+\s*\"?)?)?(?:\s*[NSEW])?")
_NAME_VALUE = re.compile(r"(?:(?:Dr|Dra|Enf|Sr|Sra)\.\s+)?(?P<name>[A-ZÁÉÍÓÚÑ][\w.'’ -]*?)(?=\s+-\s|\s*[,;(]|$)")


def exif_candidates(text: str) -> list[Candidate]:
    """Candidates read from the metadata tags of ``text`` (none without a ``Serial``, ``GPS``, ``DateTime`` or
    ``Artist`` tag)."""
    if not any(w in text for w in ("Serial", "GPS", "DateTime", "Date/Time", "Artist", "Copyright")):
        return []
    out = []
    for m in _LINE.finditer(text):
        tag = re.sub(r"[ /-]", "", m.group("tag")).lower()
        vs, ve = m.span("value")
        if vs >= ve:
            continue
        if tag in _NAME_TAGS:
            n = _NAME_VALUE.match(text, vs, ve)
            if n and n.group("name").strip():
                label = "NOMBRE_PERSONAL_SANITARIO" if n.start("name") > vs else "NOMBRE_SUJETO_ASISTENCIA"  # "Enf. P. Gil"
                out.append(Candidate(n.start("name"), n.start("name") + len(n.group("name").rstrip()), label, PATTERN))
        elif tag in _SERIAL_TAGS and any(c.isdigit() for c in text[vs:ve]):
            out.append(Candidate(vs, ve, "IDENTIF_DISPOSITIVOS_NRSERIE", HEADER))
        elif tag in _GPS_TAGS:
            out += [Candidate(g.start(), g.end(), "CALLE", HEADER) for g in _GPS_VALUE.finditer(text, vs, ve)]
        elif tag in _DATE_TAGS:
            out += [Candidate(d.start(), d.end(), "FECHAS", HEADER) for d in _EXIF_DATE.finditer(text, vs, ve)]
        elif tag == "copyright":
            out += [Candidate(y.start(), y.end(), "FECHAS", HEADER) for y in _YEAR.finditer(text, vs, ve)]
    return out
