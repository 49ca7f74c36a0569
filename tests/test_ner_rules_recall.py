"""Recall-first detection on text of any layout (issue 11, part 3): one test per kind of survivor.

Each case is a snippet in a layout unlike MEDDOCAN and a value that must be covered by a detected span;
the negatives are measurements, doses and lab values that must never be read as identifiers.
"""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from surrogate.ner import load_backend
from surrogate.ner.rules.filters import clip, is_measurement

IDENTIFIER_LABELS = {
    "ID_SUJETO_ASISTENCIA", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL", "IDENTIF_VEHICULOS_NRSERIE_PLACAS",
    "IDENTIF_DISPOSITIVOS_NRSERIE", "OTRO_NUMERO_IDENTIF", "ID_TITULACION_PERSONAL_SANITARIO",
}
NAME_LABELS = {"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA"}


@pytest.fixture(scope="module")
def rules():
    return load_backend("rules")


def spans_of(backend, text):
    (spans,) = backend.predict([text])
    return [(s.start, s.end, s.label) for s in spans]


def covered(backend, text, value, labels):
    """The value's characters all lie in detected spans with one of ``labels``."""
    start = text.index(value)
    hits = [(s, e) for s, e, lab in spans_of(backend, text) if lab in labels and s < start + len(value) and e > start]
    return bool(hits) and min(s for s, _ in hits) <= start and max(e for _, e in hits) >= start + len(value)


IDENTIFIERS = [
    ("Vehículo implicado: turismo con matrícula 4512 KJT.", "4512 KJT"),
    ("Accidente de tráfico; su coche (7520IYQ) quedó en la cuneta.", "7520IYQ"),
    ("Ciclomotor con placa antigua M-1234-AB", "M-1234-AB"),
    ("Bastidor VSX6B20XARC092247, aportado por la Guardia Civil.", "VSX6B20XARC092247"),
    ("Marcapasos Medtronic, número de serie del dispositivo RX4410-88231-B.", "RX4410-88231-B"),
    ("Registro interno QA519WSP792 (laboratorio).", "QA519WSP792"),
    ("Turista, pasaporte ZK3859201, sin seguro.", "ZK3859201"),
    ("CIP: VIPU0230515003", "VIPU0230515003"),
    ("TSI OURI560312917018 · Centro de Saúde de Lalín", "OURI560312917018"),
    ("Tarjeta sanitaria ARSA 8807 1230 45.", "ARSA 8807 1230 45"),
    ("Documentación: NIE X-1234567-L en vigor.", "X-1234567-L"),
    ("DNI 12.345.678-Z", "12.345.678-Z"),
    ("Aporta DNI 12 345 678 Z y receta.", "12 345 678 Z"),
    ("Nacida el 12-07-1979. NSS 28/12345678/40. Teléfono de su esposa: 612345678", "28/12345678/40"),
    ("Pte: MOLINA GARCÍA, ADOLFO (NHC A-00913277), cama 7.", "A-00913277"),
    ("Equipo con nombre de red PC-URG-0417 en Urgencias.", "PC-URG-0417"),
    ("Unidad SVA-3 · Aviso 061-23-771904 · 14:52", "061-23-771904"),
]


MEASUREMENTS = [
    "TA 120/80 mmHg, FC 88 lpm, Tª 36,5 °C, SatO2 97 %.",
    "Leucocitos 8.500/mm3, plaquetas 250.000/mm3, Hb 12,5 g/dL, PCR 45 mg/L.",
    "Enoxaparina 40 mg/24 h sc y paracetamol 1 g/8 h; insulina 1000 UI.",
    "Plaquetas 250000, glucemia 126 mg/dl, HbA1c 7,2 %, IMC 27,3 kg/m2.",
    "Diagnóstico CIE-10 J18.9; estadio T3N0M0; mutación G20210A; gen CYP2C19.",
    "Ecoendoscopio lineal Pentax EG3830UX; RMN 2010 sin hallazgos.",
]


def test_measurement_filter_reads_units_and_lab_names():
    text = "TA 120/80 mmHg; leucocitos 8500000; NHC 8500000."
    assert is_measurement(text, 3, 9, "ID_SUJETO_ASISTENCIA")
    s = text.index("8500000")
    assert is_measurement(text, s, s + 7, "ID_SUJETO_ASISTENCIA")
    s2 = text.rindex("8500000")
    assert not is_measurement(text, s2, s2 + 7, "ID_SUJETO_ASISTENCIA")
    assert not is_measurement(text, 3, 9, "FECHAS")  # only number-shaped labels are filtered


