"""What a document says about its people, before any draw: name mentions, their roles, persons and styles.

The analysis is deterministic (no RNG) and depends on the document alone, so the person-name replacer caches
it per content (``state.analysis``) and every ×N copy of the document starts from :meth:`DocMemo.fresh_copy`.
- **Mentions**: each fragment of a person-name span, parsed into given names, surnames, particles and
  initials, with the patient flag of its label and the honorific right before it.
- **Roles**: a word that multi-word names (or an ``Apellidos:`` field) show as a surname stays a surname in
  every mention of the document.
- **Persons**: mentions of one person are grouped (all patient mentions; others sharing a surname with
  compatible given names), so each person gets one sex and one origin.
- **Accent style**: whether the patient's and the staff's given names and surnames drop their accents.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from gazetteers.text import fold

from ..base import DocumentState
from .accents import ROLES, accent_votes, group_style
from .origin import SPANISH
from .parse import GIVEN, SURNAME, ParseCache, ParsedName, parse_name, reassign_roles
from .pools import NamePools
from .sex import honorific_before, patient_context, person_sex

_FIELD_BEFORE = re.compile(
    r"(nombre\s+y\s+apellidos?|apellidos?\s*,?\s+y?\s*nombre|apellidos?|nombre)\s*:\s*$", re.IGNORECASE
)
#: one word between quotes, as a nickname is written after a name
_QUOTED = re.compile(r"([\"“«'‘])[^\W\d_]+([\"”»'’])")
#: a name-like word of a span: no surrogate token may reproduce one
NAME_WORD = re.compile(r"[^\W\d_]{2,}")


def field_hint(text: str, start: int, end: int | None = None) -> str:
    """"surname" after ``Apellidos:``, "given" after ``Nombre:`` and for a one-word nickname in quotes
    (``Vicenta Bellés Segarra ("Tica")``: it was drawn as a surname), else ""."""
    if end is not None and _QUOTED.fullmatch(text[max(0, start - 1):end + 1]):
        return GIVEN
    line_start = text.rfind("\n", 0, start) + 1
    m = _FIELD_BEFORE.search(text[max(line_start, start - 40) : start])
    if not m:
        return ""
    label = fold(m.group(1))
    if "nombre" in label and "apellido" in label:
        return ""
    return SURNAME if "apellido" in label else GIVEN


@dataclass
class Mention:
    parsed: ParsedName
    patient: bool
    context: tuple[str, int] | None  # (sex, strength) from an honorific right before the span
    sex: str = ""
    person: int = -1
    origin: str = SPANISH


class DocMemo:
    """What the replacer remembers about one document (lives in ``state.memo_for("person_name")``)."""

    def __init__(self) -> None:
        self.mentions: dict[tuple[str, int], Mention] = {}
        self.person_given: dict[int, list[str]] = {}
        self.roles: dict[str, str] = {}
        #: accents dropped, by (patient or not, role): from the names' evidence, drawn when they show none
        self.plain: dict[tuple[bool, str], bool | None] = {(g, r): None for g in (True, False) for r in ROLES}
        self.tokens: dict[tuple, str] = {}
        self.exclude: set[str] = set()
        self.surname_origin: dict[str, str] = {}  # folded surname word of a person → the person's origin
        self.originals: frozenset[str] = frozenset()  # folded name-like words of the document's spans

    def fresh_copy(self) -> "DocMemo":
        """The analysis with fresh per-run state: draws (tokens, sexes) start empty, parses are shared."""
        new = DocMemo()
        new.mentions = {k: Mention(m.parsed, m.patient, m.context, "", m.person, SPANISH)  # no draws yet
                        for k, m in self.mentions.items()}
        new.person_given = {k: list(v) for k, v in self.person_given.items()}
        new.roles = dict(self.roles)
        new.plain = dict(self.plain)
        new.exclude = set(self.exclude)
        new.originals = self.originals
        return new


def original_words(doc) -> set[str]:
    """The folded name-like words of every span of the document (one scan of the spans' texts, joined by a
    character no name word holds)."""
    return {fold(w) for w in NAME_WORD.findall("\n".join(doc.span_text(sp) for sp in doc.spans))}


def analyse_names(state: DocumentState, kind: str, load_pools: Callable[[], NamePools],
                  parses: Callable[[], ParseCache] | None = None) -> DocMemo:
    """Mentions, roles, persons and accent style of the spans of ``kind`` in the document (no draws).
    ``load_pools`` is called only when the document has such spans: the census loads on first need;
    ``parses`` likewise gives the engine's cache of first-pass parses (of those pools), if it keeps one."""
    memo = DocMemo()
    doc = state.document
    # no surrogate token may reproduce a name-like word of any original span (one scan of the spans' texts,
    # joined by a character no name word holds, finds the words of each span)
    memo.exclude.update(original_words(doc))
    memo.originals = frozenset(memo.exclude)

    found: list[tuple[tuple[str, int], str, str, bool]] = []
    for sp in doc.spans:
        spec = state.schema.spec(sp.label)
        if spec is None or spec.kind != kind:
            continue
        patient = spec.options.get("role") == "patient"
        for s, e in sp.fragments:
            if e > s:
                found.append(((sp.id, s), doc.text[s:e], field_hint(doc.text, s, e), patient))
    if not found:
        return memo
    pools = load_pools()
    # Pass 1: roles that multi-word names (and "Apellidos:" fields) make clear.
    votes: dict[str, Counter] = defaultdict(Counter)
    parse = parses() if parses is not None else (lambda text, hint: parse_name(text, pools, hint=hint))
    first_pass = [parse(text, hint) for _, text, hint, _ in found]
    for parsed in first_pass:
        if len(parsed.units) >= 2 or parsed.hint:
            for u in parsed.units:
                if not u.is_initial and not u.particle:
                    for i in u.parts:
                        votes[fold(parsed.pieces[i].text)][u.role] += 1
    memo.roles = {w: c.most_common(1)[0][0] for w, c in votes.items() if len(c) == 1}
    # Pass 2: parse every mention with the document's roles.
    for (key, _, _, patient), parsed in zip(found, first_pass):
        reassign_roles(parsed, pools, memo.roles)
        memo.mentions[key] = Mention(parsed, patient, honorific_before(doc.text[max(0, key[1] - 12) : key[1]]))
    group_persons(memo)
    _accent_style(memo, pools)
    return memo


