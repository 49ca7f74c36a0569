"""Where a kinship mention names the relative: the name after the relation ("su hija marta", typed in lower case),
the name alone in a relative's span ("su hija | begoña"), the name before the relation ("Teresa Bernabeu (esposa)"),
and where a name ends before an age. Read from the census name pools and the kinship lexicon; nothing here draws.
"""
from __future__ import annotations

import re

from typing import TYPE_CHECKING, Callable

from gazetteers.text import fold

from ..dates.age_parse import unit_of
from .kinship_co_official import is_co_official_kin
from .kinship_numbers import AGE_IN, BEFORE_AGE, reads_as_age
from .kinship_words import FORM_OF, NAME_PARTICLES, NOT_NAMES, OPENERS
from .nicknames import is_hypocorism, reads_as_name
from .pools import NamePools

if TYPE_CHECKING:  # pragma: no cover
    from ..base import SpanContext
    from .kinship_lexicon import KinshipLexicon, Term

#: words inside a name that are no name ("Ana y Luis", "María del Pilar")
_NAME_JOINERS = frozenset({"y", "e", "i", "de", "del", "la", "las", "los"})
#: ordinals and the like before a relation: no name ("Segundo hijo", "Única hermana")
_ORDINALS = frozenset(fold(w) for w in "primer primera primero segundo segunda tercer tercera tercero cuarto cuarta "
                      "quinto quinta ultimo ultima único única unico unica otro otra otros otras".split())
#: how surely the census must read a lone lower-case word after a relative as a given name ("hija carmen")
_LONE_GIVEN = 0.9
#: particles of foreign names written in lower case ("karim el amrani", "omar ben ali")
_FOREIGN_PARTICLES = frozenset({"el", "al", "ben", "bin", "ibn", "abu", "ould"})


#: endings of the adjectives a note writes after a relative ("su padre diabetico", "hermano operado"): no name
_ADJECTIVE_ENDING = re.compile(r"(?:ic[oa]|ad[oa]|id[oa]|os[oa]|ente|al|ble|iv[oa]|ari[oa])s?$")


