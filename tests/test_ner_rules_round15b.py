"""The rules backend on what round 15 (notes typed fast, 211-222) still left, by mechanism:

* facility heads as typed fast: ``hosp``/``h.`` in lower case or abbreviated (``hosp gral univ``, ``h. san juan de
  dios``; ``H.`` before a name only after a place's preposition), ``resid.`` before ``los``/``las``, an orthopaedic
  shop (``Ortopedia X``, not the department ``Traumatología y Ortopedia Infantil``), ``ambulancias`` and a known
  name, a Catalan ``ASSIR`` even after a capitalised name, Galician ``centro de saude`` in lower case;
* an address field whose town and postal code stand inside it, a remark after them (the street stops before the town);
  a house number is no phone (``San Lázaro 958 ...``) and no day of a month (``rocio 22 mayo``);
* a street after ``Avda`` without its period;
* care staff after their role's word or abbreviation (``TS:``, ``enf. enlace``, ``inf.``, ``circulante:``), with a
  surname abbreviated as offices do (``Fdez.``, ``Rguez``); a transcriber's initials; a staff name's initials in
  parentheses;
* a person named right before their phone (relative or staff by the nearer cue), a relative after ``hija =`` and in
  parentheses after the patient's name (``fill de Pere Casals (Xavier, ...)``);
* ``Dna.`` (``Dña.`` without its tilde) and a name whose abbreviated surname ends in a period;
* a patient's name words found again: an ordinary word of the name only as written, two of its words together.

Every snippet is fictional and written for this test; each positive fails on fb66f9b.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rules_probe import FACILITIES, PATIENT, PLACES, RELATIVE, STAFF, assert_found, assert_not_found, cases, filler_log

HOSPITAL = {"HOSPITAL"}
# a log typed fast: lines start in lower case (a few capitals stay)
_LOG = filler_log("notas urg turno noche", "22:05 sin incidencias en sala", "se revisa carro de paradas ok",
                  "pendiente TC de box 4", "llaman de UCI x cama", "ECG repetido sin cambios", "sala de espera vacia",
                  "se pide analitica de control")

POSITIVES = [
    # facility heads as typed fast
    (_LOG + "alta urg hosp gral univ dr peset valencia - copiado del movil\n", "hosp gral univ dr peset", HOSPITAL),
    (_LOG + "03:10 trasladado de h. san juan de dios del bierzo, estable\n", "h. san juan de dios del bierzo", HOSPITAL),
    (_LOG + "viene en ambulancia de la resid. las acacias x fiebre\n", "resid. las acacias", FACILITIES),
    ("Ecografía hecha en H. Miguel Servet el 3/2, sin hallazgos.\n", "H. Miguel Servet", HOSPITAL),
    ("Se pide material a Ortopedia Garrido, entrega el lunes.\n", "Ortopedia Garrido", FACILITIES),
    ("Colchón de Ortopedia San Roque 954 22 13 40, llega el martes.\n", "Ortopedia San Roque", FACILITIES),
    (_LOG + "traslado pedido a ambulancias serrano a las 7\n", "ambulancias serrano", FACILITIES),
    ("Derivo a la llevadora Laia ASSIR Horta per control.\n", "ASSIR Horta", {"CENTRO_SALUD"}),
    ("- curas no centro de saude Monte Alto o venres\n", "centro de saude Monte Alto", {"CENTRO_SALUD"}),
    (_LOG + "relevo noche h. virgen de la arrixaca 14 marzo\n", "h. virgen de la arrixaca", HOSPITAL),
    # an address with its town and postal code inside, then a remark
    ("Dirección: c/ Toledo 14, 2º B, Leganés (28911) - timbre roto, sin ascensor\n", "Leganés", PLACES),
    ("Dirección: c/ Toledo 14, 2º B, Leganés (28911) - timbre roto, sin ascensor\n", "c/ Toledo 14, 2º B", PLACES),
    (_LOG + "04:30 caida en su domicilio (avda de portugal 12 3º dcha, 28011) sin perdida\n", "avda de portugal 12 3º dcha", PLACES),
    # care staff after their role
    ("Hoja social    TS: Leocadia Glez. Arias (despacho 3)\n", "Leocadia Glez. Arias", STAFF),
    ("Se coordina con la TS municipal Ramiro Hdez por correo.\n", "Ramiro Hdez", STAFF),
    ("Coordinado con la enf. enlace Milagros por teléfono.\n", "Milagros", STAFF),
    ("CAP Nord - consulta 2     inf. Gemma Soler\n", "Gemma Soler", STAFF),
    ("INSTRUMENTISTA: LORENA / CIRCULANTE: TOMAS R.   TCAE: PILI\n", "TOMAS R.", STAFF),
    (_LOG + "lo sabe trabajo social marta g. desde ayer\n", "marta g.", STAFF),
    ("Firmado Dr. Alcañiz. Transcrito por jlv el 02/03/2024.\n", "jlv", STAFF),
    (_LOG + "enf triaje: mª teresa (MTS)   apoyo: anselmo\n", "MTS", STAFF),
    # a person right before their phone; a relative after "=" or in parentheses after the patient's name
    ("Visita de la auxiliar de ayuda a domicilio (Clece) Mari Jose 611 22 33 44: todo bien.\n", "Mari Jose", STAFF),
    ("  - cuñada (viuda de Andrés) Teodora Nieto 622 10 20 30 - buena relación\n", "Teodora Nieto", RELATIVE),
    ("Llama la hija = Puri 955 12 34 56 para preguntar.\n", "Puri", RELATIVE),
    ("11:40 trucada del fill de Josep Serra (Jordi, 600 11 22 33): pregunta.\n", "Jordi", RELATIVE),
    # "Dna." and an abbreviated surname with its period inside a name
    ("- Dna. Clotilde Fdez. Barreiro (hab 12): tose\n", "Clotilde Fdez. Barreiro", PATIENT),
    # a patient's name words found again: an ordinary word of the name as written, two words together
    ("- Sr. Anselmo Ruiz Blanco (80): caída\n- Blanco tranquilo, sin dolor\n", "Blanco", None),
    ("Llama la hija de Herminia Molina Pardo (88 a).\nValorar ley dependencia de Molina Pardo, la hija no puede.\n", "Molina Pardo", None),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    """One detected span with one of ``labels`` is exactly ``value`` (for ``None``: the patient, at the value's last
    occurrence)."""
    if labels is None:
        assert_found(rules, text, value, PATIENT, last=True)
    else:
        assert_found(rules, text, value, labels)


NEGATIVES = [
    # a person's initial and a bacterium are no hospital
    ("Visto por el Dr. H. Gómez en consulta.\n", "H. Gómez", HOSPITAL),
    ("Erradicación de H. Pylori con triple terapia.\n", "H. Pylori", HOSPITAL),
    # the department, not a shop
    ("Servicio de Traumatología y Ortopedia Infantil del hospital.\n", "Ortopedia Infantil", FACILITIES),
    # an ordinary word of the patient's name stays a word in lower case
    ("- Sr. Anselmo Ruiz Blanco (80): caída\n- vestido blanco, sin dolor\n", "blanco,", PATIENT),
    # "inf." of a limb is no nurse; no given name after a role
    ("Edema en miembro inf. izquierdo.\n", "izquierdo", STAFF),
    # a name before a phone must start with a known given name
    ("Servicio de Urgencias 955 12 34 56 para dudas.\n", "Urgencias", STAFF | RELATIVE | PATIENT),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    """No detected span with one of ``labels`` overlaps ``value``."""
    assert_not_found(rules, text, value, labels)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["TS", "enf. enlace", "inf.", "circulante:"]),
       st.sampled_from(["izquierdo", "derecho", "pendiente", "urgente", "bien"]))
def test_role_before_an_ordinary_word_finds_no_staff(rules, role, word):
    """A role's word before an ordinary word is no staff name, whatever the role."""
    text = f"Valorado por {role} {word} y se cita.\n"
    assert_not_found(rules, text, word, STAFF, last=True)  # its last occurrence: the one after the role
