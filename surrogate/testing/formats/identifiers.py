"""Kind ``identifier``: the same character shape, valid check digits where the original had them, real
province codes, labels and zero padding kept.

Properties (the names a failed check reports):

- ``shape``: every digit stays a digit, every letter a letter of the same case, every other character stays
  where it was (the acceptance "shape": ``12.345.678-Z`` → ``99.999.999-A``);
- ``check_digits``: when the original, or its tail after a label, validates as a DNI, NIE, NIF (K/L/M),
  CIF, IBAN (python-stdnum) or social security number (mod 97, real province code), the same tail of the
  surrogate validates under the same scheme;
- ``province_code``: a real province code (01–52) stays one: the first two digits of a social security
  number, digits 2–3 of a CIF, both codes of a collegiate number ``28 28 12345`` (and of the glued layout
  ``2828/12345`` when the original is a :class:`~surrogate.testing.PHIValue` of form ``collegiate``: bare,
  it reads as any record number);
- ``province_pair``: the two codes of a collegiate number are equal in the surrogate exactly when they were
  in the original;
- ``label``: a label word in front (``NHC``, ``DNI:``, ``IBAN``…), dotted too (``D.N.I.``), stays as it was;
- ``zero_padding``: in an identifier without a check digit, a digit run of 3 or more digits that starts
  with 0 still starts with 0, and one that does not still does not (not checked on a bare 11–12 digit
  number, which may be a social security number whose province code is redrawn).

Written from the acceptance definitions and the published schemes, not from the identifier replacer's
parser: the scheme is decided by validating the original, never by the replacer's patterns or hints.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from stdnum import iban as std_iban
from stdnum.es import cif as std_cif
from stdnum.es import dni as std_dni
from stdnum.es import iban as std_es_iban
from stdnum.es import nie as std_nie
from stdnum.es import nif as std_nif

from . import register_format_check
from .common import char_shape

__all__ = ["PROVINCE_CODES", "SCHEME_VALIDATORS", "check_identifier", "nss_is_valid", "scheme_of"]

PROVINCE_CODES = frozenset(f"{i:02d}" for i in range(1, 53))
#: words that label an identifier (compared upper-case); the surrogate must keep them
LABEL_WORDS = frozenset(
    "DNI NIF NIE CIF IBAN CCC NASS NSS NUSS NAF NHC HC NUHSA CIP SIP TIS EXP EXPTE REF ID Nº NO NUM".split()
)
_CIF_LETTERS = "ABCDEFGHJNPQRSUVW"
_COLLEGIATE = re.compile(r"(\d{2})[ /.-]+(\d{2})(?:[ /.-]+\d{3,6})?")
_COLLEGIATE_GLUED = re.compile(r"(\d{2})(\d{2})/\d{3,6}")
# a label word and its separator ("NHC-", "DNI: " keeps only its first separator), or dotted initials ("D.N.I. ")
_LABEL = re.compile(r"(?P<dotted>(?:[^\W\d_]\.){2,})\s?|(?P<word>[^\W\d_]+)[\s:.#-]")
_DIGIT_RUN = re.compile(r"\d+")


def nss_is_valid(digits: str) -> bool:
    """A social security number: real province code, 7 or 8 digits, control = (province·10^k + n) mod 97
    with the number read as an integer (TGSS rule for an 8-digit number with a leading zero)."""
    if not digits.isdigit() or len(digits) not in (11, 12) or digits[:2] not in PROVINCE_CODES:
        return False
    province, number, control = int(digits[:2]), digits[2:-2], int(digits[-2:])
    k = 7 if len(number) == 8 and int(number) < 10**7 else len(number)
    return (province * 10**k + int(number)) % 97 == control


def _dni(v: str) -> bool:
    return len(v) in (8, 9) and v[:-1].isdigit() and std_dni.is_valid(v.zfill(9))


#: scheme → validator of an upper-case compact value (letters and digits only)
SCHEME_VALIDATORS: dict[str, Callable[[str], bool]] = {
    "dni": _dni,
    "nie": lambda v: v[:1] in ("X", "Y", "Z") and std_nie.is_valid(v),
    "nif_klm": lambda v: v[:1] in ("K", "L", "M") and std_nif.is_valid(v),
    "cif": lambda v: v[:1] in _CIF_LETTERS and len(v) == 9 and std_cif.is_valid(v),
    "iban": lambda v: std_es_iban.is_valid(v) if v.startswith("ES") else std_iban.is_valid(v),
    "nss": nss_is_valid,
}


def _compact(s: str) -> str:
    """Letters and digits, upper case (``º`` counts as a letter, so ``Nº`` never reads as a scheme letter)."""
    return "".join(c for c in s if c.isalnum()).upper()


def _starts(s: str) -> list[int]:
    """Where a scheme may begin: the start, after a separator, or where digits follow letters."""
    out = [0]
    for i in range(1, len(s)):
        prev, cur = s[i - 1], s[i]
        if cur.isalnum() and (not prev.isalnum() or (prev.isalpha() and cur.isdigit())):
            out.append(i)
    return out


def scheme_of(value: str) -> tuple[str, int] | None:
    """(scheme, length of the compact tail that validates) for the longest validating tail after any label
    word, or None."""
    label = _label(value)
    for start in _starts(value):
        if label is not None and start < len(label):
            continue
        tail = _compact(value[start:])
        for scheme, valid in SCHEME_VALIDATORS.items():
            if valid(tail):
                return scheme, len(tail)
    return None


def _label(s: str) -> str | None:
    m = _LABEL.match(s)
    if not m:
        return None
    word = (m["dotted"] or "").replace(".", "") or m["word"]
    return m.group(0) if word.upper() in LABEL_WORDS and any(c.isdigit() for c in s[m.end() :]) else None


def _scheme_problems(original: str, surrogate: str, found: tuple[str, int] | None) -> list[str]:
    if found is None:
        return []
    scheme, length = found
    tail = _compact(surrogate)[-length:]
    problems = []
    if len(tail) != length or not SCHEME_VALIDATORS[scheme](tail):
        problems.append("check_digits")
    original_tail = _compact(original)[-length:]
    if scheme == "nss" and tail[:2] not in PROVINCE_CODES:
        problems.append("province_code")
    if scheme == "cif" and original_tail[1:3] in PROVINCE_CODES and tail[1:3] not in PROVINCE_CODES:
        problems.append("province_code")
    return problems


def _collegiate_match(original: str) -> tuple[re.Pattern[str], re.Match[str]] | None:
    """The collegiate layout the original is written in and its match: a separated layout always, the glued
    one only when the value is known to be a collegiate number."""
    layouts = (_COLLEGIATE, _COLLEGIATE_GLUED) if getattr(original, "form", None) == "collegiate" else (_COLLEGIATE,)
    for layout in layouts:
        if m := layout.fullmatch(original.strip()):
            return layout, m
    return None


def _collegiate_problems(surrogate: str, collegiate: tuple[re.Pattern[str], re.Match[str]] | None) -> list[str]:
    if collegiate is None:
        return []
    layout, m = collegiate
    if not {m.group(1), m.group(2)} <= PROVINCE_CODES:
        return []
    n = layout.fullmatch(surrogate.strip())
    if not n:
        return ["province_code"]
    problems = []
    if not {n.group(1), n.group(2)} <= PROVINCE_CODES:
        problems.append("province_code")
    if (m.group(1) == m.group(2)) != (n.group(1) == n.group(2)):
        problems.append("province_pair")
    return problems


def _zero_padding_problems(original: str, surrogate: str, found: tuple[str, int] | None, collegiate: bool
                           ) -> list[str]:
    if found is not None or collegiate:
        return []
    if _compact(original).isdigit() and len(_compact(original)) in (11, 12):
        return []  # may be a social security number read in context: its province code (01–52) is redrawn
    o_runs, s_runs = _DIGIT_RUN.findall(original), _DIGIT_RUN.findall(surrogate)
    if len(o_runs) != len(s_runs):
        return []  # already a shape problem
    for o, s in zip(o_runs, s_runs):
        if len(o) >= 3 and (o[0] == "0") != (s[0] == "0"):
            return ["zero_padding"]
    return []


@register_format_check("identifier")
def check_identifier(original: str, surrogate: str) -> list[str]:
    problems = []
    if char_shape(original) != char_shape(surrogate):
        problems.append("shape")
    label = _label(original)
    if label is not None and not surrogate.startswith(label):
        problems.append("label")
    scheme, collegiate = scheme_of(original), _collegiate_match(original)
    for found in (_scheme_problems(original, surrogate, scheme), _collegiate_problems(surrogate, collegiate),
                  _zero_padding_problems(original, surrogate, scheme, collegiate is not None)):
        problems.extend(p for p in found if p not in problems)
    return problems
