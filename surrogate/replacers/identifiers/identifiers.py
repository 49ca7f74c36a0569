"""Identifiers (kind ``identifier``): shape kept, fixed prefixes kept, known schemes with valid check digits.

Policy (details and examples in docs/replacers/identifiers-contacts.md):

1. A known compact scheme (DNI, NIE, NIF K/L/M, CIF, IBAN, NUHSA ``AN…``, CIP-style) is regenerated with
   valid check digits (python-stdnum), tried first on the whole value and then after each candidate fixed
   prefix (``DNI 12345678Z``, ``D.N.I. 12345678-Z``, ``IBAN ES91…``). A scheme with check digits applies
   only when the original validates under it (``E-90214044`` is no CIF: it keeps its shape).
2. Layout schemes: social security numbers (``28 12345678 40``, ``28/1234567/40``; a bare 12-digit number
   only with the insurance hint or a NASS/NSS label) get a real province code and mod-97 control digits;
   collegiate numbers ``PP PP NNNNN`` (with the collegiate hint also ``PPPP/NNNNN``) keep real,
   equal-when-equal province pairs; Spanish plates.
3. Anything else keeps its shape with random content: digits stay digits (a leading 0 stays 0, a leading
   non-zero stays non-zero), letters stay letters in the same case, separators and fixed prefixes/suffixes
   (``nhc-``, ``E-``, ``/2``) stay. Option ``unknown = "mask"`` masks these instead.
4. A number said digit by digit ("tres cuatro cinco seis…") is surrogated in digits and said again in words of
   its language (:mod:`..spoken_digits`).
5. Any other value without a digit is a mislabelled word (``Lactante``, ``casada``): it goes to the ``other``
   replacer, which gives a real word of the same category (``casada`` → ``soltera``) or masks it
   (:mod:`..open_words`).

The same identifier written twice in a document with different separators gets the same digits.
"""
from __future__ import annotations

import functools
import re
from typing import Callable

import numpy as np

from gazetteers.text import fold

from . import schemes
from .. import open_words, spoken_digits
from ..base import CannotReplace, DocumentState, Replacer, SpanContext
from .province import planned_province
from .layout import (
    PREFIX_WORDS,
    SUFFIX_WORDS,
    compact,
    dotted_label_end,
    fixed_suffix,
    prefix_boundaries,
    render,
)
from ..registry import register
from ..shape import (
    RUNS,
    random_digits,
    random_letters,
    refuse_unchanged,
    shape_runs,
)
from .digits import DigitChain, digit_chain

_NSS_WORDS = frozenset({"NASS", "NSS", "NUSS", "NAF"})
_NSS_CONTEXT = re.compile(r"(?i)\b(n\.?a\.?s\.?s|n\.?s\.?s|n\.?u\.?s\.?s|seguridad social|afiliaci[oó]n)\b")
_DIGIT_RUN = re.compile(r"[0-9]+")
_COLLEGIATE_TAIL = re.compile(r"(\d{2})[ /.-]+(\d{3,6})")
# with the collegiate hint, both province codes glued to the number ("282849173") or the second one glued to it
# ("28/2855107"): their codes followed the document's surrogate province only when written apart ("28 28 54718")
_COLLEGIATE_GLUED_ALL = re.compile(r"(\d{2})(\d{2})(\d{5})")
_COLLEGIATE_SECOND_GLUED = re.compile(r"(\d{2})([ /.-]+)(\d{2})(\d{5})")
_ATTEMPTS = 8
_MODEL_NUMERALS = frozenset(("ii", "iii", "iv", "vi", "vii", "viii", "ix", "xi", "xii"))
# Originals whose reading is kept. Reuse comes from the copies of one document (×N runs are document-major),
# so a small bound keeps every hit; 50,000 grew a worker by ~8 MiB per 4,000 new documents before it filled.
_PLANS_KEPT = 4096


