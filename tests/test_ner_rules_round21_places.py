"""The rules backend on places and bodies (round 21, places):

* a run sheet whose lines open on headings in capitals (``MC:``, ``AP:``, ``ECG:``) but whose words are typed in lower
  case is read as a note typed fast in lower case (typed_fast.typed_in_lower), so its centres, hospitals, insurers and
  towns in lower case are found;
* where a person lives as a note near the border writes it (``mora em``, ``vive em``), the locality before its street,
  a town of 20,000+ in lower case after a verb of being there (``estoy en ponferrada``), a district in parentheses after
  an address and its town after a comma, a firm after a profession and ``en`` (``conductor de autobús en
  Transbiscay``), a listed hospital acronym before a unit (``HUMV URG``), and a place found once written again in
  another case or by its acronym (places_cued.py);
* a word before a province or a country in parentheses after Catalan ``a`` or Portuguese ``em`` (typed_places.py);
* a nursery's ``cei``/``eei``, a ``farmacia`` and a known name, a Portuguese ``lda`` company (typed_institutions.py);
* a kind of work, ``de`` and the brand (``en la limpieza de alcampo``) (typed_employers.py);
* public bodies and trade unions, a Catalan private mutua (bodies.tsv, insurers.tsv).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import (ANY, BODY, CENTRE, HOME_VISIT_LOG, HOSPITAL, TOWN, assert_found, assert_not_found, cases)

_LOG = HOME_VISIT_LOG
# a run sheet: headings in capitals open most lines, the words are in lower case
_SHEET = ("HOJA SVA 112 - UNIDAD 07\n"
          "MC: disnea brusca desde hace 1 hora, sudorosa, palida\n"
          "AP: HTA, DLP, fumadora activa, vive con su marido\n"
          "EF: TA 160/90 FC 110 sat 89% GCS 15, crepitantes bibasales\n"
          "ECG: taquicardia sinusal sin cambios agudos del ST\n"
          "TTO: furosemida 40 iv, NTG sl, oxigeno con mascarilla\n"
          "traslado en camilla sin incidencias, mejora la saturacion durante el trayecto\n"
          "la paciente refiere que lleva dos dias durmiendo sentada y con las piernas hinchadas\n"
          "se avisa al medico de guardia antes de la llegada y se entrega la hoja al enfermero\n")

POSITIVES = [
    # a run sheet in lower case under headings in capitals
    (_SHEET + "AP: diabetica, le lleva el cs las fuentes\n", "cs las fuentes", CENTRE),
    (_SHEET + "traslado a hospital general de segovia sin incidencias\n", "hospital general de segovia", HOSPITAL),
    (_SHEET + "seguro mapfre poliza 0099-11\n", "mapfre", BODY),
    # homes near the border, a town after a verb of being there
    (_LOG + "mora em vila verde de ficalho, rua direita 4\n", "vila verde de ficalho", TOWN),
    (_LOG + "a filha vive em setubal desde 2019\n", "setubal", TOWN),
    ('21/03 | RESPUESTA | "hoy no puedo, estoy en ponferrada con mi madre"', "ponferrada", TOWN),
    # a district in parentheses after an address, then its town
    ("Domicilio: c/ rosales 9, 1ºA (el zapillo), almeria. Vive sola.", "el zapillo", TOWN),
    ("Domicilio: c/ rosales 9, 1ºA (el zapillo), almeria. Vive sola.", "almeria", TOWN),
    # a firm after a profession; found again later
    ("Trabaja como conductor de autobús en Transbiscay, turno partido.", "Transbiscay", BODY),
    ("Es conductor de autobús en Transbiscay. Informe remitido a Transbiscay.", "Transbiscay", BODY),
    # a listed acronym before a unit, then again as written
    ("cod;origen;prueba\n0012;HUMV URG;HEMOGRAMA\n# laboratorio central HUMV\n", "HUMV", HOSPITAL),
    # a place in capitals written again in lower case
    (_SHEET + "SALIDA: ZAMORA base\nse deja en su domicilio de zamora\n", "zamora", TOWN),
    # a word before its province or country in parentheses after Catalan "a", Portuguese "em"
    (_LOG + "viu sola a pontvell (girona), c/ major 3\n", "pontvell", TOWN),
    (_LOG + "trabalha em badalhouce (portugal) de pedreiro\n", "badalhouce", TOWN),
    # a nursery, a pharmacy, a Portuguese company
    (_LOG + "va a la guarde (cei los almendros) por las mañanas\n", "cei los almendros", BODY),
    (_LOG + "compra el sintrom en la farmacia soler\n", "farmacia soler", BODY),
    (_LOG + "trabalha para transportes alentejo lda desde 2020\n", "transportes alentejo lda", BODY),
    # a kind of work, "de" and the brand
    (_LOG + "el hijo trabaja de noche en la limpieza de alcampo de leganes\n", "alcampo", BODY),
    # listed bodies and unions, a Catalan mutua
    (_LOG + "el delegado de ugt llama x la baja\n", "ugt", BODY),
    ("Tarjeta sanitaria INGESA CE0099112233 en vigor.", "INGESA", BODY),
    (_LOG + "tiene mutua general de catalunya para dental\n", "mutua general de catalunya", BODY),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    assert_found(rules, text, value, labels, last=True, cover=True)


NEGATIVES = [
    # after a residence cue: a dwelling, a state, a kinship word
    (_LOG + "vive em casa da filha, rua nova 3\n", "casa", TOWN),
    (_LOG + "mora em regime de aluguer\n", "regime", TOWN),
    (_LOG + "vive en residencia, c/ mayor 2\n", "residencia", TOWN),
    # after a verb of being: an ordinary word, a capitalised town is the ordinary rules'
    ('"hoy estoy en casa, llamenme luego"', "casa", TOWN),
    ("El paciente está en tratamiento con onda corta.", "onda", TOWN),
    # a parenthesis after an address that is no place
    ("Domicilio: c/ rosales 9, 1ºA (sin ascensor), vive sola.", "sin ascensor", TOWN),
    ("Domicilio: c/ rosales 9, 1ºA (su hija), vive sola.", "su hija", TOWN),
    # after a profession: a place, a service, a given name
    ("Trabaja como enfermera en Urgencias, turno de noche.", "Urgencias", BODY),
    ("Es profesora en Zamora.", "Zamora", BODY),
    ("Es enfermera en Pediatría, de noches.", "Pediatría", BODY),
    # an acronym that is a unit's, not a hospital's
    ("cod;origen\n0012;UCI URG\n", "UCI", HOSPITAL),
    # a specialty or a profession before a province in parentheses after "a"
    (_LOG + "derivada a cardiologia (madrid) x arritmia\n", "cardiologia", TOWN),
    # a pharmacy's kind with no name
    (_LOG + "recoge en farmacia hospitalaria el jueves\n", "hospitalaria", BODY),
    # a kind of work, "de" and goods
    (_LOG + "trabaja en la fabrica de muebles de su tio\n", "muebles", BODY),
    (_LOG + "trabaja en la cocina de un bar\n", "un", BODY),
    # clinical values stay untagged
    (_SHEET + "glasgow 15, toma 1/2 comp a las 8:40\n", "glasgow 15", ANY),
    (_SHEET + "glasgow 15, toma 1/2 comp a las 8:40\n", "1/2", ANY),
    (_SHEET + "glasgow 15, toma 1/2 comp a las 8:40\n", "8:40", ANY),
    (_SHEET + "ta 120/80 fc 72 sat 98%\n", "120/80", ANY),
    (_LOG + "pauta omeprazol 20 mg y paracetamol 1 g cada 8 h\n", "omeprazol", ANY),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels, last=True)
