"""The rules backend on the places and bodies of a note typed fast in lower case (round 16, :mod:`typed_places`):

* a hospital of the national catalogue named by words of its own name after ``del``/``en el``/``no`` or in
  parentheses, a hospital acronym's shape in lower case, ``h.``/``hosp`` before a catalogue name, a town or ``del X``
  (and ``X`` found again after ``del``);
* an institution's or a centre's kind typed in lower case before its name (``ies``, ``colegio san …``, ``CAD``,
  ``clinica dental``, ``c.s.`` and a town with its article), a company by its legal form, a listed insurer and a
  court typed in lower case;
* towns: a province anywhere, a town after a cue of origin, a district after ``barrio``, a town of several words
  after ``en`` even when it reads as kinship, ``sta`` for ``santa``, a town before its country in parentheses, a
  CAP's district after its number, a Galician ``lugar`` with its number.

Every snippet is fictional and written for this test; each positive fails on e5cca3c.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rules_probe import FACILITIES, PLACES, assert_found, assert_not_found, cases, filler_log

HOSPITAL = {"HOSPITAL"}
BODY = {"INSTITUCION"}
CENTRE = {"CENTRO_SALUD"}
TOWN = {"TERRITORIO"}
# a note typed fast: lines start in lower case (a few capitals stay)
_LOG = filler_log("seguimiento enfermeria domicilio", "paciente tranquilo en la visita",
                  "se revisa medicacion semanal ok", "pendiente analitica de control", "TA y FC dentro de rango",
                  "refiere dormir mal x la tos", "se explica dieta sin sal", "proxima visita en 15 dias")

POSITIVES = [
    # catalogue hospitals by their own words, acronyms in lower case, "h." before a name
    (_LOG + "estuvo en uci del arrixaca 3 dias\n", "arrixaca", HOSPITAL),
    (_LOG + "control de retina en el clinico san cecilio cada año\n", "clinico san cecilio", HOSPITAL),
    (_LOG + "la hija trabaja de celadora (clinico valencia) de noche\n", "clinico valencia", HOSPITAL),
    (_LOG + "tac craneal hecho en urg no chuac onte\n", "chuac", HOSPITAL),
    (_LOG + "cita en trauma h. de barbastro el mes q viene\n", "h. de barbastro", HOSPITAL),
    (_LOG + "viene de urg h. del jarama con informe\nse lee el informe del jarama sin cambios\n", "jarama", HOSPITAL),
    # institutions and centres typed in lower case
    (_LOG + "el nieto va al ies ramon llull nº 2 por las mañanas\n", "ies ramon llull nº 2", BODY),
    (_LOG + "trabajo de conserje en el colegio sta. teresa 20 años\n", "colegio sta. teresa", BODY),
    (_LOG + "sigue programa de metadona en CAD arganzuela\n", "CAD arganzuela", CENTRE),
    (_LOG + "presupuesto de implantes de clinica dental sonrisas sin firmar\n", "clinica dental sonrisas", CENTRE),
    (_LOG + "cita con su mf no c.s. a estrada o luns\n", "c.s. a estrada", CENTRE),
    (_LOG + "repartidor en frutas hermanos pardo sl desde marzo\n", "frutas hermanos pardo sl", BODY),
    (_LOG + "baja por accidente laboral, la lleva asepeyo\n", "asepeyo", BODY),
    (_LOG + "citacion del juzgado de instruccion nº 2 de getafe para declarar\n", "juzgado de instruccion nº 2 de getafe", BODY),
    # towns and districts
    (_LOG + "billete bus zamora el viernes\n", "zamora", TOWN),
    (_LOG + "procede de villalpando, vive solo\n", "villalpando", TOWN),
    (_LOG + "tiene un piso alquilado en el barrio de san blas\n", "san blas", TOWN),
    (_LOG + "se muda en dos hermanas con su pareja en junio\n", "dos hermanas", TOWN),
    (_LOG + "domicilio actual en sta cruz de tenerife\n", "sta cruz de tenerife", TOWN),
    (_LOG + "natural de cuzco (peru), vino hace 10 años\n", "cuzco", TOWN),
    (_LOG + "curas en cap sabadell 2 - can rull cada 48h\n", "cap sabadell 2 - can rull", CENTRE),
    (_LOG + "vive en lugar de o outeiro 7 con vacas\n", "lugar de o outeiro 7", {"CALLE"}),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    """One detected span with one of ``labels`` is exactly ``value`` (its last occurrence)."""
    assert_found(rules, text, value, labels, last=True)


NEGATIVES = [
    # a plural of an ordinary word is no town; a title's initial and a bacterium are no hospital
    (_LOG + "no puede hacer las camas ni fregar\n", "camas", PLACES),
    (_LOG + "valorado por dr. h. salcedo en consulta\n", "h. salcedo", HOSPITAL),
    (_LOG + "erradicacion de h. pylori con triple terapia\n", "h. pylori", HOSPITAL),
    # a drug taken under the tongue is no company; a Catalan father is no hospital
    (_LOG + "nitro sl si dolor toracico\n", "nitro sl", BODY),
    (_LOG + "diu q el pare esta millor\n", "pare", HOSPITAL),
    # a job is no body; a verb after a centre is no name; a school without its name
    (_LOG + "el hijo trabaja de guardia civil en otra provincia\n", "guardia civil", BODY),
    (_LOG + "si empeora acudir al centro de salud o llamar al 112\n", "llamar", CENTRE),
    (_LOG + "en el colegio con sus amigos sin problemas\n", "colegio", BODY),
    (_LOG + "policia local ya en el domicilio\n", "policia local", BODY),
    # a surname after a title is no town
    (_LOG + "valorado por dr soria en consulta\n", "soria", PLACES),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    """No detected span with one of ``labels`` overlaps ``value`` (its last occurrence)."""
    assert_not_found(rules, text, value, labels, last=True)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["del", "en el", "no"]),
       st.sampled_from(["dolor", "brazo", "pie", "mar", "rio", "carmen", "hijo", "medico", "tobillo"]))
def test_ordinary_word_after_an_article_is_no_hospital(rules, cue, word):
    """An ordinary word, a body part, a kinship word or a given name after an article is no hospital by its name."""
    assert_not_found(rules, _LOG + f"molestias {cue} {word} desde ayer\n", word, FACILITIES, last=True)
