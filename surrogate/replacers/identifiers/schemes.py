"""Known Spanish identifier schemes: recognise an original, generate a new value with valid check digits.

Every generator works on the *compact* form (letters and digits only, in order) and returns a compact
value of the same length whose characters are of the same class (digit/letter) position by position; the
caller re-inserts it into the original's layout (separators, case). Check digits come from python-stdnum
and every generated value is validated with it before it is returned (generate-then-validate).

Schemes (see docs/replacers/identifiers-contacts.md for the rules and sources):

======== ========================================= ===============================================
dni      8 digits + letter (7 digits: old DNI)     letter = digits mod 23 (stdnum.es.dni)
nie      X/Y/Z + 7 digits + letter                 stdnum.es.nie
nif_klm  K/L/M + 7 digits + letter                 DNI letter of the 7 digits (stdnum.es.nif)
cif      entity letter + 7 digits + control        stdnum.es.cif (digit or letter, as the original)
iban     ES + 2 check + 20-digit CCC               stdnum.es.ccc + stdnum.iban (mod 97)
nss      PP NNNNNNNN CC (12) / PP NNNNNNN CC (11)  CC = (PP·10^k + N) mod 97 (see :func:`nss_control`)
nuhsa    AN + 10 digits                            no public control rule: random digits
cip      4 letters + 12 digits                     shape-kept (letters derive from names: random)
plate    1234 BCD / M-1234-AB                      plate alphabet (consonants, no Ñ/Q), old province codes
======== ========================================= ===============================================
"""
from __future__ import annotations

import functools
import importlib
import re
from types import ModuleType
from typing import Any, Callable

import numpy as np

from ..shape import random_digits, random_letters
from .digits import DigitChain, typed_digits as digits_like  # the corpus's digit steps, first digit's class kept


