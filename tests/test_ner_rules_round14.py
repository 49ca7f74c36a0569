"""The rules backend on the generic misses of the round-14 notes (187-198, written fully in Catalan, Valencian, Galician
and Basque): month and weekday names of those languages (babel's), full or abbreviated, a month alone after a Catalan
or Galician preposition, a season with its year, a Basque year with ``-eko`` and with its case ending, a Basque weekday
or month with its case ending, the Valencian ``giner``, a date in Catalan or Galician words, a weekday before a Catalan
``d'`` date; the towns listed in a health area's name, a county in parentheses after a postal code's town, a country
named in those languages, a Basque town's name with its case ending (``Bilbon``), a neighbourhood after ``barri``, the
place before a Basque or a numeric date; public bodies (``INSS``, a ``Conselleria``, a ``Xefatura Territorial``), a ``Mútua`` by name and
its Catalan field, a day centre in lower case, a Galician or Catalan mental-health unit, a Basque nursing home
(``egoitza``); Catalan street abbreviations (``c.``, ``Pg.``) and the attic floor (``àtic``); a Catalan CIP, an
appointment's or an admission's code after its field; a Catalan letter's closing before the signature, a relative's
name after ``de N anys``, a carer's name in parentheses after the Basque role, staff fields of Galician, Catalan and
Basque forms (``Asdo.``, ``inf. referent``, ``Txostena egin duena``), a primary-care team (``EAP``) by its town; a body's
name before ``, YEAR`` (a year is no house number). Negatives: a pain score (``EVA 7/10``) is no given name, a field's
name and a number with no birth date is no CIP, the family doctor is no relative.

Every snippet is fictional and written for this test; each positive failed on abaa865. The negatives are strings in
the same layouts that must stay untagged.
"""
from __future__ import annotations

import pytest
from rules_probe import PATIENT, PLACES, RELATIVE, STAFF, spans_of

DATE = {"FECHAS"}
TOWN = {"TERRITORIO"}
COUNTRY = {"PAIS"}
INSTITUTION = {"INSTITUCION"}
CENTRE = {"CENTRO_SALUD"}
STREET = {"CALLE"}
INSURANCE = {"ID_ASEGURAMIENTO"}
CONTACT_ID = {"ID_CONTACTO_ASISTENCIAL"}

