"""Centres and institutions in a note typed fast in lower case (read by :mod:`.typed_places`).

* an institution's or a centre's kind in lower case (``ceip``, ``ies``, ``ikastola``, ``autoescuela``, ``c.p.``,
  ``colegio``, ``hotel``, ``clinica dental``, ``CAD``, a nursery's ``cei``/``eei``/``escola bressol``, ``farmacia``) before its name; the town after ``de`` is a place of its own;
* a court with its seat (``juzgado de lo penal nº 3 de madrid``);
* a company by its legal form (``… sl``, ``… s.l.``, ``… s.a.``, Portuguese ``… lda``), a listed body or insurer typed in lower case
  (``fremap``, ``guardia civil``).
"""
from __future__ import annotations

import re
from functools import cache

from gazetteers.name_lists import name_list
from gazetteers.text import fold

from .common import PATTERN, STRUCTURED, Candidate
from .facilities import _COURT_ANY_CASE
from .recase_cues import DESCRIPTORS, ORDINARY
from .typed_note import ABBREV, ARTICLES, CONNECTORS, SAINTS, TypedNote, words_at

_CENTRE, _BODY, _TOWN = "CENTRO_SALUD", "INSTITUCION", "TERRITORIO"
# a centre's or an institution's kind in lower case (capitals only where the lower-case form is a word: "cad")
_BODY_HEAD = re.compile(
    r"(?<![\w.])(?P<h>ceip|cp|c\.p\.|ies|i\.e\.s\.|ikastola|ikastetxea|autoescuela|auto[ \t]escuela|colegio|col·legi|"
    r"escola|escuela(?:[ \t]+infantil)?|guarderia|guardería|instituto|institut|hotel|centro[ \t]+penitenciario|"
    r"(?-i:CP|CEIP|IES)|residencia|uad|tanatorio|funeraria|cei|eei|escoleta|escola[ \t]+bressol|llar[ \t]+d['’]infants|"
    r"farmacia|farmácia|farmàcia)(?![\w])[ \t]+", re.IGNORECASE)
_CENTRE_HEAD = re.compile(
    r"(?<![\w.])(?P<h>cl[ií]nica[ \t]+dental|cl[ií]nica[ \t]+odontol[oó]gica|centro[ \t]+dental|(?-i:CAD|CAID|CTA|CAS|UCA)|"
    r"cs|c\.s\.|cap|pac|centro[ \t]+de[ \t]+salu[dt]|centro[ \t]+de[ \t]+sa[uú]de|ambulatorio|consultorio)(?![\w])[ \t]+",
    re.IGNORECASE)
# a head whose name must be a known name, a place, a saint or an article (an ordinary word may follow these)
_LOOSE_HEADS = frozenset({"colegio", "escuela", "escola", "instituto", "institut", "hotel", "residencia", "cp",
                          "escuela infantil", "col·legi", "farmacia"})
_NUMBER = re.compile(r"[ \t]+(?:n[º°o]\.?|num\.?|n\.[º°])?[ \t]*\d{1,3}(?![\d/:.,]\d)(?![\w])|[ \t]+(?:i{1,3}|iv|v|vi{1,3}|ix|x)(?![\w])")
_LEGAL_FORM = re.compile(r"(?<=[ \t]),?(?:sl|s\.l\.?|slu|s\.l\.u\.?|sll|s\.a\.?|sau|s\.a\.u\.?|scoop|s\.coop\.?|lda\.?)(?![\w])",
                         re.IGNORECASE)
_COMPANY_STOP = frozenset({"en", "a", "al", "para", "por", "con", "x", "desde", "y", "lab", "laboratorio", "empresa",
                           "trabaja", "trabajo", "contrato", "de", "el", "la", "que", "q", "mg", "comp", "cp", "spray",
                           "gotas", "sobre", "ml", "mcg", "ui", "dosis", "pastilla", "comprimido", "nitro", "cafinitrina"})
_TITLES = frozenset({"dr", "dra", "enf", "sr", "sra", "don", "dona", "drs"})
_INFINITIVE = re.compile(r"[a-z]{2,}(?:ar|er|ir)(?:se|lo|la|le)?")
_JOB_BEFORE = re.compile(r"(?<![\w])(?:trabaja(?:ba)?|trabajo|es|era|fue|como|hijo|hija|padre|madre)[ \t]+(?:de[ \t]+)?$")