@register
class IdentifierReplacer(Replacer):
    kind = "identifier"
    after = ("territory",)  # a collegiate number's province follows the document's surrogate province

    #: the labels the layout keeps in front of or behind the number (NASS, NHC, Nº, bis)
    kept_words = frozenset(fold(w) for w in PREFIX_WORDS | SUFFIX_WORDS)

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        # (scheme, prefix length, suffix length) of an original in its context: read once, then reused by every
        # retry and every seed
        self._plan = functools.lru_cache(maxsize=_PLANS_KEPT)(self._read_plan)

    @functools.cached_property
    def digits(self) -> DigitChain:
        """Typed digits from this gazetteer set's fitted details (built on first use)."""
        return digit_chain(self.fitted)

    def keeps(self, word: str) -> bool:
        """A label word, or a group of one or two digits (a province code, a check pair): they name no one;
        longer digit runs never pass. A model's Roman number ("CoaguChek Pro II") names no one either."""
        return (word in self.kept_words or (word.isdigit() and len(word) <= 2)
                or word in spoken_digits.WORDS  # a digit said in words ("tres cuatro cinco…")
                or word in spoken_digits.LETTER_WORDS  # a letter spelt at its end ("… cuatro ese")
                or word in _MODEL_NUMERALS or word in _AIRCRAFT_PREFIXES)

    def _label_or_model(self, run: str) -> bool:
        """Inside a device's serial: a label word ("nº") or a model's Roman number ("II") stays as written (they
        came out "dº" and "VR")."""
        return fold(run) in self.kept_words or (run.isupper() and run.lower() in _MODEL_NUMERALS)

    def replace(self, original: str, ctx: SpanContext) -> str:
        said = spoken_digits.through_digits(original, lambda digits: self.replace(digits, ctx), letters=True)
        if said is not None:
            return said
        if not any(c.isdigit() for c in original):
            if not any(c.isalpha() for c in original):
                raise CannotReplace("identifier without letters or digits")
            if self.options.get("words", "shape") == "mask":
                raise CannotReplace("mislabelled word in an identifier span; masked by configuration")
            registration = _AIRCRAFT.fullmatch(original.strip())
            if registration and str(ctx.options.get("scheme_hint", "") or "") == "vehicle":
                # an aircraft's registration ("EC-NLM", a medical flight): the country's prefix stays, the marks
                # are drawn again (it was masked)
                marks = registration.group(2)
                return refuse_unchanged(original, original.replace(marks, random_letters(ctx.rng, marks), 1))
            if ctx.delegate is None:
                return open_words.surrogate(self.gazetteers, original, ctx)
            return ctx.delegate("other", original)
        key = compact(original)
        hint = str(ctx.options.get("scheme_hint", "") or "")
        # The same characters with other separators earlier in the document get the same surrogate. Read from
        # the engine's accepted surrogates, never from a memo of our own draws: a draw the leak guard refused
        # must not come back on the engine's retry.
        for seen, surrogate in ctx.state.surrogates_of_kind(self.kind).items():
            if compact(seen) == key:
                return render(original, compact(surrogate))
        for _ in range(_ATTEMPTS):
            new = self.generate(original, ctx.rng, hint=hint, before=ctx.before(40),
                                province=lambda code: self._planned(code, ctx))
            if fold(new) != fold(original):
                return new
        raise CannotReplace("no distinct identifier could be generated")

    # -- public helpers (also used by tests and docs) ---------------------------------------------------
    def classify(self, original: str, *, hint: str = "", before: str = "") -> str:
        """The scheme name this replacer applies to ``original`` (``generic`` when none)."""
        return self._plan(original, hint, before)[0]

    def generate(self, original: str, rng: np.random.Generator, *, hint: str = "", before: str = "",
                 province: Callable[[str], str | None] | None = None) -> str:
        """A surrogate of ``original``. ``province(code)`` may impose the new code of a province code the
        number carries (a collegiate number's); when absent or None a real code is drawn at random."""
        scheme, prefix, suffix = self._plan(original, hint, before)
        core = original[prefix : len(original) - suffix]
        if scheme == "generic":
            if self.options.get("unknown", "shape") == "mask":
                raise CannotReplace("identifier of unknown scheme; masked by configuration")
            new_core = _generic(core, rng, self.digits, keep=self._label_or_model if hint == "device" else None)
        elif scheme == "collegiate":
            new_core = _collegiate(core, rng, province, self.digits)
        elif scheme in _LAYOUT_GENERATORS:
            new_core = _LAYOUT_GENERATORS[scheme](core, rng, hint, self.digits)
        else:
            gen = _COMPACT_GENERATORS[scheme]
            new_core = render(core, gen(rng, compact(core), self.digits))
        return self._prefix(original[:prefix], rng) + new_core + original[len(original) - suffix :]

    def _prefix(self, prefix: str, rng: np.random.Generator) -> str:
        """The fixed prefix as written, but a letter run of two or more that stands alone ("URG-", "HUC "), is no
        label word and would be copied as a word of its own: its letters are drawn again (same case and length),
        as the leak guard would otherwise mask it ("XXX-2023-…"). A run glued to the number ("RX24…") is part of
        that number's run and stays."""
        if not prefix:
            return prefix
        return _STANDALONE_LETTERS.sub(
            lambda m: m.group() if fold(m.group()) in self.kept_words else _other_letters(m.group(), rng), prefix)

    def _planned(self, code: str, ctx: SpanContext) -> str | None:
        """σ(code) of the document's places for a real province code, else a random real code; one per code
        and document, so two collegiate numbers of one college stay alike. None for a code that is no province."""
        if code not in schemes.PROVINCE_CODES:
            return None
        memo = ctx.state.memo_for(self.kind)
        codes = memo.setdefault("province", {})
        if code not in codes:
            # a code that is another original of the document ("22" beside an age 22) would be refused by the
            # leak guard on every retry once pinned here: such a code is never chosen
            taken = ctx.state.analysis("identifier:originals", _stripped_originals)
            new = planned_province(self.gazetteers, self.config.key, ctx, code)
            if new is None or new in taken:
                new = _province(ctx.rng, exclude=(code, *taken, *codes.values()))
            codes[code] = new
        return codes[code]

    # -- planning ------------------------------------------------------------------------------------------
    def _read_plan(self, original: str, hint: str, before: str) -> tuple[str, int, int]:
        bounds = prefix_boundaries(original)
        for b in bounds:
            found = schemes.compact_scheme(compact(original[b:]))
            if found is None:
                continue
            name, checked = found
            rest = original[b:]
            if not checked and _DATED.search(rest):
                continue  # "SAAD-50/2024/018832": a file number of 2024, no CIP (its year came out "5946")
            if not _starts_with_label(rest) or (checked and not _unmistakable_label(rest)):
                # a value that validates is read whole even when it starts like a label ("N-4900281I" is
                # an entity NIF, not "N" + an old DNI), unless the label is unmistakable ("Nº 70034921"
                # happens to validate as a CIF); an unchecked one never is: "NASS 28…" is no CIP
                return name, b, 0
        suffix = fixed_suffix(original)
        for b in bounds:
            core = original[b : len(original) - suffix]
            if any(c.isdigit() for c in core):
                label = original[:b].strip(" :.-#/").replace(".", "").upper()
                scheme = _layout_scheme(core, hint, label, before)
                if scheme != "generic":
                    return scheme, b, suffix
        prefix = bounds[-1]
        if not any(c.isdigit() for c in original[prefix : len(original) - suffix]):
            prefix, suffix = 0, 0
        return "generic", prefix, suffix


