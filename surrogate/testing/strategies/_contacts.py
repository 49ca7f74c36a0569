"""Spanish phone numbers and e-mail addresses in the shapes clinical notes write them.

Phones (kind ``phone``, ``form`` = ``mobile``, ``landline``, ``service`` or ``foreign``): a 9-digit
national number of the Spanish numbering plan (mobile 6xx / 71x–74x; landline with a real provincial
prefix of the 9 or mirrored 8 range, from the published prefix table; service 900/901/902/905/80x), in any
grouping (``3 3 3``, ``3 2 2 2``, ``2 3 2 2``, unbroken…) with spaces, dashes or dots, an optional country
prefix (``+34``, ``0034``, ``(+34)``, ``34``, glued or not) and an optional extension (``ext. 123``). Foreign
numbers carry a ``+CC``/``00CC`` country code.

E-mails (kind ``email``, ``form`` = the domain kind: ``webmail``, ``hospital`` or ``public_health``): a
local part made of a person's given name and surnames (whole, initials or prefixes, joined by ``.``,
``_``, ``-`` or nothing, sometimes with digits or a ``dr.`` in front) at a domain of the ``email_domains``
gazetteer, a common provider, a regional health service or a hospital host under one. ``person=`` builds
the local part from a given full name, for documents whose address should follow the person named in them.
Name and domain tables load on the first draw, from the default Spanish gazetteers or ``gazetteers=``.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache

from hypothesis import strategies as st

from gazetteers import GazetteerSet, default_set

from ...replacers.contacts.domains import classify
from ...replacers.contacts.phone_plan import PROVINCE_PREFIXES_9
from ..values import PHIValue

__all__ = [
    "COUNTRY_PREFIXES", "EMAIL_DOMAIN_KINDS", "GROUPINGS", "HEALTH_SERVICE_DOMAINS", "PHONE_CLASSES",
    "SERVICE_PREFIXES", "WEBMAIL_DOMAINS", "emails", "phones",
]

# -- phones -----------------------------------------------------------------------------------------------
PHONE_CLASSES: tuple[str, ...] = ("mobile", "landline", "service", "foreign")
#: non-geographic prefixes (free, shared cost, mass calling, premium)
SERVICE_PREFIXES: tuple[str, ...] = ("900", "901", "902", "905", "800", "803", "806", "807")
#: digit groups of a 9-digit national number
GROUPINGS: tuple[tuple[int, ...], ...] = ((9,), (3, 3, 3), (3, 2, 2, 2), (2, 3, 2, 2), (3, 6), (2, 7))
#: how the Spanish country code is written in front of the national number ("" = none)
COUNTRY_PREFIXES: tuple[str, ...] = ("", "+34 ", "0034 ", "(+34) ", "34 ", "+34", "34", "+34-", "34-", "0034-")
_SEPARATORS = (" ", "-", ".")
_EXTENSIONS = (" ext. {}", " ext {}", " Ext. {}", " extensión {}", " (ext. {})")
#: country codes of foreign numbers and the digit groups after them
_FOREIGN = (
    ("33", (1, 2, 2, 2, 2)), ("44", (2, 4, 4)), ("49", (3, 7)), ("351", (3, 3, 3)), ("52", (2, 4, 4)),
    ("54", (2, 4, 4)), ("57", (3, 3, 4)), ("1", (3, 3, 4)), ("39", (3, 3, 4)), ("41", (2, 3, 2, 2)),
)
_GEOGRAPHIC_9 = tuple(sorted(p for prefixes in PROVINCE_PREFIXES_9.values() for p in prefixes))


def _grouped(digits: str, grouping: Sequence[int], sep: str) -> str:
    out, i = [], 0
    for width in grouping:
        out.append(digits[i : i + width])
        i += width
    return sep.join(out)


def _subscriber(n: int) -> st.SearchStrategy[str]:
    # a subscriber number does not start with 0 (the plan reserves it): draw 1–9 then any digits
    return st.tuples(st.integers(1, 9), st.integers(0, 10 ** (n - 1) - 1)).map(lambda t: f"{t[0]}{t[1]:0{n - 1}d}")


@st.composite
def _national(draw, number_class: str) -> str:
    if number_class == "mobile":
        start = draw(st.sampled_from(("6", "6", "6", "71", "72", "73", "74")))
    elif number_class == "landline":
        prefix = draw(st.sampled_from(_GEOGRAPHIC_9))
        start = prefix if draw(st.integers(0, 4)) else "8" + prefix[1:]  # the 8 range mirrors the 9 range
    else:
        start = draw(st.sampled_from(SERVICE_PREFIXES))
    return start + draw(_subscriber(9 - len(start)))


@st.composite
def _phone(draw, classes: list[str], extensions: bool) -> PHIValue:
    number_class = draw(st.sampled_from(classes))
    if number_class == "foreign":
        code, grouping = draw(st.sampled_from(_FOREIGN))
        lead = draw(st.sampled_from(("+", "00", "+", "(+")))
        number = _grouped(draw(_subscriber(sum(grouping))), grouping, draw(st.sampled_from(_SEPARATORS)))
        text = f"{lead}{code}{')' if lead == '(+' else ''} {number}"
    else:
        national = draw(_national(number_class))
        number = _grouped(national, draw(st.sampled_from(GROUPINGS)), draw(st.sampled_from(_SEPARATORS)))
        text = draw(st.sampled_from(COUNTRY_PREFIXES)) + number
    if extensions and draw(st.integers(0, 5)) == 0:
        text += draw(st.sampled_from(_EXTENSIONS)).format(draw(st.integers(1, 9999)))
    return PHIValue(text, kind="phone", form=number_class)


def phones(*, classes: Iterable[str] | None = None, extensions: bool = True) -> st.SearchStrategy[PHIValue]:
    """Phone and fax numbers of the given classes (all of :data:`PHONE_CLASSES` by default)."""
    chosen = list(PHONE_CLASSES if classes is None else classes)
    unknown = [c for c in chosen if c not in PHONE_CLASSES]
    if unknown or not chosen:
        raise ValueError(f"unknown phone classes {unknown}; known: {list(PHONE_CLASSES)}")
    return _phone(chosen, extensions)


# -- e-mails ---------------------------------------------------------------------------------------------------
EMAIL_DOMAIN_KINDS: tuple[str, ...] = ("webmail", "hospital", "public_health")
#: common providers, used next to the gazetteer's webmail rows
WEBMAIL_DOMAINS: tuple[str, ...] = (
    "gmail.com", "hotmail.com", "hotmail.es", "yahoo.es", "yahoo.com", "outlook.es", "outlook.com", "live.com",
    "icloud.com", "telefonica.net", "terra.es", "movistar.es", "yahoo.com.ar", "hotmail.com.mx",
)
#: regional health services and administrations that host clinicians' mailboxes
HEALTH_SERVICE_DOMAINS: tuple[str, ...] = (
    "sergas.es", "sacyl.es", "saludcastillayleon.es", "juntadeandalucia.es", "gva.es", "salud.madrid.org",
    "osakidetza.eus", "ics.gencat.cat", "scsalud.es", "sespa.es", "riojasalud.es", "ibsalut.es",
    "sescam.jccm.es", "salud.aragon.es", "carm.es", "navarra.es",
)
_NAME_POOL = 400  # most frequent single-word names and surnames


def _ascii(word: str) -> str:
    folded = unicodedata.normalize("NFKD", word.lower())
    return "".join(c for c in folded if "a" <= c <= "z")


@lru_cache(maxsize=8)
def _name_words(gazetteers: GazetteerSet) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(given names, surnames) as lower-case ASCII words, most frequent first."""
    out = []
    for table in ("first_names", "surnames"):
        if table not in gazetteers:
            raise KeyError(f"emails() draws names from a {table!r} gazetteer, which this set lacks; "
                           "add it or pass person=")
        frame = gazetteers[table].frame.sort("weight", descending=True)
        words = [_ascii(v) for v in frame["value"].to_list() if v and " " not in v.strip()]
        out.append(tuple(dict.fromkeys(w for w in words if len(w) >= 3))[:_NAME_POOL])
    return out[0], out[1]


