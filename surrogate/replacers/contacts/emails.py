"""E-mail addresses (kind ``email``): the local part follows the person's surrogate, the domain its kind.

Runs after person names (``after = ("person_name",)``) so it can read their surrogates from the document state:

1. If the local part embeds a name of the same document (``nnavcu`` ← Ignacio Navarro Cuéllar, found by
   :mod:`.email_names`), it is rebuilt from that name's surrogate in the same style: same prefix
   lengths, initials, whole tokens, separators and case; digits and free letters are re-drawn.
2. Otherwise the local part is made plausible: letter runs that are (concatenations of) known first names
   or surnames get other names, the rest becomes pseudo-words; digits are re-drawn; words such as ``dr``
   or ``info`` stay.
3. The domain is a real one of the original's kind, public suffix and country (:mod:`.domains`): webmail →
   a provider drawn by its share in the corpus era, hospital / health service → a real health domain,
   university → a real university; ``.es`` stays ``.es``.
4. Several addresses in one span are replaced one by one, text around them kept. A span without ``@``
   that reads like a name goes to the name replacer (same surrogate as the name elsewhere); any other
   malformed span is only shape-kept.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

from gazetteers.text import fold

from ...leak_guard import words_of
from ..base import CannotReplace, Replacer, SpanContext
from ..people.nicknames import is_hypocorism
from ..registry import register
from ..shape import RUNS, digits_like, pseudo_word, refuse_unchanged, shape_keep
from .domains import DomainChooser, DomainRow, classify, generate_host
from .email_names import (
    KEEP_WORDS,
    Alignment,
    Piece,
    best_person,
    case_like,
    fold_keep_length,
    name_tokens,
    segment_lexicon,
    token_map,
)
from .lexicons import ascii_word, name_sampler, optional_table
from .lexicons import lexicons as name_lexicons
from .relatives import relative_names

#: local@domain inside a span; the domain ends at the last letter or digit (a final "." is punctuation),
#: one space after the "@" is tolerated ("x@ juntadeandalucia.es").
_ADDRESS = re.compile(r"(?P<local>[^@\s]+)@(?P<gap> ?)(?P<domain>[^@\s]*[^\W_])")
_NAME_LIKE = re.compile(r"[^\W\d_][^\W\d_'’.]*(?:[\s\-]+[^\W\d_][^\W\d_'’.]*)+")
_PERSON_KIND = "person_name"
_PREFIXED_DRAWS = 30  # names drawn for a local-part word until one starts as its name piece does
_NEUTRAL_DOMAIN = "gmail.com"  # a webmail of no country: drawn from when the original's suffix names an original


@register
class EmailReplacer(Replacer):
    kind = "email"
    kept_words = words_of("es com org net cat eus gal edu gob info")  # top-level domains
    after = ("person_name",)  # the local part is rebuilt from the person's surrogate

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self._chooser: DomainChooser | None = None
        self._lexicons: dict[str, frozenset[str]] | None = None
        self._spelling: frozenset[str] | None = None  # the names and mailbox words a local-part run may spell
        self._prefixed: dict[tuple[str, str], tuple[str, ...]] = {}  # (table, prefix) -> its lexicon's names

    # -- entry point -------------------------------------------------------------------------------------
    def replace(self, original: str, ctx: SpanContext) -> str:
        matches = list(_ADDRESS.finditer(original))
        if not matches:
            return self._not_an_address(original, ctx)
        people = ctx.state.surrogates_of_kind(_PERSON_KIND).items()
        out, pos = [], 0
        for m in matches:  # usually one; "a@x.es b@y.es" or "autor: a@x.es" also occur
            if best_person(m.group("local"), people) is None and ctx.delegate is not None:
                people = self._with_relative(m.group("local"), people, ctx)
            out.append(original[pos : m.start()])
            out.append(self.address(m.group("local"), m.group("gap"), m.group("domain"), people, ctx.rng,
                                    avoid=ctx.state.originals))
            pos = m.end()
        out.append(original[pos:])
        return "".join(out)

    def _with_relative(self, local: str, people, ctx: SpanContext):
        """``people`` with the relative whose name the local part embeds, given its surrogate now (the name
        replacer's, through the document's cache: the relative's own span gets the same one): a daughter's
        "elenabueno.enf@…" beside "hija Elena Bueno" came out another person's address ("angelalcala.sol@…")."""
        for name in relative_names(ctx.state, self.gazetteers):
            if best_person(local, [(name, name)]) is not None:
                try:
                    return [*people, (name, ctx.delegate(_PERSON_KIND, name))]
                except CannotReplace:
                    break
        return people

    def address(self, local: str, gap: str, domain: str, people, rng: np.random.Generator,
                avoid: frozenset[str] = frozenset()) -> str:
        """A surrogate of ``local@domain``; no label of its domain is one of ``avoid`` (the document's folded
        originals): "….co.uk" beside a PAIS "UK" was masked whole by the leak guard, so it takes a ".com"."""
        new_local = self.local_part(local, people, rng)
        new_domain = self.chooser().replace(rng, domain)
        if avoid and any(label in avoid for label in fold(new_domain).split(".")):
            new_domain = self.chooser().replace(rng, _NEUTRAL_DOMAIN)
        if fold(new_local) == fold(local) and fold(new_domain) == fold(domain):
            # "info@hospital.es": nothing personal to change, but the address must not survive
            new_domain = generate_host(rng, classify(domain), force=True)
            if fold(new_local + new_domain) == fold(local + domain):
                raise CannotReplace("an address with nothing this replacer can change")
        return f"{new_local}@{gap}{new_domain}"

    def _not_an_address(self, original: str, ctx: SpanContext) -> str:
        """No ``@``: a mislabelled name goes to the name replacer (same surrogate as elsewhere), the rest
        is shape-kept."""
        if not any(c.isalnum() for c in original):
            raise CannotReplace("e-mail span without letters or digits")
        if _NAME_LIKE.fullmatch(original) and ctx.delegate is not None:
            try:
                return ctx.delegate(_PERSON_KIND, original)
            except CannotReplace:
                pass
        return refuse_unchanged(original, shape_keep(ctx.rng, original, words=True))

    # -- local part ------------------------------------------------------------------------------------------
    def local_part(self, local: str, people, rng: np.random.Generator) -> str:
        people = list(people)
        found = best_person(local, people)
        if found is not None:
            original_name, surrogate_name, alignment = found
            new = rebuild(local, alignment, name_tokens(original_name), name_tokens(surrogate_name), rng,
                          lambda run, prefix: self._name_word(run, people, rng, prefix),
                          lambda run: self.spelled_names(run, rng))
            if fold(new) != fold(local):
                return new
        words = re.findall(r"[^\W\d_]+", local)
        only_keep_words = bool(words) and all(fold(w) in KEEP_WORDS for w in words) and not any(c.isdigit() for c in local)
        for _ in range(4):
            new = self.plausible(local, rng, people)
            if fold(new) != fold(local) or only_keep_words:  # "info" may stay: the domain changes
                return new
        return shape_keep(rng, local, words=True)

    def plausible(self, local: str, rng: np.random.Generator, people: Sequence[tuple[str, str]] = ()) -> str:
        """A local part of the same style whose names (if any are recognisable) are other names."""
        out = []
        for m in RUNS.finditer(local):
            run = m.group()
            if run[0].isdigit():
                out.append(digits_like(rng, run))
            elif not run[0].isalpha() or fold_keep_length(run) in KEEP_WORDS:
                out.append(run)
            elif (word := self._name_word(run, people, rng)) is not None:
                out.append(case_like(run, word))
            else:
                out.append(self.spelled_names(run, rng) or pseudo_word(rng, run))
        return "".join(out)

    def spelled_names(self, run: str, rng: np.random.Generator) -> str | None:
        """Other names for a letter run that names and mailbox words spell, with free letters only at its ends and
        a third of it at most ("jorgemarin", "mgarciar", "dramartin"); None for any other run. A name found inside
        a word is chance: "sesiones" read as "ses" + Ione + "s" came out "dosanamariaa"."""
        folded = fold_keep_length(run)
        lex = self.lexicons()
        parts = segment_lexicon(folded, self._spelling_words())
        free = [(k, s, e) for k, (s, e, is_word) in enumerate(parts) if not is_word]
        if len(free) == len(parts) or 3 * sum(e - s for _, s, e in free) > len(folded) \
                or any(0 < k < len(parts) - 1 for k, _, _ in free):
            return None
        out = []
        for s, e, is_word in parts:
            word = folded[s:e]
            if not is_word:
                out.append(pseudo_word(rng, run[s:e]))
            elif word in KEEP_WORDS:  # "dra" of "dramartin"
                out.append(run[s:e])
            else:  # a word of both tables is a given name first, a surname after anything ("jorge" + "marin", "dra" + "martin")
                given = word in lex["first_names"] and (not out or word not in lex["surnames"])
                table = "first_names" if given else "surnames"
                out.append(case_like(run[s:e], self._draw_name(table, word, rng, one_word=True)))
        return "".join(out)

    def _spelling_words(self) -> frozenset[str]:
        if self._spelling is None:
            self._spelling = self.lexicons()["all"] | KEEP_WORDS
        return self._spelling

    def _name_word(self, run: str, people: Sequence[tuple[str, str]], rng: np.random.Generator,
                   prefix: str = "") -> str | None:
        """A new name, starting with ``prefix``, for a whole letter run that is a name: the surrogate's word where a
        person of the document has it as a word of their name ("loli" beside a relative "Loli" → her surrogate),
        else a drawn given name or surname when the run is one (a nickname counts as a given name); None for any
        other run, or when no such name starts with ``prefix``. The run was a pseudo-word ("loli.molina.ruiz" came
        out "baja.marron.martin")."""
        key = fold_keep_length(run)
        if len(key) < 3:
            return None
        for original, surrogate in people:
            tokens, new_tokens = name_tokens(original), name_tokens(surrogate)
            if key in tokens and new_tokens:
                new = ascii_word(new_tokens[token_map(tokens, new_tokens)[tokens.index(key)]])
                return new if new.startswith(prefix) else None
        lex = self.lexicons()
        table = "first_names" if key in lex["first_names"] or is_hypocorism(key) else \
            "surnames" if key in lex["surnames"] else None
        if table is None:
            return None
        for _ in range(_PREFIXED_DRAWS):
            new = self._draw_name(table, key, rng)
            if new.startswith(prefix):
                return new
        starting = self._starting_with(table, prefix)  # a rare initial: any known name of the table with it
        return starting[int(rng.integers(len(starting)))] if starting else None

    def _starting_with(self, table: str, prefix: str) -> tuple[str, ...]:
        key = (table, prefix)
        if key not in self._prefixed:
            self._prefixed[key] = tuple(sorted(w for w in self.lexicons()[table] if w.startswith(prefix)))
        return self._prefixed[key]

    # -- lazy resources --------------------------------------------------------------------------------------
    def chooser(self) -> DomainChooser:
        if self._chooser is None:
            rows = None
            gaz = optional_table(self.gazetteers, "email_domains")
            if gaz is not None and "domain_kind" in gaz.column_names:
                rows = [DomainRow(str(v), str(k), str(c), float(w))
                        for v, k, c, w in zip(gaz.column("value"), gaz.column("domain_kind"),
                                              gaz.column("country", "es"), gaz.column("weight"))]
            self._chooser = DomainChooser(rows)
        return self._chooser

    def lexicons(self) -> dict[str, frozenset[str]]:
        if self._lexicons is None:
            self._lexicons = name_lexicons(self.gazetteers)  # shipped for the default tables
        return self._lexicons

    def _draw_name(self, table: str, exclude: str, rng: np.random.Generator, one_word: bool = False) -> str:
        """A name of ``table`` as one ASCII word; ``one_word``: never a compound ("jorgemarin" came out
        "luismariadelcarmen")."""
        if optional_table(self.gazetteers, table) is None:
            return pseudo_word(rng, exclude)
        sampler = name_sampler(self.gazetteers, table, self.config.top_k)
        for _ in range(8):
            drawn = sampler.draw(rng, exclude=[exclude])
            word = ascii_word(drawn)
            if word and word != exclude and not (one_word and " " in drawn.strip()):
                return word
        return pseudo_word(rng, exclude)


def rebuild(
    local: str,
    alignment: Alignment,
    original_tokens: Sequence[str],
    surrogate_tokens: Sequence[str],
    rng: np.random.Generator,
    name_word: Callable[[str, str], str | None] | None = None,
    spelled_names: Callable[[str], str | None] | None = None,
) -> str:
    """The local part re-made from the surrogate's tokens, piece by piece, in the original's style.

    A letter run that the name explains only in part and that is a name as a whole is one word (``_whole_word``);
    piece by piece, "rodriguez" beside "Iván Rguez" (an initial and free letters) came out "spjsapozo"."""
    mapping = token_map(original_tokens, surrogate_tokens)

    def piece(p: Piece) -> str:
        text = local[p.start : p.end]
        if p.kind == "name" and mapping:
            tok = surrogate_tokens[mapping[p.token]]
            return case_like(text, tok if p.full else tok[: p.end - p.start])
        if p.kind == "digits":
            return digits_like(rng, text)
        if p.kind == "sep" or fold_keep_length(text) in KEEP_WORDS:
            return text
        # free letters that are a name of their own ("lola" of "lolarodmena" beside Antonio Rodríguez Mena)
        word = name_word(text, "") if name_word is not None and len(text) >= 3 else None
        if word:
            return case_like(text, word)
        # names run together ("jorgemarin" of "jorgemarin.lafu" beside Pilar Lafuente) stay names
        return (spelled_names(text) if spelled_names is not None and len(text) >= 3 else None) \
            or pseudo_word(rng, text)

    out = []
    for run in _letter_runs(alignment.pieces):
        word = _whole_word(local, run, original_tokens, surrogate_tokens, mapping, piece, name_word)
        out.extend([word] if word is not None else _stretches(local, run, piece, name_word))
    return "".join(out)


def _stretches(local: str, run: list[Piece], piece: Callable[[Piece], str],
               name_word: Callable[[str, str], str | None] | None) -> list[str]:
    """A run rebuilt piece by piece, except that free letters and the prefixes among them of a token the run
    writes whole are one name word when they spell one ("charo" of "charorodriguezmelcon": "cha", and "ro" of
    the Rodríguez written right after, by chance)."""
    out: list[str] = []
    stretch: list[Piece] = []

    def flush() -> None:
        text = local[stretch[0].start : stretch[-1].end] if stretch else ""
        word = name_word(text, "") if name_word is not None and len(stretch) > 1 and len(text) >= 3 \
            and any(p.kind == "free" for p in stretch) else None
        out.extend([case_like(text, word)] if word else map(piece, stretch))
        stretch.clear()

    whole = {p.token for p in run if p.kind == "name" and p.full}
    for p in run:
        # a prefix of a token the run also writes whole is chance too ("ro" before "rodriguez")
        if p.kind == "free" or (p.kind == "name" and not p.full and p.token in whole):
            stretch.append(p)
        else:
            flush()
            out.append(piece(p))
    flush()
    return out


def _letter_runs(pieces: Sequence[Piece]) -> list[list[Piece]]:
    """The pieces grouped by run: name and free pieces that touch make one run, any other piece is its own."""
    runs: list[list[Piece]] = []
    for p in pieces:
        if p.kind in ("name", "free") and runs and runs[-1][-1].kind in ("name", "free") and runs[-1][-1].end == p.start:
            runs[-1].append(p)
        else:
            runs.append([p])
    return runs


def _whole_word(local: str, run: list[Piece], original_tokens: Sequence[str], surrogate_tokens: Sequence[str],
                mapping: list[int], piece: Callable[[Piece], str],
                name_word: Callable[[str, str], str | None] | None) -> str | None:
    """The new word of a run of free letters (two or more) that is a name as a whole, or None to rebuild it piece
    by piece: the person's new word when the name abbreviates the run ("rguez" of "rodriguez"); a run whose name
    pieces are initials at most gets ``name_word``'s name, starting as its first letter's rendering does when that
    is an initial ("mir" beside "Ana Mª Gómez": "m" is her initial, so "moreno", not "m" and pseudo letters)."""
    if name_word is None or run[0].kind not in ("name", "free") \
            or not any(p.kind == "free" and p.end - p.start >= 2 for p in run):
        return None
    text = local[run[0].start : run[-1].end]
    named = [p for p in run if p.kind == "name"]
    if named and named[0] is run[0] and mapping and _abbreviates(original_tokens[named[0].token], text):
        return case_like(text, ascii_word(surrogate_tokens[mapping[named[0].token]])) or None
    if any(p.end - p.start > 1 for p in named):
        return None  # a prefix or a whole token of the name, and more letters ("mecaarrebola"): piece by piece
    # initials alone inside a name are chance ("charo": "r" as Ruiz's): only one that starts the run is kept
    prefix = fold_keep_length(piece(run[0])) if run[0].kind == "name" else ""
    word = name_word(text, prefix)
    return case_like(text, word) if word else None


def _abbreviates(token: str, run: str) -> bool:
    """The name's token is an abbreviation of the run: three letters or more, the run's first and last, and the
    others in order ("rguez" of "rodriguez", "fdez" of "fernandez"), so the run is that person's word in full."""
    token, run = ascii_word(token), ascii_word(run)
    if len(token) < 3 or token[0] != run[0] or token[-1] != run[-1] or token in run:
        return False  # "meca" in "mecaarrebola", "cuenca" in "cuchacuenca": the whole token and more, no abbreviation
    rest = iter(run)
    return all(c in rest for c in token)