#: a year written inside an identifier (a four-digit run of 1950-2039 among other numbers)
_YEAR_RUN = re.compile(r"(?<!\d)(?:19[5-9]\d|20[0-3]\d)(?!\d)")
_LAST_YEAR = 2039
#: a year set off by slashes or hyphens inside a number: the number is dated, of no scheme without check digits
_DATED = re.compile(r"[/-](?:19[5-9]\d|20[0-3]\d)[/-]")
#: a letter run of two or more followed by a separator (not glued to the digits after it)
_STANDALONE_LETTERS = re.compile(r"(?<![^\W\d_])[^\W\d_]{2,}(?=[^\w])")


def _other_letters(run: str, rng: np.random.Generator) -> str:
    """Random letters in the case of each of ``run``'s, never ``run`` itself (accents and ``ñ`` become plain)."""
    for _ in range(_ATTEMPTS):
        new = random_letters(rng, run)
        if fold(new) != fold(run):
            return new
    return new


def _stripped_originals(state: DocumentState) -> frozenset[str]:
    """Every span's text, stripped: the document's, so worked out once per content."""
    doc = state.document
    text = doc.text
    return frozenset((text[sp.start : sp.end] if len(sp.fragments) == 1 else doc.span_text(sp)).strip()
                     for sp in doc.spans)


