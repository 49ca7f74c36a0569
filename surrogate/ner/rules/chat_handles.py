"""Who writes in a team chat's export, by handle, and who a chat line names by a nickname (round 24).

A Teams, Slack or WhatsApp export pasted into a hand-over prints each line's time in brackets and the writer's
handle before a colon (``[21:02] lucia.gchico (R2): ...``, ``[02:40] ilarra_R4: ...``). Read here, when the note holds
two such lines at least:

* the handle: letters joined by a dot or an underscore, digits allowed after the first part (``pablo_rdz``,
  ``dr.ruiztagle``); a role in parentheses may sit between it and the colon. The writers of a clinical channel are
  staff. The same handle is found again wherever the chat repeats it;
* a handle's part that is a known given name (``pablo`` of ``pablo_rdz``), found again as a word of its own in any
  case (``pablo avisa a ...``);
* the writers' initials (the given part's and the next part's first letters: ``PR`` for ``pablo_rdz``) in capitals,
  as a chat thanks them (``buen trabajo PR & LG``), never a clinical acronym nor before a number.

Also, in any note: the full name right before a nickname's cue (``Chukwuemeka Okafor, everyone calls him Emeka``):
two or three capitalised words that are no function word, place or ordinary word: the patient.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, STRUCTURED, Candidate
from .staff_initials import NEVER

_STAFF, _PATIENT = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA"
_TIME = r"\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp]\.?[Mm]\.?)?"
_DATE = r"\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?,?[ \t]+"
_HANDLE = r"[A-Za-z][A-Za-z]*\d*(?:[._][A-Za-z0-9]+)+"
_HEAD = re.compile(rf"(?m)^[ \t]*\[[ \t]*(?:{_DATE})?{_TIME}[ \t]*\][ \t]*(?P<h>{_HANDLE})(?![\w@.])"
                   r"(?:[ \t]*\([^()\n]{1,25}\))?[ \t]*:")
# a nickname's cue after the full name and a comma: English and Spanish
_NICK_CUE = (r"(?:everyone[ \t]+|they[ \t]+|(?:en[ \t]+casa[ \t]+|todos[ \t]+|todo[ \t]+el[ \t]+mundo[ \t]+)?)"
             r"(?:calls?[ \t]+(?:him|her)|goes[ \t]+by|known[ \t]+as|(?:le|la|lo)[ \t]+llaman?|(?:le|la|lo)[ \t]+dicen)")
_NAME_BEFORE_CUE = re.compile(rf"(?<![\w.])(?P<n>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{{2,}}(?:[ \t]+[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{{2,}}){{1,2}})"
                              rf"[ \t]*,[ \t]*{_NICK_CUE}[ \t]+[\"“«']?[A-ZÁÉÍÓÚÑ]")


def chat_handle_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    """Handles, their given-name parts and initials, and a full name before a nickname's cue (see the module
    docstring)."""
    out: list[Candidate] = []
    heads = list(_HEAD.finditer(text))
    handles = {m.group("h") for m in heads if not _looks_like_address(m.group("h"))} if len(heads) >= 2 else set()
    given_parts: set[str] = set()
    initials: set[str] = set()
    for h in handles:
        parts = [p.rstrip("0123456789") for p in re.split(r"[._]", h)]
        for k, p in enumerate(parts):
            f = fold(p)
            if len(p) >= 4 and f not in stop and f not in function_words and lexicon.is_("first_name", p) \
                    and not lexicon.place_at([f]):
                given_parts.add(f)
                if k + 1 < len(parts) and parts[k + 1][:1].isalpha():
                    initials.add((p[0] + parts[k + 1][0]).upper())
    for h in sorted(handles):
        out += [Candidate(m.start(), m.end(), _STAFF, STRUCTURED)
                for m in re.finditer(rf"(?<![\w.@/]){re.escape(h)}(?![\w@]|\.\w)", text)]
    for f in sorted(given_parts):
        out += [Candidate(m.start(), m.end(), _STAFF, PATTERN) for m in re.finditer(rf"(?i)(?<![\w.@/_]){f}(?![\w@_]|\.\w)", text)
                if fold(m.group()) == f]
    for i in sorted(initials - NEVER):
        out += [Candidate(m.start(), m.end(), _STAFF, PATTERN)
                for m in re.finditer(rf"(?<![\w./-]){i}(?![\w/-])(?![ \t]*\d)", text)]
    for m in _NAME_BEFORE_CUE.finditer(text):
        words = m.group("n").split()
        folded = [fold(w) for w in words]
        if any(f in function_words or f in stop for f in folded) or lexicon.place_at(folded):
            continue
        out.append(Candidate(m.start("n"), m.end("n"), _PATIENT, STRUCTURED))
    return out


def _looks_like_address(handle: str) -> bool:
    """A file name or a host, not a person: ``informe.pdf``, ``www.x``."""
    last = handle.rsplit(".", 1)[-1].lower()
    return handle.lower().startswith("www.") or last in {"pdf", "doc", "docx", "jpg", "png", "txt", "es", "com", "org", "net", "cat"}
