"""People outside header fields, found with the name gazetteers and a cue.

* after an honorific: ``Dr.``, ``Dra.``, ``Sr.``, ``Sra.``, ``D.``, ``Dña.``, ``Dª``, ``Don``, ``Doña``
  (a following ``Mª`` is part of the name);
* after a kinship word: ``su sobrina Fátima``, ``su hija, Encarna`` (labelled as a relative);
* after a verb of referral or accompaniment: ``Le remito a Xosé Manuel Outeiral Rivas``,
  ``acude acompañada de Rosalía Fernández``, ``valorado por Iker Etxeberria`` (staff);
* in ``APELLIDOS, NOMBRE`` order, in any case: ``OUTEIRAL RIVAS, XOSÉ MANUEL``.

Outside the honorific case the first word must be a known first name (or, after a verb, a surname).
"""
from __future__ import annotations

import re
from itertools import pairwise

from gazetteers.text import fold

from ..tokenize import Token, tokens
from . import patterns as P
from . import vocab as V
from .signatures import ROLE_ABBREVIATION
from .staff_roles import SURNAME_ABBREVIATIONS
from .common import GAZETTEER, PATTERN, STRUCTURED, Candidate, street_number_follows

# Catalan, Galician and Basque kinship words: cues for a following name only (never kinship spans themselves,
# since several are also common words: "dona", "home", "ama")
CO_OFFICIAL_KIN = (
    "fill", "filla", "fills", "filles", "germà", "germana", "germans", "mare", "pare", "pares", "avi", "àvia",
    "nét", "néta", "gendre", "jove", "dona", "marit", "parella", "nebot", "neboda", "cosí", "cosina", "sogre", "sogra",
    "fillo", "fillos", "fillas", "irmá", "irmán", "irmáns", "nai", "pai", "pais", "avoa", "avó", "neto", "neta", "xenro",
    "nora", "home", "muller", "sobriño", "sobriña", "curmán", "curmá", "sogro",
    "alaba", "semea", "ama", "aita", "anaia", "ahizpa", "arreba", "neba", "senarra", "emaztea", "bikotea", "amona",
    "aitona", "biloba",
    # round 24: English and Moroccan Darija (Latin letters) kinship words a migrant's or a mediated note quotes
    "wife", "husband", "brother", "sister", "daughter", "mother", "father", "rajli", "mrati", "khti", "khoya", "weldi", "benti",
) + P.KINSHIP_BASQUE_CASES
_KIN_ALT = "|".join(sorted(P.KINSHIP_CORE + (
    "cuidador", "cuidadora", "novio", "novia", "amigo", "amiga", "tutor", "tutora", "acompañante",
), key=len, reverse=True))
# the co-official words in lower case or capitalised only: "AMA" in a list of antibodies is no mother
_CO_KIN_ALT = "|".join(sorted({w for k in CO_OFFICIAL_KIN for w in (k, k[0].upper() + k[1:])}, key=len, reverse=True))
_CAPITAL_AHEAD = rf"(?={V.CAP})"
KIN_NAME = re.compile(
    rf"(?i)(?<![\w])(?:{_KIN_ALT}|(?-i:{_CO_KIN_ALT}))(?:\s+(?:menor|mayor|materna|materno|paterna|paterno|pequeñ[oa]))?"
    rf"(?:\s+de\s+\d{{1,3}}\s+(?:años|anys|anos|meses|mesos))?(?:[ \t]*[,:(—–=][ \t]*|[ \t]+-[ \t]+|\s+)(?:llamad[oa]\s+|de\s+nombre\s+|(?:es|era|se\s+llama)\s+|(?-i:la|el|en|na|o|a)\s+)?"
    rf"{_CAPITAL_AHEAD}"
)
# a relative's name set off by commas, known to the gazetteer or not: "Un hermano, Obinna Okonkwo, reside en Lagos",
# "un amigo de la parroquia, Ifeanyi Nwosu (602 ...)"; two to four capitalised words, then a comma or a parenthesis
KIN_APPOSITIVE = re.compile(
    rf"(?i)(?<![\w])(?:{_KIN_ALT})(?:\s+(?:menor|mayor|materna|materno|paterna|paterno))?"
    rf"(?:\s+de(?:l|\s+la|\s+el|\s+los|\s+las)?\s+(?-i:[a-záéíóúñ]+))?[ \t]*,[ \t]*"
    rf"(?P<name>(?-i:[A-ZÁÉÍÓÚÑ][a-záéíóúñü'’-]+)(?:[ \t]+(?-i:[A-ZÁÉÍÓÚÑ][a-záéíóúñü'’-]+)){{1,3}})(?=[ \t]*[,(;])"
)
# a relative named after "of the patient" and a comma: "a la madre de la paciente, Amelia (91 ...)"
KIN_OF_PATIENT = re.compile(
    rf"(?i)(?<![\w])(?:{_KIN_ALT}|(?-i:{_CO_KIN_ALT}))\s+de(?:l|\s+la|\s+el)?\s+(?:(?:paciente|pacient|doente|enferm[oa]|usuari[oa]|niñ[oa]|beb[eé])"
    rf"[ \t]*[,(—–]"
    # or after the patient's own name, in parentheses: "trucada de fill de Pere Casals (Xavier, 600 ...)"
    rf"|(?-i:[A-ZÁÉÍÓÚÑ][a-záéíóúñçàèòïü]+)(?:[ \t]+(?-i:[A-ZÁÉÍÓÚÑ][a-záéíóúñçàèòïü]+)){{0,3}}[ \t]*\()[ \t]*{_CAPITAL_AHEAD}"
)
# a second name with its age after a first one with its age: "Iker, de 11 años, y Lucía, de 8"
AGED_MORE = re.compile(r"[ \t]*,[ \t]*(?:de[ \t]+)?\d{1,3}[ \t]*(?:años|anys|anos|meses)?[ \t]*,?[ \t]+(?:y|i|e)[ \t]+")
_LIST_AND = re.compile(r"[ \t]+(?:y|i|e)[ \t]+")
_PLURAL_HONORIFIC = re.compile(r"(?i)(?:drs|dres|dras|sres|sras|doctores|doctoras)\b")
_ABBREVIATED_SURNAME_AFTER = re.compile(r"\.[ \t]+[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+(?:[ \t]+[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+)?")
_KIN_BEFORE = re.compile(rf"(?i)(?<![\w])(?:{_KIN_ALT})[ \t]*[,:(=]?[ \t]*$")
# "sus hijos Ana (34) y Pedro", "su hija Eva, Luis y Marta": more names joined to a relative's name
KIN_MORE = re.compile(r"[ \t]*(?:\([^()\n]{0,80}\)[ \t]*)?(?:,|y|e|i)[ \t]+")
_PATIENT_VERB = (r"(?:le|les|os)\s+(?:remito|remitimos|derivo|derivamos|env[ií]o|enviamos|presento|presentamos)|remito|derivo|"
                 # round 25: a person of unknown papers who says his name ("diu que es diu Ionut", "dice llamarse")
                 r"(?:diu\s+que\s+)?es\s+diu|dice\s+llamarse|dice\s+que\s+se\s+llama|says\s+(?:his|her)\s+name\s+is|d[ií]\s+chamarse")
