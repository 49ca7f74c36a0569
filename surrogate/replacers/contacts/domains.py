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

import re
from dataclasses import dataclass

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
    yandex mail navegalia arrakis infonegocio retemail airtel menta auna jet""".split()
)
#: Regional health services and health administrations (one host each), by public suffix.
PUBLIC_HEALTH = (
    "sergas.es", "sescam.jccm.es", "saludcastillayleon.es", "sacyl.es", "juntadeandalucia.es", "gva.es",
    "riojasalud.es", "scsalud.es", "sespa.es", "carm.es", "aragon.es", "navarra.es", "ibsalut.es",
    "sanidad.gob.es", "salud.madrid.org", "madrid.org", "gencat.cat", "ics.gencat.cat", "osakidetza.eus",
    "osakidetza.net", "salud.aragon.es", "canarias.org", "ses.juntaex.es",
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
_HOSPITAL_STEMS = ("hosp", "clinic", "clínic")
#: … a hospital acronym next to a health word (``hcu-sanitario``) or an ``h`` glued to a hospital type
#: (``huniversitario``, ``hgeneral``)…
_HOSPITAL_WORD = re.compile(r"h[a-z]{1,3}|h(?:universitari|general|comarcal|clinic|materno|infantil)\w*")
#: … or a health service's (``servicio-salud``, ``areasanitaria``, ``sanidad-autonomica``).
_PUBLIC_HEALTH_STEMS = ("salud", "sanid", "sanitari")
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


class DomainChooser:
    """Draws replacement domains; built once per replacer.

    ``table_rows`` (domain, kind, suffix, weight) come from the ``email_domains`` gazetteer and are
    preferred; the built-in lists fill in suffixes the table does not cover (``com.ar``, ``net``...).
    """

    def __init__(self, table_rows: list[tuple[str, str, str, float]] | None = None) -> None:
        builtin = [(d, "webmail", classify(d).suffix, 1.0) for d in WEBMAIL]
        builtin += [(d, "public_health", classify(d).suffix, 1.0) for d in PUBLIC_HEALTH]
        self._sources = [_index(table_rows or []), _index(builtin)]

    def _draw(self, rng: np.random.Generator, kind: str, suffix: str, exclude: str) -> str | None:
        last = suffix.split(".")[-1]
        for match in (lambda t: t == suffix, lambda t: t.split(".")[-1] == last):
            for source in self._sources:
                pool = [r for r in source.get(kind, ()) if match(r[1]) and r[0].lower() != exclude.lower()]
                if pool:
                    w = np.array([r[2] for r in pool], dtype=float)
                    return pool[int(rng.choice(len(pool), p=w / w.sum()))][0]
        return None

    def _transplant(self, rng: np.random.Generator, kind: str, info: DomainInfo) -> str | None:
        """Another domain's one-label host of ``kind`` on the original's suffix (``osakidetza.net`` ->
        ``sergas.net``): for a suffix no other domain of the kind has. Only hosts that say their kind by
        themselves qualify (``aragon`` says health only as ``aragon.es``)."""
        if not info.suffix:
            return None
        own_host = info.domain.lower()[: -len(info.suffix) - 1]
        pool: dict[str, float] = {}
        for source in self._sources:
            for domain, suffix, weight in source.get(kind, ()):
                host = domain.lower()[: -len(suffix) - 1] if suffix else ""
                if host and "." not in host and host != own_host and _says_kind(host, kind):
                    pool.setdefault(host, weight)
        if not pool:
            return None
        hosts, w = list(pool), np.array(list(pool.values()), dtype=float)
        return f"{hosts[int(rng.choice(len(hosts), p=w / w.sum()))]}.{info.suffix}"

    def _same_kind(self, rng: np.random.Generator, kind: str, info: DomainInfo, exclude: str) -> str | None:
        return self._draw(rng, kind, info.suffix, exclude) or self._transplant(rng, kind, info)

    def replace(self, rng: np.random.Generator, domain: str) -> str:
        info = classify(domain)
        if info.kind == "webmail":
            drawn = self._same_kind(rng, "webmail", info, domain)
            return _case_like(domain, drawn) if drawn else generate_host(rng, info)
        if info.kind == "hospital":
            labels = domain.split(".")
            base = next((d for d in PUBLIC_HEALTH if domain.lower().endswith("." + d)), None)
            if base:  # a hospital host under a health service: new host under another service
                service = self._same_kind(rng, "public_health", classify(base), base)
                if service:
                    return f"{generate_label(rng, labels[0])}.{_case_like(domain, service)}"
            drawn = self._draw(rng, "hospital", info.suffix, domain)
            return _case_like(domain, drawn) if drawn else generate_host(rng, info)
        if info.kind == "public_health":
            drawn = self._same_kind(rng, "public_health", info, domain)
            return _case_like(domain, drawn) if drawn else generate_host(rng, info)
        return generate_host(rng, info)


def _says_kind(host: str, kind: str) -> bool:
    if kind == "webmail":
        return host in WEBMAIL_LABELS
    return host in _SERVICE_NAMES or any(stem in host for stem in _KEPT_STEMS)


#: Health services whose name alone says so (a transplanted host keeps saying "health" on another suffix).
_SERVICE_NAMES = frozenset({"sergas", "sacyl", "sescam", "sespa", "osakidetza", "ibsalut", "insalud"})


def _index(rows: list[tuple[str, str, str, float]]) -> dict[str, list[tuple[str, str, float]]]:
    by_kind: dict[str, list[tuple[str, str, float]]] = {}
    for domain, kind, suffix, weight in rows:
        if weight > 0:
            by_kind.setdefault(kind, []).append((domain, suffix, float(weight)))
    return by_kind
