"""Real hospitals and health centres by province (the ``hospitals`` and ``health_centres`` tables), and what a
facility mention says about itself: its category, whether it bears a saint's name, which province it names.

- A mention's *category* is read from its wording (Psiquiátrico → mental_health, Universitario/Clínico →
  university, a leading Clínica → clinic, Materno-Infantil → specialised, Larga Estancia → long_stay, else
  general) and a catalogue hospital is drawn from the same category, falling back along ``LADDERS``; a mention
  with one name proper keeps its own type words and takes the hospital's name (``Entry.rest``), so surrogates
  read as the corpus's mentions do rather than as the catalogue's official names.
- Saints' names ("San", "Santa", "Virgen de…", "Nuestra Señora…") are kept or avoided as in the original, so
  the share of saints in surrogates follows the corpus's (MEDDOCAN train+dev: 58 of 395 hospital mentions,
  ``SAINT_SHARE``, used where the original says nothing, e.g. completing a bare "Hospital General").
- *Flagships*: an advocation that names catalogue hospitals of one or two provinces only ("La Fe", "Marqués
  de Valdecilla", "12 de Octubre") is bound to them (:meth:`Catalogue.allowed_advocation`).
Everything is built once per gazetteer set; a set without the tables gets an empty catalogue.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np

from gazetteers import GazetteerSet, fold

from .parse import CONNECTORS, TYPE_PHRASES, TYPE_WORDS, shape

#: share of hospital mentions bearing a saint's name in MEDDOCAN train+dev (58 of 395); fitted, no text shipped
SAINT_SHARE = 58 / 395
SAINT = re.compile(r"\b(?:san|santa|santo|sant|santiago|sao|virgen|verge|mare de deu|nuestra senora|nostra senyora|"
                   r"nosa senora|beata|beato|sagrado|sagrada)\b")
#: dependency of the hospitals MEDDOCAN train+dev names, where the name identifies one catalogue hospital (214
#: public, 13 private, 1 mutual insurer of 228): a draw picks the dependency first, so surrogates are as public
#: as the corpus's hospitals although half the catalogue is private
DEPENDENCY_SHARE = {"public": 214 / 228, "private": 13 / 228, "mutual": 1 / 228, "ngo": 1 / 228}
#: of those, the public general hospitals (CNH class C11): 107 of 190 are university hospitals, whether or not
#: the mention says "Universitario" ("Hospital Ramón y Cajal"), against 95 of 277 in the catalogue: a mention
#: that says nothing draws a university hospital's name at this share
UNIVERSITY_SHARE = 107 / 190
_DEPENDENCIES = sorted(DEPENDENCY_SHARE)
_DEPENDENCY_CUMULATIVE = np.cumsum([DEPENDENCY_SHARE[g] for g in _DEPENDENCIES]) / sum(DEPENDENCY_SHARE.values())
#: categories tried in order when the surrogate province has no hospital of the original's
LADDERS: dict[str, tuple[str, ...]] = {
    "university": ("university", "general"), "general": ("general", "university"),
    "clinic": ("clinic", "general"), "mental_health": ("mental_health",), "long_stay": ("long_stay", "other"),
    "specialised": ("specialised",), "other": ("other", "long_stay"),
}
_CATEGORY_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("mental_health", re.compile(r"psiqui|salud mental|\bmental\b|toxicoman")),
    ("long_stay", re.compile(r"larga estancia|media estancia|cuidados medios|cronicos|geriatr|sociosanitar|paliativ")),
    ("specialised", re.compile(r"materno|infantil|maternal|\bnino\b|oncolog|traumatolog|oftalm")),
    ("clinic", re.compile(r"^(?:clinica|policlinica|sanatorio|centro medico)\b")),
    ("university", re.compile(r"universit|\bclinico\b|\bclinic\b")),
)
#: first words a whole catalogue name may replace (the check keeps a facility's first word)
HEADS = frozenset({"hospital", "clinica", "complejo", "complexo", "policlinica", "sanatorio", "centro", "centre",
                   "hospitals", "institut", "instituto", "fundacion", "fundacio", "consorcio", "parc"})
_WORD = re.compile(r"[^\W_]+", re.U)
#: words that say what a hospital is rather than name it ("Penitenciari", "Público da Barbanza")
_NOT_A_NAME = re.compile(
    r"^(?:salud|salut|penitenciari|sociosanitari|psiquiatr|geriatr|defensa|publico|municipal|neuro)")
_ROMAN = re.compile(r"^[IVXWL][ivxl]+$")  # "Carlos Iii" as the catalogue spells it: left out
_DE = re.compile(r"\b(?:de|del|d')\b", re.I)
#: first words whose hospitals lend one another their names ("Complexo Hospitalario Universitario A Coruña" is
#: "Hospital Universitario A Coruña" in a report)
_KIN_HEADS = {h: ("hospital", "complejo", "complexo") for h in ("hospital", "complejo", "complexo")}
#: words a Catalan or Galician name has and a Spanish one has not ("Vall d'Hebron", "Sant Pau", "do Salnés")
_REGIONAL = re.compile(r"(?:^|\s)(?:d'|l'|sant|do|da|das|i|els|les|virxe|verge|nostra|mare|xeral|ospitalea)\b|d'")
_KEEP = TYPE_WORDS | {w for p in TYPE_PHRASES for w in p} | CONNECTORS | {"a", "al", "en"}


def category_of(text: str) -> str:
    key = fold(text).strip()
    for category, rule in _CATEGORY_RULES:
        if rule.search(key):
            return category
    return "general"


def is_saint(text: str) -> bool:
    return bool(SAINT.search(fold(text)))


def head_of(text: str) -> str:
    words = _WORD.findall(fold(text))
    return words[0] if words else ""


def type_words(text: str) -> frozenset[str]:
    return frozenset(w for w in _WORD.findall(fold(text))[1:] if w in TYPE_WORDS)


def name_words(text: str) -> frozenset[str]:
    """The words that make a name its own (no type words, connectors or saint titles)."""
    return frozenset(w for w in _WORD.findall(fold(text)) if w not in _KEEP and not SAINT.fullmatch(w))


@dataclass(frozen=True)
class Entry:
    value: str
    head: str
    category: str
    saint: bool
    words: frozenset[str]
    dependency: str = "public"
    types: frozenset[str] = frozenset()  # its type words after the first ("universitario", "general")
    #: its name after its type words, with its connectors ("Virgen Macarena", "de Jaén"); None when the name
    #: has type words after it, no name, or words that say what it is ("Público da Barbanza")
    rest: str | None = None
    key: str = field(init=False)  # fold(value)
    rest_key: str = field(init=False)  # fold(rest), "" without one
    #: (starts with "de", word count, has Catalan or Galician words) of the rest and of the whole name
    rest_shape: tuple[bool, int, bool] = field(init=False)
    value_shape: tuple[bool, int, bool] = field(init=False)

    def __post_init__(self) -> None:  # read once per gazetteer set, not on every draw
        rest = self.rest or ""
        object.__setattr__(self, "key", fold(self.value))
        object.__setattr__(self, "rest_key", fold(rest))
        object.__setattr__(self, "rest_shape", (bool(_DE.match(rest)), len(rest.split()),
                                                bool(_REGIONAL.search(self.rest_key))))
        object.__setattr__(self, "value_shape", (bool(_DE.search(self.value)), len(self.value.split()),
                                                 bool(_REGIONAL.search(self.key))))


@dataclass
class Catalogue:
    hospitals: dict[tuple[str, str], list[Entry]] = field(default_factory=dict)  # (province, head) → entries
    #: province → its health centres' names, in table order; read into entries on the first draw there (a
    #: document draws few, and reading all 2,700 cost the first facility of a fresh engine ~0.06 s)
    centre_values: dict[str, list[str]] = field(default_factory=dict)
    centres: dict[str, list[Entry]] = field(default_factory=dict)  # province → health centres (read so far)
    blocked: frozenset[str] = frozenset()  # folded names the set blocks
    provinces_of_name: dict[frozenset[str], set[str]] = field(default_factory=dict)  # name words → provinces
    bound: dict[str, frozenset[str]] = field(default_factory=dict)  # folded advocation → its only provinces
    provinces_of_value: dict[str, set[str]] = field(default_factory=dict)  # folded whole name → its provinces
    #: (province, head, type words, closing) → the entries whose name may follow those words there
    fitting: dict[tuple[str, str, str, str], list[Entry]] = field(default_factory=dict)
    #: province → the name parts of its hospitals ("Torrecárdenas", "Virgen Macarena"), with their saint flag
    name_parts: dict[str, list[tuple[str, bool, frozenset[str]]]] = field(default_factory=dict)

    def province_of(self, text: str) -> str | None:
        """The province of the catalogue hospital the mention names ("Hospital La Paz" → 28), when one."""
        provinces = self.provinces_of_name.get(name_words(text))
        return next(iter(provinces)) if provinces and len(provinces) == 1 else None

    def allowed_advocation(self, advocation: str, province: str | None) -> bool:
        """A flagship's advocation only in its own province(s); any other advocation anywhere."""
        bound = self.bound.get(fold(advocation))
        return bound is None or province in bound

    def draw_hospital(self, rng: np.random.Generator, province: str, original: str,
                      avoid: set[str]) -> str | None:
        """A real hospital of ``province`` with the original's first word and category (along its ladder),
        bearing a saint's name when the original does, public or not at the corpus's shares; None when the
        province has none.

        A name with one name proper ("Hospital Universitario La Paz") keeps its own type words and takes the
        real hospital's name ("Hospital Universitario Virgen Macarena"), as reports shorten or lengthen a
        hospital's official name; otherwise the real hospital's whole name, with at least the original's type
        words, replaces it."""
        entries = self.hospitals.get((province, head_of(original)), [])
        category = category_of(original)
        ladder = LADDERS[category]
        if category == "general" and rng.random() < UNIVERSITY_SHARE:
            ladder = ("university", "general")
        own = shape(original)
        if own is None:
            entry = _pick(rng, entries, original, avoid, ladder)
            return entry.value if entry else None
        prefix, name, closing = own
        entry = _pick(rng, self._fitting(province, head_of(original), prefix, closing), original, avoid, ladder,
                      name=name)
        return prefix + entry.rest + closing if entry and entry.rest else None

    def _fitting(self, province: str, head: str, prefix: str, closing: str) -> list[Entry]:
        """The hospitals of ``province`` whose name may follow ``prefix`` (kin first words), never one that
        would read as another province's hospital ("Hospital Universitario San Agustín" is Asturias's)."""
        memo_key = (province, head, prefix, closing)
        found = self.fitting.get(memo_key)
        if found is None:
            if len(self.fitting) >= 20_000:  # type-word runs are few in real text; bound a long-lived server
                self.fitting.clear()
            pooled = [e for h in _KIN_HEADS.get(head, (head,)) for e in self.hospitals.get((province, h), [])]
            found = self.fitting[memo_key] = [
                e for e in pooled if e.rest and not self.provinces_of_value.get(
                    fold(prefix + e.rest + closing), {province}) - {province}]
        return found

    def draw_name_part(self, rng: np.random.Generator, province: str | None, original: str) -> str | None:
        """The proper name of a real hospital of ``province`` ("Carlos Haya" → "Torrecárdenas" in Almería),
        a saint's only for a saint's; None when the province has none that fits."""
        own, saint = name_words(original), is_saint(original)
        parts = [p for p, s, words in self.name_parts.get(province or "", []) if s == saint and not (words & own)]
        return parts[int(rng.integers(len(parts)))] if parts else None

    def draw_centre(self, rng: np.random.Generator, province: str, original: str, avoid: set[str]) -> str | None:
        entries = self.centres.get(province)
        if entries is None:
            entries = self.centres[province] = [
                Entry(v, head_of(v), "health_centre", is_saint(v), name_words(v))
                for v in self.centre_values.get(province, ()) if fold(v) not in self.blocked]
        entry = _pick(rng, entries, original, avoid, ("health_centre",))
        return entry.value if entry else None


