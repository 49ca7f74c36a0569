"""The rules backend on the generic misses of the round-4 notes (55-66): record numbers without a colon, a key
with a remark or its translation before the colon, a trial screening log's columns and its numbers found again,
a crew member's number after the role's acronym, a login of initials and digits, and the name, place, date and
facility mechanisms below.

Every snippet is fictional and written for this test; each positive failed on 54e0dc8. The negatives are
strings in the same layouts that must stay untagged.
"""
from __future__ import annotations

import pytest
from rules_probe import NAMES, PATIENT, STAFF, exactly, spans_of

OTHER = {"OTRO_NUMERO_IDENTIF"}
_LOG = (
    "Nº SCR   Inic.  NHC        Edad Resultado\n"
    "-------  -----  ---------  ---- ---------\n"
    "022-007  TRM    2.331.409  61   ALEAT.    Aleatorizada 03/03/25 (K-2281)\n"
    "022-008  PdlC   0.918.223  70   FALLO\n"
    "\n"
    "- 022-008: retirado por el propio paciente.\n"
)
_VACCINES = (
    "Txertoa / Vacuna     Data / Fecha     Erizaina / Enfermera\n"
    "-------------------  ---------------  --------------------\n"
    "Gripe                2024-10-02       K. Etxeberria\n"
)

POSITIVES = [
    # identifiers: a record number without a colon, a key's remark or translation before the colon
    ("S: Sra. Pilar Roca, 80a, NHC 4.221.905. Dolor nocturn.", "4.221.905", {"ID_SUJETO_ASISTENCIA"}),
    ("FICHA DE PACIENTE · HISTORIA Nº P-5531", "P-5531", {"ID_SUJETO_ASISTENCIA"}),
    ("Nº SIP (solo para el centro): 3310 2291 0045   Peso: 60 kg", "3310 2291 0045", {"ID_ASEGURAMIENTO"}),
    ("TIS / Osasun txartela: ETGA 1210 0493 78    HC / OK: 31-2290455", "31-2290455", {"ID_SUJETO_ASISTENCIA"}),
    # staff codes: a crew member's number after the role's acronym, a login of initials and digits
    ("Conductor: Brais Lema (TES nº 2290)", "2290", {"ID_EMPLEO_PERSONAL_SANITARIO"}),
    ("Exportado: 02/02/2025 por usuario mfr0417", "mfr0417", {"ID_EMPLEO_PERSONAL_SANITARIO"}),
    ("VAL.user=mgarcia\nVAL.ncol=29/08/44120\nVAL.fecha=12/03/2025", "29/08/44120", {"ID_TITULACION_PERSONAL_SANITARIO"}),
    # a screening log: subject number and initials columns, the randomisation number, the number found again
    (_LOG, "022-007", OTHER),
    (_LOG, "TRM", PATIENT),
    (_LOG, "PdlC", PATIENT),
    (_LOG, "K-2281", OTHER),
    (_LOG, "022-008: retirado", None),  # the second occurrence (see test_positive)
    # a bilingual column title
    (_VACCINES, "K. Etxeberria", STAFF),
    # names: a plural title's list, staff abbreviations, an initial before a particle, a nickname inside a name
    ("Certificado firmado por (Dres. Pons, Mascaró y Ferrer).", "Mascaró", STAFF),
    ("Certificado firmado por (Dres. Pons, Mascaró y Ferrer).", "Ferrer", STAFF),
    ("Rep: Inf. Oriol Vilaró Batalla (matí)", "Oriol Vilaró Batalla", STAFF),
    ("04-11-2024  Cementado     Dra. L. de la Fuente / Hig. M. Roldán", "L. de la Fuente", STAFF),
    ("04-11-2024  Cementado     Dra. L. de la Fuente / Hig. M. Roldán", "M. Roldán", STAFF),
    ("Entrega: Inf. Gemma Solé · TCAI: Núria \"Nuri\" Farré", "Núria \"Nuri\" Farré", STAFF),
    # a short nickname, found again; a given name of a staff member's full name, found again
    ("Paciente: Vidal Sanz, Begoña (\"Bo\") · 34 años\nHe visto a Bo hoy.", "Bo", PATIENT),
    ("Paciente: Vidal Sanz, Begoña (\"Bo\") · 34 años\nHe visto a Bo hoy.", "Bo hoy", None),
    ("Terapeuta de referencia: Ana Belén Laguna Sanz\nCreo que Ana se dio cuenta.", "Ana se", None),
    # initials of a name of the note
    ("Coord.: Julia Hernández-Pastor\nÚltima actualización: 2025-03-14 (JHP)", "JHP", NAMES),
    ("Paciente: Valdivieso Núñez, Rocío\nComentario: de acuerdo. — R.V.", "R.V.", PATIENT),
    # e-mail: the addressee opening a quoted reply, a given name with an abbreviated surname, found again
    ("> Lorena, revisado el cultivo del exudado.\n> Tomás", "Lorena", STAFF),
    ("Asunto: RE: RE: Aurelio F.-Q. · cura\n\nPasé por casa de Aurelio (afebril).", "Aurelio F.-Q.", PATIENT),
    ("Asunto: RE: RE: Aurelio F.-Q. · cura\n\nPasé por casa de Aurelio (afebril).", "Aurelio (", None),
    # places: an island's road and its kilometre, a town after Catalan "a", a place before its country, English countries
    ("Caída en la carretera Me-15, km 8 (término de Maó).", "carretera Me-15, km 8", {"CALLE"}),
    ("Treballa de temporer a la fruita a Alcarràs.", "Alcarràs", {"TERRITORIO"}),
    ("45-year-old woman from Lviv, Ukraine, with palpitations.", "Lviv", {"TERRITORIO"}),
    ("45-year-old woman from Lviv, Ukraine, with palpitations.", "Ukraine", {"PAIS"}),
    # a Basque year and month without a day
    ("jasota Frantzian / recibida en Francia, 2016ko abenduan, ziurtagiririk gabe", "2016ko abenduan", {"FECHAS"}),
    # facilities: a mental-health centre's acronym, a Basque school and an English hospital named before their kind
    ("hablé con su psiquiatra del CSM Torrero, el Dr. Íñigo Lasa", "CSM Torrero", {"CENTRO_SALUD"}),
    ("Ikastetxea / Centro escolar: Arantzazu Ikastola · DBH 1", "Arantzazu Ikastola", {"INSTITUCION"}),
    ("Aporta informe de 2019 (Lviv Regional Clinical Hospital, Dr. Ivan Franko).", "Lviv Regional Clinical Hospital", {"HOSPITAL"}),
]


