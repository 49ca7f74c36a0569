"""E-mail and web domains: classify an original domain, draw or generate one of the same kind and TLD.

Kinds: ``webmail`` (gmail, hotmail, ISP mailboxes such as telefonica.net), ``public_health`` (regional
health services: sergas.es, salud.madrid.org...), ``hospital`` (a hospital host, often under a health
service: hmdc.sacyl.es) and ``other`` (universities, colleges, companies). The *suffix* is the public
suffix a surrogate keeps: the last label, or the last two for ``com.ar``-style country second levels.

The gazetteer table ``email_domains`` (columns value, weight, domain_kind, tld) is used when present;
the built-in lists below are the fallback. Hosts that are not drawn from a list are generated: labels
that are generic words (salud, correo, alumni...) stay, a health stem inside a label stays
(``hospitalsanrafael`` -> ``hospital`` + a real word), the others become real words or initials of real
words, of the same length and case, so the result is plausible but not a copy of the original's identifying labels.
A webmail or health domain on a suffix no other domain of its kind has (``osakidetza.net``, ``adinet.com.uy``)
gets another one-label host of its kind on that suffix (``sergas.net``, ``hotmail.com.uy``).
"""
from __future__ import annotations

import functools
import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..shape import initials_like, pseudo_word, random_digits

#: Webmail and ISP mailbox domains (any of them is a plausible personal address).
WEBMAIL = (
    "gmail.com", "hotmail.com", "yahoo.com", "outlook.com", "live.com", "msn.com", "icloud.com", "aol.com",
    "hotmail.es", "yahoo.es", "outlook.es", "live.es", "terra.es", "ya.com", "telefonica.net", "movistar.es",
    "ono.com", "orange.es", "vodafone.es", "wanadoo.es", "mixmail.com", "eresmas.com", "jazzfree.com",
    "euskalnet.net", "gmx.es", "yahoo.com.ar", "hotmail.com.ar", "yahoo.com.mx", "hotmail.com.mx",
    "prodigy.net.mx", "yahoo.com.br", "uol.com.br", "terra.com.br", "bol.com.br", "gmail.es", "yahoo.fr",
    "orange.fr", "gmx.de", "web.de", "libero.it", "yahoo.it", "hotmail.it", "yahoo.co.uk", "hotmail.co.uk",
    "btinternet.co.uk", "sapo.pt", "vtr.net", "adinet.com.uy", "speedy.com.ar", "fibertel.com.ar",
    "latinmail.com", "cantv.net", "etb.net.co",
)
#: Second-level labels of webmail providers, to recognise them under any suffix (yahoo.com.mx...).
WEBMAIL_LABELS = frozenset(
    """gmail googlemail hotmail yahoo ymail outlook live msn icloud me mac aol terra ya telefonica movistar ono
    orange orangemail vodafone wanadoo mixmail eresmas jazzfree euskalnet kaixo gmx tiscali supercable
    teleline lycos latinmail uol bol prodigy libero sapo vtr adinet speedy fibertel cantv etb protonmail
    yandex mail navegalia arrakis infonegocio retemail airtel menta auna jet ozu hispavista inicia arnet
    montevideo netcabo clix""".split()
)
#: Regional health services and health administrations (one host each), by public suffix.
PUBLIC_HEALTH = (
    "sergas.es", "sescam.jccm.es", "saludcastillayleon.es", "sacyl.es", "juntadeandalucia.es", "gva.es",
    "riojasalud.es", "scsalud.es", "sespa.es", "carm.es", "aragon.es", "navarra.es", "ibsalut.es",
    "sanidad.gob.es", "salud.madrid.org", "madrid.org", "gencat.cat", "ics.gencat.cat", "osakidetza.eus",
    "osakidetza.net", "salud.aragon.es", "gobiernodecanarias.org", "juntaex.es",
    "euskadi.eus", "catsalut.cat", "ibsalut.caib.es", "isciii.es", "ingesa.sanidad.gob.es", "jccm.es",
)
_PUBLIC_HEALTH_SET = frozenset(PUBLIC_HEALTH)
#: Labels that say what a host is without saying who: kept as they are in generated hosts.
GENERIC_LABELS = frozenset(
    """www mail correo email salud sanidad hospital hosp clinic clinica alumni alumnos med medicina
    enfermeria urgencias info web gob gov edu ac co com org net sld int""".split()
)
_HEALTH_HINTS = ("salud", "sanidad", "sergas", "sescam", "sacyl", "osakidetza", "sespa", "ibsalut", "juntadeandalucia",
                 "gva", "ics", "carm", "sas", "insalud", "scs", "servasa", "riojasalud", "scsalud", "ses")
