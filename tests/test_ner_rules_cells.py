"""The rules backend on field layouts met in the round-3A notes and the generic miss categories of session 18:
table cells (key and value side by side, column titles over rows), co-official field labels, initials and
logins after a role, chat speakers, e-mail headers, a name alone on its line, dot leaders, ``APELLIDOS,
Nombre`` with mixed case, a line typed in capitals, lower-case names and towns after a strong cue, employers.

Every snippet is fictional and written for this test; each positive failed on c0ef255. The negatives are
strings in the same layouts that must stay untagged.
"""
from __future__ import annotations

import pytest
from rules_probe import (
    FACILITIES,
    NAMES,
    PATIENT,
    RELATIVE,
    STAFF,
    exactly,
    spans_of,
)

POSITIVES = [
    # co-official field labels
    ("Cognoms: Ribera Soldevila\nNom: Pau", "Ribera Soldevila", PATIENT),
    ("Nome: Uxía\nApelidos: Carballo Outeiro\nEnderezo: Rúa do Sol 4, Ribadavia", "Carballo Outeiro", PATIENT),
    ("Izena: Irati\nAbizenak: Garmendia Olano\nJaiotze data: 1962-04-18", "Garmendia Olano", PATIENT),
    ("Helbidea: Kale Nagusia 7, 20400 Tolosa", "Kale Nagusia 7", {"CALLE"}),
    ("Izena: Irati\nHerria: Zegama\nAdina: 61", "Zegama", {"TERRITORIO"}),
    # an address field: the street, then its postal code and town, each its own span
    ("Domicilio: C/ Lepanto 9, 1º B, Alzira (Valencia)", "C/ Lepanto 9, 1º B", {"CALLE"}),
    ("Domicilio: C/ Lepanto 9, 1º B, Alzira (Valencia)", "Alzira", {"TERRITORIO"}),
    ("Domicilio: Calle Sauce 14 - 29007-Málaga", "29007", {"TERRITORIO"}),
    # a field value ends at a cell separator, a column gap or (for a name) a parenthesis
    ("Fecha: 2 de diciembre de 2025   Hora: 04:30", "2 de diciembre de 2025", {"FECHAS"}),
    ("Médico responsable: Anselmo Quirós Dalmau (nº col. 28/1234)", "Anselmo Quirós Dalmau", STAFF),
    ("Fecha: 11/03/2024, 16:40", "11/03/2024", {"FECHAS"}),
    # table cells: key and value side by side, column titles over rows
    ("| Nº episodio | URG/24/5566120 | NUHSA | AN0311223344 |", "URG/24/5566120", {"ID_CONTACTO_ASISTENCIAL"}),
    ("| Nº episodio | URG/24/5566120 | NUHSA | AN0311223344 |", "AN0311223344", {"ID_ASEGURAMIENTO"}),
    ("| NHC | 0883199 | Episodio | 24Q117500 |", "24Q117500", {"ID_CONTACTO_ASISTENCIAL"}),
    ("Fecha      | Peso | Enf.\n01/02/2025 | 70,1 | T.P.R.\n", "T.P.R.", STAFF),
    ("Vacuna      Fecha        Enfermera\nGripe       02/10/2024   Nekane Arregi\n", "Nekane Arregi", STAFF),
    ("Paciente:\tLERGA BIELSA, Fermina\tNHC:\t1884099", "LERGA BIELSA, Fermina", PATIENT),
    # dot leaders read as a colon
    ("Paciente ........ SANTOS-OLMEDA RUIZ, ENCARNA\nSIP ............. 14578899", "14578899", {"ID_ASEGURAMIENTO"}),
    ("Paciente ........ SANTOS-OLMEDA RUIZ, ENCARNA\n", "SANTOS-OLMEDA RUIZ, ENCARNA", PATIENT),
    # APELLIDOS, Nombre with the given name abbreviated, and staff after a staff cue
    ("Paciente: ARAGÜÉS DEL POZO, M.ª Teresa          NHC 0731599", "ARAGÜÉS DEL POZO, M.ª Teresa", PATIENT),
    ("Paciente PEÑALBA OTERO, Julián   CIPA 1203948500", "PEÑALBA OTERO, Julián", PATIENT),
    ("Paciente PEÑALBA OTERO, Julián   CIPA 1203948500", "1203948500", {"ID_SUJETO_ASISTENCIA"}),
    # initials and logins after a role, a role with a qualifier or a comma
    ("Enfermería: J.L.S.\nSi empeora, acuda a Urgencias.", "J.L.S.", STAFF),
    ("Enf.: MCL   Turno: noche", "MCL", STAFF),
    ("Usuaria: N. R. G. (Nerea Ramos Gil)", "N. R. G.", PATIENT),
    ("Técnico: mlozano   Validado en sistema", "mlozano", STAFF),
    ("Médica que certifica: Rosalía Benet Pla, colegiada nº 12/04500", "Rosalía Benet Pla", STAFF),
    ("Metgessa resident: Aina Prats", "Aina Prats", STAFF),
    ("avisamos a la trabajadora social, Remedios.", "Remedios", NAMES),
    ("Agenda MF R. Villaverde\nFecha martes", "R. Villaverde", STAFF),
    # greetings, signatures with blank lines, a name alone on its line, e-mail headers, chat speakers
    ("Hola, Maite:\n\nTe escribo por la paciente.", "Maite", NAMES),
    ("Un cordial saludo,\n\nJoan B. Tortosa i Mira\nFEA Oncología", "Joan B. Tortosa i Mira", STAFF),
    ("> ¿Vive sola?\n> Begoña\n> Neurología — busca 7218", "Begoña", NAMES),
    ("De: Elvira Montañés Ruiz <emontanes@ficticio.es>\nAsunto: cita", "Elvira Montañés Ruiz", STAFF),
    ("CC: Fco. Javier Lucena\nAsunto: cita", "Fco. Javier Lucena", STAFF),
    ("[16/3/24, 22:15:12] Xandru (R2): ok, lo veo", "Xandru", STAFF),
    ("[16/3/24, 22:15:12] Xandru (R2): ok\n[16/3/24, 22:18:40] Dra. Pola: gracias xandru", "xandru", NAMES),
    # relatives: named with "es", after a kinship word and an honorific, co-official kinship words
    ("la sobrina es Covadonga, 684 20 31 00", "Covadonga", RELATIVE),
    ("Acompañada por su yerno, D. Tomás Llorente Vela.", "Tomás Llorente Vela", RELATIVE),
    ("Viu amb el seu marit a Tremp.", "marit", RELATIVE),
    ("O seu fillo acompáñao.", "fillo", RELATIVE),
    # places: lower-case town after a residence cue, a place in parentheses after a facility, a line in capitals
    ("dice que vive en pola de siero no?", "pola de siero", {"TERRITORIO"}),
    ("Hospital Universitario de Canarias (La Cuesta)\nNota", "La Cuesta", {"TERRITORIO"}),
    ("HOSPITAL UNIVERSITARIO VIRGEN MACARENA — ÁREA DE URGENCIAS\nHoja de alta para la paciente, copia del informe.",
     "HOSPITAL UNIVERSITARIO VIRGEN MACARENA", FACILITIES),
    # facilities and employers
    ("Le vi en el consultorio de Mocejón ayer.", "consultorio de Mocejón", FACILITIES),
    ("Laura Ortiz · Médica de Familia · ZBS Bargas · ext. 43112", "ZBS Bargas", FACILITIES),
    ("Treballava de mestra a l'Escola Pia.", "Escola Pia", FACILITIES),
    ("Informe para la mutua de su empresa (Asepeyo) no procede.", "Asepeyo", FACILITIES),
    ("Trabaja en Mercadona desde hace años.", "Mercadona", FACILITIES),
    # identifiers, dates and phones
    ("Núm. col·legiada 25/3300", "25/3300", {"ID_TITULACION_PERSONAL_SANITARIO"}),
    ("Portador de DAI, n.º serie PZT618000S implantado.", "PZT618000S", {"IDENTIF_DISPOSITIVOS_NRSERIE"}),
    ("la bipap, n/s BPX-2219-0040, la trae la sobrina", "BPX-2219-0040", {"IDENTIF_DISPOSITIVOS_NRSERIE"}),
    ("visita a Cardiologia el 2 d'abril.", "2 d'abril", {"FECHAS"}),
    ("Revisión el 1º de marzo de 2024.", "1º de marzo de 2024", {"FECHAS"}),
    ("Vuelve el 17 de febrero.", "17 de febrero", {"FECHAS"}),
    ("Hija en Francia (0033 6 12 48 90 00)", "0033 6 12 48 90 00", {"NUMERO_TELEFONO"}),
    # a Markdown table: the rule under the titles keeps the columns
    ("| Cama | Enf. | NHC |\n|------|----------|-----|\n| 401-A | J.R.T. | 889100 |", "J.R.T.", STAFF),
    # a name field ends before a role, a date, a dash or a parenthesis
    ("Firmado: Gaudencio Irízar Olazábal, cardiólogo adjunto.", "Gaudencio Irízar Olazábal", STAFF),
    ("Atendido por: Xurxo Bermúdez Liñares, martes 9/05/2023", "Xurxo Bermúdez Liñares", STAFF),
    ("Facultativo: Dra. Rocío Ayllón Ibarz — nº colegiado 42/42/07700", "42/42/07700", {"ID_TITULACION_PERSONAL_SANITARIO"}),
    ("Firma: Dr. Gonzalo Artigas Bueno, 10.jun.2023", "10.jun.2023", {"FECHAS"}),
    ("Listado de la semana del 13 al 17 de noviembre de 2023", "13 al 17 de noviembre de 2023", {"FECHAS"}),
    ("Filiación: LOUREDO BOUZAS, MARÍA DEL CARMEN, 38 a., mujer.", "LOUREDO BOUZAS, MARÍA DEL CARMEN", PATIENT),
    ("Domicilio: Avda. de Soria, 27, 4.º izda. 50005 Zaragoza. Cuarto piso sin ascensor.", "Zaragoza", {"TERRITORIO"}),
    ("Nº de episodio: 123/24\nMotivo: caída", "123/24", {"ID_CONTACTO_ASISTENCIAL"}),  # a field's value is no ratio
    ("En Teruel, a 12 de marzo de 2.024", "12 de marzo de 2.024", {"FECHAS"}),
    # a relative's field, and a key followed by '='
    ("Madre: Urquiola Beitia (tfno 612 33 44 55)", "Urquiola Beitia", RELATIVE),
    ("Representante legal: Xiadani Rius Baquer", "Xiadani Rius Baquer", RELATIVE),
    ("| Madre | Leocadia Urrutia Beitia | Tfno | 612 33 44 00 |", "Leocadia Urrutia Beitia", RELATIVE),
    ("NHC= 12/345\nCama 4", "12/345", {"ID_SUJETO_ASISTENCIA"}),
]


