"""The filter stage, run after every detector has proposed its candidates (BoB's second stage).

* **Field boundaries.** A span never runs past a line end, a ``;`` that separates list items, or a ``.``
  followed by a new ``Label:``; a candidate that does is cut at the first boundary
  (``12-07-1979. Teléfono de su esposa: 612…`` keeps ``12-07-1979``).
* **Measurements.** A number-shaped candidate (identifier, phone, plate, code) that is a measurement is
  dropped: followed by a unit (``120/80 mmHg``, ``8.500/mm3``, ``36,5 °C``, ``10 mg``), preceded by a
  lab or vital-sign name (``plaquetas 250000``), or shaped like a ratio of small numbers.
* **Eponyms.** A place that names a scale, index or test (``escala de Gijón``) is no place.
* **Column gaps.** A name never spans a tab or a gap of three spaces (the next cell of a form's row).
* **Pain scores.** A name ends before a pain scale's acronym and its score (``MINA EVA 8/10``: "Eva" is no name).
* **Medicine codes.** A number after ``CN`` (a medicine's national code) is no identifier (a batch, ``lote
  MHK-24-0991``, can be a device's serial and stays).

Both work on ``(text, start, end, label)`` so the union of backends applies them to every member's spans.
"""
from __future__ import annotations

import re

# ". Label:" — a capitalised label of at most five words, then a colon, after a full stop
FIELD_BREAK = re.compile(r"\n|\r|;|\.(?=[ \t]+[A-ZÁÉÍÓÚÑ][^\W\d_]*\.?(?:[ \t]+[^\W\d_]+\.?){0,4}[ \t]*:)")

NUMERIC_LABELS = frozenset({
    "ID_SUJETO_ASISTENCIA", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL", "ID_TITULACION_PERSONAL_SANITARIO",
    "ID_EMPLEO_PERSONAL_SANITARIO", "NUMERO_BENEF_PLAN_SALUD", "IDENTIF_VEHICULOS_NRSERIE_PLACAS",
    "IDENTIF_DISPOSITIVOS_NRSERIE", "OTRO_NUMERO_IDENTIF", "NUMERO_TELEFONO", "NUMERO_FAX", "DIREC_PROT_INTERNET",
})
_UNIT = (
    r"(?:mm\s?Hg|cm\s?H2O|mmol|µmol|umol|nmol|pmol|mEq|mOsm|mg|mcg|µg|ug|ng|pg|g|kg|ml|mL|µl|ul|dl|dL|l|L|cc|"
    r"UI|U|IU|UFC|ufc|copias|cop|%|°C|ºC|°|º|lpm|rpm|bpm|x'|/min|mm3|mm|cm|m2|m|km|h|hs|horas|min|seg|ms|Gy|cGy|"
    r"mSv|MBq|mCi|kcal|cal|Hz|kHz|dB|mV|mA|W|J|kPa|atm|gotas|comp|comprimidos?|c[aá]psulas?|ampollas?|sobres?|"
    r"puffs?|inhalaciones|unidades|veces|d[ií]as|semanas|meses|años|leucocitos|hemat[ií]es|plaquetas|c[eé]lulas)"
)
# (not a log's next key: "usr=adm0417 copias=1")
_UNIT_AFTER = re.compile(rf"\s?(?:/\s?)?{_UNIT}(?![^\W\d_]|=)|\s?/\s?(?:mm3|µl|ul|l|L|dl|kg|m2|h|d[ií]a|min)\b|\s?[x×]\s?10")
_MEASURE_BEFORE = re.compile(
    r"(?i)(?:\b(?:TA|PA|TAS|TAD|FC|FR|T[ªa]|Temp|temperatura|Sat\s?O2|SatO2|SpO2|Sat|Hb|Hto|VCM|HCM|leucocitos|"
    r"plaquetas|hemat[ií]es|neutr[oó]filos|linfocitos|PCR|VSG|glucosa|glucemia|creatinina|urea|sodio|potasio|"
    r"GOT|GPT|GGT|FA|LDH|CPK|BNP|NT-?proBNP|troponina|INR|TTPA|fibrin[oó]geno|d[ií]mero\s?D|ferritina|TSH|T4|"
    r"colesterol|triglic[eé]ridos|HbA1c|albúmina|prote[ií]nas|bilirrubina|peso|talla|IMC|dosis|FEV1|FVC|"
    r"presi[oó]n|tensi[oó]n|frecuencia|recuento|cifras?\s+de|niveles?\s+de|valor(?:es)?\s+de|carga\s+viral|CD4)"
    r"\b\.?:?\s*(?:de\s+)?(?:[<>≤≥=]\s*)?)$"
)
_SMALL_RATIO = re.compile(r"\d{1,3}/\d{1,3}")
_EPONYM_BEFORE = re.compile(
    r"(?i)\b(?:escala|[ií]ndice|test|criterios|clasificaci[oó]n|score|cuestionario|maniobra|signo|protocolo)\s+(?:de\s+)?$"
)


