"""The rules backend on places and bodies as a note typed fast names them (round 18, places):

* a chat pasted into the chart (``[4/6/24 09:12] nuria p.: ...``) is a note typed fast in lower case;
* a listed body's acronym of three or four letters typed in lower case (``tgss``, ``dkv``), an emergency number
  standing for the service that came (``ambulancia del 061``, ``samur/112``), the Catalan ``sem`` after a cue;
* a firm named by its trade and its owner's name (``transportes ibarra hnos``, ``ortopedia zubieta``);
* places written as a pair with parentheses (``canada (toronto)``, ``el vendrell (baix penedes)``, ``4, baltanas
  (palencia)``) and a postal code after its town (``toledo 45002``);

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

import pytest
from rules_probe import assert_found, assert_not_found

HOSPITAL = {"HOSPITAL"}
CENTRE = {"CENTRO_SALUD"}
BODY = {"INSTITUCION"}
TOWN = {"TERRITORIO"}
COUNTRY = {"PAIS"}
STREET = {"CALLE"}
ANY = {"HOSPITAL", "CENTRO_SALUD", "INSTITUCION", "TERRITORIO", "PAIS", "CALLE", "NOMBRE_SUJETO_ASISTENCIA",
       "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA", "ID_SUJETO_ASISTENCIA", "FECHAS",
       "OTRO_NUMERO_IDENTIF", "NUMERO_TELEFONO", "EDAD_SUJETO_ASISTENCIA"}
# a note typed fast: lines start in lower case (a few capitals stay)
_LOG = ("seguimiento de enfermeria en domicilio\n"
        "paciente tranquila sin incidencias\n"
        "se revisa medicacion semanal ok\n"
        "pendiente analitica de control\n"
        "TA y FC dentro de rango\n"
        "refiere poco apetito x las noches\n"
        "se insiste en beber agua\n"
        "proxima visita en 5 dias\n")
# a chat pasted into the chart: every line opens with its time stamp in brackets
_CHAT = ("[4/6/24 09:12] nuria p.: buenos dias, os paso la cama 14\n"
         "[4/6/24 09:13] oscar: ok dime\n"
         "[4/6/24 09:15] nuria p.: estable toda la noche, afebril\n"
         "[4/6/24 09:16] oscar: perfecto. analitica pedida?\n"
         "[4/6/24 09:18] nuria p.: si, a las 8 se saco\n"
         "[4/6/24 09:20] oscar: vale gracias\n"
         "[4/6/24 09:21] nuria p.: de nada. luego hablamos\n"
         "[4/6/24 09:25] oscar: hecho\n")

POSITIVES = [
    # a chat typed in lower case is read as a note typed fast: a listed body in lower case
    (_CHAT + "[4/6/24 09:30] nuria p.: la familia ya ha hablado con osakidetza\n", "osakidetza", BODY),
    # a listed body's short acronym in lower case
    (_LOG + "tramita incapacidad con la tgss esta semana\n", "tgss", BODY),
    (_LOG + "seguro privado dkv, pide informe\n", "dkv", BODY),
    (_LOG + "cobra pension del inss desde 2019\n", "inss", BODY),
    (_LOG + "trabaja de chofer en la emt de valencia\n", "emt", BODY),
    # bodies added to the list: a regional health service, a dependency agency, a volunteer ambulance service
    ("Solicitud remitida al SEPAD con informe social.", "SEPAD", BODY),
    (_LOG + "tarjeta sanitaria del sergas caducada\n", "sergas", BODY),
    (_LOG + "traslado en ambulancia de la dya al domicilio\n", "dya", BODY),
    # an emergency number standing for its service
    (_LOG + "la trajo la ambulancia del 061 a las 3:10\n", "061", BODY),
    (_LOG + "vino el medico del 061 a las 4:20\n", "061", BODY),
    (_LOG + "avisado samur/112 por la vecina\n", "112", BODY),
    # the Catalan emergency service after a cue
    (_LOG + "es deriva a urgencies amb sem medicalitzat\n", "sem", BODY),
    # a firm by its trade and its owner's name
    (_LOG + "camionero en transportes ibarra hnos desde 2010\n", "transportes ibarra hnos", BODY),
    (_LOG + "albañil en construcciones villar-segura sl, de baja\n", "construcciones villar-segura sl", BODY),
    (_LOG + "trabaja en excavaciones montoro e hijos\n", "excavaciones montoro e hijos", BODY),
    (_LOG + "pedido andador a ortopedia zubieta ayer\n", "ortopedia zubieta", BODY),
    (_LOG + "marinero en naviera olivares, embarcado\n", "naviera olivares", BODY),
    # a place of a country in parentheses, a comarca after its town, a town before its province
    (_LOG + "el hijo vive en canada (toronto) desde 2015\n", "toronto", TOWN),
    (_LOG + "o fillo esta en alemanya (colonia)\n", "colonia", TOWN),
    (_LOG + "adreça carrer nou 5, 43700 el vendrell (baix penedes)\n", "baix penedes", TOWN),
    (_LOG + "enderezo: camino de la iglesia 4, baltanas (palencia)\n", "baltanas", TOWN),
    # a postal code after its town
    (_LOG + "vive en c/ del sol 3 4ºb toledo 45002\n", "45002", TOWN),
    (_LOG + "domicilio en laredo 39770, con su hija\n", "39770", TOWN),
]


@pytest.mark.parametrize(("text", "value", "labels"), POSITIVES)
def test_positive(rules, text, value, labels):
    """A detected span with one of ``labels`` covers ``value`` (its last occurrence) whole."""
    assert_found(rules, text, value, labels, last=True, cover=True)


NEGATIVES = [
    # numbers of a reading, a range, a dose, a score or a time are no emergency service
    (_LOG + "fc entre 100 o 112 lpm en reposo\n", "112", ANY),
    (_LOG + "si dolor toracico llamar al 112 sin esperar\n", "112", ANY),
    (_LOG + "fc oscila del 98 al 112 toda la tarde\n", "112", ANY),
    (_LOG + "ta 112/70 fc 84 sat 97%\n", "112", ANY),
    (_LOG + "tension sistolica en 112 mmhg\n", "112", ANY),
    (_LOG + "glasgow 15, toma 1/2 comp a las 8:40\n", "8:40", ANY),
    (_LOG + "glasgow 15, toma 1/2 comp a las 8:40\n", "1/2", ANY),
    (_LOG + "glasgow 15, toma 1/2 comp a las 8:40\n", "glasgow 15", ANY),
    (_LOG + "pesa 112 kg, imc 38\n", "112", ANY),
    # "sem" is a week after a number or without a cue; a surname after a given name is a person's
    (_LOG + "revision en 1 sem con analitica\n", "sem", BODY),
    (_LOG + "control cada sem por su mf\n", "sem", BODY),
    (_LOG + "visita con ramon imas el lunes\n", "imas", BODY),
    # clinical words and drugs stay untagged
    (_LOG + "se pauta enoxaparina 40 y omeprazol 20\n", "enoxaparina", ANY),
    # a trade's kind with no owner's name: a kind of care or an ordinary word
    (_LOG + "pendiente consulta de ortopedia infantil\n", "ortopedia infantil", BODY),
    (_LOG + "traslado en transportes sanitarios programado\n", "transportes sanitarios", BODY),
    (_LOG + "acude a talleres de memoria los martes\n", "talleres de memoria", BODY),
    # a reason, a stage or a time in parentheses after a country; a lab value is no postal code
    (_LOG + "viajo a marruecos (vacaciones) en agosto\n", "vacaciones", ANY),
    (_LOG + "natural de peru (2 años aqui)\n", "2 años aqui", TOWN),
    ("Afectación de la cadena aorto-cava (estadio IIIC) en la TC.", "estadio IIIC", ANY),
    (_LOG + "leucos 10200, hb 12,1\n", "10200", ANY),
]


@pytest.mark.parametrize(("text", "value", "labels"), NEGATIVES)
def test_negative(rules, text, value, labels):
    """No detected span with one of ``labels`` overlaps ``value`` (its last occurrence)."""
    assert_not_found(rules, text, value, labels, last=True)
