"""Staff initials and a shift's handover in a note typed fast, and a patient's nickname beside the name.

A log typed fast signs with the writer's initials, in lower case, with no ``fdo``: alone on the last line or before a
slash (``mgr``, ``jlp / dr sanz col 28/1234``), with the role or the time (``amc enf``, ``pst 22:10``), before a role in
parentheses (``visita amc (enf)``), after a ward role and between slashes (``enf pst / amc``). Initials here are two to
four letters with no vowel (a word, ``ok``, ``bien``, has one), and no clinical abbreviation (``rx``, ``tc``, ``pcr``);
beside a role, three or four letters that are no known word, name or place may hold one (``amc (enf)``); once found, the same token anywhere else in the note is that person (``con amc``).

The shift's handover ``entrega nerea a itsaso``: two known given names after the handover's verb, staff.

A patient's nickname beside the name already found: in quotes in parentheses, maybe with its article
(``jacinto ruiz ("el rubio")``, ``("quimet")``), after ``alias`` in parentheses (``(alias moro)``), or with the
place it is used (``(tinin en el pueblo)``, ``(pepín para los amigos)``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import STRUCTURED, Candidate

_STAFF, _PATIENT = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA"
_ROLE = r"(?:enf|inf|due|tcae|aux|fisio|ts|psico|mir|matrona|celador[a]?)"
# clinical and administrative abbreviations with no vowel
_NOT_INITIALS = frozenset({
    "rx", "tc", "tcc", "pcr", "rmn", "vsg", "ph", "hb", "hc", "nhc", "sng", "sv", "vvp", "vvc", "fc", "fr", "ta",
    "tt", "sc", "im", "iv", "vo", "mg", "ml", "cc", "cm", "mm", "kg", "gr", "gr", "lpm", "rpm", "bq", "dx", "tx", "tto",
    "rn", "nn", "pp", "hh", "ss", "sf", "st", "bb", "dr", "dra", "sr", "sra", "cs", "cp", "dm", "hta", "vhc", "vhb",
    "vih", "ttm", "pvc", "ptc", "crp", "ldh", "tsh", "gsv", "gsa", "ncp", "bmt", "npt", "ppm", "xq", "pq", "q", "tb",
    "mñn", "mn", "nt", "tm", "tn", "sd", "dch", "dcha", "izq", "pdt", "pdte", "tlf", "tfn", "tfno", "mvl", "sms",
})
_VOWELS = set("aeiouáéíóúy")
_INITIALS = r"[a-zñ]{2,4}"
# a sign-off line: initials alone, with the role or the time, or before a slash
_SIGN_LINE = re.compile(rf"(?m)^[ \t]*(?P<i>{_INITIALS})(?:[ \t]+{_ROLE})?(?:[ \t]+\d{{1,2}}[:.h]\d{{2}}h?)?[ \t]*(?:/[^\n]*)?$")
# initials before a role in parentheses: "visita amc (enf)"
_BEFORE_ROLE = re.compile(rf"(?<![\w.])(?P<i>{_INITIALS})[ \t]*\([ \t]*{_ROLE}\.?[ \t]*\)")
# initials after a ward role, and more after slashes: "enf pst / amc"
_AFTER_ROLE = re.compile(rf"(?<![\w.]){_ROLE}\.?[ \t]+(?P<i>{_INITIALS})(?P<more>(?:[ \t]*/[ \t]*{_INITIALS}(?![\w.]))*)(?![\w.])")
# round 25: initials after a signing, reviewing or operator's cue, and more after slashes ("firmado rlb / revisa agm",
# "signed jdc / ms", "revisado por mjs el 4/4", a log's "op=mgr")
_SIGNED = re.compile(rf"(?<![\w.])(?:(?i:firmad[oa]|firma|fdo\.?|revisad[oa][ \t]+por|revisa|signed(?:[ \t]+by)?|reviewed[ \t]+by)[ \t]*:?|"
                     rf"(?i:op|operador[a]?|operator)[ \t]*[:=])[ \t]*(?P<i>{_INITIALS})(?P<more>(?:[ \t]*/[ \t]*{_INITIALS}(?![\w.]))*)(?![\w.@])")
_HANDOVER = re.compile(r"(?i)(?<![\w])(?:entrega|entrego|relevo|pase)[ \t]+(?:de[ \t]+)?(?P<a>[^\W\d_]{3,})[ \t]+a[ \t]+(?P<b>[^\W\d_]{3,})(?![\w])")
# a nickname beside the name: in quotes in parentheses, after "alias", or with where it is used
_QUOTED = re.compile(r"[ \t]*\([ \t]*[\"“«'](?:(?:el|la|l['’])[ \t]*)?(?P<n>[^\W\d_]{3,}(?:[ \t]+[^\W\d_]{3,})?)[\"”»'][ \t]*\)")
_ALIAS = re.compile(r"(?i)[ \t]*\([ \t]*(?:alias|apodo|a\.k\.a\.)[ \t]+(?P<n>[^\W\d_]{3,})[ \t]*\)")
_USED = re.compile(r"(?i)[ \t]*\([ \t]*(?P<n>[^\W\d_]{3,})[ \t]+(?:en[ \t]+(?:el[ \t]+pueblo|casa|el[ \t]+barrio|la[ \t]+familia)|"
                   r"para[ \t]+(?:los[ \t]+|la[ \t]+)?(?:amigos|todos|familia|vecinos)|de[ \t]+apodo)[ \t]*\)")


def _initials(token: str) -> bool:
    return not (_VOWELS & set(token)) and token not in _NOT_INITIALS


def sign_off_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """Sign-off initials and the handover's names (see the module docstring)."""
    out: list[Candidate] = []
    tokens: set[str] = set()
    for rx in (_SIGN_LINE, _BEFORE_ROLE, _AFTER_ROLE, _SIGNED):
        for m in rx.finditer(text):
            found = [(m.start("i"), m.group("i"))]
            if rx in (_AFTER_ROLE, _SIGNED) and m.group("more"):
                found += [(m.start("more") + k.start(), k.group()) for k in re.finditer(_INITIALS, m.group("more"))]
            # beside a role, three or four letters that are no word nor name may hold a vowel ("amc (enf)")
            found = [(at, t) for at, t in found if _initials(t) or rx is not _SIGN_LINE and len(t) >= 3 and t not in _NOT_INITIALS
                     and fold(t) not in stop and not lexicon.is_("first_name", t) and not lexicon.is_("surname", t)
                     and not lexicon.place_at([fold(t)])]
            # two letters after a signing cue are that person here, not everywhere ("signed jdc / ms", "QT 420 ms")
            out += [Candidate(at, at + len(t), _STAFF, STRUCTURED) for at, t in found if rx is _SIGNED and len(t) == 2]
            tokens.update(t for _, t in found if rx is not _SIGNED or len(t) > 2)
    for t in sorted(tokens):
        out += [Candidate(m.start(), m.end(), _STAFF, STRUCTURED) for m in re.finditer(rf"(?<![\w.]){re.escape(t)}(?![\w])", text)]
    for m in _HANDOVER.finditer(text):
        names = [m.group(g) for g in ("a", "b")]
        if all(fold(w) not in stop and lexicon.is_("first_name", w) for w in names):
            out += [Candidate(m.start(g), m.end(g), _STAFF, STRUCTURED) for g in ("a", "b")]
    return out


def nickname_candidates(text: str, cands: list[Candidate], stop: frozenset[str]) -> list[Candidate]:
    """A patient's nickname beside the name already found (see the module docstring)."""
    out = []
    for c in cands:
        if c.label != _PATIENT:
            continue
        for rx in (_QUOTED, _ALIAS, _USED):
            m = rx.match(text, c.end)
            if m and (rx is _QUOTED or fold(m.group("n").split()[0]) not in stop):  # quotes say it: ("el rubio")
                out.append(Candidate(m.start("n"), m.end("n"), _PATIENT, STRUCTURED))
    return out