_COMPANION_VERB = r"acompañad[oa]s?|acude\s+con|viene\s+con|en\s+compañ[ií]a"
_STAFF_VERB = (
    r"(?:remitid|derivad|vist|valorad|atendid|explorad|intervenid|operad|seguid|tratad|controlad|informad|validad|"
    r"revisad|triad)[oa]s?"
    r"|consultad[oa]\s+con|comentad[oa]\s+con|hablad[oa]\s+con"
    r"|(?-i:Inf|Infª|Hig|TCAI|Aux|MIR|R[1-5])\.?(?=[ \t]+[A-ZÁÉÍÓÚÑ])"  # "Inf. Oriol Vilaró", "Hig. M. Roldán"
)
NAME_CUE = re.compile(
    rf"(?i)(?<![\w])(?:(?P<patient>{_PATIENT_VERB})\s+(?:a\s+)?|(?P<companion>{_COMPANION_VERB})\s+(?:de|por)?\s*|"
    rf"(?P<staff>{_STAFF_VERB})\s+(?:por[ \t]*:?\s*)?|(?P<case>(?:(?:el|la)\s+)?paciente|pac\.|pte\.?|usuari[oa](?:/a)?|pacient|doente|gaixoa|"
    rf"ni[ñn][oa](?:/a)?(?=\s*:)|trabajador[a]?(?:/a)?(?=\s*:))\s*:?\s*|"
    rf"(?P<greeting>(?:querid[oa]|estimad[oa]|apreciad[oa])\s+(?:compañer[oa]\s+|colega\s+|amig[oa]\s+)?|"
    rf"(?:hola|buenas(?:\s+tardes|\s+noches)?|buenos\s+d[ií]as|bon\s+dia|bona\s+tarda|kaixo|ola)[ \t]*,?[ \t]*)|"
    rf"(?P<told>(?:avis\w*|llam\w*|pregunt\w*|d[ií]selo|comun[ií]c\w*)[ \t]+a|(?:habl|coment|consult)\w*[ \t]+con)[ \t]+|"
    rf"(?P<family>(?:querida|estimada|apreciada)\s+familia)\s+|(?P<aged>\d{{1,3}}\s+(?:años|meses|a\.))\s*,\s*|"
    rf"(?P<role>(?-i:^|(?<=[\s;.·|]))(?:infermer[ao]|enfermer[oa]|enf(?:\.|ª)|mir|r[1-5]|adjunt[oa]|pediatra|residente|matrona|"
    rf"auxiliar|tcae|fisioterapeuta|trabajador[a]?\s+social|traballador[a]?\s+social|treballador[a]?\s+social|psic[oó]log[oa]|cirujan[oa]|anestesista|ayudante|"
    rf"instrumentista|m[eé]dic[oa](?:\s+de\s+guardia)?|metge|metgessa|facultativ[oa]|supervisor[a]?|anestesi[oó]log[oa]|"
    rf"farmac[eé]utic[oa]|psiquiatra|radi[oó]log[oa]|consultor[a]?|enfermeir[oa]|medikua|erizaina|"
    rf"(?:cardi|neum|nefr|neur|onc|ur|ginec|dermat|hemat|endocrin|gastroenter|oftalm|otorrinolaring|traumat|reumat|"
    rf"odont|alerg|inmun|pat|neonat|toxic|epidemi|microbi|hepat|angi|geront|audi)[oó]log[oa]|"
    rf"intensivista|internista|gestor[a]?\s+de\s+casos|m[eé]dic[oa]\s+del\s+trabajo|m[eé]dic[oa]\s+de\s+familia)"
    rf"(?:[ \t]+(?:que[ \t]+|de[ \t]+(?:la|las|los|el)[ \t]+)?[^\W\d_]+){{0,2}}[ \t]*(?::\s*|,[ \t]+))|"  # also "la trabajadora social, Rosa"  # "Médica que certifica:", "Metgessa resident:", "Médico solicitante:"
    rf"(?P<arole>(?-i:(?<![\w])(?:la|el|l['’]|al|del|La|El|L['’])|(?<=[(\s]d['’])|(?<=\())[ \t]*(?:infermer[ao]|enfermer[oa]|enfermeir[oa]|"
    rf"matrona|fisioterapeuta|auxiliar|tcae|residente|adjunt[oa]|metgessa|doctora|psic[oó]log[oa]|gerocultor[a]?|"
    rf"trabajador[a]\s+social|treballador[a]\s+social)(?:\s+(?:de|del|en)\s+(?:guardia|gu[aà]rdia|turno|torn|quenda|referencia|refer[eè]ncia|AP))?[ \t]+)|"
    rf"(?P<contact>(?:persona\s+de\s+)?contacto(?:\s+familiar)?\s*:\s*)|(?P<signed>(?:fdo|firmado)\.?[ \t]*:[ \t]*)|"
    rf"(?P<closing>(?m:^)(?:un\s+(?:cordial\s+)?saludo|saludos(?:\s+cordiales)?|atentamente|un\s+abrazo|"
    rf"cordialmente|cordialment|atentament|salutacions|un\s+sa[uú]do|adeitasunez|fdo\.?|firmado)[ \t]*[,.:]?[ \t]*\n\s*))"
    rf"(?:(?:la|el)\s+)?(?:paciente\s+|señora?\s+|don\s+|doña\s+)?{_CAPITAL_AHEAD}"
)
_LABELS = {"patient": "NOMBRE_SUJETO_ASISTENCIA", "case": "NOMBRE_SUJETO_ASISTENCIA",
           "companion": "FAMILIARES_SUJETO_ASISTENCIA", "staff": "NOMBRE_PERSONAL_SANITARIO",
           "greeting": "NOMBRE_PERSONAL_SANITARIO", "family": "FAMILIARES_SUJETO_ASISTENCIA",
           "aged": "NOMBRE_SUJETO_ASISTENCIA", "role": "NOMBRE_PERSONAL_SANITARIO", "closing": "NOMBRE_PERSONAL_SANITARIO",
           "contact": "FAMILIARES_SUJETO_ASISTENCIA", "signed": "NOMBRE_PERSONAL_SANITARIO",
           "told": "NOMBRE_PERSONAL_SANITARIO", "arole": "NOMBRE_PERSONAL_SANITARIO"}
