"""The rules backend on the people, dates, ages and numbers that the round-16 notes (235-246, typed fast) left: by
general mechanisms of typed records and logs, not by the notes' own words.

* staff after a role's short form (``ps``, ``ts``, ``t.o.``, ``log``, ``mir``, ``r3``, ``inf``, ``higienista``, ``enf
  x:``), before a role in parentheses or after a dash, in a log line's slots (``date shift - name:``, ``date -
  name.``), a sign-off's initials closing several lines (found again alone), initials after ``rev:``, a title's
  initial and the surname after it, further staff after a slash, initials or an initialled surname in parentheses
  after a staff name, a staff given name found again alone;
* the patient as ``surnames, given`` after its cue, surnames after ``RN``, a newborn's name field, a quoted alias, a
  nickname in parentheses after the name;
* a day and month in a log line's slots, a month's name in lower case, ``el dia N``; the patient's short age as a
  record line's field, after the date of birth, days of life (``ddv``); the sex next to such an age or after ``sexo``;
* a court's case number, a lab's order, a screening card, a worker's number typed short, ``hc`` with letters.

Negatives: role words inside other words (``mirada``, ``enferma``), a facility after a dash (``- Doctor Peset``),
``Fdo.: el/la``, a place or a shift in parentheses after a name, capitalised months (``Julio``), a month inside a
whole date or a hospital's name, ``días de vida`` in a case's history, ``nº empleado`` read whole.

Every snippet is fictional and written for this test; each positive failed on e5cca3c.
"""
from __future__ import annotations

from rules_probe import PATIENT, STAFF, assert_found, assert_not_found, cases, filler_log, spans_of

DATE = {"FECHAS"}
AGE = {"EDAD_SUJETO_ASISTENCIA"}
SEX = {"SEXO_SUJETO_ASISTENCIA"}
OTHER_ID = {"OTRO_NUMERO_IDENTIF"}
WORKER_ID = {"ID_EMPLEO_PERSONAL_SANITARIO"}
PATIENT_ID = {"ID_SUJETO_ASISTENCIA"}

# other lines of a sheet typed fast: they start in lower case
_SHEET = filler_log("hoja de seguimiento - unidad de dia", "sin incidencias en la sesion", "se revisa pauta en casa",
                    "pendiente rx de control", "buena tolerancia al ejercicio", "camina con andador",
                    "se pide analitica", "tension estable")