CONTACTS = [
    ("Equipo de planta, IP 192.168.1.45, impresora 2.", "192.168.1.45", "DIREC_PROT_INTERNET"),
    ("Terminal de validación: 172.16.8.221.\n", "172.16.8.221", "DIREC_PROT_INTERNET"),
    ("Bomba de insulina con MAC 00:1A:2B:3C:4D:5E enlazada.", "00:1A:2B:3C:4D:5E", "DIREC_PROT_INTERNET"),
    ("Informe en intranet.sergas.es/hc?id=3 disponible.", "intranet.sergas.es/hc?id=3", "URL_WEB"),
    ("Más datos en https://www.hospital-ficticio.es/informes/88123.", "https://www.hospital-ficticio.es/informes/88123", "URL_WEB"),
    ("Llamar al +34 6 12 34 56 78 si empeora.", "6 12 34 56 78", "NUMERO_TELEFONO"),
    ("Contacto 0034-91-123-45-67 (domicilio).", "0034-91-123-45-67", "NUMERO_TELEFONO"),
    ("Hija: +34 (91) 1234567.", "1234567", "NUMERO_TELEFONO"),
    ("Móvil de la paciente: 6 11 72 40 09. DNI en trámite.", "6 11 72 40 09", "NUMERO_TELEFONO"),
    ("Su hermano vive en Londres, +44 20 7946 0958.", "44 20 7946 0958", "NUMERO_TELEFONO"),
]


AGES = [
    ("Le remito a Xosé Manuel Outeiral Rivas (63 a.) por rectorragia.", "63 a."),
    ("15:20 Florentino (84 años), habitación 12.", "84 años"),
    ("Lactante, 7 meses, acude por fiebre.", "7 meses"),
    ("Nerea, de 45 años, acude a consulta.", "45 años"),
    ("Resumen de PÉREZ DE LA HOZ, CLEMENTINA · 79 a. · F", "79 a."),
    ("Pte: GARCÍA FERNÁNDEZ, JOSÉ RAMÓN | 61a | NHC 0009188230", "61a"),
    ("PACIENTE: SELLÉS PAYÁ, VICENTA - 73 AÑOS - SIP 4410298", "73 AÑOS"),
    ("Pacient: Sra. Carme Vilaró Estruch, 69 anys\n", "69 anys"),
]


NAMES = [
    ("Valorado por la Dra. Martínez Soto en consulta.", "Martínez Soto"),
    ("Hablé con la sra. Pérez Gil por teléfono.", "Pérez Gil"),
    ("Firma: Dña. Mª Luisa Castro Vidal", "Mª Luisa Castro Vidal"),
    ("Visto por el Dr. Ferrán Castells en planta.", "Ferrán Castells"),
    ("Hablé con el Sr. Iglesias Prado ayer.", "Iglesias Prado"),
    ("Se comenta el caso con D. Ramón Pérez Lago, su médico.", "Ramón Pérez Lago"),
    ("Acude con su sobrina Fátima, que traduce.", "Fátima"),
    ("Vive con su hija, Encarna, desde 2019.", "Encarna"),
    ("Le remito a Xosé Manuel Outeiral Rivas para valoración.", "Xosé Manuel Outeiral Rivas"),
    ("Acude acompañada de Rosalía Fernández Iglesias.", "Rosalía Fernández Iglesias"),
    ("OUTEIRAL RIVAS, XOSÉ MANUEL\nIngreso programado.", "OUTEIRAL RIVAS, XOSÉ MANUEL"),
    ("Paciente: Outeiral Rivas, Xosé Manuel", "Outeiral Rivas, Xosé Manuel"),
    ("Un abrazo,\nPilar Ostos Mairena\n", "Pilar Ostos Mairena"),
    ("MIR: Lucía Menéndez; adjunto: Álvaro Suárez", "Álvaro Suárez"),
    ("Turno de noche: enf. Ainara Beitia.", "Ainara Beitia"),
    ("Nena de 7 meses, Uxía Otero Prieto, traída por su madre.", "Uxía Otero Prieto"),
    ("El acceso se hizo con la cuenta del usuario Manuel Abal Teixeiro ayer.", "Manuel Abal Teixeiro"),
    ("Querida Carmen:\n\nTe escribo por la paciente.", "Carmen"),
]


