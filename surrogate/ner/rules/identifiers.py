"""Alphanumeric identifiers of every shape, network addresses and international phones.

Plates (``4512 KJT``, ``M-1234-AB``), VINs and device serials, record codes, passports, CIP/TSI health
cards, and any code after its cue (``nº de serie``, ``matrícula``, ``pasaporte``, ``CIP``); MAC and IPv6
addresses, bare URLs (``intranet.sergas.es/hc``), phones with a country code in any grouping. The label
comes from the cue, else from the shape. Measurements are removed later, by the filter stage.
"""
from __future__ import annotations

import re

from . import patterns as P
from .common import PATTERN, STRUCTURED, Candidate, phone_bounds

VEHICLE, DEVICE = "IDENTIF_VEHICULOS_NRSERIE_PLACAS", "IDENTIF_DISPOSITIVOS_NRSERIE"
PATIENT_ID, INSURANCE, OTHER = "ID_SUJETO_ASISTENCIA", "ID_ASEGURAMIENTO", "OTRO_NUMERO_IDENTIF"
_CUE_LABELS = (
    (re.compile(r"(?i)(?:n\S*\s*)?col|elkargokide"), "ID_TITULACION_PERSONAL_SANITARIO"),  # "núm. col. 25-3319", "colegiada 50-1187"
    (re.compile(r"(?i)emplea|treballador|(?-i:^(?:TES|TCAE|TCAI|DUE|TTS)$)|pers|mec|operador|usuari"), "ID_EMPLEO_PERSONAL_SANITARIO"),
    (re.compile(r"(?i)autori|volante|expediente|pulsera|(?-i:TIP)|diligencias|atestado|sumario|entrada|salida|factura|presupuesto|contrato"), OTHER),
    (re.compile(r"MUFACE|ISFAS|MUGEJU"), INSURANCE),
    (re.compile(r"(?i)episodi"), "ID_CONTACTO_ASISTENCIAL"),
    (re.compile(r"(?i)matr|placa|bastidor|VIN|veh[ií]culo"), VEHICLE),
    (re.compile(r"(?i)serie|S/N|SN|n/s|IMEI|nombre|hostname"), DEVICE),
    (re.compile(r"CIPA"), PATIENT_ID),
    (re.compile(r"(?i)aviso|incid[eè]ncia|incidente|n[ºo°]\s+de\s+caso"), "ID_CONTACTO_ASISTENCIAL"),
    (re.compile(r"(?i)c[oó]digo\s+de\s+empleado"), "ID_EMPLEO_PERSONAL_SANITARIO"),
    (re.compile(r"(?i)CIP|TSI|SIP|TIS|NUHSA|NUSS|NA?SS|tarjeta|targeta|p[oó]liza|socio|asegurado|afiliado|beneficiario"), INSURANCE),
)
_CLASSIFICATION_BEFORE = re.compile(r"(?i)\b(?:SNOMED(?:[ -]CT)?|CIE-?O?(?:-?\d+)?|ICD-?O?(?:-?\d+)?|CIAP-?\d?|ATC|GRD|DRG)\b[^\n]*$")
# an IBAN, in groups of four or run together ("ES43 2103 6180 4901 0074 2913"); kept when its check digits hold
_IBAN = re.compile(r"(?<![\w])(?-i:[A-Z]{2}\d{2}(?:[ \t]?[A-Z0-9]{4}){2,7}(?:[ \t]?[A-Z0-9]{1,3})?)(?![\w])")
# a collegiate number after the college's acronym: "(COMIB 07/09188)", "ICOMEM 28/12345", "COMB 31245"
_COLLEGE_NUMBER = re.compile(r"(?<![\w])(?-i:I?CO(?:M|E|F|O|P)[A-Z]{0,4})[ \t]*(?:n[ºo°]\.?[ \t]*)?(?P<code>\d{1,3}[/-]?\d{3,6})(?![\w/])")
_VIN = re.compile(r"[A-HJ-NPR-Z0-9]{17}")
# a lower-case article or preposition the code pattern took before a code after its cue ("aviso al 061")
_LEADING_WORD = re.compile(r"(?:al|a|el|la|del|de|en|por|con)[ \t]+(?=\S)")
# public services' short numbers after "aviso", "incidencia": emergencies (112, 061), police (091, 092, 062),
# gender violence (016), suicide line (024), regional emergencies (080, 085, 088)
_SERVICE_NUMBERS = frozenset({"112", "061", "062", "091", "092", "016", "024", "080", "085", "088"})
_HEALTH_CARD = re.compile(r"[A-Z]{4}\d{10,12}[A-Z0-9]?")
_VOWELS = frozenset("AEIOUQ")
# consonant triples that are clinical acronyms, not plate letters ("2010 RMN")
_NOT_PLATE = frozenset({
    "RMN", "PCR", "VSG", "LCR", "SNC", "TSH", "FSH", "LDH", "GGT", "CPK", "BNP", "HDL", "LDL", "VHC", "VHB", "VPH",
    "TBC", "DLP", "FVC", "TTP", "CMV", "VSR", "PTH", "TNF", "CRP", "MTX", "BCG", "RCP", "HTP", "NPT", "SDR", "LLC",
    "LMC", "LMA", "HBP", "TVP", "TCH", "HCG", "PFC", "PRL", "DHL", "SMD", "SRL", "DPN",
})
_YEAR = re.compile(r"19\d\d|20[0-4]\d")  # "2093 JBK" is a plate, no year
# a trial's randomisation number in parentheses after the word, maybe past a date: "Aleatorizado 12/02/25 (R-0147)"
_RANDOMISED = re.compile(
    r"(?i)(?<![\w])(?:aleatoriza\w*|randomi[sz]\w*)[^\n()]{0,25}\([ \t]*(?:n[ºo°][ \t]*)?(?P<code>(?-i:[A-Z]{1,4}-?\d{3,8}|\d{3,8}))[ \t]*\)"
)


