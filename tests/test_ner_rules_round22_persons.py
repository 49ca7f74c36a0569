"""The rules backend on persons, dates and numbers (round 22, persons):

* a full name followed by a typed-fast age (``38a``, ``67 a varon``) is a person, not a street and its house number
  (names.py);
* a ``|`` log's short title of the pharmacist's column (``farm``): the initials under it are staff (tables.py);
* a chat's sender with a role word and a colon (``Jaume metge: ok. el de la 3 ...``) heads a message, not a staff
  field: the lower-case message is no name (header.py);
* a patient's nickname in parentheses after the full name, again elsewhere, in lower case too (typed_persons.py);
* third parties named by their role (``vigilante X``, ``cuidadora interna X``, ``veciña (X)``, ``TO (X)``, a police
  rank before a surname, ``X tecnico de <firm>``) and a lower-case honorific without its period (``(sra X)``)
  (third_parties.py); a message's writer naming herself and her kinship (``soy X la hija de Y``): a relative;
* dates: a weekday before an hour (``el lunes 22h``), a day and month before a clock time (``parto 4/5 2:40h``), a weekly
  schedule of weekdays' short forms (``mar-jue-sab``), a Basque weekday alone (``(osteguna)``), ``proxima`` and one or
  two words before a day and month (``proxima revision conjunta 21/4``) (typed_days.py);

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import DATE, NAMES, PATIENT, RELATIVE, STAFF, assert_found, assert_not_found, cases, filler_log

ANY = NAMES | DATE | {"ID_EMPLEO_PERSONAL_SANITARIO", "ID_SUJETO_ASISTENCIA", "OTRO_NUMERO_IDENTIF", "NUMERO_TELEFONO",
                      "IDENTIF_DISPOSITIVOS_NRSERIE", "ID_CONTACTO_ASISTENCIAL", "ID_ASEGURAMIENTO", "TERRITORIO",
                      "CALLE", "INSTITUCION"}
# a note typed fast: lines start in lower case (a few capitals stay)
_LOG = filler_log("relevo de planta turno de noche", "sin incidencias reseñables",
                  "se revisa carro de curas ok", "pendiente analitica de control", "TA y FC dentro de rango")
_MIXED = ("Traslado urgente. ECG: ST elevado en II, III y aVF. TA 150/90, FC 50, GCS 15.\n"
          "AAS 300 mg vo, NTG sl. Se activa CODIGO INFARTO.\n")
_CHAT = ("14/5/24, 8:01 - Carles metge: ok. el de la 3 ya esta mejor, le bajamos la furosemida\n"
         "14/5/24, 8:02 - Sonia TCAE: yo paso por alli a las 11 con la bala de oxigeno\n")
_ROUTE = ("2/6/24, 7:50 - Marta Enf: ruta: 1) Bernardo Climent Puig (Berni) Paterna 2) Emilia Roig Sanz Manises\n"
          "2/6/24, 9:15 - Marta Enf: berni con 38 de fiebre, aviso a medico\n")
_PHARMACY = ("REGISTRO DE SALIDAS | exportado 02/05/2024\n"
             "fecha | hora | farm | paciente | medicamento | CN | uds\n"
             "02/05/2024 | 10:20 | RTG | LLULL VIDAL, ELENA | OMEPRAZOL 20 MG 28 CAPS | 654410 | 2\n"
             "02/05/2024 | 11:02 | PSA | MOLL CAMPINS, JAUME | PARACETAMOL 1 G 40 COMP | 712293 | 1\n")

POSITIVES = [
    # a full name and a typed-fast age
    (_LOG + "212 Irene Calvo Montero 44a maestra, de ronda, ingresa por PNA\n", "Irene Calvo Montero", PATIENT),
    (_LOG + "Tomas Ibarra Galindo 72 a varon, DM2, acude por herida en talon\n", "Tomas Ibarra Galindo", PATIENT),
    (_LOG + "cama 3: Ruben Soto Villar, 59a. estable\n", "Ruben Soto Villar", PATIENT),
    # a pharmacy log's column of the dispensing pharmacist's initials
    (_PHARMACY, "RTG", STAFF),
    (_PHARMACY, "PSA", STAFF),
    # the nickname after the full name, and again in lower case
    (_ROUTE, "Berni", PATIENT),
    # third parties by their role
    (_LOG + "familia avisada, el vigilante Tomas en la puerta ext 5120\n", "Tomas", STAFF),
    (_LOG + "vive sola con cuidadora interna Rosalia (de bolivia)\n", "Rosalia", STAFF),
    (_LOG + "a encontro a veciña (Sabela) no portal\n", "Sabela", STAFF),
    ("- TO (Itziar): barthel 60, se viste sola\n", "Itziar", STAFF),
    (_LOG + "sin luz en la sala, avisado mantenimiento (Chema).\n", "Chema", STAFF),
    (_LOG + "en el domicilio la patrulla, sargento Ibarra TIP 22871\n", "Ibarra", STAFF),
    (_LOG + "viene Oscar tecnico de philips a cambiar el equipo\n", "Oscar", STAFF),
    (_LOG + "nos abre la vecina del 2º (sra Vallejo) que tiene llave\n", "Vallejo", STAFF),
    # a writer who says she is a relative
    ("3/4/24, 9:02 - +34 600 11 22 33: buenas, soy Remei la sobrina de Josep, esta con fiebre\n", "Remei", RELATIVE),
    # dates
    (_LOG + "ingresa de urgencia el lunes 22h por fiebre\n", "lunes", DATE),
    (_LOG + "parto vaginal 4/5 2:40h, sin desgarro\n", "4/5", DATE),
    (_LOG + "acude mar-jue-sab a rehabilitacion\n", "mar-jue-sab", DATE),
    ("Kontsulta - 2023ko urriaren 12an (osteguna)\nGaixoa stable\n", "osteguna", DATE),
    (_LOG + "proxima revision conjunta 21/4. traer informes\n", "21/4", DATE),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    assert_found(rules, text, value, labels)


NEGATIVES = [
    # a street named after a person, a house number and a door letter: still the street's
    ("Domicilio: c/ Luis Ortega Bravo 38 A, 2º izq, Murcia\n", "Luis Ortega Bravo", NAMES),
    # clinical values
    (_MIXED + "glasgow 15, ta 120/80, tomar 1/2 comp a las 8:40\n", "1/2", ANY),
    (_MIXED + "glasgow 15, ta 120/80, tomar 1/2 comp a las 8:40\n", "8:40", ANY),
    (_MIXED + "glasgow 15, ta 120/80, tomar 1/2 comp a las 8:40\n", "120/80", ANY),
    # a drug's name and its pack in the pharmacy log
    (_PHARMACY, "OMEPRAZOL", ANY),
    (_PHARMACY, "uds", ANY),
    # a chat's message after the sender's role word is no name
    (_CHAT, "ok. el de la 3", NAMES),
    (_CHAT, "furosemida", NAMES),
    (_CHAT, "yo paso por alli", NAMES),
    # role words before no name
    (_LOG + "guardia Civil en el domicilio, agente Causal desconocido\n", "Civil", NAMES),
    (_LOG + "el tecnico de rayos hace rx de torax\n", "rayos", NAMES),
    (_LOG + "TO: 36,8 ºC, glasgow 15, ta 120/80\n", "36,8", ANY),
    (_LOG + "cuidadora Nueva desde el lunes\n", "Nueva", NAMES),
    (_LOG + "avisado mantenimiento (urgente). sin agua\n", "urgente", NAMES),
    # a writer's role, no name
    ("3/4/24, 9:02 - +34 600 11 22 33: buenas, soy yo la hija de Josep\n", "yo", NAMES),
    # doses, fractions, vitals and times before or after an hour
    (_LOG + "dosis 1/2 8h y luego 1/4 12h\n", "1/2", DATE),
    (_LOG + "dosis 1/2 8h y luego 1/4 12h\n", "1/4", DATE),
    (_LOG + "ta 12/8 10:00, fc 80\n", "12/8", DATE),
    (_LOG + "tomar 1/2 comp a las 8:40\n", "8:40", ANY),
    (_LOG + "los lunes 10h tiene fisio\n", "10h", DATE),
    (_LOG + "los lunes 10h tiene fisio\n", "lunes", DATE),
    (_LOG + "pauta 2/3 8h\n", "2/3", DATE),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)


def test_nickname_found_again_in_lower_case(rules):
    assert_found(rules, _ROUTE, "berni", PATIENT, last=True)


def test_chat_sender_still_staff(rules):
    assert_found(rules, _CHAT, "Carles", STAFF)


def test_third_party_found_again(rules):
    text = _LOG + "seguridad avisada, vigilante Tomas en la puerta\nTomas acompaña a la familia\n"
    assert_found(rules, text, "Tomas", STAFF, last=True)