TOWNS = [
    ("Paciente residente en Betanzos, jubilado.", "Betanzos"),
    ("Mujer natural de Ourense que consulta por disnea.", "Ourense"),
    ("Vecina de Santa Comba, vive sola.", "Santa Comba"),
    ("Que vive ahora en Écija con su marido.", "Écija"),
    ("Domicilio en Rúa do Castro 27, 2º B, Arteixo.", "Arteixo"),
    ("Visita: Travesía de San Roque 4, 2º · Ponferrada (León)", "Ponferrada"),
    ("Operario en un polígono de Villares de la Reina.", "Villares de la Reina"),
    ("Hospital Duran i Reynals\nL'Hospitalet de Llobregat\n\nResumen", "L'Hospitalet de Llobregat"),
    ("NOTA DE URGENCIAS — HUCA (Oviedo)", "Oviedo"),
]


FACILITIES = [
    ("Para valoración por Digestivo en el CHUAC.", "CHUAC", "HOSPITAL"),
    ("Trasladado al HUVH en helicóptero.", "HUVH", "HOSPITAL"),
    ("Controlada en el CAP Sant Andreu.", "CAP Sant Andreu", "CENTRO_SALUD"),
    ("Centro de Saúde de Abegondo\nServizo Galego de Saúde", "Centro de Saúde de Abegondo", "CENTRO_SALUD"),
    ("Operado en el Hospital Universitari Vall d'Hebron en 2019.", "Hospital Universitari Vall d'Hebron", "HOSPITAL"),
    ("CONSULTA DE PEDIATRÍA — Osasun Zentroa Txantrea\n", "Osasun Zentroa Txantrea", "CENTRO_SALUD"),
    ("Derivado desde Gros Osasun Zentroa.", "Gros Osasun Zentroa", "CENTRO_SALUD"),
    ("URG · H. U. de Cabueñes · 01/01/2024", "H. U. de Cabueñes", "HOSPITAL"),
    ("Domicilio: Carrer de Balmes 112, 3r 2a", "Carrer de Balmes 112", "CALLE"),
    ("Vive en la Rúa do Hórreo, cerca del centro.", "Rúa do Hórreo", "CALLE"),
    ("Dirección: Urbieta kalea 12, Donostia.", "Urbieta kalea 12", "CALLE"),
]


DATES = [
    ("Jueves 2-II-2023\n15:20 Florentino", "2-II-2023"),
    ("Data: 03-V-2021   Hora: 16:25", "03-V-2021"),
    ("La retirada será el dijous 4 de maig en el CAP.", "dijous 4 de maig"),
    ("Hospital Infantil, Sevilla · sábado 11/11, 20:45", "sábado 11/11"),
    ("Quirófano 3 · 2023ko maiatzaren 12a", "2023ko maiatzaren 12a"),
    ("A Coruña, 12 de xaneiro de 2024", "12 de xaneiro de 2024"),
    ("Intérprete solicitado para el 15/11.", "15/11"),
]


# (kind, cases, labels): a case is (text, value) or (text, value, label); the label, when given, is the only one
RECALL = [
    pytest.param(text, value, {own[0]} if own else labels, id=f"{kind}-{i}")
    for kind, cases, labels in (
        ("identifier", IDENTIFIERS, IDENTIFIER_LABELS),
        ("contact", CONTACTS, None),
        ("age", AGES, {"EDAD_SUJETO_ASISTENCIA"}),
        ("name", NAMES, NAME_LABELS),
        ("town", TOWNS, {"TERRITORIO", "PAIS"}),
        ("facility", FACILITIES, None),
        ("date", DATES, {"FECHAS"}),
    )
    for i, (text, value, *own) in enumerate(cases)
]


@pytest.mark.parametrize("text, value, labels", RECALL)
def test_every_kind_of_survivor_is_covered_in_any_layout(rules, text, value, labels):
    assert covered(rules, text, value, labels), spans_of(rules, text)


# (kind, texts, labels): no span of these labels may be found in these texts
NEVER = [
    pytest.param(text, labels, id=f"{kind}-{i}")
    for kind, texts, labels in (
        # measurements, doses, lab values and clinical codes are never identifiers
        ("measurement", MEASUREMENTS, IDENTIFIER_LABELS | {"NUMERO_TELEFONO", "NUMERO_FAX", "DIREC_PROT_INTERNET"}),
        ("duration", [
            "Rectorragia desde hace 7 meses; tabaquismo de 20 años de evolución.",
            "Tratamiento durante 3 años, control a los 2 meses. Costillas 3a y 4a.",
        ], {"EDAD_SUJETO_ASISTENCIA"}),
        # a name cue needs a known name after it
        ("name-cue", [
            "Varón (54 años) con dolor torácico.",
            "Los estudios serológicos: ANA, ANCA, fueron negativos.",
            "Se explica al que, en una segunda visita, lo solicite.",
        ], NAME_LABELS),
        ("clinical-acronym", ["Ingresa en la UCI por TCE grave.", "Remitido a ORL y a la UCE."], {"HOSPITAL"}),
    )
    for i, text in enumerate(texts)
]


