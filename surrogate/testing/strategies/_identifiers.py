"""Spanish identifiers with valid check digits, in the layouts people write them.

Every value is a :class:`~surrogate.testing.values.PHIValue` of kind ``identifier``; its ``form`` names the
scheme: ``dni``, ``nie``, ``nif``, ``nass``, ``iban``, ``collegiate`` or ``record``. Check digits come from
python-stdnum (DNI, NIE, NIF, CIF, CCC, IBAN) and from the published social-security rule (NASS), computed
here rather than taken from the replacers, so a test of a replacer does not reuse its own arithmetic.

Layouts (the ``layouts=`` option of each strategy picks among them by name):

- DNI ``12345678Z``, ``12345678-Z``, ``12345678 Z``, ``12.345.678-Z``, ``12.345.678 Z``, ``12.345.678Z``;
  the letter in upper or lower case;
- NIE ``X1234567L``, ``X-1234567-L``, ``X 1234567 L``, ``X1234567-L`` (X, Y or Z);
- NIF ``K1234567L`` (K, L, M: DNI letter of the 7 digits) and entity NIFs (CIF) ``B58818501``,
  ``B-58818501`` whose digits 2–3 are a real province code;
- NASS ``28 12345678 40``, ``28/12345678/40``, ``28-12345678-40``, ``281234567840`` and the old 11-digit
  ``28/1234567/42``, ``28 1234567 42``, ``28-1234567-42``, ``28123456742``; the province code is real
  (01–52) and the control is mod 97;
- IBAN ``ES91 2100 0418 4502 0005 1332`` (grouped by 4) or ``ES9121000418450200051332``;
- collegiate numbers ``28 28 12345``, ``28/28/12345``, ``28-28-12345``, ``28.28.12345``, ``28 28``,
  ``28 12345`` (real province codes 01–52, the pair usually equal) and ``2828/12345`` (``glued``, only on
  request: our identifier replacer reads it as a plain number, see docs/testing.md);
- record numbers (``record``): the hospital and episode numbers that fill MEDDOCAN, 5–10 digits, with or
  without a leading zero, a label (``NHC``, ``nhc-``, ``E-``, ``Nº``) or a copy counter (``/2``).

``labelled=True`` adds a label such as ``DNI: `` or ``NASS `` in front, the way spans sometimes include it.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from hypothesis import strategies as st
from stdnum import iban as std_iban
from stdnum.es import ccc as std_ccc
from stdnum.es import cif as std_cif
from stdnum.es import dni as std_dni
from stdnum.es import nie as std_nie

from ..formats.identifiers import nss_is_valid
from ..values import PHIValue

__all__ = [
    "COLLEGIATE_LAYOUTS", "DNI_LAYOUTS", "IBAN_LAYOUTS", "IDENTIFIER_FORMS", "NASS_LAYOUTS", "NIE_LAYOUTS",
    "NIF_LAYOUTS", "NIF_SERIES", "PROVINCE_CODES", "RECORD_LAYOUTS", "collegiate_numbers", "dnis", "ibans",
    "identifiers", "nass_numbers", "nies", "nifs", "nss_control", "record_numbers",
]

KIND = "identifier"
#: INE province codes (the first digits of postal codes, NASS and collegiate numbers).
PROVINCE_CODES: tuple[str, ...] = tuple(f"{i:02d}" for i in range(1, 53))

#: layout name → template: ``{n}`` the number, ``{d}`` the number with dots (``12.345.678``), ``{L}`` the
#: control letter, ``{P}`` the leading letter
DNI_LAYOUTS: dict[str, str] = {
    "compact": "{n}{L}", "dash": "{n}-{L}", "space": "{n} {L}", "dotted_dash": "{d}-{L}",
    "dotted_space": "{d} {L}", "dotted": "{d}{L}",
}
NIE_LAYOUTS: dict[str, str] = {
    "compact": "{P}{n}{L}", "dashes": "{P}-{n}-{L}", "spaces": "{P} {n} {L}", "dash": "{P}{n}-{L}",
}
NIF_LAYOUTS: dict[str, str] = {"compact": "{P}{n}{L}", "dash": "{P}-{n}{L}"}
#: ``klm``: K/L/M personal NIFs; ``entity``: organisations' NIFs (the old CIF)
NIF_SERIES: tuple[str, ...] = ("klm", "entity")
NASS_LAYOUTS: dict[str, str] = {
    "spaced": "{p} {n} {c}", "slashed": "{p}/{n}/{c}", "dashed": "{p}-{n}-{c}", "compact": "{p}{n}{c}",
    "old_slashed": "{p}/{n7}/{c7}", "old_spaced": "{p} {n7} {c7}", "old_dashed": "{p}-{n7}-{c7}",
    "old_compact": "{p}{n7}{c7}",
}
IBAN_LAYOUTS: tuple[str, ...] = ("grouped", "compact")
COLLEGIATE_LAYOUTS: dict[str, str] = {
    "spaced": "{a} {b} {n}", "slashed": "{a}/{b}/{n}", "dashed": "{a}-{b}-{n}", "dotted": "{a}.{b}.{n}",
    "pair": "{a} {b}", "single": "{a} {n}", "glued": "{a}{b}/{n}",
}
_DEFAULT_COLLEGIATE = tuple(name for name in COLLEGIATE_LAYOUTS if name != "glued")
RECORD_LAYOUTS: dict[str, str] = {
    "bare": "{n}", "nhc": "NHC {n}", "nhc_colon": "NHC: {n}", "nhc_lower": "nhc-{n}", "episode": "E-{n}",
    "numero": "Nº {n}", "copy": "{n}/{k}", "control": "{n}/{c}", "grouped": "{g} {n} {c2}", "prefixed": "{g} {n}",
}
#: the ``form`` of every identifier strategy, in the order :func:`identifiers` combines them
IDENTIFIER_FORMS: tuple[str, ...] = ("dni", "nie", "nif", "nass", "iban", "collegiate", "record")

_CIF_DIGIT_CONTROL = "ABEH"  # companies: the control is a digit
_CIF_LETTER_CONTROL = "NPQRSW"  # public bodies, foreign entities: the control is a letter
_CIF_ENTITY_LETTERS = "ABCDEFGHJNPQRSUVW"
_DNI_LABELS = ("DNI ", "DNI: ", "DNI nº ", "NIF ", "D.N.I. ")
_NIE_LABELS = ("NIE ", "NIE: ", "NIF ")
_NASS_LABELS = ("NASS ", "NASS: ", "NSS ", "Nº SS ", "NAF ")


def _pick(chosen: Iterable[str] | None, table: Sequence[str], default: Sequence[str] | None = None,
          what: str = "layouts") -> list[str]:
    """The names asked for (``default``, else all of ``table``, when None), checked against ``table``."""
    names = list(chosen if chosen is not None else default if default is not None else table)
    unknown = [n for n in names if n not in table]
    if unknown or not names:
        raise ValueError(f"unknown {what} {unknown}; known: {list(table)}")
    return names


def _digits(n: int) -> st.SearchStrategy[str]:
    return st.integers(0, 10**n - 1).map(lambda v: f"{v:0{n}d}")


def _labelled(strategy: st.SearchStrategy[str], labels: Sequence[str], labelled: bool) -> st.SearchStrategy[str]:
    if not labelled:
        return strategy
    return st.tuples(st.sampled_from(labels), strategy).map(lambda t: t[0] + t[1])


def _value(form: str) -> Callable[[str], PHIValue]:
    return lambda text: PHIValue(text, kind=KIND, form=form)


# -- DNI, NIE, NIF -------------------------------------------------------------------------------------------
@st.composite
def _dni_text(draw, layouts: list[str], lowercase: bool) -> str:
    number = draw(_digits(8))
    letter = std_dni.calc_check_digit(number)
    if lowercase and draw(st.booleans()):
        letter = letter.lower()
    dotted = f"{number[:2]}.{number[2:5]}.{number[5:]}"
    return DNI_LAYOUTS[draw(st.sampled_from(layouts))].format(n=number, d=dotted, L=letter)


def dnis(*, layouts: Iterable[str] | None = None, lowercase: bool = True,
         labelled: bool = False) -> st.SearchStrategy[PHIValue]:
    """DNI numbers (8 digits and the mod-23 letter) in the layouts of :data:`DNI_LAYOUTS`."""
    names = _pick(layouts, list(DNI_LAYOUTS))
    return _labelled(_dni_text(names, lowercase), _DNI_LABELS, labelled).map(_value("dni"))


@st.composite
def _nie_text(draw, layouts: list[str], lowercase: bool) -> str:
    prefix, number = draw(st.sampled_from("XYZ")), draw(_digits(7))
    letter = std_nie.calc_check_digit(prefix + number)
    text = NIE_LAYOUTS[draw(st.sampled_from(layouts))].format(P=prefix, n=number, L=letter)
    return text.lower() if lowercase and draw(st.integers(0, 4)) == 0 else text


def nies(*, layouts: Iterable[str] | None = None, lowercase: bool = False,
         labelled: bool = False) -> st.SearchStrategy[PHIValue]:
    """NIE numbers (X, Y or Z, 7 digits, control letter) in the layouts of :data:`NIE_LAYOUTS`."""
    names = _pick(layouts, list(NIE_LAYOUTS))
    return _labelled(_nie_text(names, lowercase), _NIE_LABELS, labelled).map(_value("nie"))


@st.composite
def _nif_text(draw, layouts: list[str], series: list[str]) -> str:
    layout = NIF_LAYOUTS[draw(st.sampled_from(layouts))]
    if draw(st.sampled_from(series)) == "entity":
        entity = draw(st.sampled_from(_CIF_ENTITY_LETTERS))
        body = draw(st.sampled_from(PROVINCE_CODES)) + draw(_digits(5))
        digit, letter = std_cif.calc_check_digits(entity + body)
        if entity in _CIF_DIGIT_CONTROL:
            control = digit
        elif entity in _CIF_LETTER_CONTROL:
            control = letter
        else:
            control = draw(st.sampled_from((digit, letter)))
        return layout.format(P=entity, n=body, L=control)
    prefix, number = draw(st.sampled_from("KLM")), draw(_digits(7))
    return layout.format(P=prefix, n=number, L=std_dni.calc_check_digit(number))


def nifs(*, layouts: Iterable[str] | None = None, series: Iterable[str] | None = None,
         labelled: bool = False) -> st.SearchStrategy[PHIValue]:
    """NIFs of the given :data:`NIF_SERIES` (both by default): the K/L/M series (DNI letter of the 7
    digits) and entity NIFs (the old CIF: organisation letter, real province code, 5 digits, control digit
    or letter by organisation type)."""
    names = _pick(layouts, list(NIF_LAYOUTS))
    chosen = _pick(series, NIF_SERIES, what="series")
    return _labelled(_nif_text(names, chosen), ("NIF ", "NIF: ", "CIF "), labelled).map(_value("nif"))


# -- social security -------------------------------------------------------------------------------------------
def nss_control(province: str, number: str) -> str:
    """Control digits of a social security number: ``(province·10^k + number) mod 97``.

    The number is read as an integer, so an 8-digit number with a leading zero loses its padding and the
    province is multiplied by 10^7 instead of 10^8 (the TGSS rule); a 7-digit (old) number gives
    ``int(province + number) mod 97``.
    """
    value = int(number)
    if len(number) == 8 and value < 10**7:
        base = int(province) * 10**7 + value
    else:
        base = int(province) * 10 ** len(number) + value
    return f"{base % 97:02d}"


@st.composite
def _nass_text(draw, layouts: list[str]) -> str:
    province = draw(st.sampled_from(PROVINCE_CODES))
    number, old = draw(_digits(8)), draw(_digits(7))
    template = NASS_LAYOUTS[draw(st.sampled_from(layouts))]
    return template.format(p=province, n=number, c=nss_control(province, number),
                           n7=old, c7=nss_control(province, old))


def nass_numbers(*, layouts: Iterable[str] | None = None, labelled: bool = False) -> st.SearchStrategy[PHIValue]:
    """Social security numbers (NASS/NSS/NAF): real province code, 8-digit number (7 in the old layouts),
    mod-97 control, in the layouts of :data:`NASS_LAYOUTS`. A bare ``281234567840`` is only an NSS in
    context: give it a label with the ``insurance`` scheme hint (the document strategies do)."""
    names = _pick(layouts, list(NASS_LAYOUTS))
    return _labelled(_nass_text(names), _NASS_LABELS, labelled).map(_value("nass"))


# -- bank accounts ------------------------------------------------------------------------------------------------
@st.composite
def _iban_text(draw, layouts: list[str]) -> str:
    bank, branch, account = draw(_digits(4)), draw(_digits(4)), draw(_digits(10))
    ccc = bank + branch + std_ccc.calc_check_digits(bank + branch + "00" + account) + account
    value = "ES" + std_iban.calc_check_digits("ES00" + ccc) + ccc
    return std_iban.format(value) if draw(st.sampled_from(layouts)) == "grouped" else value


def ibans(*, layouts: Iterable[str] | None = None) -> st.SearchStrategy[PHIValue]:
    """Spanish IBANs: a CCC with valid control digits, ISO 7064 mod-97 check, grouped by 4 or compact."""
    names = _pick(layouts, IBAN_LAYOUTS)
    return _iban_text(names).map(_value("iban"))


# -- collegiate numbers ----------------------------------------------------------------------------------------------
@st.composite
def _collegiate_text(draw, layouts: list[str]) -> str:
    first = draw(st.sampled_from(PROVINCE_CODES))
    # the college's province is usually written twice (616 of 689 pairs in MEDDOCAN are equal)
    second = first if draw(st.integers(0, 4)) else draw(st.sampled_from(PROVINCE_CODES))
    number = draw(st.integers(3, 6).flatmap(_digits))
    return COLLEGIATE_LAYOUTS[draw(st.sampled_from(layouts))].format(a=first, b=second, n=number)


def collegiate_numbers(*, layouts: Iterable[str] | None = None) -> st.SearchStrategy[PHIValue]:
    """Medical college numbers ``PP PP NNNNN``: real province codes 01–52 (usually an equal pair) and a
    3–6 digit number, in the layouts of :data:`COLLEGIATE_LAYOUTS` (all but ``glued`` by default). The
    ``single`` and ``glued`` layouts only read as collegiate numbers with the ``collegiate`` scheme hint."""
    names = _pick(layouts, list(COLLEGIATE_LAYOUTS), _DEFAULT_COLLEGIATE)
    return _collegiate_text(names).map(_value("collegiate"))


# -- hospital record and episode numbers -----------------------------------------------------------------------------
@st.composite
def _record_text(draw, layouts: list[str]) -> str:
    width = draw(st.integers(4, 10))
    first = draw(st.sampled_from("0123456789"))  # a leading zero is a padding people keep
    number = first + draw(_digits(width - 1))
    # "control", "grouped" and "prefixed" look like NASS layouts with unchecked digits, as MEDDOCAN writes many
    text = RECORD_LAYOUTS[draw(st.sampled_from(layouts))].format(
        n=number, k=draw(st.integers(1, 9)), c=draw(_digits(draw(st.integers(2, 3)))), c2=draw(_digits(2)),
        g=draw(_digits(2)))
    digits = "".join(c for c in text if c.isdigit())
    if nss_is_valid(digits):
        text = text[:-1] + str((int(text[-1]) + 1) % 10)  # one in 97 validates by chance: a record has no check
    return text


def record_numbers(*, layouts: Iterable[str] | None = None) -> st.SearchStrategy[PHIValue]:
    """Clinical record, episode and patient numbers without a check digit (most MEDDOCAN identifiers)."""
    names = _pick(layouts, list(RECORD_LAYOUTS))
    return _record_text(names).map(_value("record"))


_FACTORIES = {
    "dni": dnis, "nie": nies, "nif": nifs, "nass": nass_numbers, "iban": ibans,
    "collegiate": collegiate_numbers, "record": record_numbers,
}


def identifiers(*, forms: Iterable[str] | None = None) -> st.SearchStrategy[PHIValue]:
    """Any identifier of the given forms (all of :data:`IDENTIFIER_FORMS` by default), default layouts."""
    names = _pick(forms, IDENTIFIER_FORMS, what="forms")
    return st.one_of([_FACTORIES[name]() for name in names])
