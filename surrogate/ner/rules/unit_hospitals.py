"""Hospitals named right after a unit or a service, or after a stay's verb, the short way a ward's note writes them:
``hdd oncologia hucv``, ``5ª medicina interna hulp``, ``(UCI HUMV)``, ``relevo ucin basurto``, ``trasladada ayer de
san rafael``, ``sigue ingresado en valme``.

* a unit or a service (``uci``, ``ucin``, ``hdd``, ``urgencias``, ``planta``, ``oncologia``, ``medicina interna``,
  ``nefro``, a hospital's ``farmacia`` or ``trabajo social`` ...) right before a hospital acronym of the shipped list
  (``hospital_acronyms.tsv``) in capitals or in lower case, in any note (a lower-case acronym that is an ordinary
  word, ``causa``, is none); in a note typed fast in lower case (:func:`.typed_fast.typed_in_lower`) also before the
  words of a catalogue hospital's name, as :meth:`.typed_hospitals.HospitalRules.catalogue_run` reads them (a given
  name only when it is a hospital's whole name less its kind: ``ucin cruces``);
* a stay's verb (``ingresado``, ``ingreso``, ``trasladada``, ``derivado``, ``nacido``, ``operada``), perhaps a word
  of time (``ayer``, ``hoy``, ``el jueves``), then ``en``/``de``/``desde``/``a`` and a catalogue hospital's name, a
  saint's included (``san rafael``), in a note typed fast in lower case: a given name after the saint is the
  hospital's;
* in a note typed fast in lower case, a listed acronym of four letters or more set off as a header's field of its
  own, between dashes, bars, middle dots, slashes, parentheses or line ends (``consulta estomaterapia - huca - hoja``);
  a given name (``chus``) is none.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, Candidate
from .facilities import hospital_acronyms
from .recase_cues import ORDINARY
from .typed_fast import typed_in_lower
from .typed_hospitals import HospitalRules, _catalogue
from .typed_note import CONNECTORS, words_at

_HOSPITAL = "HOSPITAL"
_UNIT = re.compile(
    r"(?<![\w])(?:uci|ucin|ucip|ucic|uvi|uhd|urg|urgencias|urxencias|urgències|urgencies|hdd|hdo|hdm|planta|rea|"
    r"reanimaci[oó]n|onco|oncolog[ií]a|hemato|hematolog[ií]a|cardio|cardiolog[ií]a|neuro|neurolog[ií]a|neumo|"
    r"neumolog[ií]a|nefro|nefrolog[ií]a|digestivo|trauma|traumatolog[ií]a|cirug[ií]a|pediatr[ií]a|neonatos|"
    r"neonatolog[ií]a|ginecolog[ií]a|obstetricia|paritorio|psiquiatr[ií]a|rehabilitaci[oó]n|di[aá]lisis|"
    r"hemodi[aá]lisis|medicina[ \t]+interna|hospital[ \t]+de[ \t]+d[ií]a|endocrino|reuma|reumatolog[ií]a|"
    r"urolog[ií]a|geriatr[ií]a|geri[aá]tric[oa]|hosp[ \t]+de[ \t]+d[ií]a|(?:cir|cirug[ií]a)[ \t]+vascular|vascular|"
    r"infecciosas|paliativos|radiolog[ií]a|farmacia|trabajo[ \t]+social|treball[ \t]+social)"
    r"[ \t]+(?=[^\W\d_])", re.IGNORECASE)
_STAY = re.compile(
    r"(?<![\w])(?:ingres[oóa]|ingresad[oa]s?|trasladad[oa]s?|derivad[oa]s?|remitid[oa]s?|nacid[oa]s?|operad[oa]s?|"
    r"intervenid[oa]s?|hospitalizad[oa]s?|dializad[oa]s?|parid[oa])(?:[ \t]+(?:ayer|hoy|antes|ya|previamente|"
    r"anoche|esta[ \t]+ma[ñn]ana|el[ \t]+(?:lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo)))?"
    r"[ \t]+(?:en|de|desde|a|al|del)(?:[ \t]+(?:el|la))?[ \t]+(?=[^\W\d_])")

# listed acronyms that are also a given name's pet form ("chus", María Jesús): alone in lower case, a person
_PET_NAMES = frozenset({"chus"})
# a word set off by a header's separators on both sides (a dash, a middle dot, a bar, a slash, a parenthesis, a line end)
_SET_OFF = re.compile(r"(?:^|(?<=[-–·|/(])|(?<=[-–·|/(][ \t]))[ \t]*(?P<a>[a-z][a-z0-9]{2,6})[ \t]*(?=$|[-–·|/)])",
                      re.MULTILINE)


def _acronym(w: str) -> bool:
    """A hospital acronym of the list as written, in capitals or in lower case (no ordinary word)."""
    listed = hospital_acronyms()
    if w in listed:
        return True
    return w == w.lower() and len(w) >= 3 and w.upper() in listed and fold(w) not in ORDINARY


def _whole_name(rules: HospitalRules, ms: list[re.Match[str]]) -> int:
    """One word that is a catalogue hospital's whole name less its kind, a given name too (``ucin cruces``)."""
    sets, _ = _catalogue()
    n = rules.catalogue_run(ms[:1], strong=False, given_ok=True)
    return n if n and frozenset({fold(ms[0].group())}) in sets else 0