@lru_cache(maxsize=8)
def _domains(gazetteers: GazetteerSet) -> dict[str, tuple[str, ...]]:
    """Domain kind → domains: the gazetteer's ``email_domains`` rows first, then the built-in lists."""
    by_kind: dict[str, list[str]] = {"webmail": [], "hospital": [], "public_health": []}
    if "email_domains" in gazetteers:
        frame = gazetteers["email_domains"].frame
        for value, kind in zip(frame["value"].to_list(), frame["domain_kind"].to_list()):
            # real domains whose host says nothing of their kind (fjd.es, a hospital) make no example of it
            if kind in by_kind and classify(str(value)).kind == kind:
                by_kind[kind].append(str(value).lower())
    by_kind["webmail"] += WEBMAIL_DOMAINS
    by_kind["public_health"] += HEALTH_SERVICE_DOMAINS
    return {k: tuple(dict.fromkeys(v)) for k, v in by_kind.items()}


@st.composite
def _hospital_host(draw, services: Sequence[str]) -> str:
    # a hospital's host under its health service: h + 2–4 letters (hmdc.sacyl.es, hulp.salud.madrid.org)
    letters = draw(st.text(alphabet="abcdefghijklmnoprstuvz", min_size=2, max_size=4))
    return f"h{letters}.{draw(st.sampled_from(services))}"


