"""The rules backend on form layouts it was not first written for (tests/data/layouts, session 17).

Each case is a snippet written for this test, in the layout of one kind of miss found on the fresh-layout
notes (a cue without a colon, a name under a signature line, a Catalan kinship word, a lower-case street
type...), and a value that a detected span of the right label family must cover. The negatives are
strings in the same layouts that must not be tagged, or must not be swallowed by a longer span.
"""
from __future__ import annotations

import pytest
from rules_probe import FACILITIES, NAMES, PLACES, RELATIVE, covered, spans_of

POSITIVES = [
    # collegiate numbers and episodes after a cue without a colon
    ("Dra. Alba Rosales Peña, col. 41/22871", "41/22871", {"ID_TITULACION_PERSONAL_SANITARIO"}),
    ("Metgessa: Dra. Núria Pons (núm. col. 17-4402)", "17-4402", {"ID_TITULACION_PERSONAL_SANITARIO"}),
    ("Psicóloga clínica (colegiada M-33018) en consulta", "M-33018", {"ID_TITULACION_PERSONAL_SANITARIO"}),
    ("certifica el Dr. Ferrer, colegiado nº 46/12093.", "46/12093", {"ID_TITULACION_PERSONAL_SANITARIO"}),
    ("Data d'alta: 02/05/2024 · Episodi 2024/0077123", "2024/0077123", {"ID_CONTACTO_ASISTENCIAL"}),
    # names after a role label, a signature or a contact field
    ("Usuario: Leandro Vidal Quintana, 77 años, vive solo.", "Leandro Vidal Quintana", NAMES),
    ("Radióloga: Begoña Olazabalde Zuloagaeta", "Begoña Olazabalde Zuloagaeta", NAMES),
    ("Validado por: Mercedes Iglesias Toro, 12-may-2025.", "Mercedes Iglesias Toro", NAMES),
    ("Conforme, en Soria a 3 de abril. Fdo.: Gregorio Mendizorrotza", "Gregorio Mendizorrotza", NAMES),
    ("Persona de contacto: Vicenta Roig (sobrina) 611 22 33 44", "Vicenta Roig", RELATIVE),
    # initials and a known surname, and M.ª inside a name
    ("Cirujano: F. J. Moreno Cuesta    Ayudante: Dr. Soto", "F. J. Moreno Cuesta", NAMES),
    ("Fdo.: la paciente\nR. Domínguez\n", "R. Domínguez", NAMES),
    ("Atendida por enf. M.ª Luisa Carmona en el box 2.", "M.ª Luisa Carmona", NAMES),
    # a name followed by its age or a date is a person, not a street named after one
    ("Felisa Robles Cano, 91 años, institucionalizada.", "Felisa Robles Cano", NAMES),
    ("Eduardo Salinas Marín, 14/10/2024", "Eduardo Salinas Marín", NAMES),
    ("Ramiro, de 23 años, acude por cefalea.", "Ramiro", NAMES),
    # relatives: Catalan/Galician/Basque kinship words, after ':', '(' or an article, joined by 'y'
    ("Viu amb el seu fill, en Jordi, que el cuida.", "Jordi", RELATIVE),
    ("Acompáñao o seu neto Anxo ás consultas.", "Anxo", RELATIVE),
    ("Bere alaba Miren dator kontsultara.", "Miren", RELATIVE),
    ("Hermanos: Andrés (Valencia) y Lucía, sin contacto.", "Andrés", RELATIVE),
    ("Hermanos: Andrés (Valencia) y Lucía, sin contacto.", "Lucía", RELATIVE),
    ("Acude con su padre (Ezequiel), que aporta informes.", "Ezequiel", RELATIVE),
    # streets and towns: lower-case co-official types, 'de Town' after a street, postal codes
    ("Domicili: viu al carrer de Sant Pau, 14, 2n 1a de Cervera.", "carrer de Sant Pau, 14, 2n 1a", {"CALLE"}),
    ("Domicili: viu al carrer de Sant Pau, 14, 2n 1a de Cervera.", "Cervera", PLACES),
    ("Recollida al Camí de la Font, 3 per l'ambulància.", "Camí de la Font, 3", {"CALLE"}),
    ("Vive na Rúa Nova, 8, baixo, en Lugo.", "Rúa Nova, 8, baixo", {"CALLE"}),
    ("Natural de Balaguer (25600), agricultor.", "25600", PLACES),
    ("Caída en su domicilio (Avda. Europa 12, 3º, 30007).", "30007", PLACES),
    ("Enderezo: Rúa Real 5, 15003 A Coruña.", "15003", PLACES),
    # facilities
    ("URGENCIAS H. U. Reina Sofía · Triaje", "H. U. Reina Sofía", FACILITIES),
    ("Ingreso en el Complejo Asistencial de Zamora por neumonía.", "Complejo Asistencial de Zamora", FACILITIES),
    ("Centre: Consultori Local de Vilanova de Bellpuig", "Consultori Local de Vilanova de Bellpuig", FACILITIES),
    ("Dispensado en Farmacia Lecumberri Goñi, Pamplona.", "Farmacia Lecumberri Goñi", FACILITIES),
    ("Control en el Hospital Universitario de Ciudad Real.", "Hospital Universitario de Ciudad Real", FACILITIES),
    # dates
    ("Registro: 2025.11.03, 08:15", "2025.11.03", {"FECHAS"}),
    ("Incidencia 11/02: hipotensión (sesión 11/02/2025, monitor 3).", "11/02", {"FECHAS"}),
    # second round (notes 14-18): patient labels of forms, -ólogo roles, name abbreviations, companies, "CS"
    ("Niña: Uxue Olazabalde Zuloagaeta    F. nac.: 03/05/2023", "Uxue Olazabalde Zuloagaeta", NAMES),
    ("Trabajadora: Celia Olazabalde Mendizorrotza · puesto de limpieza", "Celia Olazabalde Mendizorrotza", NAMES),
    ("Neumóloga: Itziar Zuloagaeta Olazabalde", "Itziar Zuloagaeta Olazabalde", NAMES),
    ("Gestor de casos: Andrés Mendizorrotza", "Andrés Mendizorrotza", NAMES),
    ("Llamo de nuevo y contesta Mª Dolores: está mejor.", "Mª Dolores", NAMES),
    ("Empresa: Transportes Olazabalde Mendizorrotza, S.L. (conductor)", "Transportes Olazabalde Mendizorrotza, S.L.", FACILITIES),
    ("Control en el CS de Pumarín (Gijón) en 15 días.", "CS de Pumarín", FACILITIES),
    ("Recurso: UVI móvil 112 4471 KTR, salida 03:10", "4471 KTR", {"IDENTIF_VEHICULOS_NRSERIE_PLACAS"}),
]