#: an aircraft registration: the country's prefix, a dash, three or four letters ("EC-NLM", "D-EFGH")
_AIRCRAFT = re.compile(r"([A-Z]{1,2})-([A-Z]{3,4})")
#: registration prefixes of the countries whose aircraft a Spanish note names (Spain's): they name no one
_AIRCRAFT_PREFIXES = frozenset({"ec"})


def _starts_with_label(s: str) -> bool:
    """``NASS 28…``/``NHC-123``: a label word, set off by a separator or too long to be a scheme letter
    (a glued single ``N`` is the entity letter of a CIF such as ``N0012345J``)."""
    if dotted_label_end(s) is not None:  # "N.S.S. 28…"
        return True
    m = RUNS.match(s)
    if not m or not m.group()[0].isalpha() or m.group().upper() not in PREFIX_WORDS:
        return False
    rest = s[m.end() :]
    return len(m.group()) >= 3 or not rest[:1].isalnum()


def _unmistakable_label(s: str) -> bool:
    """A label no scheme letter could be: dotted initials, or a word of two letters or more ("Nº", "NHC")."""
    if dotted_label_end(s) is not None:
        return True
    m = RUNS.match(s)
    return bool(m) and m.group()[0].isalpha() and len(m.group()) >= 2


def _layout_scheme(core: str, hint: str, label: str, before: str) -> str:
    m = schemes.NSS_LAYOUT.fullmatch(core)
    if m and (m.group(1) or hint == "insurance" or label in _NSS_WORDS or _NSS_CONTEXT.search(before)):
        return "nss"
    m = schemes.COLLEGIATE_LAYOUT.fullmatch(core)
    if m:
        a, b = m.groups()
        if hint == "collegiate" or a == b or (a in schemes.PROVINCE_CODES and b in schemes.PROVINCE_CODES):
            return "collegiate"
    if hint == "collegiate" and (_COLLEGIATE_TAIL.fullmatch(core) or schemes.COLLEGIATE_GLUED.fullmatch(core)):
        return "collegiate"
    codes = _glued_codes(core) if hint == "collegiate" else ()
    if codes and all(code in schemes.PROVINCE_CODES for code in codes):
        return "collegiate"
    if schemes.PLATE.fullmatch(core):
        return "plate"
    if hint == "vehicle" and schemes.OLD_PLATE.fullmatch(core):
        return "old_plate"
    return "generic"


def _glued_codes(core: str) -> tuple[str, ...]:
    """The two province codes of a collegiate number glued to its number ("282849173", "28/2855107"); () if none."""
    m = _COLLEGIATE_GLUED_ALL.fullmatch(core)
    if m:
        return m.group(1), m.group(2)
    m = _COLLEGIATE_SECOND_GLUED.fullmatch(core)
    return (m.group(1), m.group(3)) if m else ()


def _generic(core: str, rng: np.random.Generator, chain: DigitChain,
             keep: Callable[[str], bool] | None = None) -> str:
    """Shape-kept random content; lowercase words become pseudo-words, letter codes random letters, runs ``keep``
    accepts stay; a year among other numbers ("URG-2023-0088172", "2025/0012877") stays a year, one to three
    years off."""
    new = shape_runs(core, rng, is_code=_is_code, keep=keep)
    new = _DIGIT_RUN.sub(lambda m: chain(rng, m.group()), new)  # digits as the corpus writes them
    years = [m for m in _YEAR_RUN.finditer(core) if len(_DIGIT_RUN.findall(core)) > 1]
    for m in years:
        year = int(m.group())
        offset = int(rng.integers(1, 4)) * (1 if rng.random() < 0.5 else -1)
        shifted = year + offset if year + offset <= _LAST_YEAR else year - abs(offset)
        new = new[: m.start()] + str(shifted) + new[m.end():]
    if fold(new) == fold(core):  # e.g. a lone "0": drop the leading-zero rule rather than leak
        new = "".join(random_digits(rng, 1, first_nonzero=True) if c == "0" else c for c in core)
    return new


