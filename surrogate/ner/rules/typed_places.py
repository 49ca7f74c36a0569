"""Places and bodies in a note typed fast in lower case: hospitals, centres, institutions, companies and towns.

A note typed in a hurry writes its places the way its writer says them: ``neuro del valme``, ``no chuo``, ``urg h. del
tajo``, ``ceip valdespartera nº 3``, ``en logisur 3000 sl``, ``natural de tanger (marruecos)``, ``lote 3 badajoz``. The
recased view (:mod:`.recase`) capitalises a facility's name only when a cue it knows stands before it; here the cues of
such a note are read on the text as typed, and each name is checked against the shipped gazetteers, so that the rule
holds for notes nobody has written yet:

* a hospital of the national catalogue named by the words of its own name (``valme``, ``royo villanova``, ``clinico
  san carlos``, ``clinico valladolid``) after an article or preposition (``del``, ``en el``, Galician ``no``/``do``) or
  in parentheses; a hospital acronym of the shipped list or of the ``CHU…``/``HCU…``/``HGU…`` shapes in lower case;
* ``h.``/``hosp`` before a catalogue name, a town, a given name and surname, or ``del`` and a word;
* an institution's or a centre's kind in lower case (``ceip``, ``ies``, ``ikastola``, ``autoescuela``, ``c.p.``,
  ``colegio``, ``hotel``, ``clinica dental``, ``CAD``) before its name; the town after ``de`` is a place of its own;
* a company by its legal form (``… sl``, ``… s.l.``, ``… s.a.``), a listed body or insurer typed in lower case
  (``fremap``, ``guardia civil``);
* towns: a province, a country or a town of 20,000+ anywhere (as in a note in capitals), a town of any size after a
  cue of origin or of a road (``procede de``, ``altura``, ``barrio``), a name of several words after ``en``/``de``
  even when it reads as kinship (``en dos hermanas``), ``sta``/``sto`` for ``santa``/``santo`` (``el puerto de sta
  maria``), a word before a country in parentheses (``tanger (marruecos)``), a centre's district after its number
  (``cap badalona 6 - llefia``), a Galician ``lugar`` with its number.

A word of the census that is an ordinary word (:data:`.recase_cues.ORDINARY`) or a given name alone is never a place
or a hospital here, and nothing is read after a title (``dr. h. quintanilla``).
"""
from __future__ import annotations

import re
from collections import Counter
from functools import cache

from gazetteers.name_lists import name_list
from gazetteers.text import fold

from ...replacers.people.kinship import is_co_official_kin
from ..lexicon import Lexicon
from .common import PATTERN, STRUCTURED, Candidate
from .facilities import _COURT_ANY_CASE, hospital_acronyms
from .recase_cues import DESCRIPTORS, ORDINARY
from .typed_fast import typed_in_lower

_HOSPITAL, _CENTRE, _BODY, _TOWN, _COUNTRY, _STREET = (
    "HOSPITAL", "CENTRO_SALUD", "INSTITUCION", "TERRITORIO", "PAIS", "CALLE")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_CONNECTORS = frozenset({"de", "del", "la", "las", "los", "el", "y", "i", "e", "d", "l", "da", "do", "dos", "das",
                         "a", "o", "as", "os", "en"})
_ARTICLES = frozenset({"el", "la", "los", "las", "o", "a", "os", "as", "l"})
_SAINTS = frozenset({"san", "santa", "sant", "santo", "sta", "sto", "nuestra", "ntra", "virgen", "mare", "nostra"})
# words of a hospital's kind, not of its name
_KIND = frozenset({"hospital", "hospitales", "hospitalario", "hospitalaria", "complejo", "complexo", "asistencial",
                   "centro", "clinica", "policlinica", "sanatorio", "fundacion", "consorci", "sanitari", "corporacio",
                   "sanitaria", "parc", "hospitalari", "ospitalea"}) | DESCRIPTORS
