"""Align an e-mail local part with a person's name and rebuild it from another name in the same style.

``nnavcu`` against *Ignacio Navarro Cuéllar* parses as ``n`` (free) + ``nav`` (prefix of token 2) + ``cu``
(prefix of token 3); ``jrubiopalau`` against *Josep Rubio Palau* as ``j`` (initial of 1) + ``rubio`` (2,
whole) + ``palau`` (3, whole). Rebuilding takes the same prefix lengths of the surrogate's tokens
(``Pedro Gómez Sanz`` → ``xgomsa``, ``pgomezsanz``), keeps separators, and re-draws digits and free letters.

The parse is a small dynamic programme per letter run: each position either starts a piece that is a
prefix of some name token (scored by its length; one-letter initials score less) or is a free letter.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Sequence

from gazetteers.text import CharTable

#: Name particles left out of the alignment ("de la Fuente" aligns as "fuente").
PARTICLES = frozenset("de del la las los y i e da das do dos van von der di du le mc".split())
#: Letter runs that label an address rather than name someone: kept as they are.
KEEP_WORDS = frozenset(
    """dr dra drs doc doctor doctora prof info contacto consulta secretaria secretaría admin administracion
    urgencias hospital clinica salud med medico medica mail correo enfermeria servicio unidad web
    investigacion research office oficina
    admision admisiones autorizacion autorizaciones cita citas citacion citaciones informacion atencion paciente
    pacientes recepcion direccion gerencia calidad docencia formacion registro archivo documentacion
    reclamaciones farmacia laboratorio radiologia rehabilitacion prestaciones siniestros
    infermeria enfermaria erizaintza urgencies urxencias consultes consultas cap csm usm pediatria fisioterapia
    trabajosocial treballsocial matrona matronas enfermera enfermero pediatra
    rrhh prl nominas personal empleo
    cardio cardiologia neuro neurologia onco oncologia hemato hematologia gineco ginecologia obstetricia
    trauma traumatologia uci urologia nefro nefrologia digestivo endocrino endocrinologia derma dermatologia
    oftalmo oftalmologia orl psiquiatria psico psicologia geriatria neumo neumologia reuma reumatologia
    cirugia anestesia paliativos hospitalizacion quirofano microbiologia analisis extracciones vacunas
    dialisis hemodialisis neonatos neonatologia uce hdia supervision""".split()
)  # department mailboxes too: "autorizaciones@…" came out "pedrocastillopdailab@…"; then the co-official
#   languages' ("cap.laflorida.infermeria@…" came out "luz.vclsierra.cclobnueve@…"); an employer's ("rrhh.…@…" came
#   out "pino.…"); a unit's ("secretaria.cardio@…" came out "secretaria.meseta@…", "cardio" being a rare surname)
_RUNS = re.compile(r"[^\W\d_]+|\d+|[\W_]+")
_TOKEN = re.compile(r"[^\s\-.'’]+")
_INITIAL_WEIGHT = 0.6
_PIECE_COST = 0.3
_ORDER_BONUS = 0.05
#: A local part counts as name-derived when it holds a name piece at least this long (or a whole token).
MIN_DERIVED_PIECE = 3


def fold_char(c: str) -> str:
    """One lowercase ASCII-ish character for one input character (keeps positions aligned)."""
    d = unicodedata.normalize("NFD", c.lower())
    return d[0] if d else c


_FOLD_KEEP_LENGTH = CharTable(fold_char)


def fold_keep_length(s: str) -> str:
    return s.translate(_FOLD_KEEP_LENGTH)


def _folded_letter(c: str) -> str:
    f = fold_char(c)
    return f if f.isalpha() else ""


_FOLDED_LETTERS = CharTable(_folded_letter)  # fold_keep_length, then only the letters: one C loop


@lru_cache(maxsize=8192)
def name_tokens(name: str) -> tuple[str, ...]:
    """Folded tokens of a person's name, particles dropped (``C. Lara`` → ``c``, ``lara``). A one-letter particle
    written as an initial or first is an initial ("Y. García", "E Ruiz"): dropped, the mapping of "M. Sáenz" onto
    it put "garcia" for the "m" of "msaenzc" ("garciagarciap")."""
    out = []
    for m in _TOKEN.finditer(name):
        t = m.group().translate(_FOLDED_LETTERS)
        if t and (t not in PARTICLES or (len(t) == 1 and (not out or name.startswith(".", m.end())))):
            out.append(t)
    return tuple(out)


@dataclass(frozen=True)
class Piece:
    start: int  # offsets in the local part
    end: int
    kind: str  # "name" | "free" | "digits" | "sep"
    token: int = -1  # index into the name's tokens
    full: bool = False  # the whole token (not a prefix)


@dataclass
class Alignment:
    pieces: list[Piece] = field(default_factory=list)
    score: float = 0.0

    @property
    def name_pieces(self) -> list[Piece]:
        return [p for p in self.pieces if p.kind == "name"]

    def derived(self, tokens: Sequence[str]) -> bool:
        """True when some piece is a long prefix or a whole token, or two pieces are two-letter prefixes
        (``sojuba`` ← Sonia Junquera Bañares); initials alone are not evidence."""
        pieces = self.name_pieces
        if any((p.end - p.start) >= MIN_DERIVED_PIECE or (p.full and len(tokens[p.token]) >= 2) for p in pieces):
            return True
        return sum(1 for p in pieces if p.end - p.start >= 2) >= 2


def _align_run(run: str, offset: int, tokens: Sequence[str]) -> tuple[float, list[Piece]]:
    """Best-scoring pieces of one letter run: per position the best score reaching it, with a back pointer
    (pieces are built only along the winning path, not copied into every candidate). Ties keep the first
    candidate found."""
    m = len(run)
    score_at: list[float | None] = [None] * (m + 1)
    back: list[tuple[int, int, bool]] = [(0, -1, False)] * (m + 1)  # (start, name token or -1 if free, full)
    last_at = [-1] * (m + 1)  # the last name token on the best path to each position
    score_at[0] = 0.0
    for i in range(m):
        score = score_at[i]
        if score is None:
            continue
        last = last_at[i]
        best = score_at[i + 1]
        if best is None or score > best:  # a free letter
            score_at[i + 1], back[i + 1], last_at[i + 1] = score, (i, -1, False), last
        for j, tok in enumerate(tokens):
            kmax = min(len(tok), m - i)
            k = 0
            while k < kmax and run[i + k] == tok[k]:
                k += 1
            for length in range(1, k + 1):
                full = length == len(tok)
                gain = (length if length >= 2 else _INITIAL_WEIGHT) + (0.5 if full else 0.0) - _PIECE_COST
                if j > last:
                    gain += _ORDER_BONUS  # ties go to the reading order of the name (mm ← Maldonado Morales)
                cand = score + gain
                best = score_at[i + length]
                if best is None or cand > best:
                    score_at[i + length], back[i + length], last_at[i + length] = cand, (i, j, full), j
    final = score_at[m]
    assert final is not None
    pieces: list[Piece] = []
    end = m
    while end > 0:
        start, token, full = back[end]
        pieces.append(Piece(offset + start, offset + end, "free") if token < 0
                      else Piece(offset + start, offset + end, "name", token, full))
        end = start
    pieces.reverse()
    return final, pieces


def align(local: str, tokens: Sequence[str]) -> Alignment:
    """Best parse of ``local`` (any case, accents allowed) into name pieces, free letters, digits and separators."""
    folded = fold_keep_length(local)
    out = Alignment()
    for mt in _RUNS.finditer(folded):
        run, s = mt.group(), mt.start()
        if run[0].isdigit():
            out.pieces.append(Piece(s, mt.end(), "digits"))
        elif not run[0].isalpha():
            out.pieces.append(Piece(s, mt.end(), "sep"))
        elif run in KEEP_WORDS or not tokens:
            out.pieces.append(Piece(s, mt.end(), "free"))
        else:
            score, pieces = _align_run(run, s, tokens)
            out.score += score
            out.pieces.extend(pieces)
    out.pieces = _merge_free(out.pieces)
    return out


def _merge_free(pieces: list[Piece]) -> list[Piece]:
    merged: list[Piece] = []
    for p in pieces:
        if p.kind == "free" and merged and merged[-1].kind == "free" and merged[-1].end == p.start:
            merged[-1] = Piece(merged[-1].start, p.end, "free")
        else:
            merged.append(p)
    return merged


def split_given_surnames(tokens: Sequence[str]) -> tuple[int, int]:
    """(number of given-name tokens, number of surname tokens): Spanish names end with two surnames."""
    n = len(tokens)
    if n >= 3:
        return n - 2, 2
    if n == 2:
        return 1, 1
    return 0, n


def token_map(original: Sequence[str], surrogate: Sequence[str]) -> list[int]:
    """For each original token, the index of the surrogate token that plays its role."""
    if not surrogate:
        return []
    if len(original) == len(surrogate):
        return list(range(len(original)))
    g_o = split_given_surnames(original)[0]
    g_s, s_s = split_given_surnames(surrogate)
    out = []
    for i in range(len(original)):
        if i < g_o:  # a given name
            out.append(min(i, g_s - 1) if g_s else 0)
        else:
            k = i - g_o
            out.append(g_s + min(k, s_s - 1) if s_s else len(surrogate) - 1)
    return out


@lru_cache(maxsize=8192)
def _derived_alignment(local: str, tokens: tuple[str, ...]) -> Alignment | None:
    """align() when the local part derives from the name, else None: pure, and its result only read, so one
    document's addresses meet the same names on every seed without aligning again."""
    # a derived alignment has a piece of two letters or more, a prefix of some token: without any token's first
    # two letters in the local part there is none (most pairs of an address and another person of the document)
    folded = fold_keep_length(local)
    if not any(len(t) >= 2 and t[:2] in folded for t in tokens):
        return None
    al = align(local, tokens)
    return al if al.derived(tokens) else None


