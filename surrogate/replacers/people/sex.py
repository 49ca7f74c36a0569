"""Evidence of a person's sex from the document around a name (not from the name itself).

Context votes: the document's sex annotations or ``Sexo:`` field and every "la paciente" / "el paciente"
(for the patient), and a feminine or masculine honorific right before or inside the name (``Dra.``,
``Sr.``, ``Dña.``). ``Dr.`` is weak evidence: Spanish reports often write it for women too, so the census
of the given name wins over it.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable

from gazetteers.text import fold

from .parse import ParsedName, person_words
from .tokens import HONORIFICS, WEAK_HONORIFICS, token_key

STRONG, WEAK = 2, 1

# The honorific must end right before the name: "Dra. ", "Dr: ", "D.ª ", "Sr ".
_HONORIFIC_BEFORE = re.compile(
    r"(?:^|[\s(\[,;:/])(Dra|Dr|Dres|Sra|Srta|Sr|Dña|Dna|D\.ª|Dª|D|Doña|Don|Profa|Prof)\s*[.:]?\s*$", re.IGNORECASE
)
_SEXO_FIELD = re.compile(r"\bsexo\s*:\s*([^\W\d_]+)", re.IGNORECASE)
_PACIENTE = re.compile(r"paciente\b", re.IGNORECASE)
_ARTICLE_BEFORE = re.compile(r"(?:^|[^\w])(la|una|el|un)\s+$", re.IGNORECASE)

_SEX_WORDS = {
    "M": {"h", "v", "hombre", "varon", "masculino", "masculina", "nino", "chico", "recien nacido", "anciano",
          "neonato", "lactante varon", "male", "man", "boy"},
    "F": {"m", "f", "mujer", "femenino", "femenina", "nina", "chica", "hembra", "recien nacida", "anciana",
          "neonata", "female", "woman", "girl"},
}
_SEX_OF_WORD = {w: sex for sex, words in _SEX_WORDS.items() for w in words}


def sex_of_word(value: str) -> str | None:
    """Sex of an annotation value such as ``H``, ``M`` (mujer, as Spanish forms use H/M), ``Varón``,
    ``Femenino``, ``niña``. None if the value says nothing."""
    key = re.sub(r"[^a-z ]", "", fold(value)).strip()
    key = " ".join(key.split())
    return _SEX_OF_WORD.get(key)


def honorific_before(text_before: str) -> tuple[str, int] | None:
    """(sex, strength) of an honorific that ends right where the name starts."""
    tail = text_before[-12:]
    m = _HONORIFIC_BEFORE.search(tail)
    if not m:
        return None
    if m.start(1) > 0 and tail[m.start(1) - 1] == "/":  # a form's "Dr./Dra. ESTRADA", "Sr./Sra.": either sex
        return None
    word = token_key(m.group(1)).replace(".", "")
    sex = HONORIFICS.get(word, "")
    if not sex:
        return None
    return sex, WEAK if word in WEAK_HONORIFICS else STRONG


def patient_context(text: str, sex_values: Iterable[str]) -> Counter:
    """Votes for the patient's sex: each sex annotation (else each ``Sexo:`` field) and each "la/el paciente"."""
    votes = Counter(s for s in (sex_of_word(v) for v in sex_values) if s)
    if not votes:
        votes = Counter(s for s in (sex_of_word(m.group(1)) for m in _SEXO_FIELD.finditer(text)) if s)
    for m in _PACIENTE.finditer(text):  # "la paciente", "el paciente" (found from the rarer word first)
        article = _ARTICLE_BEFORE.search(text, max(0, m.start() - 6), m.start())
        if article:
            votes["F" if article.group(1).lower() in ("la", "una") else "M"] += 1
    return votes


def resolve_sex(honorific: Counter, document: Counter, census: Counter, weak: Counter, *,
                priority: str = "census") -> str:
    """One sex for a person, from the strongest evidence that agrees with itself.

    ``honorific``: a strong honorific attached to a mention (``Sra.``, ``D.``, ``Dra.``): the surrogate sits
    right next to it, so it always comes first. ``document``: the patient's ``Sexo:`` field and "la/el
    paciente". ``census``: the given names. ``weak``: a lone ``Dr.``.

    ``priority="census"`` (default): honorific, census, document context. ``"context"``: honorific and
    document context together, then the census. Then majorities, then the weak ``Dr.``; "" if nothing is
    known (the caller draws).
    """
    if priority == "context":
        tiers = (honorific + document, census)
    else:
        tiers = (honorific, census, document)
    for votes in tiers:
        if len(votes) == 1:
            return next(iter(votes))
    for votes in (*tiers, weak):
        if votes:
            (top, n), *rest = votes.most_common()
            if not rest or n > rest[0][1]:
                return top
    return ""


def person_sex(mentions: list, patient_ctx: Counter, census_sex: Callable[[ParsedName], list[str]],
               priority: str = "census") -> tuple[str, str]:
    """(the sex one person's mentions give, or "" when they give none; for an undecided person, the words its
    keyed draw depends on). ``patient_ctx``: the document's votes for the patient (``patient_context``)."""
    honorific, document, weak, census = Counter(), Counter(), Counter(), Counter()
    if any(m.patient for m in mentions):
        document.update(patient_ctx)
    for m in mentions:
        found = [m.context] if m.context else []
        if m.parsed.honorific_sex:
            found.append((m.parsed.honorific_sex, WEAK if m.parsed.honorific_weak else STRONG))
        for sex, strength in found:
            (honorific if strength == STRONG else weak)[sex] += 1
        census.update(census_sex(m.parsed))
    sex = resolve_sex(honorific, document, census, weak, priority=priority)
    if sex:
        return sex, ""
    return "", person_words(m.parsed for m in mentions)