_NAME_LABELS = frozenset({"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA"})
_COLUMN_GAP = re.compile(r"\t|[ ]{3,}")
# "Pilar Ruiz y Dr. Juan Pérez", "Ruiz y el Dr. Pérez": a joiner, then a title, starts a second person
_SECOND_TITLED = re.compile(
    r"[ \t]*(?:,|;|/|\by\b|\be\b|\bi\b)[ \t]*(?:(?:el|la|los|las)[ \t]+)?"
    r"(?-i:Dr|Dra|DR|DRA|Sr|Sra|Srta|SR|SRA|Dña|DÑA|Prof|Profa|Enf|Enfª)\.?[ \t]")
PAIN_SCORE = re.compile(r"(?i)(?<![\w])(?:EVA|EVN|ENA)(?=[ \t]*:?[ \t]*\d{1,2}(?:[.,]\d)?[ \t]*/[ \t]*10(?!\d))")
_DRUG_CODE_BEFORE = re.compile(r"(?:\bCN|\bC\.N\.)[ \t]*:?[ \t]*$")


def clip(text: str, start: int, end: int) -> tuple[int, int]:
    """``(start, end)`` cut at the first field boundary inside it, then stripped of edge spaces and ``.,:``."""
    m = FIELD_BREAK.search(text, start, end)
    if m:
        end = m.start()
    while start < end and (text[start].isspace() or text[start] in ";:,"):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in ",;:"):
        end -= 1
    return start, end


def is_measurement(text: str, start: int, end: int, label: str, *, cued: bool = False) -> bool:
    """A number-shaped candidate that reads as a measurement (see module docstring). A ``cued`` value (the
    value of its field key, ``Nº de episodio: 123/24``) is a ratio only when a unit or a lab name says so."""
    if label not in NUMERIC_LABELS:
        return False
    value = text[start:end]
    if _SMALL_RATIO.fullmatch(value) and not cued:
        return True
    if _UNIT_AFTER.match(text, end, min(len(text), end + 16)):
        return True
    return bool(_MEASURE_BEFORE.search(text[max(0, start - 40):start]))


#: a lower-case key of a log's ``key=value`` field, whole
_LOG_KEY = re.compile(r"(?<![\w=])[a-z_]{2,24}\Z")


def keep(text: str, start: int, end: int, label: str, *, cued: bool = False) -> tuple[int, int] | None:
    """The filter stage on one candidate: its clipped bounds, or None when it is dropped."""
    s, e = clip(text, start, end)
    gap = _COLUMN_GAP.search(text, s, e) if label in _NAME_LABELS else None
    if gap:  # "GESTANTE: Rocío Benítez Zarzuela            NUHSA": a name never spans a column gap
        s, e = clip(text, s, gap.start())
    second = _SECOND_TITLED.search(text, s, e) if label in _NAME_LABELS else None
    if second and second.start() > s:  # the second person is found on its own by its title
        s, e = clip(text, s, second.start())
    score = PAIN_SCORE.search(text, s, min(len(text), e + 12)) if label in _NAME_LABELS else None
    if score and score.start() < e:  # (the score lies after the candidate: the search reads past its end)
        s, e = clip(text, s, score.start())
    if label in NUMERIC_LABELS and _DRUG_CODE_BEFORE.search(text, max(0, s - 12), s):
        return None  # "Biktarvy (CN 718457)": a medicine's national code
    if s >= e or is_measurement(text, s, e, label, cued=cued):
        return None
    if label in ("TERRITORIO", "PAIS") and _EPONYM_BEFORE.search(text, max(0, s - 30), s):
        return None
    if _LOG_KEY.match(text, s, e) and text.startswith("=", e):
        return None  # a log's key ('fnac=1939-05-02', 'lugar=…'): a field's name, not its value
    return s, e
