"""Notes typed all in capitals or all in lower case, seen as ordinarily written text.

The detectors read letter case as a cue (``Hospital La Paz``, ``C/ Mayor 12``, ``Dra. Gil``, ``12345678-Z``).
A note typed ``HOSPITAL LA PAZ`` or ``dni 12345678-z`` loses that cue, so for such a note the backend also runs
on a *view*: the same text, same length (offsets hold), with the case a writer would have used where a cue
says so:

* codes keep or get capitals (``12345678-Z``, ``QA519WSP792``, ``NHC``, ``DNI``, plate letters ``KJT``);
* titles and the first word of a line or sentence are capitalised (``Dra.``, ``Paciente:``);
* a facility or street type and the name after it (``Hospital Universitario la Paz``, ``C/ Mayor 12``):
  only when a known name, place or facility word follows (a lower-case note also needs a house number
  after a street);
* given names and surnames of the census lists after a strong cue only (``paciente:``, ``dr.``, ``fdo.:``,
  ``nombre:``, a kinship word before a known given name): a lower-case word is otherwise an ordinary word;
* towns and provinces after a place cue (``vive en``, ``natural de``, a postal code, an address); in
  capitals also a province, a country or a town of 20,000+ anywhere.

Everything else is lower case. Nothing here decides a label: the detectors do, on the view.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from gazetteers.text import fold

from ..lexicon import Lexicon
from ..tokenize import Token, tokens
from . import patterns as P
from . import recase_cues as C
from . import vocab as V
from .facilities import hospital_acronyms
from .recase_cues import LOWER, UPPER


def layout(text: str) -> str | None:
    """``"upper"``, ``"lower"`` or ``None`` (ordinary case) for a text with enough letters to judge."""
    n_upper = sum(map(str.isupper, text))
    total = n_upper + sum(map(str.islower, text))
    if total < 20:
        return None
    if n_upper >= 0.85 * total:
        return UPPER
    if n_upper <= 0.005 * total:
        return LOWER
    return None


def body_layout(text: str) -> str | None:
    """The layout of a note, less its lines typed all in capitals: a dictation in lower case under a
    ``[TRANSCRIPCIÓN AUTOMÁTICA]`` banner is a lower-case note."""
    mode = layout(text)
    if mode is not None:
        return mode
    body = "\n".join(line for line in text.splitlines() if layout(line) != UPPER and not (line.isupper() and len(line) < 80))
    return LOWER if layout(body) == LOWER else None


# a dictation's spoken punctuation, as a speech recogniser writes it out ("... de asturias nueva línea paciente ...")
_DICTATED_BREAK = re.compile(r"(?<![\w])(?:punto y aparte|punto y seguido|nueva línea|nuevo párrafo)(?![\w])")
_DICTATED_MARK = re.compile(
    r"(?<![\w])(?:(?P<stop>punto y aparte|punto y seguido|punto final)|(?P<line>nueva línea|nuevo párrafo)|(?P<colon>dos puntos)|"
    r"(?P<comma>coma)(?![ \t]+(?:etílico|diabético|hipoglucémico|inducido|profundo|vigil)))(?![\w])"
)


def _as_mark(m: re.Match[str]) -> str:
    """A spoken mark as the mark itself, padded to the same length: "coma" → ",   "."""
    mark = "." if m.group("stop") else "\n" if m.group("line") else ":" if m.group("colon") else ","
    return mark + " " * (len(m.group()) - 1)


def _same_length(f: Callable[[str], str]) -> Callable[[str], str]:
    """A case map that keeps every character's length (``ß`` stays ``ß``), so offsets hold."""
    def apply(s: str) -> str:
        return "".join(c2 if len(c2 := f(c)) == 1 else c for c in s)
    return apply


upper = _same_length(str.upper)
lower = _same_length(str.lower)


def capitalised(word: str) -> str:
    return upper(word[:1]) + lower(word[1:])


