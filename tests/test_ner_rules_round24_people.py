"""The rules backend on persons, dates and numbers (round 24, persons):

* a team chat's export: the writer's handle after the bracketed time (``[21:02] lucia.gchico (R2):``), its given-name
  part again (``pablo``), the writers' initials (``PR``), the full name before a nickname's cue (chat_handles.py);
* nickname cues: ``calls him``, ``se presenta también como``, ``apodo=``, ``(en casa la llaman x)`` (signatures.py,
  typed_senders.py);
* logins after ``usuario=``/``cerrado_por=`` (signatures.py); initials after ``Inspector/a:``/``inspector=``, in
  brackets with the day (``[IBE 06/05]``), dotted before the role (``r.g.a. - enf``) and the number after ``mat.``
  (staff_initials.py);
* OCR's ``1`` for ``l`` inside words (``co1egiado``, ``Ánge1es``) (ocr.py); a surname broken over the line with a
  hyphen (extend.py); a given name with a middle initial (``Rosa M. Comas``) (names.py);
* a caller's name in a lower-case transcript (``soy x la hija de <patient>``, ``soy manolo romero``, ``el señor
  romero``), ``(Loli, auxiliar)``, ``profesor de EF, Brais`` (third_parties.py); English and Darija kinship words
  (patterns.py, names.py), and ``hermano de la Hermandad`` is no relative (shapes.py);
* numbers: Galician ``colexiada co número``, an arrival wristband, a register's inscription (patterns.py,
  cued_numbers.py), a phone dictated after ``a este número el`` (typed_numbers.py);
* dates: ``el día once``, ``hasta el dia 14``, a heading's ``(3/6)``, a line's ``18/3 1a visita``, ``llamada martes``,
  French weekdays (typed_days.py).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import (
    DATE, DEGREE, EMPLOYEE, NAMES, OTHER, PATIENT, PHONE, RELATIVE, STAFF, assert_found, assert_not_found, cases,
)

ANY = NAMES | DATE | PHONE | OTHER | EMPLOYEE | DEGREE | {"ID_SUJETO_ASISTENCIA", "ID_CONTACTO_ASISTENCIAL", "TERRITORIO"}

_CHAT = ("Canal #guardia — export 02/03/2025\n"
         "[22:01] marta.olivenza (R3): pase de guardia de la 5ª\n"
         "[22:02] marta.olivenza (R3): Obinna Adeyemi, everyone calls him Obi. fiebre tras viaje\n"
         "[22:04] dani_prz (R1): ok\n"
         "[01:10] arrieta_R4: lo veo. dani avisa a la familia pls\n"
         "[03:05] arrieta_R4: buen trabajo DP & MO\n")
_VOICEMAIL = ('[MSJ 1] recibido sábado 1/3 19:12\n'
              '"hola buenas soy rocio la hija de anselmo pardo quintero que me llame a este número el seis uno dos '
              'cuarenta y ocho treinta y tres once gracias"\n'
              '[MSJ 2] "llamo de la farmacia es por el señor pardo que la receta no sale"\n'
              '[MSJ 3] "soy anselmo pardo que estoy mejor"\n\n'
              'ACCIONES (3/3)\n- 09:00 aviso a farmacia (Loli, auxiliar).\n- Plan: llamada jueves.\n')

POSITIVES = [
    # a chat's handles, again; a given-name part of a handle; the writers' initials
    (_CHAT, "marta.olivenza", STAFF),
    (_CHAT, "dani_prz", STAFF),
    (_CHAT, "arrieta_R4", STAFF),
    (_CHAT, "dani", STAFF),
    (_CHAT, "DP", STAFF),
    # the full name before a nickname's cue, and the nickname
    (_CHAT, "Obinna Adeyemi", PATIENT),
    (_CHAT, "Obi", PATIENT),
    ("Nombre declarado: Mamadou SANE (se presenta también como \"Mamu\")\n", "Mamu", PATIENT),
    ("paciente.nombre=URIARTE GOñI, Aitor\npaciente.apodo=Aitortxu\n", "Aitortxu", PATIENT),
    ("pac: garcia lopez, ana belen (en casa la llaman anabel)\nnhc 5512034\n", "anabel", PATIENT),
    # logins as an export's key=value fields
    ("#centro=CS Norte;fecha=11/06/2024;usuario=mjbernabeu\n#total=3;cerrado_por=lcanovas\n", "mjbernabeu", STAFF),
    ("#centro=CS Norte;fecha=11/06/2024;usuario=mjbernabeu\n#total=3;cerrado_por=lcanovas\n", "lcanovas", STAFF),
    # initials: an inspector's, a log entry's in brackets, dotted before the role; the staff number after "mat."
    ("Inspector/a: P.A.G.     Fecha: 17-V-24\n", "P.A.G.", STAFF),
    ("validacion.inspector=R.T.M.\nvalidacion.fecha=11-VI-2024\n", "R.T.M.", STAFF),
    ("[LMS 06/05] llamo a la madre: hipos\n[OPA 07/05] revisado con educadora\n", "OPA", STAFF),
    ("revision en domicilio si nueva fuga.\n\nm.l.t. - enf estomaterapeuta mat. 20517\n", "m.l.t.", STAFF),
    ("revision en domicilio si nueva fuga.\n\nm.l.t. - enf estomaterapeuta mat. 20517\n", "20517", EMPLOYEE),
    # OCR's "1" for "l"; a surname broken over the line; a middle initial
    ("3. MEDICO SOLICITANTE\nM.ª Ánge1es Ruiz Soto · Nº co1egiado 47/04410\n", "47/04410", DEGREE),
    ("Apellidos y nombre: MARTIN CABA-\nLLERO, Eusebio\nCIP: CYL0411111111\n", "MARTIN CABA-\nLLERO, Eusebio", PATIENT),
    ("Testimonis:\n - Rosa M. Comas Pujol: DNI 28915537Y\n", "Rosa M. Comas Pujol", NAMES),
    # a lower-case transcript's callers; a name and the role in parentheses; a teacher before a comma
    (_VOICEMAIL, "anselmo pardo quintero", PATIENT),
    ("llamo de la farmacia, es por el señor pardo que la receta no sale\n", "pardo", PATIENT),
    (_VOICEMAIL, "Loli", STAFF),
    ("co visto bo da titora e do profesor de EF, Brais), asino o presente\n", "Brais", STAFF),
    # English and Darija kinship words
    ("su marido (rajli Rachid) trabaja en el campo; la khti Naima recoge a los niños\n", "Naima", RELATIVE),
    ("his wife Ngozi se queda hasta las 23\n", "Ngozi", RELATIVE),
    # numbers
    ("pediatra, colexiada co número 15/20311,\n", "15/20311", DEGREE),
    ("llegó en cayuco. Pulsera de llegada nº ARG-2211. NHC 1820044.\n", "ARG-2211", OTHER),
    ("registre central, núm. d'inscripció DVA/08/2024/00112. Consultable\n", "DVA/08/2024/00112", OTHER),
    (_VOICEMAIL, "seis uno dos cuarenta y ocho treinta y tres once", PHONE),
    # dates
    ("en residencia hasta el dia 14 (respiro). sacar alli\n", "dia 14", DATE),
    ("que no se preocupe, el día once tengo el cardiólogo\n", "día once", DATE),
    (_VOICEMAIL, "3/3", DATE),
    (_VOICEMAIL, "jueves", DATE),
    ("dm2, hta.\n\n18/3 1a visita post alta. estoma 32mm\n", "18/3", DATE),
    ('USU: "depuis jeudi, ça brûle"\nSeguimiento: control lundi 20 / lunes 20.\n', "jeudi", DATE),
    ('USU: "depuis jeudi, ça brûle"\nSeguimiento: control lundi 20 / lunes 20.\n', "lundi 20", DATE),
]

NEGATIVES = [
    # a chat's line that names a section, not a writer; a file name before a colon
    ("[10:00] Evolución: estable\n[11:00] Plan: alta\n", "Evolución", NAMES),
    ("[10:00] informe.pdf: adjunto\n[10:05] informe.pdf: revisado\n", "informe.pdf", NAMES),
    # a clinical acronym is no writer's initials
    ("[22:01] sara.lopez (R2): paciente en UCI\n[22:03] sara.lopez (R2): TA 90/60\n", "UCI", NAMES),
    # "soy" before ordinary words
    ("soy alérgico a la penicilina\n", "alérgico", NAMES),
    ("la señora mayor de la habitación 3\n", "mayor", NAMES),
    # a brotherhood's member is no relative
    ("Es hermano de la Hermandad del Rocío desde joven\n", "hermano", RELATIVE),
    # a stay's or a cycle's day is no date
    ("el día tres postoperatorio sin fiebre\n", "día tres", DATE),
    ("tolera bien el día 14 del ciclo\n", "día 14", DATE),
    ("el día 2 de tratamiento, mejoría\n", "día 2", DATE),
    ("se inicia el día 2 y en el dia cinco se suspende\n", "dia cinco", DATE),
    ("en el día 5 se suspende la pauta\n", "día 5", DATE),
    # OCR: a code keeps its digits
    ("lote ab1 caducidad ok\n", "ab1", NAMES),
    # "son" is a Spanish verb, never "son" the relative
    ("son 3 comprimidos al día\n", "son", RELATIVE),
]


@cases(POSITIVES)
def test_found(rules, text, value, labels):
    assert_found(rules, text, value, labels, cover=True)


@cases(NEGATIVES)
def test_not_found(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)
