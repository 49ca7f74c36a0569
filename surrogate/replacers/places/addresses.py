"""CALLE / address: a street address rebuilt part by part in the original's style.

- via type: kept verbatim ("C/" stays "C/", "Carrer" stays Catalan, no via stays none);
- street name: drawn from ``street_names`` (written as it follows a via type, particles included: "de la
  Constitución"), case and accents mimicked; Catalan and Galician vias get their particles
  ("del" → "do" after "Rúa");
- numbers: each digit run gets a new number with the same digit count (no new leading zero; ranges such as
  ``119-129`` stay increasing with the same gap when it fits);
- floor and door: ordinal marks, words (``Bajo``, ``Piso``, ``esc.``, ``Bl.``) and punctuation kept; door sides
  may swap (``dcha`` ↔ ``izda``); single door letters become another letter of the same case; any other word in
  the tail (a district, "Col. Embajadores") gets a neighbourhood name, never one that reads as a floor or door
  word ("Puerta del Sol", "Barrio Bajo");
- no via type stays none: a drawn street name that would read as one ("Camino Real", "de la Plaza" without its
  particle) is drawn again.
Only the given text is rebuilt: the replacer never sees nor returns anything outside the span. The text is
read by :mod:`.address_parse`; the new numbers, floors, doors and road codes are drawn by :mod:`.address_numbers`.
"""
from __future__ import annotations

import functools
import re

import numpy as np

from gazetteers import Sampler, fold
from gazetteers.fitted import fitted_details

from ...leak_guard import STOPWORDS, words_of
from ...textcase import render_like
from ..base import CannotReplace, Replacer, SpanContext
from ..dates.date_words import to_digits, to_words_again
from ..registry import register
from .address_numbers import (
    ROAD,
    catalan_ordinal,
    detail_number,
    new_door,
    new_number,
    new_range,
    new_road,
)
from .address_parse import (
    CATALAN_ORDINALS,
    KEPT_WORDS,
    MONTHS,
    ORDINAL_MARKS,
    RURAL_VIAS,
    POSTPOSED_VIAS,
    SIDE_SWAP,
    VIA_FORMS,
    VIA_RE,
    AddressParts,
    has_particle,
    parse_address,
    split_postposed_via,
    split_two_vias,
    street_class,
    tail_roles,
    tail_tokens,
)
from .index import place_index
from .plan import territory_plan_of
from .streets_co_official import language_streets

_CONTENT_WORD = re.compile(r"[^\W\d_]+")

_GALICIAN = ((re.compile(r"^del\b", re.IGNORECASE), "do"), (re.compile(r"^de la\b", re.IGNORECASE), "da"),
             (re.compile(r"^de los\b", re.IGNORECASE), "dos"), (re.compile(r"^de las\b", re.IGNORECASE), "das"))
_CATALAN = ((re.compile(r"^de los\b", re.IGNORECASE), "dels"), (re.compile(r"^de las\b", re.IGNORECASE), "de les"),
            (re.compile(r"^de ([aeiouáéíóú])", re.IGNORECASE), r"d'\1"))
_LEADING_PARTICLE = re.compile(r"^(?:de la|de las|de los|del|de)\s+", re.IGNORECASE)
_NAMED_VIAS = frozenset({"gran vía", "gran via", "rambla"})
_PARTICLES = frozenset({"de", "del", "la", "las", "los", "el"})
_VIA_FREE_DRAWS = 8  # draws before giving up on a street name that does not read as a via
# a town, maybe after its postal code, closing an address after a comma or in brackets (not " - ": a road
# between two towns, "Ctra. Torrevieja - San Miguel de Salinas", names both)
_TOWN_TAIL = re.compile(r"^(?P<addr>.*?\d.*?)(?P<sep>\s*,\s*|\s+\(\s*)(?P<cp>\d{5}\s+)?(?P<town>[^\W\d_][^\d,()]*?)"
                        r"(?P<close>\s*\)?)$")
_ESTATE = re.compile(r"(?i)(?:industrial|ind\.)\s+")


