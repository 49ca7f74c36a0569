"""Shapes and cues: contacts, dates, identifiers, ages, sex and kinship terms."""
from __future__ import annotations

import re

from gazetteers.text import fold

from . import patterns as P
from .common import GAZETTEER, PATTERN, STRUCTURED, Candidate, phone_bounds

#: kinship adjectives that are also towns ("Paterna", Valencia and Cádiz): capitalised and a known place, a town
_KIN_ADJECTIVES = frozenset({"paterna", "paterno", "materna", "materno"})
_PHONE_LIST_SEP = re.compile(r"\s*(?:/|y|o|,|-)\s*")
_THREE_LETTERS = re.compile(r"(?i)[a-z]{3}")
_PACIENTE = re.compile(r"(?i)paciente\s+")
_NAME_BEFORE = re.compile(r"(?<![\w])([A-ZÁÉÍÓÚÑ][a-záéíóúñ]+)[ \t]+$")
_BROTHERHOOD = re.compile(r"(?i)[ \t]+(?:mayor[ \t]+)?(?:de[ \t]+(?:la|una|esta)[ \t]+|del[ \t]+)(?:hermandad|cofrad[ií]a|congregaci[oó]n|orden)(?![\w])")
_POSSESSIVE_BEFORE = re.compile(r"(?i)\b(?:su|mi|tu)\s+$")
_FULL_MONTHS = frozenset(fold(m) for m in P.MONTHS if len(m) > 4 or m in ("mayo", "maig", "maio", "juny", "xuño"))
KINSHIP_WORD = re.compile(r"(?<![\w])[^\W\d_]{3,}(?![\w]|-[^\W\d_])")  # not "Familia-medikua" (family doctor)
# a relative's word in quotes, as a phone's contact is saved: (móvil del paciente, "Mama")
_QUOTED_KIN = re.compile(r"(?<=[\"“«])(?:Mam[aá]|Pap[aá]|Mami|Papi|Yaya|Yayo|Abuela|Abuelo|Ama|Aita|Amatxo|Mare|Pare|Nai|Pai)(?=[\"”»])")


