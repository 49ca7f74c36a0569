"""Identifiers named by a field's cue or a label's layout that the older rules missed (round 28).

* a health card typed in groups after its cue (``TARJ. SANITARIA: CLMA 4500 7719 3351``, a European card's or a French
  insurance number ``TSE 1 02 03 75 116 042 37``): letters maybe, then eight digits or more in groups;
* an IBAN after a field label of one or two more words (``IBAN REINTEGRO: ES21 ...``, ``IBAN del titular: ...``), as
  written even where its check digits fail;
* a member's, a resident's or a pupil's number in a care home's, a residence's or a school's file (``nº residente
  CMA-24/0312``, ``nº de socio 4471``, ``núm. d'alumne 2231``);
* a register's entry (``reg. entrada RE-2025/004412``, ``registro de salida 2024/118``, ``registre d'entrada``) and
  a contract's number (``Contrato CNMY22/DGIE/0041``, ``Contracte ...``): codes of letters and digits only;
* an ambulance unit's code after its kind (``SVB SA-0417``, ``ambulancia TSNU-12``): capitals, maybe a dash, digits;
* a wristband's or a label's patient code of mixed letters and digits right before the sex letter and the birth date
  (``C4F7K2R91   H   05/08/1951``), as a printed label lays them out;
* the first column of a ``;``-separated export titled ``id`` or ``id_…`` (``id_spd;residente;f_nac``) beside a
  column of people: each row's own code.
"""
from __future__ import annotations

import re

from .common import STRUCTURED, Candidate

_INSURANCE, _OTHER, _PATIENT_ID, _PLATE = ("ID_ASEGURAMIENTO", "OTRO_NUMERO_IDENTIF", "ID_SUJETO_ASISTENCIA",
                                           "IDENTIF_VEHICULOS_NRSERIE_PLACAS")
# a field's dots or colon between the cue and its value ("nº residente ... X", "TSE: X")
_GAP = r"[ \t]*(?:n[ºo°]\.?[ \t]*)?(?:[.:_…][ \t]*)*"
_CARD = re.compile(
    rf"(?<![\w])(?:(?i:tarj(?:eta|\.)?[ \t]+sanitaria(?:[ \t]+europea)?|tarjeta[ \t]+individual|carte[ \t]+vitale)|"
    rf"(?-i:TSE|TSI|TIS|CIP|NIR|NUSS))(?![\w]){_GAP}"
    r"(?P<code>(?-i:[A-Z]{2,5}[ \t])?\d{1,5}(?:[ \t]\d{1,5}){2,7})(?![\w/.-]?\w)")
_IBAN = re.compile(r"(?<![\w])(?i:iban)(?:[ \t]+[^\W\d_]{2,14}){1,2}[ \t]*:[ \t]*"
                   r"(?P<code>(?-i:[A-Z]{2}\d{2}(?:[ \t]?[A-Z0-9]{4}){4,7}(?:[ \t]?[A-Z0-9]{1,3})?))(?![\w])")
_CODE = r"(?P<code>(?=[\w/.-]{0,14}\d)[A-Za-z0-9](?:[A-Za-z0-9]|[/.-](?=[A-Za-z0-9])){2,24})"
_MEMBER = re.compile(
    rf"(?i)(?<![\w])(?:n[ºo°]\.?|n[uú]m\.?|n[uú]mero)[ \t]*(?:de[ \t]+|d['’][ \t]*)?"
    rf"(?:residente|resident|usuari[oa]|soci[oa]|abonad[oa]|alumn[oa]|alumne|matr[ií]cula|colegial){_GAP}{_CODE}(?![\w])")
_REGISTER = re.compile(
    rf"(?i)(?<![\w])(?:reg(?:istro|istre|\.)?[ \t]+(?:de[ \t]+|d['’][ \t]*)?(?:entrada|salida|sortida|eixida)|"
    rf"contrat[oe]|contracte|kontratua|expediente[ \t]+de[ \t]+contrataci[oó]n){_GAP}"
    r"(?P<code>(?-i:[A-Z][A-Z0-9]{1,8}(?:[/-][A-Z0-9]{1,10})+|[A-Z]{2,6}\d{2,}[A-Z0-9]*|\d{2,6}/\d{2,8}))(?![\w/-])")
_UNIT = re.compile(r"(?<![\w])(?:(?-i:SV[AB]E?|USV[AB]|SAMU|TSNU|UVI)|(?i:ambulancia|ambul[aà]ncia|anbulantzia))"
                   r"(?:[ \t]+(?-i:SV[AB]E?|USV[AB]|TSNU))?[ \t]+(?:n[ºo°]\.?[ \t]*)?"
                   r"(?P<code>(?-i:[A-Z]{1,4}-\d{2,5}|[A-Z]{1,4}\d{3,5}))(?![\w/-])")
_LABEL_CODE = re.compile(r"(?<![\w-])(?P<code>(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{7,12})[ \t]+(?-i:[HMFVX])[ \t]+"
                         r"\d{1,2}[/.-]\d{1,2}[/.-](?:19|20)\d\d(?!\d)")
_ID_TITLE = re.compile(r"(?i)id(?:[_ ][a-z]{2,12})?|c[oó]d(?:igo)?|n[ºo°]")
_PEOPLE_TITLE = re.compile(r"(?i)residentes?|pacientes?|usuari[oa]s?|nombre|apellidos(?:,?[ \t]+nombre)?|"
                           r"alumn[oa]s?|alumnes?|nom|socio|abonado")


def cued_id_candidates(text: str) -> list[Candidate]:
    """The identifiers read as the module docstring says."""
    out = []
    for rx, label in ((_CARD, _INSURANCE), (_IBAN, _OTHER), (_MEMBER, _PATIENT_ID), (_REGISTER, _OTHER),
                      (_UNIT, _PLATE), (_LABEL_CODE, _PATIENT_ID)):
        for m in rx.finditer(text):
            code = m.group("code").rstrip("./-")
            if sum(ch.isdigit() for ch in code) >= (8 if rx is _CARD else 3):
                out.append(Candidate(m.start("code"), m.start("code") + len(code), label, STRUCTURED))
    return out + _export_ids(text)


def _export_ids(text: str) -> list[Candidate]:
    """The cells of an ``id`` first column of a ``;`` export whose header also titles a column of people."""
    out, keyed, pos = [], False, 0
    for line in text.splitlines(keepends=True):
        s, body = pos, line.rstrip("\r\n")
        pos += len(line)
        if body.count(";") < 2:
            keyed = False
            continue
        cells = [c.strip() for c in body.split(";")]
        if not any(ch.isdigit() for ch in body):
            keyed = bool(_ID_TITLE.fullmatch(cells[0])) and any(_PEOPLE_TITLE.fullmatch(c) for c in cells[1:])
            continue
        first = body.split(";")[0]
        value = first.strip()
        if keyed and 3 <= len(value) <= 20 and any(ch.isdigit() for ch in value) and re.fullmatch(r"[A-Za-z0-9/.-]+", value):
            a = s + first.index(value)
            out.append(Candidate(a, a + len(value), _PATIENT_ID, STRUCTURED))
    return out