@cache
def _bodies() -> re.Pattern[str]:
    """The listed insurers and bodies (``insurers.tsv``, ``bodies.tsv``) as typed in lower case and without accents:
    names of five letters or more that are no ordinary word."""
    names = {fold(form) for listed in ("insurers", "bodies") for form, _ in name_list(listed)}
    names = {n for n in names if len(n.replace(" ", "")) >= 5 and n not in ORDINARY and not any(c.isdigit() for c in n)
             and not n.startswith("policia")}  # "policia local" in lower case is any town's force, no name
    alt = "|".join(re.escape(n).replace(r"\ ", r"[ \t]+") for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w@./-])(?:{alt})(?![\w@-])")


class InstitutionRules(TypedNote):
    """A centre or an institution after its kind, a court, a company by its legal form, a listed body."""

    def bodies(self) -> list[Candidate]:
        out: list[Candidate] = []
        for rx, label in ((_BODY_HEAD, _BODY), (_CENTRE_HEAD, _CENTRE)):
            for h in rx.finditer(self.text):
                head = fold(re.sub(r"[ \t]+", " ", h.group("h")))
                if rx is _BODY_HEAD and head == "residencia" or self.titled(h.start()):
                    continue
                if head == "pac" and not (re.search(r"(?<![\w])(?:del|al|el|en|de)[ \t]+$", self.text[max(0, h.start() - 4):h.start()])
                                          and not self.lex.is_("first_name", self.text[h.end():].split(" ", 1)[0])):
                    continue  # "pac gervasio lorenzo": the patient; "del pac villanueva": the centre
                out += self.named(h, head, label)
        for m in _bodies().finditer(self.folded_text):
            if not _JOB_BEFORE.search(self.folded_text, max(0, m.start() - 20), m.start()):
                out.append(Candidate(m.start(), m.end(), _BODY, STRUCTURED))  # "trabaja de guardia civil": a job
        for m in _COURT_ANY_CASE.finditer(self.text):  # "juzgado de lo penal nº 3 de madrid": with its seat
            de = re.match(r"[ \t]+(?:de|d['’])[ \t]*", self.text[m.end():m.end() + 6])
            town = words_at(self.text, m.end() + de.end(), 4) if de else []
            n = self.place_len([t.group() for t in town])
            out.append(Candidate(m.start(), town[n - 1].end() if n else m.end(), _BODY, STRUCTURED))
        return out + self.companies()

    def named(self, h: re.Match[str], head: str, label: str) -> list[Candidate]:
        """A kind's name after it: saints and articles, then names, places or (after a distinctive kind) any word that
        is no ordinary word; a number (``nº 3``, ``vi``); a town after ``de`` is a place of its own."""
        text = self.text
        ms = words_at(text, h.end(), 6)
        loose = head in _LOOSE_HEADS
        kept: list[re.Match[str]] = []
        lead = False
        for i, m in enumerate(ms):
            f = ABBREV.get(fold(m.group()), fold(m.group()))
            if m.group() != m.group().lower():
                break  # a capitalised name is the ordinary rules' ("escola Escola Ignasi Iglesias")
            if f in SAINTS or f in ARTICLES - {"o", "a"} and not kept:
                lead = True
                kept.append(m)
                continue
            if f in ("de", "del") and kept or f in _TITLES:
                break  # "pac jaraiz dra cordero": a title starts a person
            known = self.lex.is_("first_name", f) or self.lex.is_("surname", f) or self.place_len([f]) > 0 \
                or self.profession(f)
            if self.ordinary(m.group()) and not (lead and self.lex.is_("first_name", f)) or len(f) < 3 or f in DESCRIPTORS:
                break
            if loose and not (known or lead) or not known and not lead and _INFINITIVE.fullmatch(f):
                break  # "centro de salud o llamar": a verb; after an article a name ("cei el limonar")
            kept.append(m)
            if label == _CENTRE and self.place_len([m.group() for m in ms], 0) and i == 0:
                n = self.place_len([m.group() for m in ms], 0)
                kept = ms[:n]
                break
        while kept and fold(kept[-1].group()) in ARTICLES | SAINTS:
            kept.pop()
        if not kept:
            if label == _CENTRE and (n := self.place_len([m.group() for m in ms])) and fold(ms[0].group()) in ARTICLES:
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
            town = words_at(text, end + de.end(), 4)
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
            while kept and fold(kept[-1].group()) in CONNECTORS:
                kept.pop()
            letters = [w for w in kept if w.group().isalpha()]
            if len(kept) >= 2 and letters and len(letters[-1].group()) >= 3 and kept[-1].group()[0].isalpha():
                out.append(Candidate(line_start + kept[-1].start(), m.end(), _BODY, STRUCTURED))
        return out