def _pick(rng: np.random.Generator, entries: list[Entry], original: str, avoid: set[str],
          ladder: tuple[str, ...], name: str | None = None) -> Entry | None:
    """An entry of the original's category (along the ladder), of a dependency drawn at the corpus's shares
    (a public one only where public is drawn: no private brand stands in for a public hospital) and, as far as
    the province has one, of the original's saint-ness and shape. ``name``: the original's name proper, which
    the entry's ``rest`` replaces; without it the entry's whole name replaces the original's and must hold its
    type words."""
    own, saint, types = name_words(original), is_saint(original), type_words(original)
    if name is None:
        # Its type words too ("Hospital Clínico Universitario X" for a "… Clínico Universitario Y"); otherwise
        # the caller's pattern keeps them, which reads better than a real name of another type.
        usable = [e for e in entries if e.key not in avoid and not (e.words & own) and types <= e.types]
    else:
        # not the last words of a name the document has or was given (two hospitals stay two)
        tails = {" ".join(words[-n:]) for a in avoid for words in [a.split(" ")] for n in range(1, len(words))}
        usable = [e for e in entries if e.key not in avoid and not (e.words & own) and e.rest_key not in tails]
    usable = [e for e in usable if e.category in ladder]
    # the dependency at the corpus's shares, drawn among all of them: where a public hospital is drawn and the
    # province has none that fits, no private brand ("Quirónsalud …") stands in for it (the caller's segments
    # take a public hospital's name instead); another dependency falls back to a public hospital
    pick = int(np.searchsorted(_DEPENDENCY_CUMULATIVE, rng.random(), side="right"))
    wanted = _DEPENDENCIES[min(pick, len(_DEPENDENCIES) - 1)]
    if not any(e.dependency == wanted for e in usable):
        wanted = "public"
    usable = [e for e in usable if e.dependency == wanted]
    if not usable:
        return None
    # "de <Town>" only where the original's name starts with a "de" (then it reads as the original does), a name
    # about as long as the original's, and Catalan or Galician words only where the original has some
    starts_de = bool(_DE.match(name)) if name is not None else bool(_DE.search(original))
    longest = max(3, len(name.split()) + 1) if name is not None else None
    regional = bool(_REGIONAL.search(fold(name if name is not None else original)))

    def key(e: Entry) -> tuple[bool, bool, int]:
        de, words, regional_words = e.rest_shape if name is not None else e.value_shape
        shaped = de == starts_de and (longest is None or words <= longest) and (regional or not regional_words)
        return e.saint != saint, not shaped, ladder.index(e.category)

    keyed = [(key(e), e) for e in usable]
    best = min(k for k, _ in keyed)
    pool = [e for k, e in keyed if k == best]
    return pool[int(rng.integers(len(pool)))]