@register
class AddressReplacer(Replacer):
    kind = "address"
    case_variants_agree = True  # "C/ MAYOR 3" on the label, "c/ Mayor 3" in the text: one surrogate
    kept_words = words_of(VIA_FORMS, POSTPOSED_VIAS, KEPT_WORDS)  # via types, floor/door/number words
    after = ("territory",)  # towns and postcodes follow the surrogate provinces

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self._streets: Sampler | None = None
        self._districts: Sampler | None = None
        self._door_like_districts: list[str] | None = None

    @property
    def streets(self) -> Sampler:
        if self._streets is None:
            self._streets = self.gazetteers.derived("fitted_street_names", _fitted_streets)
        return self._streets

    def _streets_in(self, language: str) -> Sampler:
        """The street names written after a via of ``language``: Spanish, or Catalan, Galician and Basque ones
        (a Castilian name after "Carrer" or "Rúa" reads false)."""
        return self.streets if language == "es" else language_streets(self.gazetteers, language, self.streets)

    @property
    def districts(self) -> Sampler:
        if self._districts is None:
            self._districts = self.gazetteers["neighbourhoods"].sampler()
            self._door_like_districts = [v for v in self._districts.values if _reads_as_floor_or_door(v)]
        return self._districts

    def _district(self, original: str, rng: np.random.Generator) -> str:
        """A neighbourhood for a district word, never one that would read as a floor/door word."""
        districts = self.districts
        try:
            return districts.draw(rng, exclude=[original, *(self._door_like_districts or ())])
        except LookupError:  # a custom table made only of such names: still better than the original
            return districts.draw(rng, exclude=[original])

    def replace(self, original: str, ctx: SpanContext) -> str:
        if "@" in original and ctx.delegate is not None:  # a mislabelled e-mail address
            return ctx.delegate("email", original)
        if not any(c.isalnum() for c in original):
            raise CannotReplace("address without letters or digits")
        block = _TOWN_TAIL.match(original) if ctx.delegate is not None else None
        plan = territory_plan_of(ctx.state)
        abroad = plan is not None and bool(plan.foreign_of or plan.foreign_countries)  # "Santa Fe" near Rosario
        if block and not abroad and place_index(self.gazetteers).is_spanish_place(block.group("town")):
            # "C/ Mayor 12, 28013 Madrid", "Avda. de América, 12 (Madrid)": the town (and its postal code) written
            # inside the address follow the document's places, instead of becoming a district
            town = (block.group("cp") or "") + block.group("town")
            return (self.replace(block.group("addr"), ctx) + block.group("sep")
                    + ctx.delegate("territory", town) + block.group("close"))
        if two := split_two_vias(original):  # "Bda. La Constancia, c/ Sol 9": each via on its own
            return self.replace(two[0], ctx) + two[1] + self.replace(two[2], ctx)
        parts = _parse(original)
        rng = ctx.rng
        if not parts.name and parts.via.casefold() in _NAMED_VIAS:
            # "Gran Vía, 85": the via is the street's name, so it gets a new complement ("Gran Vía de X")
            new = self.streets.draw(rng)
            new = new if fold(new).startswith("de") else "de " + new
            return parts.via + " " + render_like(parts.via, new) + parts.sep + self._tail(parts.tail, rng)
        return parts.via + parts.sep + self._name(parts, rng) + self._tail(parts.tail, rng)

    # -- street name -------------------------------------------------------------------------------------
    def _name(self, parts: AddressParts, rng: np.random.Generator) -> str:
        if not parts.name:
            return ""
        if not any(c.isalpha() for c in parts.name) and any(c.isdecimal() for c in parts.name):
            return new_number(parts.name, rng)  # "Calle 25": a numbered street
        road = ROAD.fullmatch(parts.name)
        if road:
            return new_road(road, rng)
        kind = _ESTATE.match(parts.name) if fold(parts.via).startswith("pol") else None
        if kind and kind.end() < len(parts.name):  # "Polígono Industrial Las Salinas": the estate's kind stays
            rest = AddressParts(parts.via, parts.sep, parts.name[kind.end():], parts.tail)
            return kind.group() + self._name(rest, rng)
        if parts.via.casefold().rstrip(".") in RURAL_VIAS:  # "Cortijo Hermanos Mateu" read as a street
            return render_like(parts.name, self._district(parts.name, rng))
        core, via_after = split_postposed_via(parts.name) if not parts.via else (parts.name, "")
        if via_after:  # Basque: "Nagusia kalea 3" keeps its "kalea", and takes a Basque name before it
            return render_like(core, self._street_without_via(core, rng, self._streets_in("eu"))) + via_after
        streets = self._streets_in(parts.language)
        try:
            new = (self._street_without_via(parts.name, rng, streets) if not parts.via
                   else self._street_like(parts.name, rng, streets))
        except LookupError as exc:  # a custom street table holding only the original's name
            raise CannotReplace("no other street name to draw") from exc
        if parts.language == "gl":
            new = _apply(_GALICIAN, new)
        elif parts.language == "ca":
            new = _apply(_CATALAN, new)
        return render_like(parts.name, new)

    def _street_like(self, original: str, rng: np.random.Generator, streets: Sampler) -> str:
        """A street name with a leading particle ("de la Paz") when the original has one and without one
        ("Carmen Romero") when it has none: the share of particles follows the corpus's instead of the table's."""
        wanted = has_particle(original)
        new = self._street_unlike(original, rng, streets)
        for _ in range(_VIA_FREE_DRAWS):
            if has_particle(new) == wanted:
                break
            new = self._street_unlike(original, rng, streets)
        return new

    def _street_unlike(self, original: str, rng: np.random.Generator, streets: Sampler) -> str:
        """A street name sharing no content word with the original ("de la Paz" is no surrogate for "Paz")."""
        banned = _content_keys(original) - STOPWORDS
        exclude = [original]
        new = streets.draw(rng, exclude=exclude)
        for _ in range(_VIA_FREE_DRAWS):
            if not _content_keys(new) & banned:
                break
            exclude.append(new)
            new = streets.draw(rng, exclude=exclude)
        return new

    def _street_without_via(self, original: str, rng: np.random.Generator, streets: Sampler) -> str:
        """A street name for an address without a via type: no leading particle ("de la Paz" → "Paz") and
        nothing that would then read as a via ("Camino Real", "de la Plaza" → "Plaza")."""
        exclude = [original]
        via_like: list[str] = []
        for _ in range(_VIA_FREE_DRAWS):
            try:
                drawn = streets.draw(rng, exclude=exclude)
            except LookupError:
                break
            exclude.append(drawn)
            new = _LEADING_PARTICLE.sub("", drawn) or drawn
            if fold(new) == fold(original):  # "de la Paz" for "Paz"
                continue
            if not _reads_as_via(new):
                return new
            via_like.append(drawn)
        if not via_like:
            raise LookupError("no other street name to draw")
        # every draw reads as a via: drop its via word ("Camino Real" → "Real"), else keep the particle
        drawn = via_like[0]
        rest = drawn[VIA_RE.match(drawn + " ").end():].strip() if _reads_as_via(drawn) else ""
        return rest if rest and fold(rest) != fold(original) else drawn

    # -- number, floor, door -----------------------------------------------------------------------------
    def _tail(self, tail: str, rng: np.random.Generator) -> str:
        spoken = to_digits(tail)
        if spoken is not None:  # "número cuarenta y dos": its numbers came out street words ("número los huertos y
            # la asuncion"); read in digits, drawn as digits, written back in words (in digits if they will not go)
            new = self._tail(spoken[0], rng)
            return to_words_again(new, spoken[1]) or new
        toks, roles = _tail_reading(tail)
        out: list[str] = []
        i = 0
        while i < len(toks):
            tok = toks[i]
            if tok.isdecimal():
                # a range "119-129": keep it increasing with the same gap when the digits allow
                after = toks[i + 3] if i + 3 < len(toks) else ""
                if (i + 2 < len(toks) and toks[i + 1] == "-" and toks[i + 2].isdecimal()
                        and int(toks[i + 2]) > int(tok) and after[:1] not in ORDINAL_MARKS):
                    a, b = new_range(tok, toks[i + 2], rng)
                    out += [a, "-", b]
                    i += 3
                    continue
                nxt = toks[i + 1] if i + 1 < len(toks) else ""
                if nxt in CATALAN_ORDINALS or (nxt == "a" and roles[i] != "number"):  # "3r", "2a"; not "14a"
                    new = detail_number(tok, roles[i], True, rng, self.fitted)
                    for _ in range(8):  # "2a" again would be a run of the original, which the guard refuses
                        if new != tok:
                            break
                        new = detail_number(tok, roles[i], True, rng, self.fitted)
                    out += [new, catalan_ordinal(int(new), nxt)]
                    i += 2
                    continue
                out.append(detail_number(tok, roles[i], nxt in ORDINAL_MARKS, rng, self.fitted))
            elif roles[i] == "door":  # before the kept words: a door "E" is no conjunction "e"
                out.append(new_door(tok, rng, self.fitted))
            elif tok[:1].isalpha():
                out.append(self._word(tok, toks[i - 1] if i else "", rng))
            else:
                out.append(tok)
            i += 1
        return "".join(out)

    def _word(self, tok: str, prev: str, rng: np.random.Generator) -> str:
        bare = tok.rstrip(".")
        if bare in ("º", "ª", "°"):
            return tok
        key = fold(bare)
        if key in SIDE_SWAP:
            if rng.random() < 0.5:
                return tok
            swapped = SIDE_SWAP[key]
            return _same_case(bare, swapped) + tok[len(bare):]
        if key in KEPT_WORDS or fold(tok) in KEPT_WORDS:
            return tok
        if key in _ORDINAL_FLOORS:  # "segundo izquierda": another low floor, in words of the same gender
            others = [w for w in _ORDINAL_FLOORS[key] if w != key]
            return _same_case(bare, others[int(rng.integers(len(others)))]) + tok[len(bare):]
        if key in MONTHS:  # "1 de Mayo"
            return _same_case(bare, MONTHS[int(rng.integers(len(MONTHS)))]) + tok[len(bare):]
        if len(bare) == 1:  # a door letter; "o" is the ordinal/número mark ("4o", "n.o 119")
            if bare in "oO":
                return tok
            return new_door(tok, rng, self.fitted)
        if len(bare) <= 4 and bare.isupper():  # "AD", "ICA": short codes keep their shape
            return "".join(chr(ord("A") + int(rng.integers(26))) for _ in bare) + tok[len(bare):]
        return render_like(bare, self._district(bare, rng)) + tok[len(bare):]