@pytest.mark.parametrize("text, value, labels", POSITIVES, ids=[f"{i:02d}" for i in range(len(POSITIVES))])
def test_value_is_found_exactly(rules, text, value, labels):
    assert exactly(rules, text, value, labels), spans_of(rules, text)


NEGATIVES = [
    ("Laura Ortiz · Médica de Familia · ZBS Bargas · ext. 43112", "43112"),  # an extension, no postal code
    ("| Dirección | Avda. del Pino 3, 2º C | Localidad | 41010 Sevilla |", "Localidad"),
    ("Laura Ortiz · Médica de Familia · ZBS Bargas · ext. 43112", "Familia"),  # no kinship
    ("Códigos: SNOMED M-81403 / T-68000. CIE-O-3 C20.9.", "M-81403"),
    ("Códigos: SNOMED M-81403 / T-68000. CIE-O-3 C20.9.", "T-68000"),
    ("Domicilio: Av. Rios rosas 26, 7E", "Av"),
    ("Constantes: TA: 120/80, FC 72.", "120/80"),
    ("[12/03/2024 10:00] Evolución: estable, afebril.", "Evolución"),
    ("Antecedentes familiares: Padre: fallecido de IAM.", "fallecido de IAM"),  # "Av. Rios rosas" is no sentence after the street
    ("Fecha | Hora | Médico | Paciente\n", "Hora"),  # column titles are no key and value
    ("Fecha | Hora | Médico | Paciente\n", "Paciente"),
    ("Médico: MIR de guardia", "MIR de guardia"),  # a role, not initials (only the header's whole value may be)
    ("Enf.: UCI   Turno: noche", "UCI"),
    ("Médica que certifica: colegiada nº 12/04577\nMetgessa resident: Aina Prats", "Metgessa"),
    ("Trabaja en Urgencias del hospital.", "Urgencias"),
    ("Piel rosa y bien perfundida. Dra. Rosa Vidal Serra.", "rosa"),  # a common word is never a name again in lower case
    ("En Málaga, a 3 de marzo de 2025.", "En Málaga"),
    ("vive en casa de su hija", "casa"),
    ("Tratamiento con amoxicilina 500 mg/8 h durante 7 dies.", "500"),
    # false positives met on MEDDOCAN train while writing the rules above
    ("Toma vitamina D. Tras la toma vomita; alta tras diez horas.", "tras"),  # "D. Tras" is no name to find again
    ("Residente de una población cercana a la capital.", "una"),  # "Una" is also a town
    ("De profesión empleado en Carpintería metálica, fumador.", "Carpintería"),  # a trade, not an employer
    ("Tras revisar de nuevo la historia de la paciente y las biopsias se llega al diagnóstico de \"cap poliposis\".",
     "cap poliposis"),  # a line with one capital is no line in capitals
]


@pytest.mark.parametrize("text, value", NEGATIVES, ids=[f"{i:02d}" for i in range(len(NEGATIVES))])
def test_value_is_not_tagged(rules, text, value):
    start = text.index(value)
    hit = [sp for sp in spans_of(rules, text) if sp[0] <= start and start + len(value) <= sp[1] and (sp[0], sp[1]) == (start, start + len(value))]
    assert not hit, hit