_SECOND_LEVEL = frozenset({"com", "org", "net", "edu", "gob", "gov", "ac", "co", "sld", "nom", "mil", "int"})
#: Word stems that make a host a hospital's (``bellvitgehospital``, ``red-hospitalaria``, ``clinicasanza``)…
_HOSPITAL_STEMS = ("hosp", "clinic", "clínic", "medic")
#: … a hospital acronym next to a health word (``hcu-sanitario``) or an ``h`` glued to a hospital type
#: (``huniversitario``, ``hgeneral``)…
_HOSPITAL_WORD = re.compile(r"h[a-z]{1,3}|h(?:universitari|general|comarcal|clinic|materno|infantil)\w*")
#: … or a health service's (``servicio-salud``, ``areasanitaria``, ``sanidad-autonomica``).
_PUBLIC_HEALTH_STEMS = ("salud", "sanid", "sanitari", "health")  # "health.br" was "other": a university came
#: Stems a generated label keeps, longest first: they say what the host is, not who.
_KEPT_STEMS = ("hospitalario", "hospitalaria", "hospital", "clinica", "clínica", "clinic", "sanitario",
               "sanitaria", "sanidad", "salud", "medic", "health", "hosp")


@dataclass(frozen=True)
class DomainInfo:
    domain: str
    kind: str  # webmail | public_health | hospital | other
    suffix: str  # public suffix kept: "es", "com", "com.ar"


def public_suffix(labels: list[str]) -> str:
    if len(labels) == 1:
        return ""  # "x@alemana": no suffix to keep
    if len(labels) >= 3 and labels[-2].lower() in _SECOND_LEVEL and len(labels[-1]) == 2:
        return ".".join(labels[-2:])
    return labels[-1]


def classify(domain: str) -> DomainInfo:
    labels = domain.split(".")
    suffix = public_suffix(labels)
    n_suffix = suffix.count(".") + 1 if suffix else 0
    host = [lbl.lower() for lbl in labels[: len(labels) - n_suffix]]
    low = domain.lower()
    if host and host[-1] in WEBMAIL_LABELS and len(host) == 1:
        return DomainInfo(domain, "webmail", suffix)
    if low in _PUBLIC_HEALTH_SET:
        return DomainInfo(domain, "public_health", suffix)
    if any(low.endswith("." + d) for d in PUBLIC_HEALTH):
        return DomainInfo(domain, "hospital", suffix)  # a host below the service (hmdc.sacyl.es)
    words = [w for label in host for w in label.split("-") if w]
    health = any(h in _HEALTH_HINTS for h in host) or any(stem in w for w in words for stem in _PUBLIC_HEALTH_STEMS)
    if any(stem in w for w in words for stem in _HOSPITAL_STEMS) or (
        health and any(_HOSPITAL_WORD.fullmatch(w) for w in words)
    ):
        return DomainInfo(domain, "hospital", suffix)
    if health:
        return DomainInfo(domain, "public_health", suffix)
    return DomainInfo(domain, "other", suffix)


def _case_like(template: str, s: str) -> str:
    if template.isupper():
        return s.upper()
    if any(c.isupper() for c in template[1:]):  # "AJU.ej-gv.es": label by label, as the original's labels
        marks = template.split(".")
        out = []
        for i, label in enumerate(s.split(".")):
            mark = marks[min(i, len(marks) - 1)]
            out.append(label.upper() if mark.isupper() else label[:1].upper() + label[1:] if mark[:1].isupper()
                       else label)
        return ".".join(out)
    if template[:1].isupper():
        return s[:1].upper() + s[1:]
    return s


