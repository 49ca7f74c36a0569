"""URLs and IP addresses (kind ``url``): format-preserving.

- IPv4 stays a valid dotted quad with the same digit count per octet; a private or loopback address
  (10/8, 172.16/12, 192.168/16, 127/8) keeps its network part, a public one stays public.
- IPv6 keeps its groups, ``::`` and case; every hex digit is re-drawn (a link-local/ULA first group stays).
- URLs keep scheme, ``www``, port, path structure, file extensions and the public suffix (``.es``,
  ``.com.ar``), except a city's (``.madrid`` becomes ``.es``); host labels and path words become pseudo-words or codes of the same length and case,
  digits are re-drawn, common path words (``index``, ``html``, ``es``) stay.
- Anything else is shape-kept.
"""
from __future__ import annotations

import ipaddress
import re

import numpy as np

from gazetteers.text import fold

from ...leak_guard import words_of
from ..base import CannotReplace, Replacer, SpanContext
from .domains import generate_label, public_suffix
from ..registry import register
from ..shape import digits_like, pseudo_word, refuse_unchanged, shape_keep

_IPV4 = re.compile(r"(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})")
_IPV6 = re.compile(r"(?i)[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}")
_URL = re.compile(
    r"(?i)(?P<scheme>[a-z][a-z0-9+.\-]*://)?(?P<user>[^@/\s]+@)?(?P<host>[^/:?#\s]+\.[a-z]{2,}|"
    r"\d{1,3}(?:\.\d{1,3}){3})(?P<port>:\d+)?(?P<rest>[/?#]\S*)?"
)
_PATH_RUNS = re.compile(r"%[0-9A-Fa-f]{2}|[^\W\d_]+|\d+|[\W_]+")
#: Path words that describe the site's machinery, not anyone: kept.
PATH_KEEP = frozenset(
    """index default home inicio html htm php asp aspx jsp cgi bin pdf doc docx xls xlsx jpg jpeg png gif
    www web en es ca gl eu fr pt de it id page pagina paginas view ver article articulo articulos noticias news
    img images imagenes static files documentos docs search buscar lang cat portal servicios contacto
    salud hospital clinica pacientes profesionales""".split()
)
_LOCAL_FIRST = ("fe8", "fe9", "fea", "feb", "fc", "fd")
#: city top-level domains name a town ("www.comunidad.madrid"), which the note's places are replaced for: the
#: surrogate moves to the country's suffix (keeping ".madrid" wrote the document's own town again)
CITY_SUFFIXES = frozenset({"madrid", "barcelona", "bcn"})


@register
class UrlReplacer(Replacer):
    kind = "url"
    # what the replacer copies on purpose: schemes, "www", public suffixes and machinery path words; outside a
    # lower-case "http://"/"www." the guard reads a URL word by word ("HTTP://WWW.HOSPITAL.ES")
    kept_words = words_of(PATH_KEEP, "http https ftp www com org net cat eus gal edu gob info")

    def keeps(self, word: str) -> bool:
        """The words above, a path word of at most two letters (kept as written) and an octet or other group
        of at most three digits (a private address keeps its network: "192.168")."""
        return word in self.kept_words or (len(word) <= 2 and word.isalpha()) or (word.isdigit() and len(word) <= 3)

    def replace(self, original: str, ctx: SpanContext) -> str:
        return self.generate(original, ctx.rng)

    def generate(self, original: str, rng: np.random.Generator) -> str:
        stripped = original.strip()
        lead = original[: len(original) - len(original.lstrip())]
        trail = original[len(original.rstrip()) :]
        if _IPV4.fullmatch(stripped):
            return lead + ipv4(stripped, rng) + trail
        if ":" in stripped and _IPV6.fullmatch(stripped):
            return lead + ipv6(stripped, rng) + trail
        m = _URL.fullmatch(stripped)
        if not m:
            return refuse_unchanged(original, shape_keep(rng, original, words=True))
        host = m.group("host")
        new_host = ipv4(host, rng) if _IPV4.fullmatch(host) else _host(host, rng)
        parts = [
            m.group("scheme") or "",
            shape_keep(rng, m.group("user"), words=True) if m.group("user") else "",
            new_host,
            m.group("port") or "",
            _path(m.group("rest") or "", rng),
        ]
        new = "".join(parts)
        if fold(new) == fold(stripped):
            parts[2] = _host(host, rng, force=True)
            new = "".join(parts)
        return lead + refuse_unchanged(stripped, new) + trail