def _rest(value: str) -> str | None:
    """The catalogue name's name proper with its connectors, when it is one clean name (see ``Entry.rest``)."""
    own = shape(value)
    if own is None or own[2]:
        return None
    rest = own[1]
    if fold(rest).startswith(("publico ", "publica ")):  # "Hospital Público da Barbanza": a public hospital
        rest = rest.split(" ", 1)[1]
    words = rest.split(" ")
    if any(_NOT_A_NAME.match(fold(w)) or _ROMAN.match(w) for w in words) or any(c.isdigit() for c in rest):
        return None
    return rest


def _name_part(value: str) -> str | None:
    """"Hospital Universitario Virgen Macarena" → "Virgen Macarena"; None when the name is only type words or
    its name starts with a connector ("Hospital de Jaca") or holds a place ("Hospital General de Elche")."""
    words = value.split(" ")
    i = 0
    while i < len(words) and fold(words[i]).rstrip(".") in TYPE_WORDS:
        i += 1
    rest = words[i:]
    if not rest or fold(rest[0]) in CONNECTORS or len(rest) > 5 or not rest[0][:1].isupper():
        return None
    if any(fold(w) in TYPE_WORDS or _NOT_A_NAME.match(fold(w)) or _ROMAN.match(w) for w in rest) or any(
            c.isdigit() for c in "".join(rest)):
        return None
    return " ".join(rest)