def _is_code(run: str) -> bool:
    """Letters that carry no meaning (random letters), unlike a lower-case word of three letters or more."""
    return not (any(c.islower() for c in run) and len(run) > 2)


def _province(rng: np.random.Generator, exclude: tuple[str, ...] = ()) -> str:
    pool = _province_pool(exclude)
    return pool[int(rng.integers(0, len(pool)))]


@functools.lru_cache(maxsize=_PLANS_KEPT)
def _province_pool(exclude: tuple[str, ...]) -> tuple[str, ...]:
    """The real province codes but ``exclude`` (all of them when none is left)."""
    return tuple(p for p in schemes.PROVINCE_CODES if p not in exclude) or tuple(schemes.PROVINCE_CODES)


def _nss(core: str, rng: np.random.Generator, hint: str, chain: DigitChain) -> str:
    return render(core, schemes.gen_nss(rng, compact(core), chain))


def _collegiate(core: str, rng: np.random.Generator, province: Callable[[str], str | None] | None,
                chain: DigitChain) -> str:
    """``PP PP NNNNN``: real province codes, equal when the original's pair was equal (the surrogate
    province of the document's places when ``province`` gives one); number random."""
    runs, pair, glued = _collegiate_reading(core)
    mapped = province or (lambda code: None)
    first = mapped(pair[0]) or _province(rng, exclude=(pair[0],))
    new_pair = [first]
    if len(pair) == 2:
        second = first if pair[0] == pair[1] else mapped(pair[1])
        new_pair.append(second if second and second != pair[1] else _province(rng, exclude=(first, pair[1])))
    codes = ["".join(new_pair)] if glued else new_pair  # what replaces the leading digit runs, in order
    out, k = [], 0
    for run in runs:
        if run[0].isdigit():
            out.append(codes[k] if k < len(codes) else chain(rng, run))
            k += 1
        else:
            out.append(run)
    return "".join(out)


@functools.lru_cache(maxsize=_PLANS_KEPT)
def _collegiate_reading(core: str) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """A collegiate number's runs, its province code pair and whether both codes are glued in one run: they
    depend on the text alone, so they are read once for every seed and retry."""
    m = _COLLEGIATE_GLUED_ALL.fullmatch(core)
    if m:  # "282849173": the codes as one run, then the number
        return (m.group(1) + m.group(2), m.group(3)), (m.group(1), m.group(2)), True
    m = _COLLEGIATE_SECOND_GLUED.fullmatch(core)
    if m:  # "28/2855107"
        return m.groups(), (m.group(1), m.group(3)), False
    runs = tuple(m.group() for m in RUNS.finditer(core))
    digit_runs = [run for run in runs if run[0].isdigit()]
    glued = schemes.COLLEGIATE_GLUED.fullmatch(core) is not None  # "2828/12345": both codes in one run
    if glued:
        pair = [digit_runs[0][:2], digit_runs[0][2:]]
    else:
        pair = [run for run in digit_runs[:2] if len(run) == 2]
        if len(digit_runs) >= 2 and len(digit_runs[1]) != 2:
            pair = pair[:1]  # "29 29585": one province code then the number
    return runs, tuple(pair), glued


def _plate(core: str, rng: np.random.Generator, hint: str, chain: DigitChain) -> str:
    return render(core, schemes.gen_plate(rng, compact(core), chain))


def _old_plate(core: str, rng: np.random.Generator, hint: str, chain: DigitChain) -> str:
    return render(core, schemes.gen_old_plate(rng, compact(core), chain))


_LAYOUT_GENERATORS = {"nss": _nss, "plate": _plate, "old_plate": _old_plate}
_COMPACT_GENERATORS = {name: gen for name, _pattern, gen in schemes.COMPACT_SCHEMES}