@pytest.mark.parametrize("text, labels", NEVER)
def test_no_span_of_these_labels(rules, text, labels):
    assert [(text[s:e], lab) for s, e, lab in spans_of(rules, text) if lab in labels] == []


# ------------------------------------------------------------------------------ field boundaries

BREAK = re.compile(r"\n|;|\.[ \t]+[A-ZÁÉÍÓÚÑ][^\W\d_]*\.?(?:[ \t]+[^\W\d_]+\.?){0,4}[ \t]*:")


def test_a_header_value_stops_at_the_next_field(rules):
    text = "Fecha de nacimiento: 12-07-1979. NSS 28/12345678/40. Teléfono de su esposa: 612345678"
    got = {(text[s:e], lab) for s, e, lab in spans_of(rules, text)}
    assert ("12-07-1979", "FECHAS") in got
    assert any(v == "28/12345678/40" for v, _ in got)
    assert ("612345678", "NUMERO_TELEFONO") in got


def test_clip_cuts_at_the_first_boundary():
    text = "Alergias: ninguna; Domicilio: Calle Mayor 3. Teléfono: 600"
    assert clip(text, 10, len(text)) == (10, 17)
    s = text.index("Calle")
    assert text[slice(*clip(text, s, len(text)))] == "Calle Mayor 3"


fields = st.sampled_from([
    "Nombre: Xosé Manuel Outeiral Rivas", "NSS 28/12345678/40", "Teléfono de su esposa: 612345678",
    "Fecha de nacimiento: 12-07-1979", "Domicilio: Rúa do Castro 27, 2º B", "su hija Encarna", "CHUAC",
    "Dr. Pérez", "matrícula 4512 KJT", "residente en Betanzos", "TA 120/80 mmHg", "OUTEIRAL RIVAS, XOSÉ",
])
separators = st.sampled_from(["\n", "; ", ". ", ".\n", " ;", "\n\n"])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(fields, separators), min_size=1, max_size=6))
def test_spans_never_cross_a_field_boundary_and_are_exact(parts):
    text = "".join(f + sep for f, sep in parts)
    (spans,) = load_backend("rules").predict([text])
    for sp in spans:
        value = text[sp.start:sp.end]
        assert value and value == value.strip()
        assert not BREAK.search(value), (value, sp.label)


class _Everything:
    """A member that proposes the whole text as one span (the worst case for a union)."""

    name = "everything"
    schema = "meddocan"

    def predict(self, texts):
        from surrogate.model import Span

        return [[Span("T1", "FECHAS", 0, len(t))] if t.strip() else [] for t in texts]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(fields, separators), min_size=1, max_size=6))
def test_a_union_clips_every_member_to_its_field(parts):
    from surrogate.ner.union import UnionBackend

    text = "".join(f + sep for f, sep in parts)
    (spans,) = UnionBackend([load_backend("rules"), _Everything()]).predict([text])
    for sp in spans:
        value = text[sp.start:sp.end]
        assert value and value == value.strip()
        assert not BREAK.search(value), (value, sp.label)


@pytest.mark.parametrize("text, employer", [
    ("Trabaja de conductor de carretilla en Bodegas Muga.", "Bodegas Muga"),
    ("trabaja como tecnico de mantenimiento en Motores Levante desde 2019", "Motores Levante"),
    ("Trabajaba como mozo de almacén en Transportes Ochoa hasta el ERE.", "Transportes Ochoa"),
])
def test_an_employer_after_a_job_of_several_words(rules, text, employer):
    """The work cue took a one-word job only ("trabaja de conductor en X"); a job with its object ("conductor de
    carretilla", "tecnico de mantenimiento") left the firm verbatim."""
    assert covered(rules, text, employer, {"INSTITUCION"})


def test_a_job_of_several_words_before_a_service_names_no_employer(rules):
    text = "Trabajaba de auxiliar de clínica en Urgencias del hospital comarcal."
    assert not [lab for _, _, lab in spans_of(rules, text) if lab == "INSTITUCION"]


def test_a_town_named_like_a_kinship_adjective_is_a_town(rules):
    """"vive en Paterna" was a bare kinship word, which deid keeps as written: the town leaked."""
    text = "Vive en Paterna con su marido; la abuela paterna era diabética."
    assert covered(rules, text, "Paterna", {"TERRITORIO"})
    assert covered(rules, text, "abuela paterna", {"FAMILIARES_SUJETO_ASISTENCIA"})