def group_persons(memo: DocMemo) -> None:
    """Union mentions of one person: all patient mentions; others that share a surname with compatible
    given names, or a lone given name / surname that matches a fuller mention."""
    keys = list(memo.mentions)
    parent = {k: k for k in keys}

    def find(k):
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    def union(a, b):
        parent[find(a)] = find(b)

    patients = [k for k in keys if memo.mentions[k].patient]
    for k in patients[1:]:
        union(k, patients[0])
    others = [k for k in keys if not memo.mentions[k].patient]
    info = {k: (set(memo.mentions[k].parsed.words(SURNAME)), memo.mentions[k].parsed.words(GIVEN)) for k in others}
    for i, a in enumerate(others):
        sa, ga = info[a]
        for b in others[i + 1 :]:
            sb, gb = info[b]
            givens_agree = not ga or not gb or ga[0] == gb[0]
            if (sa & sb and givens_agree) or ((not sa or not sb) and ga and gb and ga[0] == gb[0]):
                union(a, b)
    ids: dict[tuple[str, int], int] = {}
    for k in keys:
        person = ids.setdefault(find(k), len(ids))
        memo.mentions[k].person = person
        givens = memo.person_given.setdefault(person, [])
        givens.extend(w for w in memo.mentions[k].parsed.words(GIVEN) if w not in givens)


def sex_plan(memo: DocMemo, state: DocumentState, census_sex: Callable[[ParsedName], list[str]],
             priority: str) -> list[tuple[tuple, str, str]]:
    """Per person, in person order: (its mention keys, the sex the document gives it or "", its names)."""
    doc = state.document
    patient_ctx: Counter = Counter()
    if any(m.patient for m in memo.mentions.values()):
        patient_ctx = patient_context(doc.text, [doc.span_text(sp) for sp in state.spans_of_kind("sex")])
    by_person: dict[int, list[tuple]] = defaultdict(list)
    for k, m in memo.mentions.items():
        by_person[m.person].append(k)
    return [(tuple(keys), *person_sex([memo.mentions[k] for k in keys], patient_ctx, census_sex, priority))
            for _, keys in sorted(by_person.items())]


def _accent_style(memo: DocMemo, pools: NamePools) -> None:
    votes: dict[tuple[bool, str], list[bool]] = {k: [] for k in memo.plain}
    for m in memo.mentions.values():
        for role, v in accent_votes(pools, m.parsed).items():
            votes[(m.patient, role)].extend(v)
    for key, v in votes.items():
        memo.plain[key] = group_style(v)