_HOSPITAL_ADJ = frozenset({"clinico", "clinic", "general", "provincial", "comarcal", "universitario", "universitari"})
_TITLES = frozenset({"dr", "dra", "sr", "sra", "d", "dna", "dña", "enf", "don", "doña", "pte", "paciente", "ldo", "lda"})
_BEFORE_HOSPITAL = re.compile(r"(?:(?<![\w])(?:del|el|al|no|do|ao|en[ \t]+el|n[oa]|d['’]|l['’])|\()[ \t]*$")
_OF_THE = re.compile(r"(?<![\w])(?:del|en[ \t]+el)[ \t]*$")
_ACRONYM_SHAPE = re.compile(r"(?:chu[a-z]{1,3}|hcu[a-z]{1,2}|hgu[a-z]{1,3})")
_H_HEAD = re.compile(r"(?<![\w.])(?:h\.|hosp\.?|hptal\.?)[ \t]*(?=[^\W\d_])")
# a centre's or an institution's kind in lower case (capitals only where the lower-case form is a word: "cad")
_BODY_HEAD = re.compile(
    r"(?<![\w.])(?P<h>ceip|cp|c\.p\.|ies|i\.e\.s\.|ikastola|ikastetxea|autoescuela|auto[ \t]escuela|colegio|col·legi|"
    r"escola|escuela(?:[ \t]+infantil)?|guarderia|guardería|instituto|institut|hotel|centro[ \t]+penitenciario|"
    r"(?-i:CP|CEIP|IES)|residencia)(?![\w])[ \t]+", re.IGNORECASE)
_CENTRE_HEAD = re.compile(
    r"(?<![\w.])(?P<h>cl[ií]nica[ \t]+dental|cl[ií]nica[ \t]+odontol[oó]gica|centro[ \t]+dental|(?-i:CAD|CAID|CTA|CAS|UCA)|"
    r"cs|c\.s\.|cap|centro[ \t]+de[ \t]+salu[dt]|centro[ \t]+de[ \t]+sa[uú]de|ambulatorio|consultorio)(?![\w])[ \t]+",
    re.IGNORECASE)
# a head whose name must be a known name, a place, a saint or an article (an ordinary word may follow these)
_LOOSE_HEADS = frozenset({"colegio", "escuela", "escola", "instituto", "institut", "hotel", "residencia", "cp",
                          "escuela infantil", "col·legi"})
_NUMBER = re.compile(r"[ \t]+(?:n[º°o]\.?|num\.?|n\.[º°])?[ \t]*\d{1,3}(?![\d/:.,]\d)(?![\w])|[ \t]+(?:i{1,3}|iv|v|vi{1,3}|ix|x)(?![\w])")
_LEGAL_FORM = re.compile(r"(?<=[ \t]),?(?:sl|s\.l\.?|slu|s\.l\.u\.?|sll|s\.a\.?|sau|s\.a\.u\.?|scoop|s\.coop\.?)(?![\w])",
                         re.IGNORECASE)
_COMPANY_STOP = frozenset({"en", "a", "al", "para", "por", "con", "x", "desde", "y", "lab", "laboratorio", "empresa",
                           "trabaja", "trabajo", "contrato", "de", "el", "la", "que", "q", "mg", "comp", "cp", "spray",
                           "gotas", "sobre", "ml", "mcg", "ui", "dosis", "pastilla", "comprimido", "nitro", "cafinitrina"})
_ORIGIN_CUE = re.compile(
    r"(?<![\w])(?:natural[ \t]+de|nacid[oa][ \t]+en|originari[oa][ \t]+de|procede[n]?[ \t]+de|viene[n]?[ \t]+de|"
    r"altura(?:[ \t]+de)?|barrio(?:[ \t]+de|[ \t]+del|[ \t]+en)?|barriada(?:[ \t]+de)?|distrito(?:[ \t]+de)?|"
    r"pedan[ií]a(?:[ \t]+de)?|vive[ \t]+en|reside[ \t]+en|vecin[oa][ \t]+de)[ \t]+")