def _host(host: str, rng: np.random.Generator, *, force: bool = False) -> str:
    """Host labels re-generated (``www`` and the public suffix kept)."""
    labels = host.split(".")
    n_suffix = public_suffix(labels).count(".") + 1
    new = [lbl if lbl.lower() == "www" else generate_label(rng, lbl, force=force) for lbl in labels[:-n_suffix]]
    suffix = labels[len(labels) - n_suffix :]
    if n_suffix == 1 and suffix[0].lower() in CITY_SUFFIXES:
        suffix = ["ES" if suffix[0].isupper() else "es"]
    return ".".join(new + suffix)


def _path(rest: str, rng: np.random.Generator) -> str:
    out = []
    for m in _PATH_RUNS.finditer(rest):
        run = m.group()
        if run.startswith("%") and len(run) == 3:
            out.append(run)  # a percent-escape is syntax
        elif run[0].isdigit():
            out.append(digits_like(rng, run))
        elif run[0].isalpha():
            # a short word outside the list is re-drawn too: it may be a user's name ("/stories/lu.gracia_03/")
            out.append(run if run.lower() in PATH_KEEP else pseudo_word(rng, run))
        else:
            out.append(run)
    return "".join(out)


# -- IP addresses --------------------------------------------------------------------------------------------
def _octet(rng: np.random.Generator, digits: int, lo: int = 0, hi: int = 255, avoid: tuple[int, ...] = ()) -> str:
    low = max(lo, 10 ** (digits - 1) if digits > 1 else 0)
    high = min(hi, 10**digits - 1)
    values = [v for v in range(low, high + 1) if v not in avoid] or list(range(low, high + 1))
    return str(values[int(rng.integers(0, len(values)))])


def is_private(octets: list[int]) -> bool:
    a, b = octets[0], octets[1]
    return a == 10 or a == 127 or (a == 172 and 16 <= b <= 31) or (a == 192 and b == 168)


_MAX_PUBLIC_DRAWS = 50


def ipv4(original: str, rng: np.random.Generator) -> str:
    """A valid dotted quad: same digit count per octet, private stays private (same network), public public."""
    groups = original.split(".")
    octets = [int(g) for g in groups]
    if all(0 <= o <= 255 for o in octets) and is_private(octets):
        keep = 2 if octets[0] in (172, 192) else 1
        new = groups[:keep] + [_octet(rng, len(g)) for g in groups[keep:3]] + [_last_octet(rng, groups[3])]
        return ".".join(new)
    # public: redraw until the stdlib calls it global (skips private, shared CGNAT, reserved space...)
    for _ in range(_MAX_PUBLIC_DRAWS):
        first = _octet(rng, len(groups[0]), 1, 223, avoid=(10, 127, 169, 172, 192))
        quad = ".".join([first] + [_octet(rng, len(g)) for g in groups[1:3]] + [_last_octet(rng, groups[3])])
        if ipaddress.IPv4Address(quad).is_global:
            return quad
    raise CannotReplace("no public address of this shape")


def _last_octet(rng: np.random.Generator, group: str) -> str:
    """A host octet: not 0 (network) nor 255 (broadcast)."""
    return _octet(rng, len(group), 1, 254)


def ipv6(original: str, rng: np.random.Generator) -> str:
    groups = original.split(":")
    keep_first = groups[0].lower().startswith(_LOCAL_FIRST)
    upper = any(c.isupper() for c in original)
    out = []
    for i, g in enumerate(groups):
        if i == 0 and keep_first:
            out.append(g)
            continue
        # hex digits keep their class: a digit stays a digit, a letter stays a letter a–f
        digits, letters = rng.integers(0, 10, size=len(g)), rng.integers(0, 6, size=len(g))
        new = "".join(str(d) if c.isdigit() else "abcdef"[x] for c, d, x in zip(g, digits, letters))
        out.append(new.upper() if upper else new)
    return ":".join(out)
