"""The rules backend on places and bodies (round 24, places):

* OCR's letter confusions inside words (``Sa1ud``, ``MEDlNA``, ``LE0N``, ``Loca1idad``) read as the letters, so that
  the body and place lists and the field cues find them (ocr.py); a postal code's town is never a field's key
  (``C.P. 47400   Localidad:``, places.py);
* a listed body's long name printed in capitals on a letterhead (``SERVICIO EXTREMEÑO DE SALUD``, insurers.py) and a
  regional health service's own name (``Gerencia Regional de Salud``, bodies.tsv);
* territorial offices with their seat, sports clubs, farm cooperatives, reception centres, brotherhoods and a
  pharmacy by its owner's name (named_bodies.py);
* a Basque facility whose name holds ``de`` before its kind (``Txantrea de Arriba Ikastola``, facilities.py);
* a listed short hospital acronym right before its town (``HUN Pamplona``), the town a place of its own
  (facilities.py); a listed acronym set off as a header's field in a note typed in lower case (``- humv -``,
  unit_hospitals.py);
* a place in parentheses after a place found (``Puerto Rico (Mogán)``, places_after.py);
* a postal code and its town as fields of their own after a street's field (``…;31500;Tudela``, places.py).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import BODY, HOME_VISIT_LOG, HOSPITAL, TOWN, assert_found, assert_not_found, cases

_LOWER = HOME_VISIT_LOG

POSITIVES = [
    # OCR's confusions inside words
    ("JUNTA DE CASTlLLA Y LE0N\nInforme de inspección\n", "JUNTA DE CASTlLLA Y LE0N", BODY),
    ("Remite: Gerencia Regional de Sa1ud\nAsunto: visado\n", "Gerencia Regional de Sa1ud", BODY),
    ("Domicilio: C/ Olmos 3   C.P. 474OO   Loca1idad: MEDlNA DEL CAMPO\n", "MEDlNA DEL CAMPO", TOWN),
    # a listed body in capitals
    ("SERVICIO EXTREMEÑO DE SALUD\nÁrea de Salud de Mérida\n", "SERVICIO EXTREMEÑO DE SALUD", BODY),
    # bodies by a new kind word
    ("Remite: Delegación Territorial de Salud de Huesca\n", "Delegación Territorial de Salud de Huesca", BODY),
    ("Los sábados juega al fútbol con el UD Tomelloso y entrena dos días.\n", "UD Tomelloso", BODY),
    ("Hace natación en el Club Natación Marbella desde los ocho años.\n", "Club Natación Marbella", BODY),
    ("Trabaja en el almacén de la SAT Hortofrutícola Níjar como envasadora.\n", "SAT Hortofrutícola Níjar", BODY),
    ("Procede del centro de menores La Esperanza 2 de la isla.\n", "centro de menores La Esperanza 2", BODY),
    ("Es costalero de la Cofradía del Santo Entierro desde joven.\n", "Cofradía del Santo Entierro", BODY),
    ("Se avisa a la farmacia Ruiz Montoya para la dispensación.\n", "farmacia Ruiz Montoya", BODY),
    # a Basque facility's name with "de"
    ("ikastetxea=Txantrea de Arriba Ikastola\n", "Txantrea de Arriba Ikastola", BODY),
    # a short listed acronym before its town; an acronym set off in a lower-case header
    ("Unidad de Diabetes Infantil · HUN Pamplona\nPaciente de 9 años en seguimiento.\n", "HUN", HOSPITAL),
    ("Unidad de Diabetes Infantil · HUN Pamplona\nPaciente de 9 años en seguimiento.\n", "Pamplona", TOWN),
    ("consulta de heridas - humv - hoja de enfermeria\n" + _LOWER, "humv", HOSPITAL),
    # a wider place in parentheses after a place found
    ("Vivía en la localidad de Puerto Rico (Mogán) antes de venir.\n", "Mogán", TOWN),
    ("Natural de Kolda (Fouladou), llegó hace un año.\n", "Fouladou", TOWN),
    # a postal code and its town as fields after the street's
    ("dir=Avenida de Zaragoza 12, 3º B;31500;Tudela\n", "31500", TOWN),
    ("dir=Avenida de Zaragoza 12, 3º B;31500;Tudela\n", "Tudela", TOWN),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    assert_found(rules, text, value, labels)


NEGATIVES = [
    # clinical codes keep their characters; a field's key is no town
    ("Grupo AB0 y Rh positivo; HbA1c 7,2 %.\n", "AB0", BODY | TOWN),
    ("Domicilio: C/ Olmos 3   C.P. 47400   Localidad: Medina del Campo\n", "Localidad", TOWN),
    # a kind word before a word that names nothing
    ("SAT O2 94 % basal, SAT 97 % con gafas nasales.\n", "SAT O2", BODY),
    ("Se grabó la prueba en un CD Rom para el paciente.\n", "CD Rom", BODY),
    ("Recoge la medicación en la farmacia Central del hospital.\n", "farmacia Central", BODY),
    ("Ingresa en el centro de acogida Municipal de la ciudad.\n", "centro de acogida Municipal", BODY),
    # a listed short acronym before a word that is no town; an unlisted word set off in a lower-case header
    ("Revisión HUN del paciente en consulta\n", "HUN", HOSPITAL),
    ("curas de estoma - fuga - bolsa nueva\n" + _LOWER, "fuga", HOSPITAL),
    # words in parentheses after a place that name no place
    ("Natural de Cuenca (Padre) y reside en la ciudad.\n", "Padre", TOWN),
    ("Vive en Toledo (sola) desde hace un año.\n", "sola", TOWN),
    ("Se informa a Manresa (Serveis Socials) del caso.\n", "Serveis Socials", TOWN),
    ("Recuento CD SAN JUAN pendiente.\n", "CD SAN JUAN", BODY),
    # a number between semicolons after no street
    ("glucosa;31500;Tudela\n", "31500", TOWN),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)