class Recaser:
    """Builds the view of a capitals-only or lower-case note (see module docstring)."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lex = lexicon

    def view(self, text: str, mode: str | None = None) -> str | None:
        """The view of ``text`` in its layout, or as ``mode`` says (a note typed in lower case with a few capitals)."""
        mode = mode or body_layout(text)
        if mode is None:
            return None
        low = lower(text)
        if mode == LOWER and len(_DICTATED_BREAK.findall(low)) >= 2:
            low = _DICTATED_MARK.sub(_as_mark, low)  # "coma", "punto y aparte" of a speech recogniser: the marks
        toks = [t for t in tokens(low) if t.text[0].isalnum()]
        out = [t.text for t in toks]
        at = {t.start: i for i, t in enumerate(toks)}
        cap: set[int] = set()
        acronyms = hospital_acronyms()
        coded = {m.start() for rx in (C.ROMAN_MONTH, C.HYPHEN_CODE) for m in rx.finditer(low)}
        for i, t in enumerate(toks):
            w = t.text
            if w in C.ACRONYMS and low.startswith("-", t.end):
                continue  # "nhc-7845123": a label glued to its number, not part of a code
            if w == "usa" and mode == LOWER and not C.COUNTRY_BEFORE.search(low, max(0, t.start - 12), t.start):
                continue  # "la paciente usa gafas": the verb, not the country, unless a place cue says so ("viaja a usa")
            if any(c.isdigit() for c in w) and not C.MEASURE.fullmatch(w) or t.start in coded or w in C.ACRONYMS \
                    or upper(w) in acronyms and C.FACILITY_ACRONYM_BEFORE.search(low, max(0, t.start - 30), t.start) \
                    or mode == UPPER and self._acronym(w) or self._glued_to_number(low, t):
                out[i] = upper(w)  # a code or an acronym: "12345678-Z", "QA519WSP792", "4512 KJT", "NHC", "CHUAC"
            elif w in C.TITLES and low.startswith(".", t.end) and not (w == "d" and re.search(r"\d[ \t,]*$", low[max(0, t.start - 4):t.start])) or w in ("don", "doña", "dª") \
                    or C.SENTENCE_START.search(low, max(0, t.start - 4), t.start):
                cap.add(i)
        self._names(low, toks, at, cap, mode)
        self._facilities(low, toks, at, cap, mode)
        self._streets(low, toks, at, cap, mode)
        self._places(low, toks, cap, mode)
        self._after_postal_codes(low, toks, at, cap)
        self._makers(low, toks, at, cap)
        chars = list(low)
        for i, t in enumerate(toks):
            word = capitalised(out[i]) if i in cap and out[i].islower() else out[i]
            chars[t.start:t.end] = word
        return "".join(chars)

    # --- pieces -------------------------------------------------------------------------------------
    @staticmethod
    def _acronym(w: str) -> bool:
        """In a capitals note: a short word without vowels (``KJT``; ``TAC`` is a word) stays in capitals."""
        return len(w) <= 4 and not (C.VOWELS & set(w)) and w not in C.TITLES and w != "y"

    @staticmethod
    def _glued_to_number(low: str, tok: Token) -> bool:
        """The letter of a DNI or NIE (``12345678 z``, ``x 1234567 l``) or a plate's letters (``4512 kjt``);
        not an address letter (``28, 1 d.``)."""
        w = tok.text
        if len(w) > 3 or len(w) > 1 and C.VOWELS & set(w):
            return False
        before = low[max(0, tok.start - 9):tok.start]
        if len(w) == 1:
            return bool(re.search(r"\d{5,}[ \-]?$", before) or re.match(r"[ \-]?\d{5,}", low[tok.end:tok.end + 9]))
        return bool(re.search(r"(?<!\d)\d{4}[ \-]?$", before))

    def _is_name(self, word: str, *, first: bool, in_run: bool = False) -> bool:
        f = fold(word)
        if len(f) < 3 or f in V.NAME_STOP or f in P.KINSHIP_FOLDED or f in C.ORDINARY and not (in_run and f in C.SURNAME_TOO):
            return False
        return self.lex.is_("first_name", word) or not first and self.lex.is_("surname", word)

    def _name_run(self, toks: list[Token], i: int, *, surname_first: bool, low: str, joined: bool = True) -> list[int]:
        """Token indices of the name run at ``i`` (known given names and surnames, particles between)."""
        run: list[int] = []
        j = i
        while j < len(toks) and len(run) < 6:
            if j > i and re.search(r"[\n,;:()|·]", low[toks[j - 1].end:toks[j].start]):
                break
            w = toks[j].text
            f = fold(w)
            if not run and f in C.NAME_ABBREV and j + 1 < len(toks) and low[toks[j].end:toks[j + 1].start].strip() in ("", ".", ".ª", "ª"):
                run.append(j)  # "Mª Luisa", "M.ª Carmen"
                j += 1
                continue
            if f in V.NAME_CONNECTORS and (joined or f not in ("y", "i", "e")) and run and j + 1 < len(toks) and self._is_name(toks[j + 1].text, first=False, in_run=True):
                j += 1
                continue
            if not self._is_name(w, first=not run and not surname_first, in_run=bool(run)):
                break
            run.append(j)
            j += 1
        if run and fold(toks[run[0]].text) in C.NAME_ABBREV and len(run) == 1:
            return []
        return run

    def _names(self, low: str, toks: list[Token], at: dict[int, int], cap: set[int], mode: str = LOWER) -> None:
        for rx, surname_first in ((C.NAME_CUE, True), (C.FIRST_NAME_CUE, False)):
            for m in rx.finditer(low):
                i = at.get(m.end())
                if i is None:
                    continue
                run = self._name_run(toks, i, surname_first=surname_first, low=low)
                if run or surname_first and fold(m.group()).rstrip(" \t.").startswith(("d", "s")):
                    run = self._field_end(low, toks, run, i)  # "Dra. Cynthia Binelli.", "dr. canteli,"
                cap.update(run)
        i = 0
        while i < len(toks):  # no cue: a given name and two more known names ("leandro vidal orts")
            run = self._name_run(toks, i, surname_first=False, low=low, joined=False) \
                if self._is_name(toks[i].text, first=True) else []
            if len(run) >= (2 if mode == UPPER else 3):
                cap.update(run)
                i = run[-1]
            i += 1

    def _field_end(self, low: str, toks: list[Token], run: list[int], i: int) -> list[int]:
        """A cued name run extended over up to three unknown words (surnames the census lists miss), kept
        only when the field ends right after them (line end, comma, period, parenthesis)."""
        more = list(run)
        j = run[-1] + 1 if run else i
        while j < len(toks) and len(more) - len(run) < 3:
            if j > i and not re.fullmatch(r"[ \t]*-?[ \t]*", low[toks[j - 1].end:toks[j].start]):
                break
            w = toks[j].text
            f = fold(w)
            if f in ("de", "del", "la", "las", "los") and more and j + 1 < len(toks):
                j += 1  # "fernández de la llana,": a surname's particles, when a name word follows them
                continue
            if not w.isalpha() or len(w) < 2 or f in C.ORDINARY and not (j > i and fold(toks[j - 1].text) in ("de", "del", "la", "las", "los")) \
                    or f in V.NAME_STOP or f in V.NAME_CONNECTORS or f in P.KINSHIP_FOLDED or C.PARTICIPLE.fullmatch(w):
                break
            more.append(j)
            j += 1
        if len(more) > len(run) and re.match(r"[ \t]*(?:$|[\n,.;(·|:])", low[toks[more[-1]].end:]):
            return more
        return run

    def _tail(self, low: str, toks: list[Token], i: int, *, loose: bool, connector_ok: bool = True, limit: int = 8) -> list[int]:
        """Name words after a type word at token ``i - 1``: facility words, known names or places, particles
        between; with ``loose``, also unknown words that are no ordinary word (``Hospital de Cabueñes``)."""
        run: list[int] = []
        j = i
        after_connector = False
        while j < len(toks) and j - i < limit:
            gap = low[toks[j - 1].end:toks[j].start]
            if "\n" in gap or re.search(r"[,;:()·|]", gap) or "." in gap and fold(toks[j - 1].text) not in C.DOTTED:
                break
            w = toks[j].text
            f = fold(w)
            if f in ("y", "i", "e") and not (run and j + 1 < len(toks) and self._is_name(toks[j + 1].text, first=False)):
                break  # "clínica y analítica": a list, not a name ("Ramón y Cajal" is one)
            if f in V.NAME_CONNECTORS and j + 1 < len(toks):
                after_connector = True
                j += 1
                continue
            known = f in C.FACILITY_WORDS or self._is_name(w, first=False, in_run=True) or self.lex.place_at([f]) > 0
            named = any(fold(toks[k].text) not in C.DESCRIPTORS for k in run)
            unknown_ok = (loose and not run or named or after_connector and connector_ok) and w.isalpha() and len(w) >= 3 \
                and f not in C.ORDINARY and f not in V.FACILITY_STOP and not C.PARTICIPLE.fullmatch(w)
            if C.STREET_TYPE.match(low, toks[j].start):
                break  # "Hospital de Barcelona Avinguda Diagonal, 660": the address starts
            if w.isdigit() and j + 2 < len(toks) and toks[j + 1].text == "de" and toks[j + 2].text in C.MONTHS:
                run.append(j)  # "hospital 12 de octubre"
                j += 3
                continue
            if not (known or unknown_ok) or w.isdigit():
                break
            run.append(j)
            after_connector = False
            j += 1
        if all(fold(toks[k].text) in C.DESCRIPTORS for k in run):
            return []  # "un hospital comarcal", "hospital general": a kind of facility, not its name
        return run

    def _after(self, toks: list[Token], at: dict[int, int], start: int, end: int) -> int | None:
        return next((k for k in range(at.get(start, 0), len(toks)) if toks[k].start >= end), None)

    def _facilities(self, low: str, toks: list[Token], at: dict[int, int], cap: set[int], mode: str) -> None:
        for m in C.FACILITY_HEAD.finditer(low):
            nxt = self._after(toks, at, m.start(), m.end())
            if nxt is None:
                continue
            head = fold(m.group())
            weak = head in C.WEAK_HEADS
            strong = mode == UPPER and not weak or "." in head or head in ("cs", "cap", "consultori", "consultorio")
            run = self._tail(low, toks, nxt, loose=strong, connector_ok=not weak)
            if not run:
                continue
            cap.update(k for k, t in enumerate(toks[:nxt])
                       if t.start >= m.start() and (len(t.text) == 1 or fold(t.text) not in V.NAME_CONNECTORS))
            cap.update(run)
        for m in C.BASQUE_KIND.finditer(low):  # "otxarkoagako osasun zentroa", "donostia unibertsitate ospitalea"
            end = m.end() + len(re.match(r"[^\n]*?(?:zentroa|etxea|ospitalea)", low[m.end():]).group())
            cap.update(k for k, t in enumerate(toks) if m.start() <= t.start < end and fold(t.text) not in C.ORDINARY)

    def _streets(self, low: str, toks: list[Token], at: dict[int, int], cap: set[int], mode: str) -> None:
        for m in C.STREET_TYPE.finditer(low):
            nxt = self._after(toks, at, m.start(), m.end())
            if nxt is None:
                continue
            run: list[int] = []
            j = nxt
            while j < len(toks) and j - nxt < 6 and not toks[j].text.isdigit():
                if "\n" in low[toks[j - 1].end:toks[j].start] or re.search(r"[,;:()]", low[toks[j - 1].end:toks[j].start]):
                    break
                f = fold(toks[j].text)
                if f not in V.NAME_CONNECTORS:
                    if f in C.ORDINARY - C.SURNAME_TOO:
                        break
                    run.append(j)
                j += 1
            if not run:
                continue
            if mode == LOWER and not C.HOUSE_NUMBER_AHEAD.match(low, toks[run[-1]].end):
                continue
            cap.update(k for k, t in enumerate(toks[:nxt]) if t.start >= m.start() and t.text[0].isalpha())
            cap.update(run)

    def _places(self, low: str, toks: list[Token], cap: set[int], mode: str) -> None:
        folded = [fold(t.text) for t in toks]
        i = 0
        while i < len(toks):
            n = self.lex.place_at(folded, i)
            if not n or n == 1 and (folded[i] in V.NAME_CONNECTORS or folded[i] in C.ORDINARY):
                i += 1
                continue
            words = " ".join(folded[i:i + n])
            line_start = low.rfind("\n", 0, toks[i].start) + 1
            before = low[max(line_start, toks[i].start - 40):toks[i].start]
            gap = low[toks[i - 1].end:toks[i].start].strip() if i else ""
            strong = bool(C.PLACE_CUE.search(before)) or i - 1 in cap and gap in (",", "(", "-", "–", "·", "|")
            big = n > 1 or words in self.lex.big_places \
                or any(self.lex.phrases[c].longest_at(folded, i) == n for c in ("province", "country"))
            weak = bool(C.WEAK_PLACE_CUE.search(before)) or toks[i].start == line_start
            article = n > 1 and folded[i] in ("la", "el", "los", "las", "l", "a", "o", "as", "os")
            if strong or weak and big and not article and not (n == 1 and words in C.EVERYDAY_PLACE_WORDS):
                cap.update(k for k in range(i, i + n) if folded[k] not in V.NAME_CONNECTORS or k == i)
            i += n

    def _after_postal_codes(self, low: str, toks: list[Token], at: dict[int, int], cap: set[int]) -> None:
        """``28006 madrid``, ``31620 gorraiz``: the words right after a postal code name its town."""
        for m in C.POSTAL_TOWN.finditer(low):
            j = at.get(m.end())
            while j is not None and j < len(toks) and toks[j].text.isalpha() and fold(toks[j].text) not in C.ORDINARY - {"a", "o"}:
                if j > at[m.end()] and low[toks[j - 1].end:toks[j].start] not in (" ", "-") \
                        or low.startswith("@", toks[j].end) or j - at[m.end()] >= 5:
                    break  # "37007 salamanca pilarfg@usal.es": an e-mail is no part of the town
                if fold(toks[j].text) not in V.NAME_CONNECTORS or j == at[m.end()]:
                    cap.add(j)
                j += 1

    def _makers(self, low: str, toks: list[Token], at: dict[int, int], cap: set[int]) -> None:
        for m in C.MAKER.finditer(low):
            parts = [p.strip() for p in m.group(3).split(",")[1:]]
            if not any(p and self.lex.place_at([fold(t.text) for t in tokens(p)]) == len(tokens(p)) for p in parts):
                continue
            cap.update(k for k, t in enumerate(toks) if m.start(2) <= t.start < m.end(3) and fold(t.text) not in V.NAME_CONNECTORS)