class ShapeRules:
    """Mixin of :class:`~surrogate.ner.rules.backend.RulesBackend`: shapes and cues."""

    # ------------------------------------------------------------------------------ structured mentions
    def _contacts(self, text: str) -> list[Candidate]:
        out = [Candidate(m.start(), m.end(), "CORREO_ELECTRONICO", STRUCTURED) for m in P.EMAIL.finditer(text)]
        out += [Candidate(m.start(), m.end(), "URL_WEB", STRUCTURED) for m in P.URL.finditer(text)]
        out += [Candidate(m.start(), m.end(), "DIREC_PROT_INTERNET", PATTERN) for m in P.IPV4.finditer(text)]
        for cue in P.PHONE_CUE.finditer(text):
            label = "NUMERO_FAX" if cue.group().lower().startswith("fax") else "NUMERO_TELEFONO"
            pos = cue.end()
            while True:  # "Telfs.: 918823884 / 918823984 / 656352534"
                num = P.PHONE_NUMBER.match(text, pos)
                if not num or sum(c.isdigit() for c in num.group()) < 6:
                    break
                s, e = phone_bounds(text, num.start(), num.end())
                out.append(Candidate(s, e, label, STRUCTURED))
                sep = _PHONE_LIST_SEP.match(text[e:e + 5])
                if not sep:
                    break
                pos = e + sep.end()
        for m in P.PHONE_SHAPE.finditer(text):
            digits = sum(c.isdigit() for c in m.group())
            if digits in (9, 11, 13):
                s, e = phone_bounds(text, m.start(), m.end())
                out.append(Candidate(s, e, "NUMERO_TELEFONO", PATTERN))
        return out


    # ---------------------------------------------------------------------------------- shapes and cues
    def _dates(self, text: str) -> list[Candidate]:
        out = []
        for m in P.DATE_NUMERIC.finditer(text):
            day, month = int(m.group(1)), int(m.group(3))
            seps = re.findall(r"[/.-]", m.group())
            if len(set(seps)) > 1 and len(m.group(4)) == 2:
                continue  # "3-4/10'": contractions in ten minutes, not a date (a date keeps its separator)
            if 1 <= day <= 31 and 1 <= month <= 12 or (1 <= month <= 31 and 1 <= day <= 12):
                out.append(Candidate(m.start(), m.end(), "FECHAS", PATTERN))
        out += [Candidate(m.start(), m.end(), "FECHAS", PATTERN) for m in P.DATE_ISO.finditer(text)]
        for m in P.DATE_MONTH.finditer(text):
            s, e = m.start(), m.end()
            if text[s:s + 3].lower() == "el ":
                s += 3
            core = text[s:e]
            short = fold(core.split()[0].strip(".-/")) if core.split() else ""
            has_year = any(c.isdigit() for c in core)
            if not has_year:
                continue  # a month alone: only with a cue (below)
            if short in ("mar", "sep", "ago", "dic", "may", "jun", "jul", "ene", "feb", "abr", "oct", "nov") and len(core) < 6:
                continue
            if core[:1].isdigit() and not _THREE_LETTERS.search(core):
                continue
            if core.endswith(".") and fold(re.findall(r"[^\W\d_]+", core)[-1]) in _FULL_MONTHS:
                e -= 1  # "el 17 de febrero.": the sentence's full stop, not an abbreviation's
            out.append(Candidate(s, e, "FECHAS", PATTERN))
        for m in P.DATE_CUE_MONTH_ONLY.finditer(text):
            out.append(Candidate(m.start(1), m.end(1), "FECHAS", GAZETTEER))
        out += [Candidate(m.start(), m.end(), "FECHAS", PATTERN) for m in P.YEAR.finditer(text)]
        for rx in (P.DATE_ROMAN, P.DATE_WEEKDAY, P.DATE_BASQUE, P.DATE_BASQUE_DAY, P.DATE_BASQUE_MONTH, P.DATE_SHORT_WEEKDAY, P.DATE_DAY_MONTH_PADDED,
                   P.DATE_MONTH_YEAR, P.DATE_ENGLISH, P.DATE_WORDS, P.DATE_WORDS_NO_YEAR, P.DATE_WORDS_NUMERIC, P.DATE_WEEKDAY_WORDS, P.DATE_NIGHT):
            out += [Candidate(m.start(), m.end(), "FECHAS", PATTERN) for m in rx.finditer(text)]
        for rx in (P.DATE_DAY_MONTH, P.DATE_LAST_EVENT, P.DATE_NAMED_DAY):
            out += [Candidate(m.start(1), m.end(1), "FECHAS", PATTERN) for m in rx.finditer(text)]
        return out

    def _identifiers(self, text: str) -> list[Candidate]:
        out = [Candidate(m.start(), m.end(), "ID_SUJETO_ASISTENCIA", PATTERN) for m in P.DNI.finditer(text)]
        out += [Candidate(m.start(), m.end(), "ID_SUJETO_ASISTENCIA", PATTERN) for m in P.NIE.finditer(text)]
        out += [Candidate(m.start(), m.end(), "ID_ASEGURAMIENTO", PATTERN) for m in P.NASS.finditer(text)]
        out += [Candidate(m.start(), m.end(), "ID_TITULACION_PERSONAL_SANITARIO", PATTERN) for m in P.COLLEGIATE.finditer(text)]
        out += [Candidate(m.start(), m.end(), "ID_SUJETO_ASISTENCIA", GAZETTEER) for m in P.LONG_DIGITS.finditer(text)]
        return out

    def _ages(self, text: str) -> list[Candidate]:
        out = []
        for m in P.AGE.finditer(text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            before = text[max(line_start, m.start() - 70):m.start()]
            after = text[m.end():m.end() + 30]
            if P.AGE_DURATION_BEFORE.search(before[-30:]):
                continue
            if P.AGE_BEFORE.search(before) or P.AGE_AFTER.match(after) or self._after_name(m, before):
                out.append(Candidate(m.start(), m.end(), "EDAD_SUJETO_ASISTENCIA", PATTERN))
        out += [Candidate(m.start(2), m.end(2), "EDAD_SUJETO_ASISTENCIA", PATTERN) for m in P.SEX_THEN_SHORT_AGE.finditer(text)]
        for rx in (P.AGE_AT, P.AGE_SHORT, P.AGE_IN_PARENS, P.AGE_ITEM):
            out += [Candidate(m.start(1), m.end(1), "EDAD_SUJETO_ASISTENCIA", PATTERN) for m in rx.finditer(text)]
        return out

    def _after_name(self, age: re.Match[str], before: str) -> bool:
        """``Nerea, de 45 años``: a number of years right after a known name and a comma; or ``DNI: 12345678Z,
        de 67 años``: after a patient's identifier, the identifier field's value ending at the comma."""
        if not age.group(1).isdigit() or not P.YEARS_UNIT.search(age.group()):
            return False
        if P.AGE_AFTER_ID.search(before):
            return True
        m = P.AGE_AFTER_NAME.search(before)
        if not m:
            return False
        return self.lexicon.is_("first_name", m.group(1)) or self.lexicon.is_("surname", m.group(1))

    def _sex(self, text: str) -> list[Candidate]:
        out = []
        for m in P.SEX_WORDS.finditer(text):
            after = text[m.end():m.end() + 40]
            if P.SEX_AFTER.match(after):
                s = m.start()
                pm = _PACIENTE.match(m.group())
                if pm:
                    s += pm.end()
                out.append(Candidate(s, m.end(), "SEXO_SUJETO_ASISTENCIA", PATTERN))
        for rx in (P.SEX_DETERMINED, P.SEX_ADJECTIVE, P.SEX_CASE_START, P.SEX_THEN_SHORT_AGE):
            out += [Candidate(m.start(1), m.end(1), "SEXO_SUJETO_ASISTENCIA", PATTERN) for m in rx.finditer(text)]
        return out

    def _kinship(self, text: str) -> list[Candidate]:
        out = []
        kin = self.lexicon.phrases["kinship"]
        for m in KINSHIP_WORD.finditer(text):
            word = fold(m.group())
            co_official = word in P.KINSHIP_CO_FOLDED and (m.group().islower() or m.group().istitle())
            if word not in P.KINSHIP_FOLDED and word not in kin and not co_official:
                continue
            if word in ("mama", "papa") and m.group().lower() not in ("mamá", "papá"):
                continue  # "mama" is the breast
            if word in _KIN_ADJECTIVES and m.group()[0].isupper() and self.lexicon.place_at([word]):
                continue  # "vive en Paterna": a town (a bare kinship word is kept as written: it would leak)
            if word == "mujer" and not _POSSESSIVE_BEFORE.search(text[max(0, m.start() - 5):m.start()]):
                continue
            if _BROTHERHOOD.match(text, m.end()):
                continue  # round 24: "es hermano de la Hermandad de X": a brotherhood's member, no relative
            before = _NAME_BEFORE.search(text, max(0, m.start() - 30), m.start())
            if m.group()[0].isupper() and before and self.lexicon.is_("first_name", before.group(1)):
                continue  # "Paco Nieto", "Luis Hermano": a surname after a first name
            if P.KINSHIP_EXCLUDE_BEFORE.search(text[max(0, m.start() - 30):m.start()]):
                continue
            s, e = m.start(), m.end()
            q = P.KINSHIP_QUALIFIER.match(text, e)
            if q:
                e = q.end()
            c = P.KINSHIP_COUNT_BEFORE.search(text[max(0, s - 25):s])
            if c and not c.group(1).lower().startswith("su"):
                s -= len(c.group(1))
            out.append(Candidate(s, e, "FAMILIARES_SUJETO_ASISTENCIA", PATTERN))
        out += [Candidate(m.start(), m.end(), "FAMILIARES_SUJETO_ASISTENCIA", PATTERN) for m in _QUOTED_KIN.finditer(text)]
        return out