def shape_label(code: str) -> str:
    """Label of an uncued code from its shape: VIN, health card, otherwise a patient identifier."""
    if _VIN.fullmatch(code) and sum(c.isdigit() for c in code) >= 4:
        return VEHICLE
    if _HEALTH_CARD.fullmatch(code):
        return INSURANCE
    return PATIENT_ID


_RUN = re.compile(r"\d+|[A-Z]+")
_VARIANT = re.compile(r"[A-Z]\d+[A-Z]")  # a mutation (G20210A, V600E), not an identifier


def _is_code(value: str) -> bool:
    """5+ digits, or letters and digits interleaved in 4+ runs (QA519WSP792); not a model name (EG3830UX)."""
    if _VARIANT.fullmatch(value):
        return False
    value = value.replace("-", "")
    if len(value) < 6:
        return False
    runs = _RUN.findall(value)
    if max(len(r) for r in runs) < 3:
        return False  # a staging or classification (T3N0M0, A1L1B2)
    digits = sum(c.isdigit() for c in value)
    return digits >= 5 or len(runs) >= 4 and digits >= 4  # not a gene name (CYP2C19)


def _iban_ok(value: str) -> bool:
    """The IBAN's own check digits (ISO 7064 mod 97-10) hold; the account's national check is not asked for."""
    from stdnum import iban
    from stdnum.exceptions import ValidationError

    try:
        iban.validate(value, check_country=False)
    except ValidationError:
        return False
    return True


_LAW_BEFORE = re.compile(r"(?i)\b(?:ley|decreto|rd|orden|circular|directiva|reglamento)(?:\s+org[aá]nica)?\s*$")  # "Ley 1/2000"
_TIMESTAMP = re.compile(r"(?:19|20)\d\d-\d\d-\d\dT\d")  # ISO 8601: the date shapes take it