# a name, then its bearer's relation to the patient in parentheses: "Manoli (vecina)", "Amalia Soto (sobrina)"
NAME_BEFORE_RELATION = re.compile(
    rf"(?<![\w])(?P<name>(?-i:[A-ZÁÉÍÓÚÑ][\w'’-]+)(?:[ \t]+(?-i:[A-ZÁÉÍÓÚÑ][\w'’-]+)){{0,3}})[\"”»]?[ \t]*\([ \t]*(?:su[ \t]+)?"
    rf"(?i:{_KIN_ALT}|vecin[oa]|amig[oa]|novi[oa]|(?-i:{_CO_KIN_ALT}))(?:[ \t]+(?:mayor|menor|materna|materno|paterna|paterno))?[ \t]*[),;]"
)
# "15:20 Florentino (84 a.)": a name right before an age in parentheses
NAME_BEFORE_AGE = re.compile(
    r"(?<![\w])(?-i:[A-ZÁÉÍÓÚÑ][\w'’-]+)(?:[ \t]+(?-i:[A-ZÁÉÍÓÚÑ][\w'’-]+)){0,3}[ \t]*(?:\([ \t]*\d{1,3}[ \t]?(?:a\.?|años|meses)[ \t]*[),]"
    r"|,[ \t]*(?:de[ \t]+)?\d{1,3}[ \t]?(?:años|anys|anos|urte|meses)(?![\w]))"  # "Álvaro, de 19 años"
)
# "OUTEIRAL RIVAS, XOSÉ MANUEL": up to four words, a comma, up to three words
SURNAME_COMMA = re.compile(
    r"(?<![\w,])([^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*){0,4})[ \t]*,[ \t]*([^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*){0,2})(?![\w'’-])"
)
FUNCTION_WORDS = frozenset({
    "que", "una", "uno", "unos", "unas", "con", "en", "na", "salud", "por", "para", "sin", "sus", "mas", "muy", "como", "pero", "tras",
    "ante", "bajo", "entre", "desde", "hasta", "sobre", "segun", "esta", "este", "esto", "ese", "esa", "eso", "los",
    "las", "del", "nos", "les", "fue", "son", "hay", "tiene", "dias", "anos", "meses", "dolor", "fiebre", "normal",
    # first-name entries of the census lists that head institutions and eponyms in clinical text
    "consejo", "comite", "comision", "sociedad", "asociacion", "colegio", "grupo", "junta", "red", "plan",
    "programa", "escala", "test", "indice", "metodo", "tecnica", "signo", "sindrome", "enfermedad", "maniobra",
    "servicio", "unidad", "virgen", "nuestra", "senora", "santa", "santo", "san", "sant", "hospital", "calle",
})
_CAPWORD = rf"{V.CAP}[^\W\d_]+(?:-(?-i:[A-ZÁÉÍÓÚÑ])[^\W\d_]+)?"
FULL_NAME = re.compile(
    rf"(?<![\w.])(?<!\. ){_CAPWORD}(?:[ \t]+(?:(?:de|del|de\s+la|da|do|dos|i|y)[ \t]+)?{_CAPWORD}){{1,4}}(?![\w])"
)
# "Mª Luisa", "M.ª José", "Fco. Javier": a name abbreviation, then a known first name
# round 24: a given name, a middle initial, then the surnames ("Rosa M. Comas Pujiula")
_MIDDLE_INITIAL = re.compile(r"(?<![\w.])(?P<g>[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{2,})[ \t](?:[A-ZÑ]\.[ \t]?){1,2}[ \t]?(?=[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{2,}[ \t]+[A-ZÁÉÍÓÚÑ])")
ABBREVIATED_FIRST = re.compile(r"(?<![\w.])(?:Mª|M\.ª|Mª\.|Jª|J\.ª|Fco\.|Fdez\.)[ \t]*(?=[A-ZÁÉÍÓÚÑ][a-záéíóúñ])")
# "C. Álvarez", "J. M. García Robles": initials, then a known surname or first name (see ``_known_name``)
INITIALS = re.compile(r"(?<![\w.])(?:[A-ZÁÉÍÓÚÑ]\.[ \t]?){1,3}(?=[A-ZÁÉÍÓÚÑ][a-záéíóúñü])")
# a care role or a licence number right after a signed name: "J. Sancho Lasheras med.", "A. Bolinches inf. ped."
_STAFF_AFTER = re.compile(r"(?i)[ \t,-]*(?:enf|enfermer[ao]|inf|infermer[ao]|med|m[eé]dic[oa]|due|mir|matrona|fea|col|n[ºo]\.?[ \t]*col)(?![\w])")
# a typed-fast age after a name, not a house number: "Laura Benitez Ortega 38a abogada", "... 67 a varon,", "... 80a."
_SHORT_AGE_AHEAD = re.compile(r",?[ \t]*\d{1,3}[ \t]?a(?:[ \t]*[,.;)]|[ \t]+(?!\d)[^\W\d_]|[ \t]*$)", re.M)
_STAFF_BEFORE = re.compile(r"(?i)(?:\bdra?|\bdoctora?|remitido\s+por|firmado|\bfdo)\W*$")
# an abbreviated or initial given name after "SURNAMES, ": "M.ª", "Mª", "Fco.", "R.", "J. M."
_GIVEN_ABBREVIATION = re.compile(r"(?:M\.ª|Mª|Jª|Fco\.|(?:[A-ZÁÉÍÓÚÑ]\.[ \t]?){1,3})(?=[ \t]|$|[^\w])[ \t]*")
_STAFF_CUE_BEFORE = re.compile(
    r"(?i)(?:m[eé]dic[oa]|dra?\.?|doctora?|enfermer[oa]|facultativ[oa]|firmado(?:\s+por)?|fdo\.?|consultor[a]?|"
    r"cirujan[oa]|anestesi[oó]log[oa]|anestesista|adjunt[oa]|responsable|especialista|metge(?:ssa)?)\s*:?[ \t]*$"
)
_NAME_ABBREVIATIONS = frozenset({"mª", "ma", "mº", "jª", "fco", "fdo"})
_PARTICLES = frozenset({"de", "del", "la", "las", "los", "y", "i", "da", "do", "dos", "das"})