#: floors said in words ("segundo izquierda", "tercera puerta"): each maps to the low ordinals of its gender
_ORDINALS_M = ("primero", "segundo", "tercero", "cuarto", "quinto", "sexto")
_ORDINALS_F = ("primera", "segunda", "tercera", "cuarta", "quinta", "sexta")
_ORDINAL_FLOORS = {w: group for group in (_ORDINALS_M, _ORDINALS_F) for w in group}


# an address's parts and its tail's tokens and roles depend on its text alone: read once, reused by every seed
_parse = functools.lru_cache(maxsize=4096)(parse_address)


@functools.lru_cache(maxsize=4096)
def _tail_reading(tail: str) -> tuple[list[str], list[str]]:
    """The tail's tokens and their roles (shared: read, never modified)."""
    toks = tail_tokens(tail)
    return toks, tail_roles(toks)


@functools.lru_cache(maxsize=8192)
def _content_keys(name: str) -> frozenset[str]:
    """The folded words of a street name: originals and drawn names recur over documents and seeds."""
    return frozenset(fold(w) for w in _CONTENT_WORD.findall(name))


def _fitted_streets(gazetteers) -> Sampler:
    """The street table reweighted as real addresses are written.

    - each class of name (titled, saint, virgin, river, other; with or without a particle) takes the share real
      addresses give it, keeping the table's weights within the class: the table alone gives saints and
      "Doctor X" names two to seven times as often as the corpus;
    - the weights are then flattened (``w ** a``, the largest ``a`` ≤ 1 that fits) until two draws share a name
      no more often than two real documents share a street: "Mayor" and "Real" came back in every 40th address.
    """
    table = gazetteers["street_names"]
    values = table.column("value")
    base = np.asarray(table.column("weight"), dtype=np.float64)
    classes = np.array([street_class(v) for v in values])
    fitted = fitted_details(gazetteers)
    target_values, target = fitted.shares("street_class")
    masks = [(classes == cls, share) for cls, share in zip(target_values, target) if (classes == cls).any()]

    def reweighted(alpha: float) -> np.ndarray:
        w = base ** alpha
        for mask, share in masks:
            if w[mask].sum() > 0:
                w[mask] *= share / w[mask].sum()
        return w / w.sum()

    repeats = {int(k): n for k, n in fitted.counts("street_repeats").items()}
    mentions = sum(k * n for k, n in repeats.items())
    collision = sum(k * k * n for k, n in repeats.items()) / mentions ** 2 if mentions else 0.0
    lo, hi = 0.0, 1.0
    if float((reweighted(1.0) ** 2).sum()) > collision:
        for _ in range(20):  # bisection on the exponent: collision falls as the weights flatten
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if float((reweighted(mid) ** 2).sum()) <= collision else (lo, mid)
        hi = lo
    return Sampler(values, reweighted(hi), blocklist=gazetteers.blocklist)


def _reads_as_via(name: str) -> bool:
    return VIA_RE.match(name + " ") is not None


def _reads_as_floor_or_door(district: str) -> bool:
    """"Puerta del Sol", "Barrio Bajo", "Centro": a word of it is one the tail keeps as a floor/door word."""
    words = [fold(w.rstrip(".")) for w in re.findall(r"[^\W\d_]+\.?", district)]
    return any((w in KEPT_WORDS and w not in _PARTICLES) or w in SIDE_SWAP or len(w) == 1 for w in words)


def _same_case(template: str, word: str) -> str:
    if template.isupper():
        return word.upper()
    if template[:1].isupper():
        return word.capitalize()
    return word


def _apply(rules, name: str) -> str:
    for pattern, repl in rules:
        new = pattern.sub(repl, name, count=1)
        if new != name:
            return new
    return name
