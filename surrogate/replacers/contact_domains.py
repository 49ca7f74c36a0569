"""E-mail and web domains: classify an original domain, draw or generate one of the same kind and TLD.

Kinds: ``webmail`` (gmail, hotmail, ISP mailboxes such as telefonica.net), ``public_health`` (regional
health services: sergas.es, salud.madrid.org...), ``hospital`` (a hospital host, often under a health
service: hmdc.sacyl.es) and ``other`` (universities, colleges, companies). The *suffix* is the public
suffix a surrogate keeps: the last label, or the last two for ``com.ar``-style country second levels.

The gazetteer table ``email_domains`` (columns value, weight, domain_kind, tld) is used when present;
the built-in lists below are the fallback. Hosts that are not drawn from a list are generated: labels
that are generic words (salud, correo, alumni...) stay, the others become pseudo-words or acronyms of the
same length and case, so the result is plausible but not a copy of the original's identifying labels.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .shape import pseudo_word, random_digits, random_letters

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
    if any(low.endswith("." + d) for d in PUBLIC_HEALTH) or any(
        h in _HEALTH_HINTS or h.startswith("salud") for h in host
    ):
        # a host below the service (hmdc.sacyl.es) is a hospital or a health centre
        base = next((d for d in PUBLIC_HEALTH if low.endswith("." + d)), None)
        return DomainInfo(domain, "hospital" if base else "public_health", suffix)
    if host and (host[0].startswith("hosp") or host[0].startswith("clinic")):
        return DomainInfo(domain, "hospital", suffix)
    return DomainInfo(domain, "other", suffix)


def _case_like(template: str, s: str) -> str:
    if template.isupper():
        return s.upper()
    if template[:1].isupper():
        return s[:1].upper() + s[1:]
    return s


def generate_label(rng: np.random.Generator, label: str, *, force: bool = False) -> str:
    """A new label of the same length and case: generic words stay (unless ``force``), short codes become
    random letters, longer words pseudo-words."""
    if not label or (label.lower() in GENERIC_LABELS and not force):
        return label
    if len(label) <= 4 or not any(c in "aeiouAEIOU" for c in label):
        # acronym-like (hmdc, humv, hgy): random letters, a leading h (hospital) kept
        body = "".join(random_letters(rng, c) if c.isalpha() else c for c in label)
        if label[0].lower() == "h":
            body = label[0] + body[1:]
    else:
        body = pseudo_word(rng, label)
    return "".join(random_digits(rng, 1) if c.isdigit() else c for c in body)


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

    def replace(self, rng: np.random.Generator, domain: str) -> str:
        info = classify(domain)
        if info.kind == "webmail":
            drawn = self._draw(rng, "webmail", info.suffix, domain)
            return _case_like(domain, drawn) if drawn else generate_host(rng, info)
        if info.kind == "hospital":
            labels = domain.split(".")
            base = next((d for d in PUBLIC_HEALTH if domain.lower().endswith("." + d)), None)
            if base:  # a hospital host under a health service: new host under another service
                service = self._draw(rng, "public_health", info.suffix, base)
                if service:
                    return f"{generate_label(rng, labels[0])}.{_case_like(domain, service)}"
            drawn = self._draw(rng, "hospital", info.suffix, domain)
            return _case_like(domain, drawn) if drawn else generate_host(rng, info)
        if info.kind == "public_health":
            drawn = self._draw(rng, "public_health", info.suffix, domain)
            return _case_like(domain, drawn) if drawn else generate_host(rng, info)
        return generate_host(rng, info)


def _index(rows: list[tuple[str, str, str, float]]) -> dict[str, list[tuple[str, str, float]]]:
    by_kind: dict[str, list[tuple[str, str, float]]] = {}
    for domain, kind, suffix, weight in rows:
        if weight > 0:
            by_kind.setdefault(kind, []).append((domain, suffix, float(weight)))
    return by_kind
