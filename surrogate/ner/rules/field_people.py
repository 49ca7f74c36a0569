"""People named by a form's field, a role or kin word before a comma, a nickname inside the name or an age in words
(round 28).

* a field that says who handles a file, witnessed or teaches (``TRAMITA: M. GALÁN``, ``preparado_por=L. Bielsa``,
  ``TESTIGO / PROFESOR: Javier Ortega Nieto``; a witness alone may be anyone, Basque ``Hezitzaileak: Ane Etxeberria eta Moha Benali``): one name or
  a list joined by ``,``/``y``/``i``/``eta``, each an initial and a surname or one to four capitalised words whose
  first is a known given name or surname; staff;
* a known given name set off by commas after a role (``el operador que nos atendió, Rubén,``, ``un compañero,
  Aitor,``): staff; after a kin word (``su bebé, Martina``): a relative;
* a known given name before a service in parentheses (``Jandro (mantenimiento)``): staff;
* a nickname in quotes inside a full name (``Francisco "Paco" Naharro``): the whole name, and the nickname wherever it
  recurs;
* a given name right after ``el nombre``/``el nom``/``o nome`` (``pide que conste el nombre Alba``, a newborn's name
  before the register): the patient, a given name that is also a word (``Alba``) too;
* a name before an age in words in parentheses (``Ionuț Munteanu (hamasei urte)``, ``Lucía (dieciséis años)``): the
  patient.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from . import patterns as P
from .common import STRUCTURED, Candidate

_STAFF, _PATIENT, _KIN = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA", "FAMILIARES_SUJETO_ASISTENCIA"
_UP = "A-ZÁÉÍÓÚÑÀÈÒÇ"
_WORD = rf"[{_UP}][A-Za-zÁÉÍÓÚÑáéíóúñàèòçïüăâîșțÀÈÒÇ'’-]+"
_NAME = (rf"(?:(?:[{_UP}]\.[ ]?){{1,2}}[ ]?{_WORD}|{_WORD}(?:[ ](?:(?:de|del|da|dos)[ ](?:la[ ])?|i[ ])?{_WORD}){{0,3}})")
_KEY = (r"tramita|tramitad[oa][ \t]+por|gestionad[oa][ \t]+por|(?:preparad|revisad|elaborad|dispensad|validad|"
        r"firmad|realizad)[oa][ _]por|profesor(?:a|es)?|professor(?:a|s)?|maestr[oa]|mestr[ea]|"
        r"monitor(?:a|es)?|educador(?:a|es|as)?|hezitzaile(?:a|ak)?|irakasle(?:a|ak)?|begirale(?:a|ak)?")
_FIELD = re.compile(rf"(?i)(?<![\w])(?:[^\W\d_]{{3,12}}[ \t]*/[ \t]*)?(?:{_KEY})(?:[ \t]*/[ \t]*(?:{_KEY}))*[ \t]*[.…]*[:=][ \t]*"
                    rf"(?P<list>(?-i:{_NAME}(?:(?:,[ ]|[ ](?:y|i|e|eta|and)[ ]){_NAME}){{0,4}}))")
_ONE = re.compile(rf"(?-i:{_NAME})")
_ROLE = (r"operador[a]?|teleoperador[a]?|compañer[oa]|company[a]?|lankide[a]?|vigilante|conductor[a]?|t[eé]cnic[oa]|"
         r"monitor[a]?|profesor[a]?|educador[a]?|voluntari[oa]|celador[a]?|conserje|portero|recepcionista")
_ROLE_COMMA = re.compile(rf"(?i)(?<![\w])(?:{_ROLE})(?:[ \t]+que[ \t]+[^,.\n()]{{1,40}})?,[ \t]*\n?[ \t]*"
                         rf"(?P<n>(?-i:[{_UP}][a-záéíóúñàèòçïü]{{2,}}))(?=[ \t]*[,)])")
_KIN_COMMA = re.compile(rf"(?i)(?<![\w])(?:su|mi|tu|sa|la|el)[ \t]+(?P<kin>[^\W\d_]{{3,12}}),[ \t]+"
                        rf"(?P<n>(?-i:[{_UP}][a-záéíóúñàèòçïü]{{2,}}))(?![\w])(?![ \t]+(?-i:[{_UP}]))")
_BABY = frozenset({"bebe", "nado", "criatura", "neno", "nena", "haurra", "umea"})
_SERVICE = re.compile(rf"(?<![\w])(?P<n>[{_UP}][a-záéíóúñàèòçïü]{{2,}})[ \t]*\((?i:mantenimiento|manteniment|limpieza|"
                      r"neteja|cocina|cuina|recepci[oó]n?|conserjer[ií]a|consergeria|seguridad|seguretat|porter[ií]a|"
                      r"lavander[ií]a|administraci[oó]n?|admisi[oó]n)\)")
_NICK_INSIDE = re.compile(rf"(?<![\w])(?P<f>{_WORD})[ ]+[\"“«](?P<k>[{_UP}][a-záéíóúñàèòçïü]{{2,}})[\"”»][ ]+"
                          rf"(?P<l>{_WORD}(?:[ ]{_WORD})?)")
_NAMED = re.compile(rf"(?i)(?<![\w])(?:el|su|o|seu|sa)[ \t]+(?:nombre|nom|nome)[ \t]+(?:de[ \t]+)?[\"“«]?"
                    rf"(?P<n>(?-i:[{_UP}][a-záéíóúñàèòçïü]{{2,}}))(?![\w'’-])")
# given names that are also words, a name all the same after "el nombre"
_WORD_NAMES = frozenset({"alba", "rosa", "paz", "luz", "sol", "mar", "pilar", "blanca", "clara", "aurora", "estrella",
                         "paloma", "victoria", "gloria", "esperanza", "nieves", "leire", "oihana", "ainhoa"})
_NUMBER_WORDS = frozenset((
    "bat bi hiru lau bost sei zazpi zortzi bederatzi hamar hamaika hamabi hamahiru hamalau hamabost hamasei hamazazpi "
    "hemezortzi hemeretzi hogei hogeita berrogei hirurogei laurogei eta "
    "uno un dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciseis diecisiete "
    "dieciocho diecinueve veinte veintiun veintiuno veintidos veintitres veinticuatro veinticinco veintiseis "
    "veintisiete veintiocho veintinueve treinta cuarenta cincuenta sesenta setenta ochenta noventa cien y "
    "u dues quatre cinc sis set vuit nou deu onze dotze tretze catorze quinze setze disset divuit dinou vint trenta "
    "quaranta cinquanta seixanta setanta vuitanta noranta "
    "unha tres catro cinco seis sete oito nove dez vinte trinta corenta cincuenta sesenta setenta oitenta noventa").split())
_WORD_AGE = re.compile(rf"(?<![\w])(?P<n>{_WORD}(?:[ ]{_WORD}){{0,2}})[ \t]*\([ \t]*(?P<age>[^\W\d_]+(?:[ -][^\W\d_]+){{0,3}})"
                       r"[ \t]+(?i:urte|años|anys|anos|a[ñn]os)(?:ko)?[ \t]*[,)]")


def field_people_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    """The people read as the module docstring says."""
    bad = stop | function_words | P.KINSHIP_FOLDED

    def given(w: str) -> bool:
        return fold(w) not in bad and lexicon.is_("first_name", w) and not lexicon.is_("profession", w)

    def person(name: str) -> bool:
        words = [w for w in name.split() if fold(w) not in function_words]
        first = words[0]
        if first.endswith("."):  # "M. GALÁN": an initial and a surname
            return len(words) > 1 and fold(words[-1]) not in bad and lexicon.is_("surname", words[-1].title())
        return fold(first) not in bad and any(
            lexicon.is_("first_name", w.title()) or lexicon.is_("surname", w.title()) for w in words[:2])

    out = []
    for m in _FIELD.finditer(text):
        for n in _ONE.finditer(text, m.start("list"), m.end("list")):
            if person(n.group()) and fold(n.group()) not in {"y", "i", "e", "eta", "and"}:
                out.append(Candidate(n.start(), n.end(), _STAFF, STRUCTURED))
    out += [Candidate(m.start("n"), m.end("n"), _STAFF, STRUCTURED) for rx in (_ROLE_COMMA, _SERVICE)
            for m in rx.finditer(text) if given(m.group("n"))]
    out += [Candidate(m.start("n"), m.end("n"), _PATIENT, STRUCTURED) for m in _NAMED.finditer(text)
            if lexicon.is_("first_name", m.group("n")) and fold(m.group("n")) not in (stop | function_words) - _WORD_NAMES]
    for m in _KIN_COMMA.finditer(text):
        kin = fold(m.group("kin"))
        if (kin in P.KINSHIP_FOLDED or kin in _BABY) and given(m.group("n")):
            out.append(Candidate(m.start("n"), m.end("n"), _KIN, STRUCTURED))
    for m in _NICK_INSIDE.finditer(text):
        if given(m.group("f")) and fold(m.group("k")) not in bad and fold(m.group("l").split()[0]) not in bad:
            out.append(Candidate(m.start(), m.end(), _PATIENT, STRUCTURED))
            nick = m.group("k")
            out += [Candidate(k.start(), k.end(), _PATIENT, STRUCTURED)
                    for k in re.finditer(rf"(?<![\w\"“«]){re.escape(nick)}(?![\w\"”»])", text)]
    for m in _WORD_AGE.finditer(text):
        if not all(fold(w) in _NUMBER_WORDS for w in re.split(r"[ -]", m.group("age"))):
            continue
        start = m.start("n")  # "Visita Ionuț Munteanu (...)": the name starts at its given name
        while start < m.end("n") and not given(text[start:m.end("n")].split()[0]):
            start = text.find(" ", start, m.end("n")) + 1 or m.end("n")
        if start < m.end("n"):
            out.append(Candidate(start, m.end("n"), _PATIENT, STRUCTURED))
    return out
