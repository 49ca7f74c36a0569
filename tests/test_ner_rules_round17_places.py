"""The rules backend on bodies and places of a note typed fast in lower case (round 17, :mod:`typed_bodies`):

* an institution's kind whose name is made of ordinary words (``consejeria de …``, ``federacion … de …``,
  ``mutualidad …``, ``facultad …``, ``club``/``cd`` with a sport, a saint or a town, ``resid mayores …``,
  ``centro de dia …``, ``polideportivo de …``);
* an industrial estate; Basque ``…ko udala``/``foru aldundia`` and an ``OSI`` with its district; a ``hu…`` acronym;
* a municipality of one word after ``en``; a Catalan or Galician country name typed in lower case;
* a hospital's last word and a health centre's place found again later in the note.

Every snippet is fictional and written for this test; each positive fails on 15f2949.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rules_probe import PLACES, assert_found, assert_not_found, cases, filler_log

HOSPITAL = {"HOSPITAL"}
BODY = {"INSTITUCION"}
TOWN = {"TERRITORIO"}
STREET = {"CALLE"}
COUNTRY = {"PAIS"}
# a note typed fast: lines start in lower case (a few capitals stay)
_LOG = filler_log("visita domiciliaria de enfermeria", "paciente estable sin cambios",
                  "se revisa pastillero semanal ok", "pendiente control de glucemia", "TA y FC normales hoy",
                  "refiere cansancio x las tardes", "se insiste en caminar a diario", "nueva visita en 7 dias")

POSITIVES = [
    # institutions named by ordinary words after their kind
    (_LOG + "solicitada ayuda a consejeria de familia e igualdad segun protocolo\n", "consejeria de familia e igualdad", BODY),
    (_LOG + "tiene licencia federacion riojana de atletismo nº 4411\n", "federacion riojana de atletismo", BODY),
    (_LOG + "lesion cubierta por mutualidad deportiva escolar ; llamar\n", "mutualidad deportiva escolar", BODY),
    (_LOG + "la nieta estudia en facultad de enfermeria zaragoza\n", "facultad de enfermeria zaragoza", BODY),
    (_LOG + "juega en club atletismo villaviciosa los sabados\n", "club atletismo villaviciosa", BODY),
    (_LOG + "acude por las mañanas a centro de dia virgen del rocio\n", "centro de dia virgen del rocio", BODY),
    (_LOG + "ingresa en resid mayores santa ines la semana q viene\n", "resid mayores santa ines", BODY),
    (_LOG + "piscina en polideportivo de moratalaz 2 dias\n", "moratalaz", BODY | TOWN),
    # an estate, Basque bodies, a hospital's acronym
    (_LOG + "trabaja en nave del pol. ind. los llanos, turno tarde\n", "los llanos", STREET),
    (_LOG + "laguntza eskatu azpeitiko udala bidez\n", "azpeitiko udala", BODY),
    (_LOG + "osakidetza OSI bidasoa jarraipena\n", "bidasoa", BODY | TOWN),
    (_LOG + "derivada a neumo del hucv sin urgencia\n", "hucv", HOSPITAL),
    # places after a weak cue; a country in Catalan
    (_LOG + "el fin de semana se va con el hijo en tordesillas\n", "tordesillas", TOWN),
    (_LOG + "el fill treballa a suïssa des de fa anys\n", "suïssa", COUNTRY),
    # a name found once, written again
    (_LOG + "alta de hosp virgen de valme ayer\nlunes revision en valme trauma\n", "valme", HOSPITAL),
    (_LOG + "seguimiento por mf cs zaidin sur\nva a natacion al polideportivo del zaidin sur\n", "zaidin sur", BODY | TOWN),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    """A detected span with one of ``labels`` covers ``value`` (its last occurrence) whole."""
    assert_found(rules, text, value, labels, last=True, cover=True)


NEGATIVES = [
    # a resident's given name and an insurer after "resid" are no home; a club with no name
    (_LOG + "la resid lucia pide cambio de pañal\n", "resid lucia", BODY),
    (_LOG + "el club presente en la reunion\n", "club presente", BODY),
    # an ordinary word after "en" is no town; a CD in capitals is no club
    (_LOG + "dejar en reposo y en ayunas\n", "reposo", PLACES),
    (_LOG + "recuento CD SAN JUAN no aplica\n", "CD SAN JUAN", BODY),
    # "hosp sant joan": a given name is no hospital wherever it is written again
    (_LOG + "alta de hosp sant joan ayer\nllamo a joan el hijo\n", "joan", HOSPITAL),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    """No detected span with one of ``labels`` overlaps ``value`` (its last occurrence)."""
    assert_not_found(rules, text, value, labels, last=True)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["en", "desde", "hasta"]),
       st.sampled_from(["casa", "cama", "reposo", "mayo", "carmen", "ayunas", "consulta"]))
def test_ordinary_word_after_en_is_no_town(rules, cue, word):
    """An ordinary word, a month or a given name after ``en`` is no town by the weak cue alone."""
    assert_not_found(rules, _LOG + f"quedarse {cue} {word} unos dias\n", word, TOWN, last=True)