_QUARTER = re.compile(r"(?<![\w])(?:barrio|barriada|distrito|pedan[ií]a|urbanizaci[oó]n|barri)(?:[ \t]+(?:de|del|en|d['’]))?[ \t]+")
_INFINITIVE = re.compile(r"[a-z]{2,}(?:ar|er|ir)(?:se|lo|la|le)?")
_ORIGIN_BEFORE = re.compile(_ORIGIN_CUE.pattern + "$")
_JOB_BEFORE = re.compile(r"(?<![\w])(?:trabaja(?:ba)?|trabajo|es|era|fue|como|hijo|hija|padre|madre)[ \t]+(?:de[ \t]+)?$")
_WEAK_CUE = re.compile(r"(?<![\w])(?:en|de|desde|a|hacia|hasta)[ \t]+$")
_NAME_CUE_BEFORE = re.compile(r"(?<![\w])(?:dr|dra|sr|sra|d|dña|dna|don|doña|enf|pte|paciente|fdo)\.?[ \t]*$")
_PARENS_PLACE = re.compile(r"[ \t]*\([ \t]*(?P<p>[^\W\d_][^\W\d_ \t]*(?:[ \t]+[^\W\d_]+){0,2})[ \t]*\)")
_DISTRICT = re.compile(r"(?<![\w.])(?:cs|c\.s\.|cap|abs|eap|centro[ \t]+de[ \t]+salud)[ \t]+(?:[^\W\d_]+[ \t]+){1,3}\d{1,2}"
                       r"[ \t]*[-–][ \t]*(?P<d>[^\W\d_]{3,}(?:[ \t]+[^\W\d_]{3,})?)", re.IGNORECASE)
_LUGAR = re.compile(r"(?<![\w])lugar[ \t]+(?:d[eoa][ \t]+|de[ \t]+(?:[oa]s?)[ \t]+)?(?:[oa]s?[ \t]+)?[^\W\d_]{3,}"
                    r"(?:[ \t]+[^\W\d_]{3,})?,?[ \t]+(?:n[º°o]\.?[ \t]*)?\d{1,4}(?![\d/:.,]\d)")
_ABBREV = {"sta": "santa", "sto": "santo", "s": "san", "ntra": "nuestra", "sra": "señora"}


@cache
def _catalogue() -> tuple[list[frozenset[str]], Counter[str]]:
    """Each catalogue hospital's name as a set of folded words (kind and connectors left out), and how many
    names hold each word (a word held by few tells its hospital)."""
    from gazetteers import default_set

    try:
        names = [str(v) for v in default_set("es")["hospitals"].column("value")]
    except (KeyError, OSError, ValueError):  # a set without the catalogue: no hospital is found by its name
        return [], Counter()
    sets = [frozenset(w for w in (fold(x) for x in re.findall(r"[^\W_]+", n)) if w not in _CONNECTORS and w not in _KIND)
            for n in names]
    return [s for s in sets if s], Counter(w for s in sets for w in s)


@cache
def _bodies() -> re.Pattern[str]:
    """The listed insurers and bodies (``insurers.tsv``, ``bodies.tsv``) as typed in lower case and without accents:
    names of five letters or more that are no ordinary word."""
    names = {fold(form) for listed in ("insurers", "bodies") for form, _ in name_list(listed)}
    names = {n for n in names if len(n.replace(" ", "")) >= 5 and n not in ORDINARY and not any(c.isdigit() for c in n)
             and not n.startswith("policia")}  # "policia local" in lower case is any town's force, no name
    alt = "|".join(re.escape(n).replace(r"\ ", r"[ \t]+") for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w@./-])(?:{alt})(?![\w@-])")


def _words(text: str, pos: int, limit: int = 6) -> list[re.Match[str]]:
    """The words from ``pos`` on, set apart by spaces only (an abbreviation's period too: ``sta. ana``)."""
    out: list[re.Match[str]] = []
    while len(out) < limit:
        m = _WORD.match(text, pos)
        if not m:
            break
        out.append(m)
        gap = re.match(r"\.?[ \t]+", text[m.end():m.end() + 4])
        if not gap or "." in gap.group() and fold(m.group()) not in _ABBREV and len(m.group()) > 1:
            break
        pos = m.end() + gap.end()
    return out


