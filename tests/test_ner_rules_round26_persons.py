"""The rules backend on persons, dates and numbers (round 26, persons):

* a race's bib number and the runner beside it (``dorsal 0733``, ``iker lasa (dorsal 0733)``) (race_bibs.py);
* the person opening a timed log's line (``19:10 Ji-hoon PARK (Corea)``, ``13:40 Siobhán from Galway``) (log_people.py);
* a machine log's ``key=value`` fields (``agente=SR0734 nombre_agente="Macarena"``) (log_keys.py);
* go-betweens after their role (``la mediadora khady faye``, ``El repartidor Airam``), a given name before a role in
  Spanish or Basque (``Iñigo zeladorea``), before an age in parentheses (``Andoni (81 urte)``), alone in parentheses
  closing a log line, after ``llaman``, in an e-mail's sign-off (``Tania · Atención al cliente``), a technician's
  initials and surnames (role_names.py);
* initials closing a note or after ``Recibido por:``, a table's ``signa`` column (closing_initials.py, tables.py);
* numbers after ``col·l.``, ``nº mecanográfico``, a police ``agente``, ``Ref. brote:``, a spaced ``T.S.I.`` code, a
  dictated code (``número PL-dos cero ...``) (patterns.py, cued_numbers.py);
  a Galician weekday's short form ``mér 22`` (typed_fast.py).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import (DATE, DEGREE, EMPLOYEE, NAMES, OTHER, PATIENT, RELATIVE, STAFF, assert_found,
                         assert_not_found, cases)

_TRAIL = "06:30 abre puesto, 2 enfermeros\n07:10 primer corredor pasa\n"
_HOSTEL = "caderno de curas\n18:00 chega grupo de Porto\n"

POSITIVES = [
    # race bibs and the runners beside them
    (_TRAIL + "07:40 dorsal 2215 ROTARU, Mihai, varon 38a\n", "2215", OTHER),
    (_TRAIL + "08:15 dorsal 0391 marta (inscrita como GIL, MARTA)\n", "marta", PATIENT),
    (_TRAIL + "09:05 avisa corredor pablo ferrer (dorsal 0733): chica sentada\n", "pablo ferrer", PATIENT),
    (_TRAIL + "09:35 llega con edu CHEN Mei, dorsal 1502, mujer 44a\n", "CHEN Mei", PATIENT),
    ("Corredora con bib #0418 atendida en meta por calambres.\n", "0418", OTHER),
    # a timed log line's person
    (_HOSTEL + "19:10 Min-jun KIM (Corea do Sur), home, 61 anos\n", "Min-jun KIM", PATIENT),
    (_HOSTEL + "06:15 Oksana MELNYK, de Lviv (Ucraína), 45 anos\n", "Oksana MELNYK", PATIENT),
    (_HOSTEL + "13:40 Aoife from Cork (Ireland), sunburn\n", "Aoife", PATIENT),
    # a machine log's key=value fields
    ("[08:02:54] agente=TR0912 nombre_agente=\"Reyes\"\n", "TR0912", EMPLOYEE),
    ("[08:02:54] agente=TR0912 nombre_agente=\"Marisol\"\n", "Marisol", STAFF),
    ("evento=alta usuario=ZX1204 nombre_paciente=\"Ana Ruiz\"\n", "Ana Ruiz", PATIENT),
    # go-betweens, roles after a name, an age in parentheses, a nickname, a sign-off
    ("viene con la mediadora aminata sow (asociación) xq prefiere francés\n", "aminata sow", STAFF),
    ("El repartidor Yeray (furgoneta 4411 KLM) no pudo acceder.\n", "Yeray", STAFF),
    ("non fala galego; traduce Natalia, peregrina de Kyiv\n", "Natalia", STAFF),
    ("deia deitzen du. Aitor zeladorea jaisten da\n", "Aitor", STAFF),
    ("00:12\tMaite, bizilaguna\t943 000 000\turgencias\n", "Maite", STAFF),
    ("Pasaiatik. Joseba (79 urte) ekarri dute?\n", "Joseba", PATIENT),
    ("una vecina a quien todo el barrio llama Loli y otra a quien llaman Pepa\n", "Pepa", PATIENT),
    ("Un saludo.\nNoelia · Atención al cliente Distribuciones Norte\n", "Noelia", STAFF),
    ("inspección del obrador por el técnico J. L. Prieto Sanz (nº de personal 3317)\n", "J. L. Prieto Sanz", STAFF),
    ("01:00\tllamada de planta\tpaciente tranquilo\n01:10\tcambio de turno\thablan euskera alli (Nerea)\n", "Nerea", STAFF),
    # initials closing a note, after a receipt's cue, under a table's "signa" column
    ("dom 15 19:00 llama la hija: sube a planta, bien. RX pendiente. JM\n", "JM", STAFF),
    ("Recibido por: A.P.L.   Unidad de Atención al Usuario\n", "A.P.L.", STAFF),
    ("| data | lot | signa |\n| 10/10/2024 | L24-1 | PRS |\n", "PRS", STAFF),
    # numbers after their cue, a Galician weekday
    ("llevadora Laia Pons (núm. col·l. 31822).\n", "31822", DEGREE),
    ("Reme Gil (TCAE, nº mecanográfico 55120)\n", "55120", EMPLOYEE),
    ("22:17\tErtzaintza agente 30418\tpregunta por conductor\n", "30418", OTHER),
    ("Ref. brote: AST-BTA-25/012\n", "AST-BTA-25/012", OTHER),
    ("queda outra noite.\n\nmér 14\n06:15 chega ambulancia\n", "mér 14", DATE),
    # a health card's code on the next line with spaces in its digits; a dictated code spoken digit by digit
    ("con D.N.I. 00.000.000-T y T.S.I.\nZGMA 4 71203 55 1 , mutualista\n", "ZGMA 4 71203 55 1", {"ID_ASEGURAMIENTO"}),
    ("remitido al Juzgado con número PL-uno nueve cero dos barra cuatro cuatro punto\n",
     "PL-uno nueve cero dos barra cuatro cuatro", OTHER),
]

NEGATIVES = [
    # a vertebra is no bib
    ("fractura aplastamiento de la dorsal 12, sin déficit\n", "12", OTHER),
    # a relative who nurses, a relative's child before an age, a full name before a role
    ("Vive con su nieta, Aina, enfermera, que administra la medicación.\n", "Aina", STAFF),
    ("Si hay que quedarse con nuestra hija Júlia (3 anys) vendrá mi madre.\n", "Júlia", PATIENT),
    ("Testigo: Amparo Soler Miró, vecina del barrio, tel. 600 000 000\n", "Miró", STAFF),
    # a clinical acronym closing a note, a Catalan preposition after an interpreter
    ("Evolución favorable. Pasa a planta desde UCI\n", "UCI", NAMES),
    ("Fa d'intèrpret per al número 4.\n", "per", NAMES),
    # a timed log line opening on an ordinary word
    ("08:00 Toma de constantes (TA 120/80)\n09:00 Desayuno completo\n", "Toma", NAMES),
    # three spoken numbers are a count, no dictated code
    ("administrar número dos tres veces al día\n", "dos tres", OTHER),
    # a rank before an ordinary word is no badge number
    ("el agente causal fue el calor, sin más\n", "causal", OTHER),
]


@cases(POSITIVES)
def test_found(rules, text, value, labels):
    assert_found(rules, text, value, labels)


@cases(NEGATIVES)
def test_not_found(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)


def test_a_relative_before_an_age_stays_a_relative(rules):
    assert_found(rules, "su hermano Dani (6 años) con gastroenteritis\n", "Dani", RELATIVE)
