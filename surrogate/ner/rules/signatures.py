"""Short person mentions that carry no name word the other detectors can lean on.

* **Initials or a login after a role or patient cue**: ``Enfermería: J.A.R.``, ``Enf.: MCL``, ``Usuaria: N. H. G.``,
  ``Técnico: pgarcia`` (a login is one lower-case word ending in a known surname).
* **A name alone on its line**: ``> Marta`` closing a quoted e-mail, ``Laura`` under ``Un abrazo,``: one to four
  capitalised words, the first a known first name, the rest known names (a place or a common word is not one).
* **An addressee opening a message** (``> Lorena, revisado el cultivo``) and **a given name with an
  abbreviated surname** (``Aurelio F.-Q.`` in a subject line): the name must be a known given name.
* **Chat speakers**: ``[16/3/24, 22:15:12] Xuan (R2): ...`` or ``16/3/24 22:15 - Tania Enf: ...``.
* **Initials and a surname after a role abbreviation**: ``Agenda MF R. Villalba``, ``FEA J. Mira``.
* **A login after a user cue**: ``usuario acabellof`` (initials, a known surname, maybe a second initial); a
  login of initials and digits (``usuario mfr0417``) is the staff member's user code (``ID_EMPLEO``).
* **A nickname in quotes after a name**: ``Hugo Alcalá ("Huguito")``, ``pareja (José Antonio, "Josele")``,
  ``Dña. Petra Sánchez ("la tía Petra")``: the quoted capitalised word takes the name's label; after a cue
  (``conocido como «Lolo»``, ``alias Chiqui``) a nickname is the patient's.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..tokenize import lines, tokens
from . import patterns as P
from . import vocab as V
from .common import PATTERN, STRUCTURED, Candidate
from .tables import PATIENT_WORDS, STAFF_WORDS

STAFF, PATIENT = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA"
_CUED_SHORT = re.compile(
    rf"(?<![\w])(?:(?P<staff>{STAFF_WORDS}|fdo\.?|firmado(?:[ \t]+por)?|firma|validado[ \t]+por|revisado[ \t]+por|inspector(?:/a|a)?)|"
    rf"(?P<patient>{PATIENT_WORDS}))[ \t]*[:=][ \t]*"
    r"(?P<value>(?-i:(?:[A-ZÁÉÍÓÚÑ]\.[ \t]?){2,4}|[A-ZÁÉÍÓÚÑ]{2,4}(?![\w.])|[a-z]{1,3}[._]?[a-zñ]{3,}\d{0,3}(?![\w@.])))"
    r"(?=[ \t]*(?:$|[(|·,;/—–-]|[ \t]{2}))",
    re.IGNORECASE | re.MULTILINE,
)
# words in capitals that are clinical, not someone's initials
_NOT_INITIALS = frozenset({
    "MIR", "UCI", "UVI", "URG", "ORL", "HTA", "DM", "EPOC", "ECG", "TAC", "RMN", "SNC", "IAM", "ICC", "FA", "TEP",
    "TVP", "AIT", "ACV", "IRC", "ERC", "VIH", "VHC", "VHB", "NO", "SI", "OK", "ALTA", "BAJA", "NPO", "SNG", "DUE",
    "AP", "MAP", "MF", "PAC", "SUAP", "SAMU", "CS", "HU", "RX", "ECO", "TC", "RM", "PET", "EEG", "EMG", "NA", "ND",
})
_QUOTE = re.compile(r"[ \t>|]*")
_CHAT = re.compile(
    r"(?m)^[ \t]*(?:\[[^\]\n]{6,30}\]|\d{1,2}/\d{1,2}/\d{2,4},?[ \t]+\d{1,2}:\d{2}(?::\d{2})?[ \t]*[-–])[ \t]*(?P<who>[^:\n]{2,40}?):[ \t]"
)
# a person in an e-mail header or before an address in angle brackets
_MAIL_NAME = re.compile(
    r"(?im)(?:^[ \t>]*(?:de|para|cc|cco|from|to|enviado\s+por|remitente|destinatario)[ \t]*:[ \t]*(?P<who>[^<>\n,;]{3,60})"
    r"|(?P<who2>(?-i:[A-ZÁÉÍÓÚÑ])[^<>\n,;:]{2,60}?)[ \t]*<[^<>\s@]+@[^<>\s]+>)"
)
_ABBREVIATED = re.compile(r"(?:Mª|M\.ª|Jª|J\.ª|Fco\.|Fdez\.)[ \t]*")
_LOGIN_CUE = re.compile(
    r"(?i)(?<![\w])(?:usuario|usuari|user|login|id[ \t]+(?:de[ \t]+)?usuario|"
    # round 24: an export's key=value fields ("usuario=mjbernabeu", "cerrado_por=ecanovas")
    r"(?:cerrad|abiert|cread|modificad|validad|registrad|firmad|anulad|asignad)[oa][ _]por|(?:closed|created|modified|signed)_?by)"
    r"(?:[ \t]*:?[ \t]+|[ \t]*[:=][ \t]*)"
    r"(?P<value>(?-i:[a-z]{1,3}[._]?[a-zñ]{3,}\d{0,3}))(?![\w@]|\.\w)"
)
# a login made of initials and a number ("usuario jlc0312"): a staff member's user code
_CODE_LOGIN = re.compile(r"(?i)(?<![\w])(?:usuario|usuari|user|login|id[ \t]+(?:de[ \t]+)?usuario)[ \t]*:?[ \t]+(?P<value>(?-i:[a-z]{2,4}\d{3,6}))(?![\w@]|\.\w)")
# a quoted reply opening with the addressee's name: "> Lorena, revisado el cultivo ..." (unquoted, "Álvaro, de 19
# años" is the patient)
_VOCATIVE = re.compile(r"(?m)^[ \t]*>[ \t>|]*(?P<name>(?-i:[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{2,}))[ \t]*,[ \t]+(?=[a-záéíóúñ])")
# a given name and an abbreviated surname: "Aurelio F.-Q.", "Rosa M." (a subject line, a short reference)
_GIVEN_THEN_INITIALS = re.compile(
    r"(?<![\w.])(?P<name>(?-i:[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{2,})[ \t]+(?-i:[A-ZÁÉÍÓÚÑ])\.(?:[ \t]?-?[ \t]?(?-i:[A-ZÁÉÍÓÚÑ])\.)?)(?![\w])(?![ \t]*[A-ZÁÉÍÓÚÑa-záéíóúñ])"
)
_STAFF_KEY_BEFORE = re.compile(rf"(?i)(?<![\w]){STAFF_WORDS}(?:[ \t]+[^\W\d_]+){{0,2}}[ \t]*:[ \t]*$")
# after a name: a parenthesis or a comma, then a quoted word (after lower-case words: "la tía Petra")
_NICKNAME = re.compile(
    r"[ \t]*(?:\([ \t]*|,[ \t]*)[\"“«'](?:(?-i:[a-zà-ÿ]+|l['’])[ \t]*){0,3}"
    r"(?P<nick>(?-i:[A-ZÁÉÍÓÚÑÀÈÒ](?:[a-záéíóúñàèòïüç]+|[A-ZÁÉÍÓÚÑÀÈÒÏÜÇ]{2,}))(?:[ \t]+(?-i:[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+))?)[\"”»'][ \t]*[),]"
)
_NAME_LABELS = (STAFF, PATIENT, "FAMILIARES_SUJETO_ASISTENCIA")
# census given names that open sentences as ordinary words
_COMMON_WORD_NAMES = frozenset({"bueno", "buena", "vale", "hola", "gracias", "perfecto", "claro", "sol", "mar", "paz", "luz", "rosa", "angel"})
# a staff code in parentheses right after a staff name: "Macarena Ruiz (EMP 29-88103)", "Dr. X (MC-0327)"
_STAFF_CODE = re.compile(r"[ \t]*\([ \t]*((?-i:[A-Z]{1,4})(?:[ \t]|[-.][ \t]?)?\d[\d-]{2,}\d(?:[-/]?[A-Z])?)[ \t]*\)")
# "ENFERMERO: J. C. MERINO - ID E-3417": a staff ID after the name and a dash
_STAFF_ID = re.compile(r"[ \t]*[-–—·,][ \t]*(?-i:ID|Id)[ \t]*[:.]?[ \t]*((?-i:[A-Z]{1,4}-?)?\d{3,8})(?![\w/.,-]\w)")
_YEAR_AFTER_ACRONYM = re.compile(r"[A-Z]+[ \t]+(?:19|20)\d\d")  # "(HUCA 2020)": where and when, no code
_STAFF_NUMBER = re.compile(r"[ \t]*[·—–][ \t]*(\d{5,9}|\d{2}/\d{4,6})(?![\w/.,-])")
# a nickname after a cue: "conocido como «Lolo»", "alias Chiqui", "le llaman Pepín", "alias el Rubio"
_ALIAS = re.compile(
    r"(?i)(?<![\w])(?:alias|apodad[oa]|conocid[oa](?:[ \t]+[^\W\d_]+){0,3}?[ \t]+como|(?:le|la)[ \t]+llaman|(?:le|la)[ \t]+dicen|a\.k\.a\.|"
    # round 24: English cues, a declared name's other form, a nickname's field ("apodo=X", "Apodo: X")
    r"calls?[ \t]+(?:him|her)|goes[ \t]+by|se[ \t]+presenta(?:[ \t]+tambi[eé]n)?[ \t]+como|se[ \t]+hace[ \t]+llamar|"
    r"(?:apodo|sobrenombre|mote|nickname|alias)[ \t]*[:=])[ \t]*"
    r"(?:(?-i:el|la)[ \t]+)?[\"“«']?(?P<nick>(?-i:[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{2,}))[\"”»']?(?![\w])"
)
ROLE_ABBREVIATION = re.compile(r"(?<![\w])(?:MF|MAP|MFyC|FEA|MIR|R[1-5]|DUE|TCAE|Enf|Enfª|Dr|Dra|Agenda|Adjunt[oa])\.?[ \t]+$")


class SignatureRules:
    """Mixin of :class:`~surrogate.ner.rules.backend.RulesBackend`: initials, logins, lone names, chat speakers."""

    def _signatures(self, text: str) -> list[Candidate]:
        out = self._cued_short(text) + self._logins(text) + self._aliases(text)
        out += self._lone_names(text)
        for m in _VOCATIVE.finditer(text):
            if self._is_given_name(m.group("name")):
                out.append(Candidate(m.start("name"), m.end("name"), STAFF, PATTERN))
        for m in _MAIL_NAME.finditer(text):  # "De: Laura Mínguez <lminguez@x.es>", "CC: Fco. Javier Rubio"
            group = "who" if m.group("who") else "who2"
            abbr = _ABBREVIATED.match(text, m.start(group), m.end(group))
            span = self._grab_name(text, abbr.end() if abbr else m.start(group), m.end(group))
            span = span and (m.start(group), span[1])
            if span and self._starts_known(text, span):
                out.append(Candidate(span[0], span[1], STAFF, STRUCTURED))
        for m in _CHAT.finditer(text):
            s = m.start("who")
            h = P.HONORIFIC.match(text, s, m.end("who"))
            span = self._grab_name(text, h.end() if h else s, m.end("who"))
            role = "(" in m.group("who")  # "Xandru (R2)": a name and a role in parentheses
            if span and (h or role or self._starts_known(text, span)):  # not "[10:00] Evolución: estable"
                out.append(Candidate(span[0], span[1], STAFF, STRUCTURED))
        return out

    def _nicknames(self, text: str, cands: list[Candidate]) -> list[Candidate]:
        """A quoted nickname right after a name candidate takes its label (see module docstring); a bare number
        right after a staff name in a signature is the collegiate number (``Firma: X · 0310978``)."""
        out = []
        for c in cands:
            n = _STAFF_NUMBER.match(text, c.end) if c.label == STAFF else None
            if n and not (len(n.group(1)) == 9 and n.group(1)[0] in "6789"):
                out.append(Candidate(n.start(1), n.end(1), "ID_TITULACION_PERSONAL_SANITARIO", STRUCTURED))
            if c.label == STAFF and (k := _STAFF_CODE.match(text, c.end) or _STAFF_ID.match(text, c.end)) \
                    and not _YEAR_AFTER_ACRONYM.fullmatch(k.group(1)):
                out.append(Candidate(k.start(1), k.end(1), "ID_EMPLEO_PERSONAL_SANITARIO", STRUCTURED))
            m = _NICKNAME.match(text, c.end) if c.label in _NAME_LABELS else None
            if m and fold(m.group("nick").split()[0]) not in V.NAME_STOP and fold(m.group("nick")) not in P.KINSHIP_FOLDED:
                out.append(Candidate(m.start("nick"), m.end("nick"), c.label, STRUCTURED))
        return out

    def _aliases(self, text: str) -> list[Candidate]:
        return [Candidate(m.start("nick"), m.end("nick"), PATIENT, STRUCTURED) for m in _ALIAS.finditer(text)
                if fold(m.group("nick")) not in V.NAME_STOP and fold(m.group("nick")) not in P.KINSHIP_FOLDED]

    def _logins(self, text: str) -> list[Candidate]:
        out = []
        for m in _LOGIN_CUE.finditer(text):
            core = m.group("value").rstrip("0123456789").replace(".", "").replace("_", "")
            if any(self.lexicon.is_("surname", core[k:len(core) - t]) for k in (1, 2, 3) for t in (0, 1) if len(core) - k - t >= 4):
                out.append(Candidate(m.start("value"), m.end("value"), STAFF, STRUCTURED))
        out += [Candidate(m.start("value"), m.end("value"), "ID_EMPLEO_PERSONAL_SANITARIO", STRUCTURED) for m in _CODE_LOGIN.finditer(text)]
        return out

    def _abbreviated_surnames(self, text: str) -> list[Candidate]:
        """A known given name with an abbreviated surname (``Aurelio F.-Q.``): a cued name, found again."""
        out = []
        for m in _GIVEN_THEN_INITIALS.finditer(text):
            if self._is_given_name(m.group("name").split()[0]):
                staff = _STAFF_KEY_BEFORE.search(text, max(0, m.start() - 40), m.start())  # "Enfermera de turno: Sandra G."
                out.append(Candidate(m.start("name"), m.end("name"), STAFF if staff else PATIENT, PATTERN))
        return out

    def _is_given_name(self, word: str) -> bool:
        """A known given name that is no place, common word or kinship word."""
        f = fold(word)
        return self.lexicon.is_("first_name", word) and f not in V.NAME_STOP and f not in P.KINSHIP_FOLDED \
            and not self.lexicon.place_at([f]) and f not in _COMMON_WORD_NAMES

    def _starts_known(self, text: str, span: tuple[int, int]) -> bool:
        first = tokens(text, span[0], span[1])[0].text
        return fold(first) in ("fco", "mª", "jª") or len(first) >= 3 and fold(first) not in V.NAME_STOP and (
            self.lexicon.is_("first_name", first) or self.lexicon.is_("surname", first))

    def _cued_short(self, text: str) -> list[Candidate]:
        out = []
        for m in _CUED_SHORT.finditer(text):
            value = m.group("value")
            label = STAFF if m.group("staff") else PATIENT
            if value.islower():
                core = value.rstrip("0123456789").replace(".", "").replace("_", "")
                if not any(self.lexicon.is_("surname", core[k:]) for k in (1, 2, 3) if len(core) - k >= 4):
                    continue  # a login is initials and a known surname: "pgarcia", "jm.lopez2"
            elif value.replace(".", "").replace(" ", "") in _NOT_INITIALS or not value.replace(".", "").replace(" ", "").isupper():
                continue
            out.append(Candidate(m.start("value"), m.end("value"), label, STRUCTURED))
        return out

    def _lone_names(self, text: str) -> list[Candidate]:
        """A line that holds only a known name (see module docstring)."""
        out = []
        lex = self.lexicon
        for s, e in lines(text):
            s += _QUOTE.match(text, s, e).end() - s
            toks = tokens(text, s, e)
            words = [t for t in toks if t.text[0].isalpha()]
            if not 1 <= len(words) <= 4 or len(words) != len(toks) or not all(t.text[0].isupper() for t in words):
                continue
            first, rest = words[0].text, words[1:]
            folded = [fold(t.text) for t in words]
            if len(first) < 3 or folded[0] in V.NAME_STOP or not lex.is_("first_name", first) or lex.place_at(folded):
                continue
            if any(f in V.NAME_STOP for f in folded) or not all(lex.is_("surname", t.text) or lex.is_("first_name", t.text) for t in rest):
                continue
            if first.isupper() and len(words) == 1:
                continue  # a heading in capitals ("ROSA") is no signature
            out.append(Candidate(words[0].start, words[-1].end, STAFF, PATTERN))
        return out