class _OnFirstUse:
    """A python-stdnum module imported when first used: ``stdnum.util`` imports ssl, pydoc and pkgutil, some
    20 ms of start-up that a document without a checked identifier (DNI, NIE, CIF, IBAN) never needs."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, attr: str) -> Any:
        if self._module is None:
            self._module = importlib.import_module(self._name)
        return getattr(self._module, attr)


std_iban = _OnFirstUse("stdnum.iban")
std_ccc = _OnFirstUse("stdnum.es.ccc")
std_cif = _OnFirstUse("stdnum.es.cif")
std_dni = _OnFirstUse("stdnum.es.dni")
std_es_iban = _OnFirstUse("stdnum.es.iban")
std_nie = _OnFirstUse("stdnum.es.nie")
std_nif = _OnFirstUse("stdnum.es.nif")

#: INE province codes 01–52 (the first two digits of postal codes, NSS and collegiate numbers).
PROVINCE_CODES: tuple[str, ...] = tuple(f"{i:02d}" for i in range(1, 53))
#: Letters of the current plate system (2000–): consonants without Ñ and Q.
PLATE_LETTERS = "BCDFGHJKLMNPRSTVWXYZ"
#: Province codes of the 1971–2000 plate system.
OLD_PLATE_CODES = (
    "A AB AL AV B BA BI BU C CA CC CE CO CR CS CU GC GE GI GR GU H HU IB J L LE LO LU M MA ML MU NA O OR OU "
    "P PM PO S SA SE SG SO SS T TE TF TO V VA VI Z ZA"
).split()
_CIF_LETTERS = "ABCDEFGHJNPQRSUVW"

#: (rng, compact original, the gazetteer set's digit chain or None for the shipped one) → compact surrogate
Generator = Callable[[np.random.Generator, str, "DigitChain | None"], str]


class SchemeError(ValueError):
    """A generated value did not validate (a bug: never expected)."""


def _case_like(template: str, s: str) -> str:
    return "".join(c.upper() if t.isupper() else c.lower() for t, c in zip(template, s))


def _checked(value: str, valid: bool, scheme: str) -> str:
    if not valid:
        raise SchemeError(f"generated {scheme} value failed validation")
    return value


# -- personal tax identifiers ----------------------------------------------------------------------------
def gen_dni(rng: np.random.Generator, compact: str, chain: DigitChain | None = None) -> str:
    digits = digits_like(rng, compact[:-1], chain)
    padded = digits.zfill(8)
    letter = std_dni.calc_check_digit(padded)
    return _checked(digits + _case_like(compact[-1], letter), std_dni.is_valid(padded + letter), "DNI")


def gen_nie(rng: np.random.Generator, compact: str, chain: DigitChain | None = None) -> str:
    body = compact[0].upper() + digits_like(rng, compact[1:-1], chain)
    letter = std_nie.calc_check_digit(body)
    out = _case_like(compact[0], body[0]) + body[1:] + _case_like(compact[-1], letter)
    return _checked(out, std_nie.is_valid(body + letter), "NIE")


def gen_nif_klm(rng: np.random.Generator, compact: str, chain: DigitChain | None = None) -> str:
    digits = digits_like(rng, compact[1:-1], chain)
    letter = std_dni.calc_check_digit(digits)
    value = compact[0].upper() + digits + letter
    return _checked(compact[0] + digits + _case_like(compact[-1], letter), std_nif.is_valid(value), "NIF")


def gen_cif(rng: np.random.Generator, compact: str, chain: DigitChain | None = None) -> str:
    # digits 2–3 are the province of registration: keep them a real province code
    province = PROVINCE_CODES[int(rng.integers(0, len(PROVINCE_CODES)))]
    body = compact[0].upper() + province + random_digits(rng, 5)
    candidates = std_cif.calc_check_digits(body)  # "<digit><letter>"
    control = candidates[0] if compact[-1].isdigit() else _case_like(compact[-1], candidates[1])
    out = compact[0] + body[1:] + control
    return _checked(out, std_cif.is_valid(out.upper()), "CIF")


# -- bank account ----------------------------------------------------------------------------------------
def gen_iban_es(rng: np.random.Generator, compact: str, chain: DigitChain | None = None) -> str:
    bank, branch, account = random_digits(rng, 4), random_digits(rng, 4), random_digits(rng, 10)
    ccc = bank + branch + "00" + account
    ccc = bank + branch + std_ccc.calc_check_digits(ccc) + account
    check = std_iban.calc_check_digits("ES00" + ccc)
    value = "ES" + check + ccc
    out = _case_like(compact[:2], "ES") + value[2:]
    return _checked(out, std_es_iban.is_valid(value), "IBAN")


def gen_iban_foreign(rng: np.random.Generator, compact: str, chain: DigitChain | None = None) -> str:
    """Any other IBAN: country kept, BBAN shape kept with random content, ISO 7064 mod 97 check digits."""
    bban = "".join(
        random_digits(rng, 1) if c.isdigit() else random_letters(rng, "A") for c in compact[4:]
    )
    check = std_iban.calc_check_digits(compact[:2].upper() + "00" + bban)
    out = compact[:2] + check + _case_like(compact[4:], bban)
    if not std_iban.is_valid(out.upper(), check_country=False):
        raise SchemeError("generated IBAN value failed validation")
    return out


# -- social security ---------------------------------------------------------------------------------------
def nss_control(province: str, number: str) -> str:
    """Control digits of a Spanish social security number (NASS/NSS/NAF).

    ``(province · 10^k + number) mod 97`` where the number is read as an integer: for 8-digit numbers
    of value ≥ 10^7 this is the same as ``int(first 10 digits) mod 97``; when the 8-digit number has a
    leading zero the TGSS rule multiplies the province by 10^7 instead (the number loses its padding).
    For 7-digit (old, 11-digit) numbers it is ``int(first 9 digits) mod 97``.
    """
    n = int(number)
    if len(number) == 8 and n < 10**7:
        d = int(province) * 10**7 + n
    else:
        d = int(province + number)
    return f"{d % 97:02d}"


def nss_is_valid(compact: str) -> bool:
    if not compact.isdigit() or len(compact) not in (11, 12):
        return False
    return compact[-2:] == nss_control(compact[:2], compact[2:-2])


def gen_nss(rng: np.random.Generator, compact: str, chain: DigitChain | None = None) -> str:
    province = PROVINCE_CODES[int(rng.integers(0, len(PROVINCE_CODES)))]
    number = digits_like(rng, compact[2:-2], chain)
    out = province + number + nss_control(province, number)
    return _checked(out, nss_is_valid(out), "NSS")


# -- health cards and plates ---------------------------------------------------------------------------------
def gen_nuhsa(rng: np.random.Generator, compact: str, chain: DigitChain | None = None) -> str:
    return compact[:2] + digits_like(rng, compact[2:], chain)


def gen_cip(rng: np.random.Generator, compact: str, chain: DigitChain | None = None) -> str:
    return random_letters(rng, compact[:4]) + digits_like(rng, compact[4:], chain)


def _plate_letters(rng: np.random.Generator, template: str) -> str:
    idx = rng.integers(0, len(PLATE_LETTERS), size=len(template))
    return _case_like(template, "".join(PLATE_LETTERS[i] for i in idx))


def gen_plate(rng: np.random.Generator, compact: str, chain: DigitChain | None = None) -> str:
    return random_digits(rng, 4) + _plate_letters(rng, compact[4:])


def gen_old_plate(rng: np.random.Generator, compact: str, chain: DigitChain | None = None) -> str:
    m = _OLD_PLATE.fullmatch(compact)
    assert m is not None
    prov, _digits, letters = m.groups()
    same_len = [c for c in OLD_PLATE_CODES if len(c) == len(prov)]
    new_prov = same_len[int(rng.integers(0, len(same_len)))]
    return _case_like(prov, new_prov) + random_digits(rng, 4) + _plate_letters(rng, letters)


_OLD_PLATE = re.compile(r"([A-Za-z]{1,2})(\d{4})([A-Za-z]{1,2})")

#: (scheme name, compact pattern, generator), tried in order on the compact form.
COMPACT_SCHEMES: tuple[tuple[str, re.Pattern[str], Generator], ...] = (
    ("dni", re.compile(r"\d{7,8}[A-Za-z]"), gen_dni),
    ("nie", re.compile(r"[XYZxyz]\d{7}[A-Za-z]"), gen_nie),
    ("nif_klm", re.compile(r"[KLMklm]\d{7}[A-Za-z]"), gen_nif_klm),
    ("cif", re.compile(rf"[{_CIF_LETTERS}{_CIF_LETTERS.lower()}]\d{{7}}[0-9A-Ja-j]"), gen_cif),
    ("iban", re.compile(r"[Ee][Ss]\d{22}"), gen_iban_es),
    ("iban_foreign", re.compile(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}"), gen_iban_foreign),
    ("nuhsa", re.compile(r"[Aa][Nn]\d{10}"), gen_nuhsa),
    ("cip", re.compile(r"[A-Z]{4}\d{12}"), gen_cip),
)



def compact_scheme(core: str) -> tuple[str, bool] | None:
    """(name, has check digits) of the first compact scheme ``core`` is written in, or None.

    A scheme with check digits counts only when ``core`` validates under it: an episode number ``E90214044``
    has the letters and digits of a CIF but not its control, so it is no CIF and keeps its shape.
    """
    checks = validators()
    for name, pattern, _gen in COMPACT_SCHEMES:
        if not pattern.fullmatch(core):
            continue
        valid = checks.get(name)
        if valid is None:
            return name, False
        if valid(core):
            return name, True
    return None


#: Schemes that need the original's layout too (a plain 12-digit number is only an NSS in context).
PLATE = re.compile(r"\d{4}[ -]?[BCDFGHJKLMNPRSTVWXYZ]{3}")
OLD_PLATE = re.compile(r"[A-Z]{1,2}[ -]?\d{4}[ -]?[A-Z]{1,2}")
NSS_LAYOUT = re.compile(r"\d{2}([ /.-]?)\d{7,8}\1\d{2}")
COLLEGIATE_LAYOUT = re.compile(r"(\d{2})[ /.-]+(\d{2})(?:[ /.-]+\d{3,6})?")
#: Both province codes glued, then the number: ``2828/12345``.
COLLEGIATE_GLUED = re.compile(r"(\d{2})(\d{2})[ /.-]+\d{3,6}")


@functools.cache
def validators() -> dict[str, Callable[[str], bool]]:
    """stdnum-based validators per scheme (used by the tests and the generate-then-validate loop)."""
    return {
        "dni": lambda v: std_dni.is_valid(v.upper().zfill(9)),
        "nie": lambda v: std_nie.is_valid(v.upper()),
        "nif_klm": lambda v: std_nif.is_valid(v.upper()),
        "cif": lambda v: std_cif.is_valid(v.upper()),
        "iban": lambda v: std_es_iban.is_valid(v.upper()),
        "iban_foreign": lambda v: std_iban.is_valid(v.upper(), check_country=False),
        "nss": nss_is_valid,
    }