#: local-part templates: {g} given name, {s}/{t} first/second surname, {G}/{S} capitalised, {g1}/{s3}… the
#: first 1/3… letters, {nn} two digits, {yyyy} a year
_LOCAL_TEMPLATES: tuple[str, ...] = (
    "{g}.{s}", "{g}{s}", "{g1}{s}", "{g1}.{s}", "{g}_{s}", "{g}-{s}", "{g}.{s}.{t}", "{g}{s}{nn}",
    "{g}.{s}{nn}", "{g}{yyyy}", "{g1}{s3}{t2}", "{g2}{s2}{t2}", "{G}.{S}", "{G1}.{S}", "dr.{s}", "dra.{s}",
    "{s}{g1}", "{g}_{s}_{t}", "{g1}{s}{t1}", "{s}.{t}",
)


_PARTICLES = frozenset("de del la las los y i e da dos van von".split())
_HONORIFICS = frozenset("dr dra doctor doctora sr sra srta don dona prof".split())


def _person_words(person: str) -> tuple[str, str, str | None]:
    """(given name, first surname, second surname or None) of a full name, as lower-case ASCII words:
    the first word is the given name, the last two the surnames (particles and titles left out)."""
    words = [w for w in (_ascii(part) for part in re.split(r"[\s\-.'’]+", person))
             if w and w not in _PARTICLES and w not in _HONORIFICS]
    if len(words) < 2:
        raise ValueError("person needs a given name and a surname")
    if len(words) == 2:
        return words[0], words[1], None
    return words[0], words[-2], words[-1]


@st.composite
def _email(draw, kinds: list[str], gazetteers: GazetteerSet, person: str | None) -> PHIValue:
    if person is None:
        given, surnames = _name_words(gazetteers)
        g, s, t = draw(st.sampled_from(given)), draw(st.sampled_from(surnames)), draw(st.sampled_from(surnames))
        templates = _LOCAL_TEMPLATES
    else:
        g, s, t = _person_words(person)
        templates = _LOCAL_TEMPLATES if t is not None else tuple(x for x in _LOCAL_TEMPLATES if "{t" not in x)
    t = t or ""
    fields = {"g": g, "s": s, "t": t, "G": g.capitalize(), "S": s.capitalize(),
              "nn": f"{draw(st.integers(0, 99)):02d}", "yyyy": str(draw(st.integers(1940, 2010)))}
    for n in (1, 2, 3):
        fields.update({f"g{n}": g[:n], f"s{n}": s[:n], f"t{n}": t[:n], f"G{n}": g[:n].upper()})
    local = draw(st.sampled_from(templates)).format(**fields)
    kind = draw(st.sampled_from(kinds))
    pool = _domains(gazetteers)
    if kind == "hospital" and (not pool["hospital"] or draw(st.booleans())):
        domain = draw(_hospital_host(HEALTH_SERVICE_DOMAINS))
    else:
        domain = draw(st.sampled_from(pool[kind]))
    return PHIValue(f"{local}@{domain}", kind="email", form=kind)


def emails(*, domain_kinds: Iterable[str] | None = None, person: str | None = None,
           gazetteers: GazetteerSet | None = None) -> st.SearchStrategy[PHIValue]:
    """E-mail addresses with name-based local parts at domains of the given kinds (all of
    :data:`EMAIL_DOMAIN_KINDS` by default).

    With ``person`` (a full name such as ``"Ignacio Navarro Cuéllar"``) the local part is built from that
    name, the way a document's address follows its patient or doctor; otherwise from names drawn from the
    ``first_names`` and ``surnames`` gazetteers. Names and domains come from ``gazetteers`` (the Spanish
    default set when None; ``email_domains`` rows first), loaded on the first draw.
    """
    chosen = list(EMAIL_DOMAIN_KINDS if domain_kinds is None else domain_kinds)
    unknown = [k for k in chosen if k not in EMAIL_DOMAIN_KINDS]
    if unknown or not chosen:
        raise ValueError(f"unknown domain kinds {unknown}; known: {list(EMAIL_DOMAIN_KINDS)}")
    if person is not None:
        _person_words(person)  # fail now, not at the first draw
    return _email(chosen, gazetteers if gazetteers is not None else default_set("es"), person)