def best_person(local: str, people: Iterable[tuple[str, str]]) -> tuple[str, str, Alignment] | None:
    """The (original name, surrogate name, alignment) whose name the local part embeds best, if any."""
    best: tuple[float, int, str, str, Alignment] | None = None
    for original, surrogate in people:
        tokens = name_tokens(original)
        if not tokens:
            continue
        al = _derived_alignment(local, tokens)
        if al is None:
            continue
        key = (al.score, len(tokens))
        if best is None or key > (best[0], best[1]):
            best = (al.score, len(tokens), original, surrogate, al)
    return None if best is None else (best[2], best[3], best[4])


def case_like(template: str, s: str) -> str:
    if template.isupper() and len(template) > 1:
        return s.upper()
    if template[:1].isupper():
        return s[:1].upper() + s[1:]
    return s


def segment_lexicon(run: str, lexicon: frozenset[str], max_len: int = 16) -> list[tuple[int, int, bool]]:
    """Split a folded letter run into lexicon words (len ≥ 3) and free stretches: (start, end, is_word)."""
    m = len(run)
    best: list[tuple[int, int, list[tuple[int, int, bool]]] | None] = [None] * (m + 1)
    best[0] = (0, 0, [])
    for i in range(m):
        if best[i] is None:
            continue
        covered, count, parts = best[i]
        cand = (covered, count, parts + [(i, i + 1, False)])
        if best[i + 1] is None or (cand[0], -cand[1]) > (best[i + 1][0], -best[i + 1][1]):
            best[i + 1] = cand
        for k in range(3, min(max_len, m - i) + 1):
            if run[i : i + k] in lexicon:
                cand = (covered + k, count + 1, parts + [(i, i + k, True)])
                if best[i + k] is None or (cand[0], -cand[1]) > (best[i + k][0], -best[i + k][1]):
                    best[i + k] = cand
    assert best[m] is not None
    merged: list[tuple[int, int, bool]] = []
    for s, e, w in best[m][2]:
        if not w and merged and not merged[-1][2]:
            merged[-1] = (merged[-1][0], e, False)
        else:
            merged.append((s, e, w))
    return merged