class _Rules:
    def __init__(self, text: str, lexicon: Lexicon, stop: frozenset[str]) -> None:
        self.text, self.lex, self.stop = text, lexicon, stop | ORDINARY
        self.folded_text = "".join(f if len(f := fold(c)) == 1 else c for c in text)  # offsets hold

    def ordinary(self, w: str) -> bool:
        """An ordinary word, also in the plural (``camas``, ``hermanas``)."""
        f = fold(w)
        return f in self.stop or f.endswith("s") and (f[:-1] in self.stop or f.endswith("es") and f[:-2] in self.stop)

    def kin(self, w: str) -> bool:
        """A kinship word of any of the languages (``pare``, ``fillo``)."""
        return self.lex.is_("kinship", w) or is_co_official_kin(w)

    def titled(self, pos: int) -> bool:
        """A title or a patient's cue right before ``pos`` (``dr. h. quintanilla``, ``pte soria``)."""
        return bool(_NAME_CUE_BEFORE.search(self.folded_text, max(0, pos - 12), pos))

    def place_len(self, words: list[str], i: int = 0) -> int:
        """Words of the longest known place at ``words[i]``, reading ``sta``/``sto`` as ``santa``/``santo``."""
        folded = [_ABBREV.get(fold(w), fold(w)) for w in words]
        return self.lex.place_at(folded, i) if i < len(folded) else 0

    def catalogue_run(self, ms: list[re.Match[str]], *, strong: bool, given_ok: bool = False, article: str = "") -> int:
        """How many of the words ``ms`` name a catalogue hospital (0 if none): every word is a word of one name, and
        either they are its whole name, less its kind, or one of them is held by few names and is no given name;
        one word alone must be no given name, no ordinary word and no town (``strong``: after ``h.``, a town will do)."""
        sets, df = _catalogue()
        words = [_ABBREV.get(fold(m.group()), fold(m.group())) for m in ms]
        for n in range(len(words), 0, -1):
            run = [w for w in words[:n] if w not in _CONNECTORS and w not in _KIND]
            if not run or words[n - 1] in _CONNECTORS or words[n - 1] in _KIND and n > 1 and not run:
                continue
            kinded = strong or n > 1 and words[0] in _HOSPITAL_ADJ  # "clinico valladolid": a kind and its town
            if n == 1 or len(run) == 1:
                w = run[0]
                if len(w) < 4 or w in self.stop or self.lex.is_("first_name", w) and not given_ok or w in _SAINTS or self.kin(w) \
                        or not kinded and self.lex.place_at([w]):
                    continue
            if not kinded and (self.lex.place_at(words[:n]) == n or article and self.lex.place_at([article, *words[:n]]) == n + 1):
                continue  # "el puerto de sta maria": a town that a hospital is named after is the town
            rs = set(run)
            holders = [s for s in sets if rs <= s]
            if not holders:
                continue
            whole = any(s == rs for s in holders)
            rare = any(df[w] <= 3 and len(w) >= 4 and w not in _SAINTS and not self.kin(w) and (given_ok or not self.lex.is_("first_name", w)) for w in rs)
            if whole or rare:
                return n
        return 0

    # --- hospitals ----------------------------------------------------------------------------------------
    def hospitals(self) -> list[Candidate]:
        text, out = self.text, []
        named: set[str] = set()
        for h in _H_HEAD.finditer(text):
            if self.titled(h.start()) or re.search(r"(?<![\w])[^\W\d_]\.[ \t]*$", text[max(0, h.start() - 4):h.start()]):
                continue  # "dr. h. quintanilla", "j. h. ruiz": an initial
            ms = _words(text, h.end(), 5)
            if not ms or fold(ms[0].group()) in ("pylori", "influenzae"):
                continue
            end = self.h_tail(ms)
            if end:
                out.append(Candidate(h.start(), end, _HOSPITAL, STRUCTURED))
                last = [m for m in ms if m.end() <= end][-1].group()
                if len(last) >= 4 and not self.lex.is_("first_name", last):
                    named.add(fold(last))
        for m in _WORD.finditer(text):
            if m.group() != m.group().lower() or not _BEFORE_HOSPITAL.search(text, max(0, m.start() - 8), m.start()):
                continue
            if self.titled(m.start()):
                continue
            w = m.group()
            if upper(w) in hospital_acronyms() and len(w) >= 3 or _ACRONYM_SHAPE.fullmatch(w):
                out.append(Candidate(m.start(), m.end(), _HOSPITAL, PATTERN))
                continue
            ms = _words(text, m.start(), 5)
            # a given name after "del", "en el" is a hospital's ("neuro del valme"); after "el", "al" it may be a person's
            given_ok = bool(_OF_THE.search(text, max(0, m.start() - 8), m.start()))
            art = re.search(r"(?<![\w])(el|la|los|las|o|a)[ \t]+$", self.folded_text[max(0, m.start() - 5):m.start()])
            n = self.catalogue_run(ms, strong=False, given_ok=given_ok, article=art.group(1) if art else "")
            if n:
                out.append(Candidate(m.start(), ms[n - 1].end(), _HOSPITAL, PATTERN))
            elif fold(w) in named:  # "urg h. del tajo" ... "informe del tajo": a name after "h." found again
                out.append(Candidate(m.start(), m.end(), _HOSPITAL, PATTERN))
        for m in _WORD.finditer(text):  # "cardiologia hcuv", "urx do chuo": a hospital's acronym's shape anywhere
            if _ACRONYM_SHAPE.fullmatch(m.group()) and not self.titled(m.start()) and not self.lex.is_("first_name", m.group()):
                out.append(Candidate(m.start(), m.end(), _HOSPITAL, PATTERN))
        return out

    def h_tail(self, ms: list[re.Match[str]]) -> int:
        """Where the name after ``h.``/``hosp`` ends (0: no name): a catalogue name, a town, a given name and a
        surname, or ``del`` and a word."""
        words = [m.group() for m in ms]
        n = self.catalogue_run(ms, strong=True)
        if n:
            return ms[n - 1].end()
        skip = 1 if fold(words[0]) in ("de", "del") and len(words) > 1 else 0
        n = self.place_len(words, skip)
        if n and not (n == 1 and self.ordinary(words[skip])):
            return ms[skip + n - 1].end()
        if len(words) >= 2 and self.lex.is_("first_name", words[0]) and self.lex.is_("surname", words[1]) \
                and not self.ordinary(words[1]):
            return ms[1].end()
        if skip and len(words[1]) >= 4 and not self.ordinary(words[1]) and fold(words[1]) not in _CONNECTORS:
            return ms[1].end()
        return 0

    # --- centres and institutions --------------------------------------------------------------------------------
    def bodies(self) -> list[Candidate]:
        out: list[Candidate] = []
        for rx, label in ((_BODY_HEAD, _BODY), (_CENTRE_HEAD, _CENTRE)):
            for h in rx.finditer(self.text):
                head = fold(re.sub(r"[ \t]+", " ", h.group("h")))
                if rx is _BODY_HEAD and head == "residencia" or self.titled(h.start()):
                    continue
                out += self.named(h, head, label)
        for m in _bodies().finditer(self.folded_text):
            if not _JOB_BEFORE.search(self.folded_text, max(0, m.start() - 20), m.start()):
                out.append(Candidate(m.start(), m.end(), _BODY, STRUCTURED))  # "trabaja de guardia civil": a job
        for m in _COURT_ANY_CASE.finditer(self.text):  # "juzgado de lo penal nº 3 de madrid": with its seat
            de = re.match(r"[ \t]+(?:de|d['’])[ \t]*", self.text[m.end():m.end() + 6])
            town = _words(self.text, m.end() + de.end(), 4) if de else []
            n = self.place_len([t.group() for t in town])
            out.append(Candidate(m.start(), town[n - 1].end() if n else m.end(), _BODY, STRUCTURED))
        return out + self.companies()

    def named(self, h: re.Match[str], head: str, label: str) -> list[Candidate]:
        """A kind's name after it: saints and articles, then names, places or (after a distinctive kind) any word that
        is no ordinary word; a number (``nº 3``, ``vi``); a town after ``de`` is a place of its own."""
        text = self.text
        ms = _words(text, h.end(), 6)
        loose = head in _LOOSE_HEADS
        kept: list[re.Match[str]] = []
        lead = False
        for i, m in enumerate(ms):
            f = _ABBREV.get(fold(m.group()), fold(m.group()))
            if m.group() != m.group().lower():
                break  # a capitalised name is the ordinary rules' ("escola Escola Ignasi Iglesias")
            if f in _SAINTS or f in _ARTICLES - {"o", "a"} and not kept:
                lead = True
                kept.append(m)
                continue
            if f in ("de", "del") and kept:
                break
            known = self.lex.is_("first_name", f) or self.lex.is_("surname", f) or self.place_len([f]) > 0 \
                or self.profession(f)
            if self.ordinary(m.group()) and not (lead and self.lex.is_("first_name", f)) or len(f) < 3 or f in DESCRIPTORS:
                break
            if loose and not (known or lead) or not known and _INFINITIVE.fullmatch(f):
                break  # "centro de salud o llamar": a verb
            kept.append(m)
            if label == _CENTRE and self.place_len([m.group() for m in ms], 0) and i == 0:
                n = self.place_len([m.group() for m in ms], 0)
                kept = ms[:n]
                break
        while kept and fold(kept[-1].group()) in _ARTICLES | _SAINTS:
            kept.pop()
        if not kept:
            if label == _CENTRE and (n := self.place_len([m.group() for m in ms])) and fold(ms[0].group()) in _ARTICLES:
                kept = ms[:n]  # "c.s. o carballiño": the town with its article
            else:
                return []
        end = kept[-1].end()
        num = _NUMBER.match(text, end)
        if num and not re.match(r"[ \t]*(?:[:/.,]\d|h\b|a\b|años|anos|mg|ml|%)", text[num.end():num.end() + 5]):
            end = num.end()
        out = [Candidate(h.start(), end, label, STRUCTURED)]
        de = re.match(r"[ \t]+(?:de|del|d['’])[ \t]*", text[end:end + 6])
        if de:
            town = _words(text, end + de.end(), 4)
            n = self.place_len([t.group() for t in town])
            if n:
                out.append(Candidate(town[0].start(), town[n - 1].end(), _TOWN, STRUCTURED))
            elif town and len(town[0].group()) >= 4 and not self.ordinary(town[0].group()) \
                    and label == _BODY and (not loose or head == "hotel"):  # "hotel los jeronimos de atocha": a district
                out.append(Candidate(town[0].start(), town[0].end(), _TOWN, PATTERN))
        return out

    def profession(self, f: str) -> bool:
        """A profession's word, also in the plural (``colegio odontologos``)."""
        return self.lex.is_("profession", f) or f.endswith("s") and self.lex.is_("profession", f[:-1])

    def companies(self) -> list[Candidate]:
        """``logisur 3000 sl``, ``oxiterapias del guadiana s.l.``: the words before a legal form, back to a cue."""
        text, out = self.text, []
        for m in _LEGAL_FORM.finditer(text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            back = list(re.finditer(r"[^\W_]+(?:['’.][^\W_]+)*", text[line_start:m.start()]))
            kept: list[re.Match[str]] = []
            for w in reversed(back[-6:]):
                gap = text[line_start + w.end():line_start + (kept[-1].start() if kept else m.start() - line_start)]
                if kept and not re.fullmatch(r"[ \t]*", gap) or not kept and not re.fullmatch(r"[ \t]*,?", gap):
                    break
                f = fold(w.group())
                if f in _COMPANY_STOP and not (f in ("de", "del", "y", "e", "i", "la", "el") and kept and len(kept) < 4
                                                and back.index(w) > 0 and fold(back[back.index(w) - 1].group()) not in _COMPANY_STOP):
                    break
                kept.append(w)
            while kept and fold(kept[-1].group()) in _CONNECTORS:
                kept.pop()
            letters = [w for w in kept if w.group().isalpha()]
            if len(kept) >= 2 and letters and len(letters[-1].group()) >= 3 and kept[-1].group()[0].isalpha():
                out.append(Candidate(line_start + kept[-1].start(), m.end(), _BODY, STRUCTURED))
        return out

    # --- towns --------------------------------------------------------------------------------------------------
    def towns(self, taken: list[tuple[int, int]]) -> list[Candidate]:
        """Towns, districts and a Galician ``lugar``; ``taken``: the hospitals found, whose words are no town
        (``en el royo villanova``)."""
        text, out = self.text, []
        words = list(_WORD.finditer(text))
        folded = [_ABBREV.get(fold(m.group()), fold(m.group())) for m in words]
        i = 0
        while i < len(words):
            m = words[i]
            n = self.lex.place_at(folded, i)
            if not n or m.group() != m.group().lower() or self.titled(m.start()):
                i += 1
                continue
            spaced = all(re.fullmatch(r"\.?[ \t]+", text[words[k].end():words[k + 1].start()]) for k in range(i, i + n - 1))
            if not spaced:
                i += 1
                continue
            end = words[i + n - 1].end()
            phrase = " ".join(folded[i:i + n])
            head = folded[i]
            before = text[max(0, m.start() - 40):m.start()]
            province = any(self.lex.phrases[c].longest_at(folded, i) == n for c in ("province", "country"))
            big = phrase in self.lex.big_places or province
            single_ok = n > 1 or not (self.ordinary(head) or self.lex.is_("first_name", head))
            cued = _ORIGIN_BEFORE.search(before) is not None
            several = n > 1 and _WEAK_CUE.search(before) and (head not in _ARTICLES or not self.ordinary(folded[i + 1]))
            if single_ok and (big or cued or several) and not self.after_name(m.start()) \
                    and not any(s < end and m.start() < e for s, e in taken):
                label = _COUNTRY if self.lex.phrases["country"].longest_at(folded, i) == n else _TOWN
                out.append(Candidate(m.start(), end, label, STRUCTURED if several or cued else PATTERN))
            i += n
        for m in _PARENS_PLACE.finditer(text):  # "natural de tanger (marruecos)": the town before its country
            inside = [fold(w) for w in m.group("p").split()]
            if self.lex.phrases["country"].longest_at(inside, 0) != len(inside) and self.lex.phrases["province"].longest_at(inside, 0) != len(inside):
                continue
            prev = re.search(r"(?<![\w])(?:de|en|desde)[ \t]+([^\W\d_]{4,})$", text[max(0, m.start() - 30):m.start()])
            if prev and not self.ordinary(prev.group(1)):
                s = m.start() - len(prev.group(1))
                out.append(Candidate(s, m.start(), _TOWN, PATTERN))
        for m in _ORIGIN_CUE.finditer(text):  # "natural de tanger": a word no list holds, after a cue of origin
            if not re.match(r"natural|nacid|originari|procede|viene", fold(m.group())):
                continue
            ms = _words(text, m.end(), 3)
            if ms and ms[0].group().islower() and len(ms[0].group()) >= 4 and not self.ordinary(ms[0].group()) \
                    and not self.lex.is_("first_name", ms[0].group()) and not self.lex.is_("kinship", ms[0].group()):
                out.append(Candidate(ms[0].start(), ms[0].end(), _TOWN, PATTERN))
        for m in _QUARTER.finditer(text):  # "del barrio de san blas": a district no list holds
            ms = _words(text, m.end(), 3)
            kept = []
            for w in ms:
                f = fold(w.group())
                if not (f in _SAINTS or len(f) >= 3 and not self.ordinary(w.group()) and f not in _CONNECTORS):
                    break
                kept.append(w)
            while kept and fold(kept[-1].group()) in _SAINTS:
                kept.pop()
            if kept:
                out.append(Candidate(kept[0].start(), kept[-1].end(), _TOWN, PATTERN))
        for m in _DISTRICT.finditer(text):  # "cap badalona 6 - llefia"
            words = _words(text, m.start("d"), 2)
            words = words[:1] if len(words) > 1 and self.ordinary(words[1].group()) else words
            if not self.ordinary(words[0].group()):
                out.append(Candidate(m.start(), words[-1].end(), _CENTRE, STRUCTURED))
        out += [Candidate(m.start(), m.end(), _STREET, STRUCTURED) for m in _LUGAR.finditer(text)
                if not self.ordinary(re.findall(r"[^\W\d_]{3,}", m.group())[-1])]
        return out

    def after_name(self, pos: int) -> bool:
        """A known given name right before ``pos`` (``jose soria``): the place is a surname."""
        m = re.search(r"([^\W\d_]+)[ \t]+$", self.text[max(0, pos - 25):pos])
        return bool(m) and self.lex.is_("first_name", m.group(1)) and not self.ordinary(m.group(1))


def upper(w: str) -> str:
    return w.upper() if len(w.upper()) == len(w) else w


def typed_place_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """Hospitals, centres, institutions, companies and towns of a note typed fast in lower case (module docstring);
    ``stop`` holds the ordinary words that the census lists also hold as names. Nothing in any other note."""
    if not typed_in_lower(text):
        return []
    rules = _Rules(text, lexicon, stop)
    hospitals = rules.hospitals()
    return hospitals + rules.bodies() + rules.towns([(c.start, c.end) for c in hospitals])