def generate_label(rng: np.random.Generator, label: str, *, force: bool = False) -> str:
    """A new label of the same length and case: generic words stay (unless ``force``), short codes become
    initials of listed words, longer words real words (:func:`..shape.real_word`)."""
    if not label or (label.lower() in GENERIC_LABELS and not force):
        return label
    stem = None if force else _kept_stem(label)
    if stem is not None:  # "hospitalsanrafael" -> "hospital" + a pseudo-word: still a hospital's host
        start, end = stem
        for _ in range(8):  # the pieces around the stem may be short: draw until the label changes
            new = _word_piece(rng, label[:start]) + label[start:end] + _word_piece(rng, label[end:])
            if new.lower() != label.lower():
                return new
    if len(label) <= 4 or not any(c in "aeiouAEIOU" for c in label):
        # acronym-like (hmdc, humv, hgy): initials of listed words, a leading h (hospital) kept
        body = initials_like(rng, label)
        if label[0].lower() == "h":
            body = label[0] + body[1:]
    else:
        body = pseudo_word(rng, label)
    return "".join(random_digits(rng, 1) if c.isdigit() else c for c in body)


def _word_piece(rng: np.random.Generator, piece: str) -> str:
    return "".join(random_digits(rng, 1) if c.isdigit() else c for c in pseudo_word(rng, piece))


def _kept_stem(label: str) -> tuple[int, int] | None:
    """Where the first health stem of ``label`` is, when the label has other letters around it."""
    low = label.lower()
    found = [(low.find(stem), -len(stem)) for stem in _KEPT_STEMS if stem in low]
    if not found:
        return None
    start, neg_len = min(found)
    end = start - neg_len
    if not any(c.isalpha() for c in label[:start] + label[end:]):
        return None
    return start, end


def generate_host(rng: np.random.Generator, info: DomainInfo, *, force: bool = False) -> str:
    """The original's labels re-generated label by label, public suffix kept."""
    labels = info.domain.split(".")
    n_suffix = info.suffix.count(".") + 1 if info.suffix else 0
    host = labels[: len(labels) - n_suffix]
    new = [generate_label(rng, lbl, force=force) for lbl in host]
    return ".".join(new + labels[len(host) :])


@dataclass(frozen=True)
class DomainRow:
    """One real domain a surrogate may use."""

    domain: str
    kind: str  # webmail | public_health | hospital | university | society | other
    country: str  # ISO 3166 alpha-2 in lower case, "int" for an international provider
    weight: float

    @property
    def suffix(self) -> str:
        return public_suffix(self.domain.split("."))

    @property
    def health(self) -> bool:
        """The host says "health" by itself (what a reader, and the format check, sees)."""
        return classify(self.domain).kind in _HEALTH_KINDS


_HEALTH_KINDS = ("hospital", "public_health")
#: leading labels an institutional address may keep in front of a drawn domain (correo.ugr.es -> correo.usal.es)
_LEADING_KEPT = frozenset("correo mail email webmail alumni alumnos estudiantes servidor".split())
#: domains whose reading (``DomainChooser._plan``) is kept: reuse comes from the copies of one document, so
#: a small bound keeps the hits and lets a worker's memory level off within a few thousand documents
_PLANS_KEPT = 4096
#: ccTLDs that are Spain's own (an address under them is a Spanish one)
_SPANISH_TLDS = frozenset({"es", "cat", "eus", "gal"})
_UNIVERSITY = re.compile(r"u[a-z0-9]{1,6}|[a-z]*univ[a-z]*|[a-z]*uni")


class _DomainPlan(NamedTuple):
    info: DomainInfo
    kind: str
    registrable: str
    labels: tuple[str, ...]
    n_suffix: int
    rows: tuple[DomainRow, ...]  # the first tier's rows, empty when no tier has any
    cdf: tuple[float, ...]