class IdentifierRules:
    """Mixin of :class:`~surrogate.ner.rules.backend.RulesBackend`: codes, plates, network addresses."""

    def _codes(self, text: str) -> list[Candidate]:
        out = []
        for m in P.CODE_CUE.finditer(text):
            start = m.start("code")
            if lead := _LEADING_WORD.match(text, start, m.end("code")):
                start = lead.end()  # "aviso al 061": the preposition is no part of a code
            code = text[start:m.end("code")]
            if sum(c.isdigit() for c in code) < 2 or P.DATE_NUMERIC.fullmatch(code) or len(code) < 4 and lead \
                    or code in _SERVICE_NUMBERS:
                continue
            label = next((lab for rx, lab in _CUE_LABELS if rx.search(m.group("cue"))), PATIENT_ID)  # "nº serie"
            out.append(Candidate(start, m.end("code"), label, STRUCTURED))
        for m in P.ALNUM_CODE.finditer(text):
            if _CLASSIFICATION_BEFORE.search(text, max(0, m.start() - 50), m.start()) or _TIMESTAMP.match(m.group()):
                continue  # "SNOMED M-81403 / T-68000": a classification's codes; "2025-04-09T08": a date and its hour
            if _is_code(m.group()):
                out.append(Candidate(m.start(), m.end(), shape_label(m.group()), PATTERN))
        for m in P.DIGIT_CODE.finditer(text):
            digits = sum(c.isdigit() for c in m.group())
            if digits >= 8 and digits != 9 and not P.DATE_NUMERIC.fullmatch(m.group()):
                out.append(Candidate(m.start(), m.end(), PATIENT_ID, PATTERN))
        for m in P.PLATE_NEW.finditer(text):
            letters = m.group()[-3:]
            glued = not m.group(1)
            if letters in _NOT_PLATE or not glued and (_VOWELS & set(letters) or _YEAR.match(m.group())):
                continue
            out.append(Candidate(m.start(), m.end(), VEHICLE, PATTERN))
        out += [Candidate(m.start(), m.end(), VEHICLE, PATTERN) for m in P.PLATE_OLD.finditer(text)]
        out += [Candidate(m.start(), m.end(), VEHICLE, PATTERN) for m in P.PLATE_FRENCH.finditer(text)]
        out += [Candidate(m.start(), m.end(), OTHER, PATTERN) for m in P.ISBT_DONATION.finditer(text)]
        out += [Candidate(m.start(1), m.end(1), OTHER, STRUCTURED) for m in P.CARD_END.finditer(text)]
        out += [Candidate(m.start(1), m.end(1), OTHER, STRUCTURED) for m in P.PROCEEDING_NUMBER.finditer(text)
                if not _LAW_BEFORE.search(text, max(0, m.start(1) - 25), m.start(1))]
        out += [Candidate(m.start(), m.end(), VEHICLE, PATTERN) for m in P.PLATE_TRAILER.finditer(text)]
        out += [Candidate(m.start(), m.end(), OTHER, PATTERN) for m in P.SLASHED_FILE_NUMBER.finditer(text)]
        out += [Candidate(m.start("code"), m.end("code"), OTHER, STRUCTURED) for m in _RANDOMISED.finditer(text)]
        out += [Candidate(m.start(), m.end(), OTHER, STRUCTURED) for m in _IBAN.finditer(text) if _iban_ok(m.group())]
        out += [Candidate(m.start("code"), m.end("code"), "ID_TITULACION_PERSONAL_SANITARIO", STRUCTURED)
                for m in _COLLEGE_NUMBER.finditer(text)]
        return out

    def _network(self, text: str) -> list[Candidate]:
        out = [Candidate(m.start(), m.end(), "DIREC_PROT_INTERNET", PATTERN) for m in P.MAC.finditer(text)]
        out += [Candidate(m.start(), m.end(), "DIREC_PROT_INTERNET", PATTERN) for m in P.IPV6.finditer(text)]
        out += [Candidate(m.start(), m.end(), "URL_WEB", PATTERN) for m in P.URL_BARE.finditer(text)]
        out += [Candidate(m.start(), m.end(), "URL_WEB", PATTERN) for m in P.SOCIAL_HANDLE.finditer(text)]
        for m in P.PHONE_ANY_GROUPING.finditer(text):
            out.append(Candidate(m.start(), m.end(), "NUMERO_TELEFONO", PATTERN))
        for m in P.PHONE_CUE_WORDS.finditer(text):
            num = P.PHONE_NUMBER.match(text, m.end())
            if num and 6 <= sum(c.isdigit() for c in num.group()) <= 15:
                label = "NUMERO_FAX" if m.group().lower().startswith("fax") else "NUMERO_TELEFONO"
                out.append(Candidate(*phone_bounds(text, num.start(), num.end()), label, STRUCTURED))
        out += [Candidate(m.start(), m.end(), "NUMERO_TELEFONO", PATTERN) for m in P.PHONE_WORDS.finditer(text)]
        for m in P.ID_WORDS.finditer(text):
            label = next((lab for rx, lab in _CUE_LABELS if rx.search(m.group("cue"))), PATIENT_ID)
            out.append(Candidate(m.start("code"), m.end("code"), label, STRUCTURED))
        for m in P.PHONE_INTL.finditer(text):
            if 9 <= sum(c.isdigit() for c in m.group()) <= 15:
                s, e = phone_bounds(text, m.start(), m.end())
                out.append(Candidate(s, e, "NUMERO_TELEFONO", PATTERN))
        return out