@pytest.mark.parametrize(("text", "value", "labels"), POSITIVES, ids=[f"{i}:{c[1]}" for i, c in enumerate(POSITIVES)])
def test_identifier_in_a_form_layout_is_covered(rules, text, value, labels):
    assert covered(rules, text, value, labels), spans_of(rules, text)


@pytest.mark.parametrize(("text", "name"), [
    ("Su hija Consuelo trae la medicación. Consuelo refiere que no la toma.", "Consuelo"),
    ("Su sobrino Rafael Carrasco la visita. Rafael dice que come poco.", "Rafael"),
    ("Remedios, de 80 años, vive sola. Remedios no quiere ingresar; los remedios caseros no bastan.", "Remedios"),
])
def test_a_name_found_by_a_cue_is_found_again_where_it_recurs(rules, text, name):
    """Same case only: the lower-case common word ("los remedios caseros") stays."""
    spans = spans_of(rules, text)
    second = text.index(name, text.index(name) + 1)
    assert any(s <= second and second + len(name) <= e and lab in NAMES for s, e, lab, _ in spans), spans
    lower = text.find(name.lower())
    assert lower < 0 or not any(s <= lower < e for s, e, *_ in spans), spans


# (text, a string that no detected span may cover, at any of its occurrences)
NEGATIVES = [
    ("Servicio de Farmacia Hospitalaria — conciliación al ingreso", "Farmacia"),
    ("Informe de la Comisión de Farmacia y Terapéutica del centro", "Farmacia"),
    ("Alteraciones en el eje I. Dado que persisten, se deriva.", "I. Dado"),
    ("Autoanticuerpos: ANA, AMA, ANCA y anti-LKM negativos.", "ANCA"),
    ("Fdo.: el/la paciente                      Fdo.: el/la médico\nC. Álvarez", "Fdo"),
    ("Acude al Hospital Provincial de Conxo el 17 de febrero.", "Conxo el 17"),
    ("Riesgo social alto (escala de Gijón 14), índice de Barcelona 3.", "Gijón"),
    ("Riesgo social alto (escala de Gijón 14), índice de Barcelona 3.", "Barcelona"),
]


@pytest.mark.parametrize(("text", "value"), NEGATIVES, ids=[v for _, v in NEGATIVES])
def test_form_words_are_not_read_as_identifiers(rules, text, value):
    spans = spans_of(rules, text)
    starts = [i for i in range(len(text)) if text.startswith(value, i)]
    assert not any(s <= i and i + len(value) <= e for i in starts for s, e, *_ in spans), spans


def test_a_hospital_name_keeps_its_date_name_but_not_a_following_date(rules):
    text = "Derivada al Hospital Universitario 12 de octubre. Revisión el 17 de febrero."
    spans = spans_of(rules, text)
    assert ("HOSPITAL", "Hospital Universitario 12 de octubre") in [(lab, v) for *_, lab, v in spans]
    assert not any(lab == "HOSPITAL" and "febrero" in v for *_, lab, v in spans)


def test_antecedentes_familiares_names_the_patient_not_a_relative(rules):
    text = "Nombre: Fernanda\nApellidos: Rey Soto\nAntecedentes familiares: Fernanda es la mayor de tres hermanos."
    start = text.index("Fernanda es")
    labels = [lab for s, e, lab, _ in spans_of(rules, text) if s <= start < e]
    assert labels and "FAMILIARES_SUJETO_ASISTENCIA" not in labels