def _saint_name(ms: list[re.Match[str]]) -> int:
    """A saint and a given name that few catalogue hospitals hold together (``sant pau``, ``san juan de dios``): the
    name is the hospital's, though the pair is a town's or a street's name too (2, else 0)."""
    sets, _ = _catalogue()
    pair = {fold(ms[0].group()), fold(ms[1].group())}
    holders = sum(1 for s in sets if pair <= s)
    return 2 if 1 <= holders <= 3 and len(pair) == 2 and ms[1].group() == ms[1].group().lower() else 0


def unit_hospital_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """Hospitals after a unit or a service, or after a stay's verb (module docstring)."""
    lower = typed_in_lower(text)
    rules = HospitalRules(text, lexicon, stop) if lower else None
    out: list[Candidate] = []
    for u in _UNIT.finditer(text):
        ms = words_at(text, u.end(), 6)
        while ms and fold(ms[0].group()) in CONNECTORS:
            ms = ms[1:]  # "trauma de la arrixaca": the name, not its article
        if not ms:
            continue
        w = ms[0]
        if _UNIT.match(text, w.start()) or re.match(r"(?i)(?:uci|ucin|ucip|uvi|hdd|rea)(?![\w])", w.group()):
            continue  # "hdd oncologia ...": the next unit's turn
        if _acronym(w.group()) and not re.match(r"[\w'’@./-]\w", text[w.end():w.end() + 2]):
            out.append(Candidate(w.start(), w.end(), _HOSPITAL, PATTERN))
            continue
        if rules is not None and w.group() == w.group().lower():
            saint = len(ms) > 1 and fold(ms[0].group()) in ("san", "santa", "sant")  # "urgencias sant pau"
            n = rules.catalogue_run(ms, strong=False) or _whole_name(rules, ms) or (_saint_name(ms) if saint else 0)
            if n:
                out.append(Candidate(ms[0].start(), ms[n - 1].end(), _HOSPITAL, PATTERN))
    if rules is None:
        return out + _capitalised_after_stay(text, lexicon, stop)
    for m in _SET_OFF.finditer(text):  # "consulta estomaterapia - huca - hoja": a header's field of its own
        a = m.group("a")
        if len(a) >= 4 and _acronym(a) and a not in _PET_NAMES and not lexicon.is_("first_name", a):
            out.append(Candidate(m.start("a"), m.end("a"), _HOSPITAL, PATTERN))
    for s in _STAY.finditer(text):
        if s.group() != s.group().lower():
            continue
        ms = words_at(text, s.end(), 5)
        if ms and ms[0].group() == ms[0].group().lower():
            n = rules.catalogue_run(ms, strong=False, given_ok=len(ms) > 1 and fold(ms[0].group()) in ("san", "santa", "sant"))
            if n:
                out.append(Candidate(ms[0].start(), ms[n - 1].end(), _HOSPITAL, PATTERN))
    return out


def _capitalised_after_stay(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """In a note not typed in lower case: a stay's verb in lower case, then one or two capitalised words of a catalogue
    hospital's name that few names hold (``ingresada en la Arrixaca``, ``trasladado al Valme``); no unit or service
    (``derivado a Cardiología``), no town (``trasladado a Valladolid``)."""
    rules: HospitalRules | None = None
    out: list[Candidate] = []
    for s in _STAY.finditer(text):
        if s.group() != s.group().lower():
            continue
        ms = words_at(text, s.end(), 2)
        ms = ms[:next((i for i, m in enumerate(ms) if not m.group().istitle()), len(ms))]
        if not ms or _UNIT.match(ms[0].group() + " x"):
            continue
        rules = rules or HospitalRules(text, lexicon, stop)
        n = rules.catalogue_run(ms, strong=False)
        if n:
            out.append(Candidate(ms[0].start(), ms[n - 1].end(), _HOSPITAL, PATTERN))
    return out