POSITIVES = [
    # month and weekday names of Catalan and Galician, full or abbreviated (babel's)
    ("dc. 12 març · visita\ndj. 13 ag. · trucada al fill\n", "dj. 13 ag.", DATE),
    ("DÍA 4 · xoves 3 out. · 09:30 · Enf. de quenda\n", "xoves 3 out.", DATE),
    ("Tractament amb metformina des de febr. 2021, ben tolerat.\n", "febr. 2021", DATE),
    ("Diagnosticada en xan. 2019 de hipotiroidismo.\n", "xan. 2019", DATE),
    # a month alone after a Catalan or Galician preposition
    ("Presenta mareigs des del juliol, sense síncope.\n", "juliol", DATE),
    ("Revisar la funció renal a l'octubre.\n", "octubre", DATE),
    ("Refire insomnio dende xullo, sen outros síntomas.\n", "xullo", DATE),
    # a season with its year, in any of the languages
    ("Viuen separats des de la tardor del 2022.\n", "tardor del 2022", DATE),
    ("Dolor lumbar desde el invierno de 2021.\n", "invierno de 2021", DATE),
    ("Mina gaixoak 2022ko negutik aurrera.\n", "2022ko negutik", DATE),
    # a Basque year with -eko, alone with its case ending; a Basque weekday with its case ending
    ("Egoitzan noiztik: 2015eko abendua\n", "2015eko abendua", DATE),
    ("2017an eskuineko sorbaldako ebakuntza egin zioten.\n", "2017an", DATE),
    ("Eztula du larunbatetik, sukarrik gabe.\n", "larunbatetik", DATE),
    ("Hitzordua osteguneko emango zaio.\n", "osteguneko", DATE),
    # a Basque month alone with its case ending; the Valencian January
    ("Ekainean erori zen etxean.\n", "Ekainean", DATE),
    ("Azarotik aurrera okerrago dago.\n", "Azarotik", DATE),
    ("Dolor articular des del giner.\n", "giner", DATE),
    # a date in Catalan or Galician words, and the place before it
    ("Girona, dotze de març de dos mil vint-i-quatre\n", "dotze de març de dos mil vint-i-quatre", DATE),
    ("Lugo, once de maio de dous mil vinte e catro\n", "once de maio de dous mil vinte e catro", DATE),
    ("Medikuak berrikusia.\nOrdizia, 2024ko martxoaren 5a\n", "Ordizia", TOWN),
    ("Sinadura: Erizaina · Zarautz, 2023ko azaroaren 2a\n", "Zarautz", TOWN),
    # the towns of a health area's name, listed with commas and Galician articles
    ("Área Sanitaria de Ferrol, As Pontes e O Valadouro\n", "As Pontes", TOWN),
    ("Área Sanitaria de Ferrol, As Pontes e O Valadouro\n", "O Valadouro", TOWN),
    # a county in parentheses after a postal code's town; a country in Catalan, Galician, Basque
    ("domicili: c/ Nou 3, baixos — 17800 Olot (Garrotxa)\n", "Garrotxa", PLACES),
    ("El fill viu a Lió (França) des de fa anys.\n", "França", COUNTRY),
    ("A irmá reside en Hamburgo (Alemaña).\n", "Alemaña", COUNTRY),
    ("Alaba bizi da (Frantzia).\n", "Frantzia", COUNTRY),
    # a neighbourhood after its Catalan or Galician word
    ("Viu al barri de Sant Pere de Terrassa.\n", "Sant Pere de Terrassa", PLACES),
    # public bodies; a Conselleria, a Xefatura Territorial, a mutua by name and its Catalan field
    ("Pensió de viudetat de l'INSS (900 €/mes).\n", "INSS", INSTITUTION),
    ("Alta a la TGSS com a treballadora de la llar.\n", "TGSS", INSTITUTION),
    ("Sol·licitud presentada a la Conselleria de Sanitat el mes passat.\n", "Conselleria de Sanitat", INSTITUTION),
    ("resolución da Xefatura Territorial de Vivenda, 2020.\n", "Xefatura Territorial de Vivenda", INSTITUTION),
    # a body's name before a comma and a year keeps its last word (a year is no house number)
    ("Según resolución de la Consejería de Vivienda, 2021, se concede.\n", "Consejería de Vivienda", INSTITUTION),
    ("Mútua col·laboradora: Mútua Costa Brava\nContingència: accident\n", "Mútua Costa Brava", INSTITUTION),
    ("Acude tres días por semana ao centro de día Os Muíños.\n", "centro de día Os Muíños", INSTITUTION),
    # a Galician or Catalan mental-health unit, a Basque nursing home
    ("Unidade de Saúde Mental IV · Hospital de Día\n", "Unidade de Saúde Mental IV", CENTRE),
    ("Derivació al CSMA de Manresa per seguiment.\n", "CSMA de Manresa", CENTRE),
    ("URDANETA EGOITZA — Adinekoen zentroa\n", "URDANETA EGOITZA", INSTITUTION),
    ("Aiete Egoitzatik ekarri dute.\n", "Aiete Egoitzatik", INSTITUTION),
    # Catalan street abbreviations, the attic floor
    ("Escola: Escola El Pla, c. de la Riera 12, Mataró\n", "c. de la Riera 12", STREET),
    ("Empresa: Forn Sala S.L. (Pg. Marítim, 8, Blanes)\n", "Pg. Marítim, 8", STREET),
    ("Domicili patern: Av. de Mistral 40, àtic, 08015 Barcelona\n", "Av. de Mistral 40, àtic", STREET),
    # the Basque name of a town officially named in Spanish, with its case ending; a known town before a numeric date
    ("Alaba Bilbon bizi da, iloba Iruñetik dator.\n", "Bilbon", TOWN),
    ("Alaba Bilbon bizi da, iloba Iruñetik dator.\n", "Iruñetik", TOWN),
    ("Infermera · Núm. col. 0812345 · Terrassa, 4.2.25\n", "Terrassa", TOWN),
    ("Sinadura / Firma:\nGetafe, 2024/10/03\n", "Getafe", TOWN),
    # staff fields of Galician, Catalan and Basque forms; a Catalan primary-care team by its town
    ("Asdo.: Brais Vilas Rei · MIR-2\n", "Brais Vilas Rei", STAFF),
    ("inf. referent: Carla Roig Pons · metge: Dr. Ferran\n", "Carla Roig Pons", STAFF),
    ("Txostena egin duena: Itziar Olano Mujika, erizaina\n", "Itziar Olano Mujika", STAFF),
    ("Profesional: GARMENDIA OTEGI, JON          Nº Col.: 2034\n", "GARMENDIA OTEGI, JON", STAFF),
    ("J. Puig — infermera EAP Vilafranca · núm. col. 08123\n", "EAP Vilafranca", CENTRE),
    # a weekday before a Catalan date with "d'"
    ("Data de visita: dijous 9 d'octubre de 2025\n", "dijous 9 d'octubre de 2025", DATE),
    # a Catalan CIP; an appointment's and an admission's code after their field
    ("CIP RORA 1 750312 04 9 · HC 77120\n", "RORA 1 750312 04 9", INSURANCE),
    ("Cita: CEX 24/011872 · 1a visita\n", "CEX 24/011872", CONTACT_ID),
    ("Ingreso HADO ...... HD23/00412\nIdade ........ 80\n", "HD23/00412", CONTACT_ID),
    # a Catalan letter's closing before the signature; a relative's name after "de N anys"; a Basque carer
    ("Gràcies per la derivació.\n\nCordialment,\nJordina Puig Ventura, neuròloga\n", "Jordina Puig Ventura", STAFF),
    ("Germà de 9 anys (Arnau), sa.\n", "Arnau", RELATIVE),
    ("Gaueko zaintzaileak (Miren) deitu du.\n", "Miren", STAFF),
]