def _titled_words(text: str) -> frozenset[str]:
    """Name words with their saint titles ("Virgen de la Paz" → virgen, paz)."""
    return frozenset(w for w in _WORD.findall(fold(text)) if w not in _KEEP or SAINT.fullmatch(w))


def _names_it(advocation: frozenset[str], hospital: frozenset[str]) -> bool:
    """Whether a hospital bears the advocation: "La Fe" names "… Politécnico La Fe" and "Rio Hortega" names
    "Pío del Río Hortega", but "La Paz" does not name "Virgen de la Paz" (a saint's title the advocation lacks)."""
    if len(hospital) >= 2 and hospital < advocation:
        return True
    return bool(advocation) and advocation <= hospital and not any(SAINT.fullmatch(w) for w in hospital - advocation)


def catalogue(gaz: GazetteerSet) -> Catalogue:
    return gaz.derived("facility_catalogue", _build)


def _build(gaz: GazetteerSet) -> Catalogue:
    cat = Catalogue()
    blocked = {fold(b) for b in gaz.blocklist}
    if "hospitals" in gaz:
        table = gaz["hospitals"]
        names_by_province: dict[str, list[frozenset[str]]] = defaultdict(list)
        deps = table.column("dependency", "public")
        for value, prov, category, dep in zip(table.column("value"), table.column("province_code"),
                                              table.column("category"), deps):
            words = name_words(value)
            cat.provinces_of_value.setdefault(fold(value), set()).add(prov)
            if words:
                cat.provinces_of_name.setdefault(words, set()).add(prov)
            names_by_province[prov].append(_titled_words(value))
            if fold(value) in blocked:
                continue
            entry = Entry(value, head_of(value), category, is_saint(value), words, dep, type_words(value),
                          _rest(value))
            part = _name_part(value)
            parts = cat.name_parts.setdefault(prov, [])
            if (part and dep == "public" and category in ("general", "university")
                    and all(fold(p) != fold(part) for p, _, _ in parts)):
                parts.append((part, is_saint(part), name_words(part)))
            cat.hospitals.setdefault((prov, entry.head), []).append(entry)
        if "advocations" in gaz:
            # a hospital an advocation names shares a word with it (it holds the advocation or lies within it):
            # only those are tested, not every hospital for every advocation
            by_word: dict[str, set[tuple[str, frozenset[str]]]] = defaultdict(set)
            for prov, names in names_by_province.items():
                for n in names:
                    for w in n:
                        by_word[w].add((prov, n))
            for adv in gaz["advocations"].column("value"):
                key = _titled_words(adv)
                candidates = set().union(*(by_word.get(w, ()) for w in key))
                provinces = frozenset(p for p, n in candidates if _names_it(key, n))
                if 0 < len(provinces) <= 2:
                    cat.bound[fold(adv)] = provinces
    if "health_centres" in gaz:
        table = gaz["health_centres"]
        cat.blocked = frozenset(blocked)
        for value, prov in zip(table.column("value"), table.column("province_code")):
            cat.centre_values.setdefault(prov, []).append(value)
    return cat