@pytest.mark.parametrize(("text", "value", "labels"), POSITIVES)
def test_positive(rules, text, value, labels):
    if labels is None:  # a value found again later in the note: the span at its last occurrence
        value = value.split(":")[0].split(" ")[0].rstrip("(")
        start = text.rindex(value)
        assert any((s, e) == (start, start + len(value)) for s, e, _, _ in spans_of(rules, text)), spans_of(rules, text)
        return
    assert exactly(rules, text, value, labels), spans_of(rules, text)


NEGATIVES = [
    # a given name found again only as a word of its own: not inside another name or a saint's place
    ("Dra. Marta Soler Puig\nIngresó en Santa Marta de Tormes.", "Marta"),
    ("Dra. Marta Soler Puig\nLe atendió Marta Ruiz.", "Marta"),
    # an abbreviation of clinical text is no one's initials
    ("Dra. Ana Pérez Martín\nSeguimiento por A.P. y MAP.", "A.P."),
    # a sentence opening with a common word, a comma and lower case is no addressee
    ("Bueno, mañana vemos la herida.", "Bueno"),
    # a given name and an initial before the surname: one name, not a name with an abbreviated surname
    ("Un cordial saludo,\n\nJoan B. Tortosa i Mira\nFEA Oncología", "Joan B."),
    # a country's English name inside a company's or a maker's name; a Spanish facility's head before its name
    ("Terapia de vacío (KCI Clinic Spain SL), en modo continuo.", "Spain"),
    ("Implante (Straumann, Walderburg-Switzerland) colocado.", "Switzerland"),
    ("Ingresa en el Servicio de Urgencias Hospital de Día.", "Urgencias Hospital"),
    # a town named like a person after Catalan "a"
    ("Va a Marina per la tarda.", "Marina"),
]


@pytest.mark.parametrize(("text", "value"), NEGATIVES)
def test_negative(rules, text, value):
    """No span is exactly ``value`` at its last occurrence."""
    start = text.rindex(value)
    assert not any((s, e) == (start, start + len(value)) for s, e, _, _ in spans_of(rules, text)), spans_of(rules, text)