@pytest.mark.parametrize(("text", "value", "labels"), POSITIVES)
def test_positive(rules, text, value, labels):
    """One detected span with one of ``labels`` is exactly ``value`` (its first occurrence)."""
    start = text.index(value)
    found = spans_of(rules, text)
    assert any(lab in labels and (s, e) == (start, start + len(value)) for s, e, lab, _ in found), found


def test_every_town_of_a_listed_health_area(rules):
    """The first town, and each one after a comma or "e", is its own place."""
    text = "Área Sanitaria de Vigo, Baiona e A Guarda\nHospital Álvaro Cunqueiro\n"
    found = {v for _, _, lab, v in spans_of(rules, text) if lab == "TERRITORIO"}
    assert {"Vigo", "Baiona", "A Guarda"} <= found, found


ANY = {"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA", "CALLE", "TERRITORIO",
       "PAIS", "HOSPITAL", "CENTRO_SALUD", "INSTITUCION", "FECHAS", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL"}
NEGATIVES = [
    # an abbreviation keeps its full stop: "3 set de 10" is three sets; a Basque weekday's abbreviation is a word
    ("Exercicis: 3 set de 10 repeticions cada dia.\n", "3 set", DATE),
    ("Ura al 24 ordutan edan behar du.\n", "al 24", DATE),
    # the bare Basque word "urria" (October, also "scarce") and its plural
    ("Baliabide ekonomikoak urriak dira, laguntza urria.\n", "urria", DATE),
    # a care home in lower case, after its Basque genitive, names no home
    ("Adinekoen egoitza batean bizi da.\n", "Adinekoen egoitza", INSTITUTION),
    # a mutua in lower case, a day centre without a name
    ("La mútua no ha respost encara.\n", "mútua", INSTITUTION),
    ("Acude al centro de día por las mañanas.\n", "centro de día", INSTITUTION),
    # a date in the "Cita:" field is a date, not an appointment's code
    ("Cita: 14/03/2025 a les 10 h\n", "14/03/2025", CONTACT_ID),
    # four capitals and digits that are no CIP (too few digits; a field's name and a number with no birth date)
    ("Lot: ABCD 0 4406 · caducitat 2026\n", "ABCD 0 4406", INSURANCE),
    ("Paciente PEÑA RUIZ, Ana   CIPA 1203948500\n", "CIPA", INSURANCE),
    # a pain scale's acronym and its score is no given name, in a Basque note typed in capitals
    ("TA 150/80 · SATO2 %96 · MINA EVA 7/10\nERIZAINA: X\n", "EVA", PATIENT | STAFF),
    # a role in parentheses after a name is no carer's name; a word in parentheses after the role that is no name
    ("Gaueko zaintzaileak (bat) ez du ezer entzun.\n", "bat", STAFF),
    # a "c." that is no street (a teaspoon of sugar)
    ("Pren 2 c. de sucre al dia.\n", "c. de sucre", STREET),
    # the family doctor (Basque compound, Catalan "metge de família") is no relative
    ("Sinadura: Familia-medikua · Hernani\n", "Familia", RELATIVE),
    ("Control pel seu metge de família, Dr. Pau Riba.\n", "família", RELATIVE),
    # a word before a numeric date that is no town; a profession field in lower case
    ("Urgencias, 12/03/2025 a las 10 h\n", "Urgencias", TOWN),
    ("Situación profesional: jubilado desde 2019\n", "jubilado", STAFF),
    # a country name inside a longer proper name
    ("Treballa a Banc Alemanya Sud.\n", "Alemanya", COUNTRY),
]


@pytest.mark.parametrize(("text", "value", "labels"), NEGATIVES)
def test_negative(rules, text, value, labels):
    """No detected span with one of ``labels`` overlaps ``value``."""
    start = text.index(value)
    end = start + len(value)
    found = spans_of(rules, text)
    assert not any(lab in labels and s < end and start < e for s, e, lab, _ in found), found