POSITIVES = [
    # staff after a role's short form
    (_SHEET + "equipo: ps gonzalo / ts marina q.\n", "gonzalo", STAFF),
    (_SHEET + "equipo: ps gonzalo / ts marina q.\n", "marina q.", STAFF),
    (_SHEET + "acuerda con t.o. yolanda el plan\n", "yolanda", STAFF),
    (_SHEET + "12/3/24 - higienista noemi: limpieza\n", "noemi", STAFF),
    (_SHEET + "valorado por mir ignacio p. en box\n", "ignacio p.", STAFF),
    (_SHEET + "sutura r3 teresa v. sin incidencias\n", "teresa v.", STAFF),
    (_SHEET + "firma: adjunto / inf rebeca\n", "rebeca", STAFF),
    (_SHEET + "enf resp: itziar goikoetxea  ext 4410\n", "itziar goikoetxea", STAFF),
    (_SHEET + "sesion 3 - log r. quintana\n", "r. quintana", STAFF),
    # before a role in parentheses or after a dash
    (_SHEET + "hoy cubre carmela d. (log) la sesion\n", "carmela d.", STAFF),
    (_SHEET + "leonor f. - enfermera de enlace\n", "leonor f.", STAFF),
    # a name in parentheses after the role
    (_SHEET + "habla con trabajadora social (gloria) sobre ayudas\n", "gloria", STAFF),
    # a log line's slots
    (_SHEET + "3/11 tarde - eva m.: sin cambios\n", "eva m.", STAFF),
    (_SHEET + "noche - rjp: duerme bien\n", "rjp", STAFF),
    (_SHEET + "ses 5 - 14/10 - lorena. repite ejercicios\n", "lorena", STAFF),
    # a sign-off's initials closing several lines, found again alone
    (_SHEET + "ejercicios de soplo - bq\nrepite frases - bq\nse comenta con bq la pauta\n", "bq", STAFF),
    ("Resumen\nrevisado y firmado.\nrev: j.p.\n", "j.p.", STAFF),
    # a title's initial and the surname after it
    (_SHEET + "informado su mf: dr r. escudero\n", "r. escudero", STAFF),
    # further staff after a slash, initials or a surname in parentheses after a staff name
    (_SHEET + "enf: lidia moreno n.p. 41877 / ramiro soto / c. prieto l.\n", "ramiro soto", STAFF),
    (_SHEET + "enf: lidia moreno n.p. 41877 / ramiro soto / c. prieto l.\n", "c. prieto l.", STAFF),
    (_SHEET + "enf disp: carolina (cgm) revisa\n", "cgm", STAFF),
    (_SHEET + "tecnico: paco (f. garrido) cambia filtro\n", "f. garrido", STAFF),
    # a staff given name found again alone
    (_SHEET + "cubre esperanza g. (log)\nsesion 4 - esperanza: repite\n", "esperanza:", None),
    # the patient
    (_SHEET + "paciente glez. olmedo, maria luisa cip 1234\n", "glez. olmedo, maria luisa", PATIENT),
    (_SHEET + "RN ferrandez sebastia, box 3\n", "ferrandez sebastia", PATIENT),
    (_SHEET + "nombre elegido: candela\n", "candela", PATIENT),
    (_SHEET + 'apodado en el modulo alias "toti"\n', "toti", PATIENT),
    (_SHEET + "alumna: lucia herrero (lucy en casa) curso 2b\n", "lucy", PATIENT),
    # dates of a log
    (_SHEET + "ses 3 - 2/9 - lectura de frases\n", "2/9", DATE),
    (_SHEET + "visita 2 - 21-9 9:40 - lectura\n", "21-9", DATE),
    (_SHEET + "4-11 turno tarde: sin cambios\n", "4-11", DATE),
    (_SHEET + "ultimo ecg febrero normal\n", "febrero", DATE),
    (_SHEET + "reevaluar a principios de dic\n", "principios de dic", DATE),
    (_SHEET + "se cambio el catéter el dia 9 en domicilio\n", "dia 9", DATE),
    # ages and sex of a record's line
    ("pte: garmendia zubia ane  63 a  sexo M  nhc 77120\n", "63 a", AGE),
    ("pte: garmendia zubia ane  63 a  sexo M  nhc 77120\n", "M", SEX),
    ("nhc 5521937  72a v  cita 10:00\n", "72a", AGE),
    ("nhc 5521937  72a v  cita 10:00\n", "v", SEX),
    ("dni 12345678Z  fnac 03/04/1961 (63)  jubilado\n", "63", AGE),
    (_SHEET + "10/2 noche - amparo: 4 ddv, tolera\n", "4 ddv", AGE),
    ("pacient: marc soler  home 52 anys  nhc 11\n", "home", SEX),
    # numbers by their cue
    (_SHEET + "condena en ejecutoria 318/2022 del juzgado\n", "318/2022", OTHER_ID),
    (_SHEET + "corona enviada, orden LB-23/4471\n", "LB-23/4471", OTHER_ID),
    (_SHEET + "cribado extraido tarjeta nº 28-1174430\n", "28-1174430", OTHER_ID),
    (_SHEET + "enf: nadia  nº emp 77412\n", "77412", WORKER_ID),
    (_SHEET + "nis 2020001234   hc CPT-5521   nie\n", "CPT-5521", PATIENT_ID),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    """One detected span with one of ``labels`` is exactly ``value`` (its first occurrence; for ``None``, the last
    occurrence of the value's first word, a name found again alone)."""
    if labels is None:
        assert_found(rules, text, value.rstrip(":"), STAFF, last=True)
    else:
        assert_found(rules, text, value, labels)


NEGATIVES = [
    # role words inside other words
    ("Diplopía en la mirada lateral de 2 semanas de evolución.\n", "ada lateral", STAFF),
    ("La enferma refirió dolor.\n", "erma refirió", STAFF),
    ("Los analgésicos no logran controlar el dolor.\n", "ran controlar", STAFF),
    # a facility's name after a dash, a signature's blank
    ("Departament de Salut València - Doctor Peset\n", "Salut València", STAFF),
    ("Fdo.: el/la paciente            Fdo.: el/la médico\n", "el", STAFF),
    # a place or a shift in parentheses after a name
    ("Paciente: Lorena Ibáñez Pardo (Teruel), remitida por dolor.\n", "Teruel", PATIENT),
    ("Entrega: Inf. Gemma Roig i Pla (nit) · Rep: Inf. Joan Mas\n", "nit", PATIENT),
    # months: capitalised (a name), inside a whole date or a hospital's name, recurring
    ("Médico: Julio Ferrán Gil\n", "Julio", DATE),
    (_SHEET + "consulta el pasado 12 de octubre por dolor\n", "octubre", DATE),
    (_SHEET + "derivada a reumatologia h 12 octubre\n", "octubre", DATE),
    ("Vai a Suíza cada agosto a ver os netos.\n", "agosto", DATE),
    # days of life in a case's history, the day of a whole date
    ("Ingresó en otro hospital a los 19 días de vida por ictericia.\n", "19 días de vida", AGE),
    ("Se retira la sonda vesical el día 14 de enero.\n", "día 14", DATE),
    ("Se inicia diálisis peritoneal en el día 2 y en el dia 5 se suspende.\n", "dia 5", DATE),
    # a relative's age on the patient's line is not the patient's
    ("pte: laura sanz  vive con su madre  80a\n", "80a", AGE),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    """No detected span with one of ``labels`` is ``value`` or lies inside it (a longer span may hold it: the whole
    date holds its month)."""
    assert_not_found(rules, text, value, labels, inside=True)


def test_whole_employee_number_cue(rules):
    """``nº empleado 118274``: the cue is read whole, the number alone is the worker's."""
    text = "Enfermero: Aitor Lasa · Osakidetza, nº empleado 118274\n"
    found = spans_of(rules, text)
    assert any(v == "118274" and lab in WORKER_ID for _, _, lab, v in found), found
