"""The rules backend on persons, dates and numbers (round 21, persons):

* a lower-case ``dr``/``dra`` and a known surname in a note that is not wholly in lower case; a team's role word
  before dotted initials or an initial and a surname (``due a.r.g.``, ``med j. lozano``); capital initials after the
  handover's words (``da relevo: JRT``) and again anywhere; a known given name and one initial closing a reminder's
  name (``CARMEN R.,``); a given name before ``la cuidadora`` (cued_people.py);
* a patient's nickname after ``le llaman`` in parentheses, quoted with words after it, or after an article alone
  in parentheses (cued_people.alias_candidates);
* a given name after a workplace's foreman (``encargado de turno``, ``jefa de equipo``) (typed_people.py);
* a weekday after ``ese``/``mismo`` (``ese mismo jueves``), a Portuguese weekday or a Catalan weekday's short form
  before a day and month (``sexta 11/4``, ``dj 3/4``), a day and month after a test's name closing its phrase
  (``holter 12/2,``) (typed_days.py);
* a user's code after ``generado por``/``usuario``/``técnico``, again anywhere; a ``;``-separated export's columns
  under their titles (``solicitante`` a doctor, ``tecnico`` codes); a device's number after its name and ``nº``
  (cued_codes.py);

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import assert_found, assert_not_found, cases, filler_log

STAFF = {"NOMBRE_PERSONAL_SANITARIO"}
PATIENT = {"NOMBRE_SUJETO_ASISTENCIA"}
NAMES = {"NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA", "FAMILIARES_SUJETO_ASISTENCIA"}
DATE = {"FECHAS"}
ANY = NAMES | DATE | {"ID_EMPLEO_PERSONAL_SANITARIO", "ID_SUJETO_ASISTENCIA", "OTRO_NUMERO_IDENTIF", "NUMERO_TELEFONO",
                      "IDENTIF_DISPOSITIVOS_NRSERIE", "ID_CONTACTO_ASISTENCIAL", "TERRITORIO", "INSTITUCION"}
# a note typed fast: lines start in lower case (a few capitals stay)
_LOG = filler_log("visita domiciliaria de enfermeria", "paciente tranquilo sin incidencias",
                  "se revisa pastillero semanal ok", "pendiente analitica de control", "TA y FC dentro de rango")
# an ordinary note with capitals and clinical acronyms, a typed-fast line inside it
_MIXED = ("Traslado urgente. ECG: ST elevado en II, III y aVF. TA 150/90, FC 50, GCS 15.\n"
          "AAS 300 mg vo, NTG sl. Se activa CODIGO INFARTO.\n")

_EXPORT = ("# export LIS - generado por LX0388\n"
           "tubo;peticion;paciente;solicitante;prueba;tecnico;observaciones\n"
           "7710;P-2231;SARASOLA IRIBAS, AINHOA;OLAIZ, R.B.;GLUCOSA;LX0388;sin incidencias\n"
           "7711;P-2232;MENDIA ROS, UNAI;OLAIZ, R.B.;TSH;LX0412;hemolizada\n")

POSITIVES = [
    # lower-case doctor's title, any layout
    (_MIXED + "comentado con hemodinamica dr ibarra sotelo, acepta\n", "ibarra sotelo", STAFF),
    (_MIXED + "avisada la dra quintana de guardia\n", "quintana", STAFF),
    # a team's roles before initials
    (_MIXED + "dotacion: med j. lozano / due a.r.g. / tes nico\n", "j. lozano", STAFF),
    (_MIXED + "dotacion: med j. lozano / due a.r.g. / tes nico\n", "a.r.g.", STAFF),
    (_LOG + "sesion de marcha en paralelas, bien\nfisio M.P.\n", "M.P.", STAFF),
    # capital initials after the handover's words, and again
    ("Paciente estable, afebril.\nVía periférica cambiada por JRT.\nda relevo: JRT   recibe: nerea\n", "JRT", STAFF),
    ("Paciente estable, afebril.\nVía periférica cambiada por JRT.\nda relevo: JRT   recibe: nerea\n", "JRT", STAFF),
    # a given name and one initial in a reminder
    ("CAP SANT ROC: CARMEN R., le recordamos su cita del martes 4/11 a las 10:00\n", "CARMEN R.", PATIENT),
    ("CAP SANT ROC: PILAR G., le recordamos su cita del martes 4/11 a las 10:00\n", "PILAR G.", PATIENT),
    ("Recordatorio: cita de Jordi P. (vacuna gripe) el jueves 6/11.\n", "Jordi P.", PATIENT),
    # a workplace's foreman before his name (typed_people.py)
    (_LOG + "le acompaña el encargado de turno sergio albiol, que vio la caida\n", "sergio albiol", STAFF),
    ("Testigo: la jefa de equipo Marta Ibars, que avisa a la mutua.\n", "Marta Ibars", STAFF),
    # a carer before her role, found again
    (_LOG + "por las mañanas va loli la cuidadora. dejo pauta de cremas a loli\n", "loli", STAFF),
    # nicknames beside the patient's name
    (_LOG + "pac: fernando gil soto (en el barrio le llaman chechu) 71a varon\n", "chechu", PATIENT),
    ('Paciente: Fernando Gil Soto ("nandito" segun su hermana), 71 años.\n', "nandito", PATIENT),
    ("pacient: dolors vidal roca (la loles), 83 a, dona\n", "loles", PATIENT),
    # codes
    ("# informe generado por Q0311 el 2/10/2024\n", "Q0311", {"ID_EMPLEO_PERSONAL_SANITARIO"}),
    ("Listado exportado - usuario adm_urg0219 (J. Pons)\n", "adm_urg0219", {"ID_EMPLEO_PERSONAL_SANITARIO"}),
    (_EXPORT, "LX0388", {"ID_EMPLEO_PERSONAL_SANITARIO"}),
    (_EXPORT, "OLAIZ, R.B.", STAFF),
    (_LOG + "tiene teleasistencia, colgante nº TX 0093314, lo lleva\n", "TX 0093314", {"IDENTIF_DISPOSITIVOS_NRSERIE"}),
    (_LOG + "boton de teleasistencia: pulsador nº 55120947\n", "55120947", {"IDENTIF_DISPOSITIVOS_NRSERIE"}),
    # dates
    (_LOG + "caida en el trabajo ese mismo jueves por la tarde\n", "jueves", DATE),
    (_LOG + "volta a consulta sexta 11/4 as 10h\n", "sexta 11/4", DATE),
    (_LOG + "control a l'hospital de dia dj 3/4 10h\n", "dj 3/4", DATE),
    (_LOG + "holter 12/2, sin pausas significativas\n", "12/2", DATE),
    (_LOG + "ecocardio 5/11: FEVI conservada\n", "5/11", DATE),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    assert_found(rules, text, value, labels)


def test_handover_initials_found_again(rules):
    text = "Paciente estable, afebril.\nVía periférica cambiada por JRT.\nda relevo: JRT   recibe: nerea\n"
    assert_found(rules, text, "JRT", STAFF, last=False)
    assert_found(rules, text, "JRT", STAFF, last=True)


def test_carer_found_again(rules):
    text = _LOG + "por las mañanas va loli la cuidadora. dejo pauta de cremas a loli\n"
    assert_found(rules, text, "loli", STAFF, last=True)


def test_nickname_found_again(rules):
    text = _LOG + "pac: fernando gil soto (en el barrio le llaman chechu) 71a varon\nchechu colabora en la cura\n"
    assert_found(rules, text, "chechu", PATIENT, last=True)


NEGATIVES = [
    # clinical values and words after the cues
    (_MIXED + "control por dr y enf en 2 horas\n", "enf", NAMES),
    (_MIXED + "glasgow 15, ta 120/80, tomar 1/2 comp a las 8:40\n", "1/2", ANY),
    (_MIXED + "glasgow 15, ta 120/80, tomar 1/2 comp a las 8:40\n", "8:40", ANY),
    (_MIXED + "glasgow 15, ta 120/80, tomar 1/2 comp a las 8:40\n", "120/80", ANY),
    ("Paciente estable.\nrelevo: UCI sin incidencias\n", "UCI", NAMES),
    ("Paciente estable.\nentrega: ECG y analitica\n", "ECG", NAMES),
    # a single capital after a vitamin, a virus, a group: no given name
    ("Tratamiento con vitamina D. y calcio. Hepatitis B. negativa. Grupo A. estable\n", "vitamina D.", NAMES),
    ("Tratamiento con vitamina D. y calcio. Hepatitis B. negativa. Grupo A. estable\n", "Hepatitis B.", NAMES),
    # a form's "F. nac." after a hyphenated given name
    ("Paciente: RUSU MUNTEANU, Ana-Maria     F. nac.: 04/05/2011\n", "F. nac.", PATIENT),
    # an honorific's name stays the honorific rules' (staff), never the reminder's patient
    ("Le atenderá la Dra. Marta S., en la consulta 3.\n", "Marta S.", PATIENT),
    # an ordinary word before the carer's role
    (_LOG + "hoy viene la cuidadora nueva, se explica la pauta\n", "viene", NAMES),
    # a foreman's cue before no name
    (_LOG + "avisado el encargado de turno, que rellena el parte\n", "parte", NAMES),
    # parentheses that hold no nickname
    (_LOG + "pac: fernando gil soto (la tarde) 71a varon\n", "tarde", NAMES),
    (_LOG + "pac: fernando gil soto (en casa solo) 71a varon\n", "casa", NAMES),
    # doses, fractions and ratios after a test's name or an ordinal
    (_LOG + "ecg 1/2 derivaciones con artefacto\n", "1/2", DATE),
    ("Rx tórax: ICT 1/2. TC 3/4 partes. TA 120/80, glasgow 15.\n", "1/2", DATE),
    (_LOG + "la quinta 1/2 comp por la noche\n", "1/2", DATE),
    (_LOG + "los martes viene su hija\n", "martes", DATE),
    # codes: a drug's or a test's name in a column, a count after the cue
    (_EXPORT, "GLUCOSA", ANY),
    (_EXPORT, "hemolizada", ANY),
    ("Realizado por técnico 2 de guardia.\n", "2", ANY),
    (_LOG + "se programa bomba de insulina a 0,8 ui/h\n", "0,8", ANY),
    # drugs after a title-less role word
    (_MIXED + "med: enalapril 10 mg, furosemida 40 mg\n", "enalapril", NAMES),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)


def test_export_code_found_again_in_its_column(rules):
    assert_found(rules, _EXPORT, "LX0388", {"ID_EMPLEO_PERSONAL_SANITARIO"}, last=True)
    assert_found(rules, _EXPORT, "LX0412", {"ID_EMPLEO_PERSONAL_SANITARIO"})