class DomainChooser:
    """Draws replacement domains from a list of real ones; built once per replacer.

    ``rows`` come from the ``email_domains`` gazetteer (``DomainRow``); without it the built-in webmail and
    health-service lists are the rows. A domain is drawn among rows of the original's kind, public suffix and
    country (a Spanish address never gets a Latin American provider), by weight: for webmail, the providers'
    shares in the corpus era, and the original provider may come back (it names no one; the local part
    changes). An institutional domain never comes back, nor does any host under the same registrable domain.
    Only where no real domain has the original's suffix (a typo such as ``gva.e``) is a real host put on that
    suffix, and only where nothing at all fits is a host generated.
    """

    def __init__(self, rows: list[DomainRow] | None = None) -> None:
        builtin = [DomainRow(d, "webmail", _country_of(d), 1.0) for d in WEBMAIL]
        builtin += [DomainRow(d, "public_health", "es", 1.0) for d in PUBLIC_HEALTH]
        table = [r for r in (rows or []) if r.weight > 0]
        self.rows = table or builtin
        # suffixes the table lacks (yahoo.fr, libero.it...) are served by the built-in real lists
        covered = {r.suffix for r in table}
        self.rows = self.rows + [r for r in builtin if table and r.suffix not in covered]
        self._by_suffix: dict[str, list[DomainRow]] = {}
        self._plan = functools.lru_cache(maxsize=_PLANS_KEPT)(self._read_plan)
        for r in self.rows:
            self._by_suffix.setdefault(r.suffix, []).append(r)
        self._known = {r.domain.lower(): r for r in self.rows}

    @property
    def domains(self) -> frozenset[str]:
        return frozenset(self._known)

    def replace(self, rng: np.random.Generator, domain: str) -> str:
        plan = self._plan(domain)  # which rows may stand in depends on the domain alone: read once, drawn each time
        if plan.rows:
            drawn = plan.rows[bisect_right(plan.cdf, rng.random())].domain  # what rng.choice(n, p=...) draws
            return _case_like(domain, self._with_leading(plan.labels, plan.n_suffix, drawn))
        info, low = plan.info, domain.lower()
        drawn = self._transplant(rng, plan.kind, info)
        if drawn is None and plan.kind in _HEALTH_KINDS and info.kind in _HEALTH_KINDS:
            # a table whose health rows do not say so themselves
            rows = [r for r in self._by_suffix.get(info.suffix, []) if r.kind in _HEALTH_KINDS and r.domain != low
                    and _registrable(r) != plan.registrable]
            drawn = _weighted(rng, rows).domain if rows else None
        return _case_like(domain, drawn) if drawn else generate_host(rng, info)

    def _read_plan(self, domain: str) -> _DomainPlan:
        """The domain's reading, and the rows of the first tier that has any with their cumulative draw shares
        (none: transplant or generate)."""
        info = classify(domain)
        low = domain.lower()
        labels = low.split(".")
        n_suffix = info.suffix.count(".") + 1 if info.suffix else 0
        registrable = ".".join(labels[-(n_suffix + 1):]) if info.suffix else low
        country = self.country(low, registrable)
        kind = self.kind(info, registrable)
        pool = self._by_suffix.get(info.suffix, [])
        same_country = lambda r: r.country == country or (r.kind == "webmail" and r.country == "int")  # noqa: E731
        if kind == "webmail":
            tiers = [lambda r: r.kind == "webmail" and same_country(r), lambda r: r.kind == "webmail"]
        else:
            other = lambda r: r.domain != low and _registrable(r) != registrable  # noqa: E731
            if kind in _HEALTH_KINDS and info.kind in _HEALTH_KINDS:  # the host says health: so must the new
                tiers = [lambda r: r.kind == kind and r.health and other(r),
                         lambda r: r.kind in _HEALTH_KINDS and r.health and other(r),
                         # last, the service a hospital host sits under (htxa.osakidetza.net -> osakidetza.net)
                         lambda r: r.health and r.domain != low and low.endswith("." + r.domain)]
            else:
                tiers = [lambda r: r.kind == kind and other(r),
                         lambda r: r.kind != "webmail" and other(r), other]
            tiers = [lambda r, t=t: t(r) and r.country == country for t in tiers[:2]] + tiers
        for tier in tiers:
            found = [r for r in pool if tier(r)]
            if found:
                cdf = _probabilities(found).cumsum()
                cdf /= cdf[-1]  # as Generator.choice normalises it
                return _DomainPlan(info, kind, registrable, tuple(labels), n_suffix, tuple(found), tuple(cdf.tolist()))
        return _DomainPlan(info, kind, registrable, tuple(labels), n_suffix, (), ())

    def country(self, domain: str, registrable: str) -> str:
        """The country an address belongs to: its row's, else its ccTLD's, else Spain."""
        row = self._known.get(domain) or self._known.get(registrable)
        if row is not None and row.country != "int":
            return row.country
        return _country_of(domain)

    def kind(self, info: DomainInfo, registrable: str) -> str:
        """The original's kind: its row's, else :func:`classify`'s, an ``other`` that reads as a university
        (usal.es, unizar.es, alumni.unav.es, *.edu.uy) told apart."""
        if info.kind in _HEALTH_KINDS:
            return info.kind
        row = self._known.get(info.domain.lower()) or self._known.get(registrable)
        if row is not None:
            return row.kind
        if info.kind == "other":
            host = registrable.split(".")[0]
            if _UNIVERSITY.fullmatch(host) or info.suffix.startswith("edu"):
                return "university"
        return info.kind

    def _with_leading(self, labels: tuple[str, ...], n_suffix: int, drawn: str) -> str:
        """``correo.ugr.es`` -> ``correo.usal.es``: generic leading labels stay in front of a bare domain."""
        lead = labels[: len(labels) - n_suffix - 1]
        if lead and all(lbl in _LEADING_KEPT for lbl in lead) and drawn.count(".") == n_suffix:
            return ".".join([*lead, drawn])
        return drawn

    def _transplant(self, rng: np.random.Generator, kind: str, info: DomainInfo) -> str | None:
        """A real domain's one-label host of ``kind`` on the original's suffix (``gva.e`` -> ``sergas.e``,
        ``x@alemana`` -> ``x@usal``): for a suffix no real domain has. Only hosts that say their kind by
        themselves qualify for webmail and health (``aragon`` says health only as ``aragon.es``)."""
        own_host = info.domain.lower()[: -len(info.suffix) - 1] if info.suffix else info.domain.lower()
        group = _HEALTH_KINDS if kind in _HEALTH_KINDS else (kind,)
        pool: dict[str, float] = {}
        for row in self.rows:
            host = row.domain.lower()[: -len(row.suffix) - 1]
            if row.kind in group and "." not in host and host != own_host and _says_kind(host, kind):
                pool.setdefault(host, row.weight)
        if not pool:
            return None
        hosts, w = list(pool), np.array(list(pool.values()), dtype=float)
        host = hosts[int(rng.choice(len(hosts), p=w / w.sum()))]
        return f"{host}.{info.suffix}" if info.suffix else host


def _weighted(rng: np.random.Generator, rows: list[DomainRow]) -> DomainRow:
    return rows[int(rng.choice(len(rows), p=_probabilities(rows)))]


def _probabilities(rows: list[DomainRow]) -> np.ndarray:
    w = np.array([r.weight for r in rows], dtype=float)
    return w / w.sum()


def _registrable(row: DomainRow) -> str:
    labels = row.domain.lower().split(".")
    return ".".join(labels[-(row.suffix.count(".") + 2):])


def _country_of(domain: str) -> str:
    last = domain.lower().rsplit(".", 1)[-1]
    return last if len(last) == 2 and last not in _SPANISH_TLDS else "es"


def _says_kind(host: str, kind: str) -> bool:
    if kind == "webmail":
        return host in WEBMAIL_LABELS
    if kind not in _HEALTH_KINDS:
        return True
    return host in _SERVICE_NAMES or any(stem in host for stem in _KEPT_STEMS)


#: Health services whose name alone says so (a transplanted host keeps saying "health" on another suffix).
_SERVICE_NAMES = frozenset({"sergas", "sacyl", "sescam", "sespa", "osakidetza", "ibsalut", "insalud"})
