"""The rules backend on the generic misses of the round-10 notes (139-150, everyday layouts): a full name in a
field that a surname found again must not cut short, names in apposition after a role with its unit or a kinship
word of the patient, a second child with its age and two given names joined by ``y``, a letter's reference
initials and initials closing a signature line, mutuas and health insurers by brand, a rehabilitation centre, a
newborn's name field, a court with its kind, number and seat, the family meeting point, and a flat named by floor
and door where someone lives.

Every snippet is fictional and written for this test; each positive failed on d3208a2. The negatives are strings in
the same layouts that must stay untagged.
"""
from __future__ import annotations

import pytest
from rules_probe import FACILITIES, NAMES, PATIENT, PLACES, RELATIVE, STAFF, spans_of

INSTITUTION = {"INSTITUCION"}
_LETTER = (
    "Dra. Amparo Quiles Ferrer\nCentro de Salud Molina Norte\n\n"
    "Asunto: Francisco Javier Ortuño-Baeza Lillo · NHC 0481127\n\n"
    "Revisamos hoy al Sr. Ortuño-Baeza en la consulta de arritmias.\n"
)
_NEWBORN = (
    "RECIÉN NACIDO\nNombre previsto: Carla Soler Mompó      NHC RN: 5520931\n"
    "Se entrega a la Sra. Mompó el impreso para la inscripción de Carla en el Registro Civil.\n"
)
_CHILDREN = "Tiene dos hijos de su primera pareja: Unai, de 9 años, y Alba, de 6. Los fines de semana ve a Unai y Alba.\n"

POSITIVES = [
    # a full name in a field, its surname found again later in the note
    (_LETTER, "Francisco Javier Ortuño-Baeza Lillo", PATIENT),
    (_NEWBORN, "Carla Soler Mompó", PATIENT),
    (_NEWBORN.replace("Nombre previsto", "Nombre completo"), "Carla Soler Mompó", PATIENT),
    # a newborn's given name alone, after its name field
    (_NEWBORN, "Carla", PATIENT, 1),
    # apposition after a role with its unit, after a kinship word of the patient
    ("Puede llamar a la enfermera de la unidad, Conchi, en el 968 00 00 00.\n", "Conchi", STAFF),
    ("Se informa por teléfono a la hermana de la paciente, Remedios (91 000 00 00).\n", "Remedios", RELATIVE),
    # a second child with its age; two given names joined by "y" are two people
    (_CHILDREN, "Alba", NAMES),
    (_CHILDREN, "Alba", NAMES, 1),
    # a letter's reference initials; initials closing a signature line
    ("Dr. Rafael Meseguer Albaladejo\nFEA de Neumología\nRef.: RMA/pcg\n", "pcg", STAFF),
    ("Dr. Rafael Meseguer Albaladejo\nN/Ref. RMA/pcg\n", "pcg", STAFF),
    ("Residente: Nerea Lluch (MIR-3 MFyC) — NLB\n", "NLB", STAFF),
    # mutuas and insurers by brand, a rehabilitation centre
    ("ASEPEYO · Mutua Colaboradora con la Seguridad Social n.º 151\n", "ASEPEYO", INSTITUTION),
    ("Paciente con póliza de Adeslas, remitida por su médico.\n", "Adeslas", INSTITUTION),
    ("Centro de Rehabilitación Ibermutua Getafe · Fisioterapia\n", "Centro de Rehabilitación Ibermutua Getafe", FACILITIES),
    # a court with its kind, number and seat; the family meeting point
    ("el Juzgado de Violencia sobre la Mujer n.º 2 de Alicante dictó una orden", "Juzgado de Violencia sobre la Mujer n.º 2 de Alicante", INSTITUTION),
    ("El padre ve al menor en el Punto de Encuentro Familiar los sábados.\n", "Punto de Encuentro Familiar", INSTITUTION),
    # a flat by floor and door where someone lives
    ("Su sobrina vive en el mismo edificio, en el 3.º B, y pasa a diario.\n", "3.º B", PLACES),
]


@pytest.mark.parametrize(("text", "value", "labels", "nth"), [(*p, 0) if len(p) == 3 else p for p in POSITIVES])
def test_positive(rules, text, value, labels, nth):
    """One detected span with one of ``labels`` is exactly ``value`` (its occurrence number ``nth``)."""
    found = spans_of(rules, text)
    start = -1
    for _ in range(nth + 1):
        start = text.index(value, start + 1)
    assert any(lab in labels and (s, e) == (start, start + len(value)) for s, e, lab, _ in found), found


def test_two_given_names_joined_by_y_are_two_spans(rules):
    """``ve a Unai y Alba``: two children, not one name with a joined surname."""
    text = _CHILDREN
    start = text.rindex("Unai")
    found = spans_of(rules, text)
    assert any((s, e) == (start, start + 4) for s, e, _, _ in found), found
    assert not any(s <= start < e and e > start + 4 for s, e, _, _ in found), found


ANY = {"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA", "CALLE", "TERRITORIO",
       "HOSPITAL", "CENTRO_SALUD", "INSTITUCION", "FECHAS"}
NEGATIVES = [
    # a school class, a ward's room: a floor-and-door shape with no one living there
    ("Cursa 4.º A de primaria en el colegio del barrio.\n", "4.º A", ANY),
    ("Ingresa en la sala 3.ª B de hospitalización.\n", "3.ª B", ANY),
    # a heading word that starts with "Ref", a dose in units per kilo
    ("REFERIDO: DOLOR TORÁCICO\n", "REFERIDO", ANY),
    ("Heparina 100 UI/kg en bolo.\n", "UI", ANY),
    # a surname joined by "y" after a given name stays one name (no relative is made of it)
    ("Doctor Ramón y Cajal\n", "y Cajal", {"FAMILIARES_SUJETO_ASISTENCIA"}),
    # a common noun for rehabilitation
    ("Se recomienda acudir a un centro de rehabilitación cercano.\n", "centro de rehabilitación", ANY),
]


@pytest.mark.parametrize(("text", "value", "labels"), NEGATIVES)
def test_negative(rules, text, value, labels):
    """No detected span with one of ``labels`` overlaps ``value``."""
    start = text.index(value)
    end = start + len(value)
    found = spans_of(rules, text)
    assert not any(lab in labels and s < end and start < e for s, e, lab, _ in found), found