class RelativeNames:
    """A mixin of :class:`.kinship.KinshipReplacer` (it needs the replacer's lexicon, gazetteers, config, kept
    words and the relation written before a span)."""

    lexicon: "KinshipLexicon"
    gazetteers: object
    config: object
    keeps: Callable[[str], bool]
    _term_before: "Callable[[SpanContext], Term | None]"

    def _lower_case_name(self, texts: list[str], i: int) -> bool:
        """Words ``i`` and ``i + 1`` of an all-lower-case mention read as a name: the first more often a given
        name than a surname in the census, the next one a name the census knows ("hermana maría josé"; never
        "madre sana de 25 años", though Sana is a given name too). The last word alone reads as a name when the
        census nearly always has it as a given name, or it is a known nickname ("hija carmen", "su novio alex",
        "mujer conchi" of a note typed in lower case: they were masked); anything else is left to the leak guard."""
        if any(fold(w) in NOT_NAMES or fold(w) in self.lexicon.words or is_co_official_kin(w) for w in texts[i:i + 2]):
            return False
        pools = NamePools.of(self.gazetteers, self.config.top_k)
        given = pools.given_probability(texts[i])
        if i + 1 >= len(texts):
            # a word the census knows mostly as a surname ("hermana pequeña vega") is a name too unless a state
            # or a modifier says otherwise (kept words: "madre sana", "hija mayor"); it was masked
            # a word the census lacks, of no state or modifier, is a name too ("su padre xuacu", an Asturian
            # nickname: it was masked)
            return (given is not None and (given >= _LONE_GIVEN or not self.keeps(fold(texts[i])))) \
                or is_hypocorism(texts[i]) or (given is None and len(texts[i]) >= 3 and texts[i].isalpha()
                                               and not self.keeps(fold(texts[i])) and not pools.is_known(texts[i])
                                               and not _ADJECTIVE_ENDING.search(fold(texts[i]))
                                               and unit_of(texts[i], last=True) is None)  # "45 anys": a unit
        # a hypocorism leads a compound too ("su nuera mari paz": "mari" was copied, then masked)
        return reads_as_name(texts[i:i + 2], pools)

    def _name_before_term(self, texts: list[str], lower_case: bool) -> tuple[int, int] | None:
        """(words of the name, index of the first relation) for a mention that names the person before the
        relation ("Teresa Bernabeu (esposa)", "García (hijo)", "marta, su hija"): capitalised words the census
        knows as names (in a lower-case note, what ``_lower_case_name`` reads as one), then nothing but
        determiners up to the relation. None otherwise ("Primera hija", "Segundo hijo", "Dos hermanos")."""
        k = next((i for i in range(1, len(texts)) if self.lexicon.match(texts, i)), None)
        if k is None or self.lexicon.match(texts, 0) is not None:
            return None
        n = k
        while n > 1 and fold(texts[n - 1]) in OPENERS:
            n -= 1
        names = texts[:n]
        inner = [w for w in names[1:-1] if fold(w) in _NAME_JOINERS]  # "Ana y Luis", "María del Pilar Ruiz"
        words = [w for w in names if w not in inner]
        if fold(names[0]) in _ORDINALS or any(fold(w) in NOT_NAMES or fold(w) in FORM_OF or is_co_official_kin(w)
                                             for w in words):
            return None
        if lower_case:
            return (n, k) if not inner and self._lower_case_name(names, 0) else None
        pools = NamePools.of(self.gazetteers, self.config.top_k)
        return (n, k) if all(w[:1].isupper() and (pools.is_known(w) or is_hypocorism(w)) for w in words) else None

    def _lower_case_name_alone(self, core: str, texts: list[str], ctx: SpanContext) -> bool:
        """A dictated note's relative named in lower case, in a span of its own after the kinship word ("su hija
        begoña", "la nieta nerea fernández blanco"): no relation, modifier or co-official word in it, the first
        word a given name more often than a surname in the census and every other word one the census knows. It
        was masked; the name replacer gives a lower-case name for it."""
        if any(c.isupper() for c in core) or any(self.lexicon.match(texts, i) for i in range(len(texts))):
            return False
        if any(is_co_official_kin(w) for w in texts):  # Catalan "germana", "marit": census given names too
            return False
        pools = NamePools.of(self.gazetteers, self.config.top_k)
        given = pools.given_probability(texts[0])
        # "moncho pide hablar con ...": a nickname; "vane", "rosi", "fco javier ruiz", "karim el amrani": a word
        # the census does not know, in a relative's span with no relative word, is a nickname or a foreign name
        # (they were masked)
        if given is not None and given < 0.5 and not is_hypocorism(texts[0]) and len(texts) > 1:
            return False  # a lone surname is still a name ("hablo con la madre (perdomo)": it was masked)
        if given is None and not is_hypocorism(texts[0]) and self._term_before(ctx) is None:
            return False  # an unknown word is a name only right after a relative ("Feto de sexo masculino" is none)
        return all(self._name_word(w, pools, first=i == 0) for i, w in enumerate(texts))

    def _name_word(self, word: str, pools: NamePools, *, first: bool) -> bool:
        """A word of a lower-case relative's name: a particle (not first), or no kept word and either one the
        census knows or an unknown word of three letters or more."""
        key = fold(word)
        if key in NAME_PARTICLES or key in _FOREIGN_PARTICLES:
            return not first
        if self.keeps(key) or key in NOT_NAMES:
            return False
        return pools.is_known(word) or (len(key) >= 3 and key.isalpha())

    def _name_end(self, core: str, start: int) -> int:
        """Where the name that starts at ``start`` ends: before an age that follows it ("hija Ana de 4 años",
        "madre Teresa Ruiz (45 años)"), else at the end of the span (without closing punctuation)."""
        for m in AGE_IN.finditer(core, start):
            if reads_as_age(core, m):
                end = len(BEFORE_AGE.sub("", core[: m.start()]))
                if end > start:
                    return end
        return len(core.rstrip(" .,;)"))