def _style(word: str) -> str:
    return "upper" if word.isupper() else "lower" if word.islower() else "title" if word[0].isupper() else "mixed"


_JOINERS = frozenset({"y", "i", "e"})
_CAPITAL_NEXT = re.compile(r"[ \t]+[A-ZÁÉÍÓÚÑÀÈÒÇ]")
_JOINED_NAME = re.compile(r"[ \t]+[yie][ \t]+(?=[A-ZÁÉÍÓÚÑÀÈÒÇ])")


class NameRules:
    """Mixin of :class:`~surrogate.ner.rules.backend.RulesBackend`: person names in running text."""

    def _honorific_names(self, text: str) -> list[Candidate]:
        out = []
        for h in P.HONORIFIC.finditer(text):
            span = self._grab_name(text, h.end(), len(text), max_words=6)
            abbreviated = span and _ABBREVIATED_SURNAME_AFTER.match(text, span[1])
            if abbreviated and fold(text[span[0]:span[1]].split()[-1]) in SURNAME_ABBREVIATIONS:
                span = (span[0], abbreviated.end())  # "Dna. Remedios Fdez. Lorenzo": the period of "Fdez." ends nothing
            words = [fold(t.text) for t in tokens(text, h.start(), span[1])] if span else []
            if span and h.group().lower().startswith("don") and self.lexicon.place_at(words, categories=("municipality",)) >= 2:
                continue  # "Don Benito", "Doña Mencía": a town named with an honorific
            if span:
                label = "NOMBRE_PERSONAL_SANITARIO" if P.STAFF_HONORIFIC.match(h.group()) else "NOMBRE_SUJETO_ASISTENCIA"
                if label != "NOMBRE_PERSONAL_SANITARIO" and _KIN_BEFORE.search(text, max(0, h.start() - 30), h.start()):
                    label = "FAMILIARES_SUJETO_ASISTENCIA"  # "su yerno, D. Curro Jiménez"
                out.append(Candidate(span[0], span[1], label, STRUCTURED))
                more = _PLURAL_HONORIFIC.match(h.group()) and KIN_MORE.match(text, span[1])
                while more:  # "Dres. Sureda, Llabrés y Rotger": every name of the list
                    span = self._grab_name(text, more.end(), len(text), max_words=4)
                    if not span or fold(text[span[0]:span[1]].split()[0]) in FUNCTION_WORDS:
                        break
                    cut = _LIST_AND.search(text, span[0], span[1])  # "Mascaró y Ferrer": two of the list's names
                    span = (span[0], cut.start()) if cut else span
                    out.append(Candidate(span[0], span[1], label, STRUCTURED))
                    more = KIN_MORE.match(text, span[1])
        return out

    def _cued_names(self, text: str) -> list[Candidate]:
        out = []
        for m in KIN_NAME.finditer(text):
            if P.KINSHIP_EXCLUDE_BEFORE.search(text, max(0, m.start() - 30), m.start()):
                continue  # "Antecedentes familiares: Fernanda ..." is the patient
            span = self._known_name(text, m.end(), surname_ok=False)
            while span:
                out.append(Candidate(span[0], span[1], "FAMILIARES_SUJETO_ASISTENCIA", PATTERN))
                more = KIN_MORE.match(text, span[1])
                span = more and self._known_name(text, more.end(), surname_ok=False)
        for m in KIN_APPOSITIVE.finditer(text):
            words = [fold(w) for w in m.group("name").split()]
            if P.KINSHIP_EXCLUDE_BEFORE.search(text, max(0, m.start() - 30), m.start()) or any(
                    w in V.NAME_STOP or w in FUNCTION_WORDS or w in P.KINSHIP_FOLDED for w in words) or self.lexicon.place_at(words):
                continue
            out.append(Candidate(m.start("name"), m.end("name"), "FAMILIARES_SUJETO_ASISTENCIA", PATTERN))
        for m in NAME_BEFORE_RELATION.finditer(text):  # "Avisar a Manoli (vecina)", "Amalia Soto (sobrina)"
            span = self._known_name(text, m.start(), surname_ok=False)
            if span and span[1] == m.end("name"):
                out.append(Candidate(span[0], span[1], "FAMILIARES_SUJETO_ASISTENCIA", STRUCTURED))
        for m in KIN_OF_PATIENT.finditer(text):
            span = self._known_name(text, m.end(), surname_ok=False)
            if span:
                out.append(Candidate(span[0], span[1], "FAMILIARES_SUJETO_ASISTENCIA", PATTERN))
        for m in NAME_BEFORE_AGE.finditer(text):
            span = self._known_name(text, m.start(), surname_ok=False)
            if span:
                out.append(Candidate(span[0], span[1], "NOMBRE_SUJETO_ASISTENCIA", PATTERN))
                more = AGED_MORE.match(text, span[1])
                second = more and self._known_name(text, more.end(), surname_ok=False)
                if second:
                    out.append(Candidate(second[0], second[1], "NOMBRE_SUJETO_ASISTENCIA", PATTERN))
        for m in NAME_CUE.finditer(text):
            span = self._known_name(text, m.end(), surname_ok=m.lastgroup not in ("greeting", "told"))
            if span:
                out.append(Candidate(span[0], span[1], _LABELS[m.lastgroup], PATTERN))
        return out

    def _known_name(self, text: str, pos: int, *, surname_ok: bool) -> tuple[int, int] | None:
        """A capitalised name run at ``pos`` whose first word is a known first name (or surname)."""
        span = self._grab_name(text, pos, min(len(text), pos + 120), max_words=5)
        if not span:
            return None
        toks = tokens(text, span[0], span[1])
        first = toks[0].text
        f = fold(first)
        if f in _NAME_ABBREVIATIONS:
            return None if text.startswith((":", ".:"), toks[0].end) else span  # "Fdo.:" is "signed", not Fernando
        lex = self.lexicon
        initials = 0
        while initials + 1 < len(toks) and len(toks[initials].text) == 1 and toks[initials + 1].text in ".ª":
            initials += 2  # "M. Segarra", "J. M. García Robles": the first whole word decides
        if initials:
            word = next((t.text for t in toks[initials:] if t.text[0].isalpha() and t.text != "ª"), "")
            known = lex.is_("surname", word) or lex.is_("first_name", word)
            common = fold(word) in V.NAME_STOP or fold(word) in FUNCTION_WORDS
            return span if len(word) >= 3 and known and not common else None
        if len(first) < 3 or f in V.NAME_STOP or f in P.KINSHIP_FOLDED or f in FUNCTION_WORDS or P.SEX_WORDS.fullmatch(first) or not (
            lex.is_("first_name", first) or surname_ok and lex.is_("surname", first)
        ):
            return None
        if lex.phrases["country"].longest_at([f], 0) or lex.phrases["province"].longest_at([f], 0):
            return None
        return span

    def _surname_first_names(self, text: str) -> list[Candidate]:
        """``APELLIDOS, NOMBRE`` in any case, also ``APELLIDOS, Nombre`` (surnames in capitals, as forms print
        them), hyphenated surnames and an abbreviated or initial given name (``ARRANZ DEL OLMO, M.ª Teresa``,
        ``ÁLVAREZ-GUERRERO BENÍTEZ, R.``); after a staff cue (``El/la médico:``) the name is staff."""
        out = []
        lex = self.lexicon
        for m in SURNAME_COMMA.finditer(text):
            left = tokens(text, m.start(1), m.end(1))
            right = tokens(text, m.start(2), m.end(2))
            k = len(left)  # the longest tail of the left side made of surnames, particles and hyphens
            while k > 0 and (lex.is_("surname", left[k - 1].text) or fold(left[k - 1].text) in _PARTICLES
                             or left[k - 1].text == "-" and k > 1):
                k -= 1
            sur = [t for t in left[k:] if fold(t.text) not in _PARTICLES and t.text != "-"]
            while k < len(left) and (fold(left[k].text) in _PARTICLES or left[k].text == "-"):
                k += 1  # "de PÉREZ DE LA HOZ": the name starts at its first surname
            abbreviated = _GIVEN_ABBREVIATION.match(text, m.start(2))
            n = 0  # the longest head of the right side made of first names
            given_start = abbreviated.end() if abbreviated else m.start(2)
            line_end = text.find("\n", given_start)
            given = right if not abbreviated else tokens(text, given_start, min(given_start + 40, len(text) if line_end < 0 else line_end))
            while n < len(given) and lex.is_("first_name", given[n].text):
                n += 1
                if n + 1 < len(given) and fold(given[n].text) in _PARTICLES and lex.is_("first_name", given[n + 1].text):
                    n += 1  # "MARÍA DEL CARMEN"
            if not sur or k >= len(left) or not (n or abbreviated):
                continue
            end = given[n - 1].end if n else abbreviated.end()
            words = sur + [t for t in given[:n] if fold(t.text) not in _PARTICLES]
            sur_styles, given_styles = {_style(t.text) for t in sur}, {_style(t.text) for t in given[:n]}
            if len(sur_styles) != 1 or len(given_styles) > 1 or "mixed" in sur_styles | given_styles:
                continue
            if given_styles and given_styles != sur_styles and not (sur_styles == {"upper"} and given_styles == {"title"}):
                continue  # "ARRANZ DEL OLMO, Teresa" is a form's name; "garcía, ANA" is not
            if len(sur) < 2 and not (sur_styles == {"upper"} and len(sur[0].text) >= 5):
                continue  # one surname only in capitals, and not an acronym list ("ANA, ANCA")
            if abbreviated and sur_styles != {"upper"}:
                continue
            if any(len(t.text) < 3 or fold(t.text) in FUNCTION_WORDS for t in words):
                continue
            if any(fold(t.text) in V.NAME_STOP or fold(t.text) in P.KINSHIP_FOLDED for t in words):
                continue
            staff = _STAFF_CUE_BEFORE.search(text, max(0, left[k].start - 40), left[k].start)
            label = "NOMBRE_PERSONAL_SANITARIO" if staff else "NOMBRE_SUJETO_ASISTENCIA"
            out.append(Candidate(left[k].start, end, label, PATTERN))
        return out

    def _full_names(self, text: str) -> list[Candidate]:
        """``Manuel Abal Teixeiro`` anywhere: a known first name followed by known surnames, all capitalised.

        The run may start later than the capitalised words do (``NSS de Leandro Vidal``). The weakest tier:
        a facility, street or place that holds the same words wins the overlap.
        """
        out = []
        lex = self.lexicon
        for m in FULL_NAME.finditer(text):
            toks = [t for t in tokens(text, m.start(), m.end()) if t.text[0].isalpha()]
            i = 0
            while i < len(toks):
                t = toks[i]
                if fold(t.text) in _PARTICLES or not lex.is_("first_name", t.text):
                    i += 1
                    continue
                span = self._full_name_at(text, toks[i:])
                label = None
                while span:
                    if label is None:  # the people joined after it share its role ("Dra. X y Y (enfermero)")
                        staff = _STAFF_BEFORE.search(text, max(0, span[0] - 30), span[0])
                        label = "NOMBRE_PERSONAL_SANITARIO" if staff else "NOMBRE_SUJETO_ASISTENCIA"
                    out.append(Candidate(span[0], span[1], label, GAZETTEER))
                    # a second person after "y" ("Josefa Ortega Maldonado y José María Jiménez Ortega"), read from
                    # the joiner on: the pattern's run may have stopped inside that name
                    joined = _JOINED_NAME.match(text, span[1])
                    if not joined:
                        break
                    run = FULL_NAME.match(text, joined.end())
                    span = self._full_name_at(text, [u for u in tokens(text, run.start(), run.end()) if u.text[0].isalpha()]) \
                        if run else None
                break
        return out

    def _initial_names(self, text: str) -> list[Candidate]:
        """Initials and a known surname anywhere (``C. Álvarez`` under a signature line), and a name
        abbreviation before a known first name (``Mª Luisa``); the weakest tier."""
        out = []
        for m in ABBREVIATED_FIRST.finditer(text):
            span = self._known_name(text, m.end(), surname_ok=False)
            if span:
                staff = _STAFF_BEFORE.search(text, max(0, m.start() - 30), m.start())
                out.append(Candidate(m.start(), span[1], "NOMBRE_PERSONAL_SANITARIO" if staff else "NOMBRE_SUJETO_ASISTENCIA", GAZETTEER))
        for m in _MIDDLE_INITIAL.finditer(text):
            g = m.group("g")  # the initial vouches for a given name that is also a word ("Rosa M.")
            span = self._known_name(text, m.end(), surname_ok=True) if self.lexicon.is_("first_name", g) and fold(g) not in FUNCTION_WORDS else None
            if span and len(tokens(text, span[0], span[1])) >= 2:
                staff = _STAFF_BEFORE.search(text, max(0, m.start() - 30), m.start())
                out.append(Candidate(m.start(), span[1], "NOMBRE_PERSONAL_SANITARIO" if staff else "NOMBRE_SUJETO_ASISTENCIA", GAZETTEER))
        lower: bool | None = None
        for m in INITIALS.finditer(text):
            before = text[text.rfind("\n", 0, m.start()) + 1:m.start()].rstrip()
            role = ROLE_ABBREVIATION.search(before + " ")
            if before and before[-1] not in ":;,(·|/-–—" and not role:
                if lower is None:
                    # imported here: typed_fast imports this module through recase_cues
                    from .typed_fast import typed_in_lower
                    lower = typed_in_lower(text)
                # "el eje I. Dado que": after a word, a capital and a period end a sentence; not after a time
                # ("11:05 A. Bolinches"), nor in a note typed in lower case, where a capital starts no sentence
                if not (before[-1].isdigit() or lower and before[-1].islower()):
                    continue
            span = self._known_name(text, m.end(), surname_ok=True)
            if span:
                span = (m.start(), span[1])  # the initials need not be name words ("C." is also "Calle")
                staff = role or _STAFF_BEFORE.search(text, max(0, span[0] - 30), span[0]) or _STAFF_AFTER.match(text, span[1])
                out.append(Candidate(span[0], span[1], "NOMBRE_PERSONAL_SANITARIO" if staff else "NOMBRE_SUJETO_ASISTENCIA", GAZETTEER))
        return out

    def _full_name_at(self, text: str, toks: list[Token]) -> tuple[int, int] | None:
        lex = self.lexicon
        for k, t in enumerate(toks):
            if k and t.text.isupper() and len(t.text) <= 3 and not toks[0].text.isupper():
                toks = toks[:k]  # "… García CP 66260": an abbreviation ends the name
                break
        for k in range(2, len(toks) - 1):
            if fold(toks[k].text) in _JOINERS and _CAPITAL_NEXT.match(text, toks[k + 1].end) \
                    and lex.is_("first_name", toks[k + 1].text):
                toks = toks[:k]  # "... Maldonado y José María ...": a second person, not "Ramón y Cajal"
                break
        words = [t for t in toks if fold(t.text) not in _PARTICLES]
        if len(words) < 2 or all(b.start - a.end <= 1 and text[a.end:b.start] == "-" for a, b in pairwise(words)):
            return None  # one hyphenated word is an eponym ("Wilson-Cook"), not a full name
        if any(fold(t.text) in V.NAME_STOP or fold(t.text) in FUNCTION_WORDS or len(t.text) < 2 for t in words):
            return None
        firsts = 1
        while firsts < len(words) - 1 and lex.is_("first_name", words[firsts].text):
            firsts += 1
        surnames = words[firsts:]
        # a surname as wards abbreviate it counts as known ("Yeray Santana Rguez", round 23)
        known = sum(lex.is_("surname", t.text) or fold(t.text) in SURNAME_ABBREVIATIONS for t in surnames)
        if not surnames or 2 * known < len(surnames):
            return None  # most of the words after the given names must be known surnames
        folded = [fold(t.text) for t in toks]
        if lex.place_at(folded) == len(folded):
            return None  # the whole run is a place: "Santa Cruz", "San Sebastián"
        if street_number_follows(text, words[-1]) and not _SHORT_AGE_AHEAD.match(text, words[-1].end):
            return None  # a street named after a person: "Fiscal Luis Portero, 6", "José Achotegui s/n"
        return toks[0].start, words[-1].end
