"""Header fields (``Nombre:``, ``NHC:``, ``Domicilio:``...) and the signature parser of ``Remitido por:``."""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from ..tokenize import tokens
from . import patterns as P
from . import vocab as V
from .common import HEADER, Candidate, is_cap_word, phone_bounds, trim

_DEPARTMENT = re.compile(
    r"(?i)(?:Servicio|Secci[oó]n|Unidad|Departamento|Dpto|Dept|Área|Area|C[aá]tedra|S\.|Sº|Divisi[oó]n|Grupo|Programa|Consulta|Planta|Laboratorio\s+de)\b"
)
_SPACE_OR_SEP = re.compile(r"[\s.,;:()\[\]\-–—/•·|]+")
_CONTACT_CUE = re.compile(r"(?i)(?:e-?mail|correo(?:\s+electr[oó]nico)?|autor)\b\W*")
_NHC_PREFIX = re.compile(r"(?i)nhc\s*[-/:]\s*")
# where a field value ends inside its line: a cell separator or a column gap
_VALUE_END = re.compile(r"[ \t]*[·|•][ \t]*|\t|[ \t]{3,}|[ \t]+[—–][ \t]+"
                        r"|[ \t]+(?=[a-z_]{2,24}=)")  # a log's next key=value field ('nombre="X" fnac=1939-05-02')
#: a value written in quotes after ``key=`` is what the quotes hold
_QUOTED = re.compile(r"([\"'])([^\"'\n]+)\1")
_TIME_AFTER = re.compile(r"[ \t]*,?[ \t]+(?:a[ \t]+las[ \t]+)?\d{1,2}[:h]\d{2}(?::\d{2})?(?:[ \t]*h(?:oras)?)?\.?$")
# what ends a name inside its field: a comma before a lower-case word, a number or a role ("X, FEA Farmacia"), a dash,
# a parenthesis
_AFTER_NAME = re.compile(r"[ \t]*[,;][ \t]*(?=[^\W_A-ZÁÉÍÓÚÑ]|\d|(?:FEA|MIR|R[1-5]|MF|MFyC|DUE|TCAE|Jef[ea]|Adjunt[oa]|Facultativ[oa]|M[eé]dic[oa]|Enfermer[oa]|Residente|Especialista)\b)|[ \t]+[-—–][ \t]|[ \t]*\(")
_LAST_INITIAL = re.compile(r"(?:^|\s)(?:[A-ZÁÉÍÓÚÑ]\.[ ]?)+[A-ZÁÉÍÓÚÑ]$")
_PLACE_PART = re.compile(r"[^,/()]+")
# the comma-, dash- or parenthesis-separated parts of an address ("C/ Mayor 3, 2º B - 28001 Madrid (Madrid)")
_ADDRESS_SEP = re.compile(r"[ \t]*(?:[,()–—]|[ \t]-[ \t]|(?<=\.)[ \t](?=(?:E-)?\d{5}\b))[ \t]*")
# a sentence after the address: a full stop, a capitalised word, then a lower-case word that is no particle
# or a phone's cue and number ("... 30152 Aljucer. Tfno. 968 34 02 17")
_ADDRESS_SENTENCE_END = re.compile(
    r"(?<=[^\W\d_]{5})\.[ \t]+(?=[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+[ \t]+(?!(?:de|del|la|las|los|el|y|i|da|do)\b)[a-záéíóúñ])"
    r"|[.,;]?[ \t]+(?=(?:Tfno|Tfn|Telf|Tlfn?|Tel|Tel[ée]fono|M[óo]vil|Fax)\b\.?[ \t:]*\+?\d)")
# a town's name by its shape: capitalised words, maybe joined by particles, no digit
_TOWN_SHAPE = re.compile(r"[A-ZÁÉÍÓÚÑ][^\W\d_'’-]+(?:[-'’ ][a-záéíóúñ]{1,3})?(?:[ \t-]+(?:(?:de|del|la|las|los|el|d['’])[ \t]+)?[A-ZÁÉÍÓÚÑ][^\W\d_]+){0,3}")
# a postcode of a British or Irish address at the end of a part: "Ripon HG4 1QT", "Co. Cork P31 X2K7" (Eircode)
_FOREIGN_POSTCODE = re.compile(r"(?<![\w])((?:[A-Z]{1,2}\d[A-Z\d]?[ \t]\d[A-Z]{2}|(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[ \t]?[0-9AC-FHKNPRTV-Y]{4}))$")
# an Irish or British county: "Co. Cork", "County Kerry"
_COUNTY = re.compile(r"(?:Co\.|County)[ \t]+[A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)?")
# a remark in parentheses inside an address: it starts with a lower-case word
_ADDRESS_REMARK = re.compile(r"[ \t]*\([ \t]*[a-záéíóúñ]")
# where a company's field value ends: a comma (not before a legal form), a parenthesis or a full stop
_COMPANY_END = re.compile(r"[ \t]*,[ \t]+(?!S\.?[ \t]?[ALC])|[ \t]*\(|(?<![A-Z])(?<!Hnos)(?<!Cía)\.[ \t]+")
_ABBREVIATION_END = re.compile(r"(?:\b[A-Z]|Hnos|Cía)$")
# a sentence that starts after a field's value in running text ("Médico: Dr. Pérez Gil. Ingresa por dolor",
# "Mutua: ASEPEYO. Ingresa en planta", "Empresa: X S.L. Refiere caída"): a full stop after a word of two letters or
# more, or after a legal form, then a capitalised word and a lower-case word that is no particle
_SENTENCE_AFTER_VALUE = re.compile(
    r"(?:(?<=[^\W\d_]{2})|(?<=\b[A-Z]\.[A-Z])|(?<=\b[A-Z]\.[ ][A-Z]))\.[ \t]+"
    r"(?=[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+[ \t]+(?!(?:de|del|la|las|los|el|y|i|da|do|dels|das)\b)[a-záéíóúñ])"
)
# the same in a note typed in lower case: "tcae: manoli. intensivista de guardia: ..." (a word of three letters or more,
# a full stop, a lower-case word: no name goes on so)
_LOWER_SENTENCE_AFTER = re.compile(r"(?<=[^\W\d_]{3})\.[ \t]+(?=[a-záéíóúñç])")
# a message, not a name: lower case, its first word no name, four words or more
_CHAT_MESSAGE = re.compile(r"[a-zñáéíóúç][^\W\d_]*\.?(?:[ \t,]+\S+){3,}")
_CELL_WORD = re.compile(r"[^\W\d_]+")
_NO_COMPANY = frozenset({"ninguna", "ninguno", "no", "no consta", "sin empresa", "autonomo", "autonoma", "jubilado", "jubilada",
                         "desempleado", "desempleada", "sns", "publica", "privada", "inss"})
_PAREN_THEN_COMMA = re.compile(r"[ \t]*\([^()\n]{0,40}\)[ \t]*(?:,|;|y)[ \t]*(?=[A-ZÁÉÍÓÚÑ])")
_PAREN_AFTER_CODE = re.compile(r"[ \t]+\(")
_ROLE_BEFORE_NAME = re.compile(r"(?:TCAE|DUE|TES|MIR|FEA|R[1-5]|Enf\.?|Enfª)[ \t]+(?=[A-ZÁÉÍÓÚÑ])")
# where a one-item value ends: a full stop, a semicolon, or a comma before a lower-case word ("DNI: 12345678Z,
# de 67 años" is the DNI only; "lunes, 3 de marzo" goes on)
_SENTENCE_END = re.compile(r"\.\s+(?=\S)|;|,\s+(?=[a-záéíóúüñç])")
# between the names of a staff field's list: "Carmen Ruiz / Íñigo Saiz", "J. Pajuelo y M. Ledesma"
_STAFF_LIST_SEP = re.compile(r"[ \t]+(?:/|y(?=[ \t]+(?:[A-ZÁÉÍÓÚÑ]\.|[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+[ \t]+[A-ZÁÉÍÓÚÑ])))[ \t]+")
# fields whose value is one short item: it ends at the first full stop
_ONE_VALUE = frozenset({
    "FECHAS", "ID_SUJETO_ASISTENCIA", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL", "ID_TITULACION_PERSONAL_SANITARIO",
    "EDAD_SUJETO_ASISTENCIA", "SEXO_SUJETO_ASISTENCIA", "NUMERO_TELEFONO", "NUMERO_FAX", "PAIS",
})


class HeaderRules:
    """Mixin of :class:`~surrogate.ner.rules.backend.RulesBackend`: header fields and signatures."""

    # ------------------------------------------------------------------------------------ header fields
    def _header(self, text: str) -> list[Candidate]:
        out: list[Candidate] = []
        matches = list(V.HEADER_KEY.finditer(text))
        for i, m in enumerate(matches):
            label = V.HEADER_FIELDS[int(m.lastgroup[1:])][1]
            line_end = text.find("\n", m.end())
            line_end = len(text) if line_end < 0 else line_end
            nxt = matches[i + 1].start() if i + 1 < len(matches) else len(text)
            vs, ve = trim(text, m.end(), min(line_end, nxt))
            quoted = _QUOTED.match(text, vs, ve) if text.startswith("=", m.end() - 1) or text[m.end() - 1] in "\"'" else None
            if quoted:  # 'nombre="DOMÍNGUEZ VÁZQUEZ, ANTONIA" fnac=…': the quotes hold the value
                vs, ve = quoted.start(2), quoted.end(2)
            cut = _VALUE_END.search(text, vs, ve)  # "Pacient: Jordi Solsona · 71 anys": one cell of a row
            if cut:
                vs, ve = trim(text, vs, cut.start())
            paren = text.find("(", vs, ve)  # "Dr. Pere Vilaseca (núm. col. 25-3319)": the name ends
            if paren > vs and label == "NOMBRE_PERSONAL_SANITARIO":
                out += self._names_after_parens(text, paren, ve, label)  # "Matronas: X (M.J.S.), Y ("Chelo")"
            if paren > vs and label in ("NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA"):
                vs, ve = trim(text, vs, paren)
            if label in _ONE_VALUE:
                stop = _SENTENCE_END.search(text, vs, ve)  # "12-07-1979. NSS 28/…": the date only
                paren = _PAREN_AFTER_CODE.search(text, vs, stop.start() if stop else ve) if label.startswith(("ID_", "FECHAS")) else None
                stop = paren or stop  # "Nº pasaporte: AB1234567 (Marruecos)", "Data: 2024ko martxoaren 19a (19/03/2024)": one item
                vs, ve = trim(text, vs, stop.start() if stop else ve)
            if label is None or vs >= ve:
                continue
            if label == "SIGNATURE":
                out += self._signature(text, vs, ve)
            elif ve - vs <= 120:  # (longer: not a field value but a paragraph that happens to start with a key)
                out += self._field_value(text, label, vs, ve, HEADER)
        return out

    def _names_after_parens(self, text: str, pos: int, end: int, label: str) -> list[Candidate]:
        """More names of a staff list after a parenthesis and a comma: ``X (M.J.S.), Consuelo Garrido``."""
        out = []
        while (m := _PAREN_THEN_COMMA.match(text, pos, end)) and (span := self._grab_name(text, m.end(), end)):
            out.append(Candidate(span[0], span[1], label, HEADER))
            pos = span[1]
        return out

    def _field_value(self, text: str, label: str, vs: int, ve: int, tier: int) -> list[Candidate]:
        """The candidates of one field value ``text[vs:ve]`` under ``label`` (also a table cell's)."""
        if label in ("NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA") and _LAST_INITIAL.search(text, max(vs - 1, 0), ve) \
                and text.startswith(".", ve):
            ve += 1  # "J.M.G.": the last initial keeps its period
        if label in ("NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA") and fold(text[vs:ve].split()[0]) in V.NAME_STOP:
            return []  # "Médico: MIR de guardia", "Paciente: paciente colaborador": a role or a word, no name
        if label in ("NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA"):
            h = P.HONORIFIC.match(text, vs)
            span = self._grab_name(text, h.end() if h else vs, ve)
            if span and _AFTER_NAME.match(text, span[1], ve):
                ve = span[1]  # "Jordi Esteve Roigé, cardiólogo adjunto", "Dr. Pere Miralles, dimarts 9/05/2023"
        if label == "FAMILIARES_SUJETO_ASISTENCIA":  # "Madre: Rosario Gil (tfno ...)"; "Madre: sana" is no name
            h = P.HONORIFIC.match(text, vs)
            span = self._grab_name(text, h.end() if h else vs, ve)
            first = fold(text[span[0]:span[1]].split()[0]) if span else ""
            if not span or first in V.NAME_STOP or first in ("su", "sus", "mi") or first in P.KINSHIP_FOLDED:
                return []  # "AVISAR A: SU HIJO JOSÉ VICENTE": the kinship cues take it from there
            return [Candidate(span[0], span[1], label, tier)]
        if label == "NOMBRE_PERSONAL_SANITARIO":
            parts = _STAFF_LIST_SEP.split(text[vs:ve])
            if len(parts) > 1 and all(p[:1].isupper() for p in parts) and all(
                    p[1:2] == "." or self.lexicon.is_("first_name", p.split()[0]) for p in parts[1:]):  # "Carmen Ruiz / Íñigo Saiz", "J. Pajuelo y M. Ledesma"
                out, pos = [], vs
                for part in parts:
                    s = text.index(part, pos)
                    pos = s + len(part)
                    out += self._field_value(text, label, s, pos, tier)
                return out
            h = P.HONORIFIC.match(text, vs)
            s = h.end() if h else vs
            role = _ROLE_BEFORE_NAME.match(text, s, ve)  # "Informó: TCAE Sonia Gil"
            s = role.end() if role else s
            if _CHAT_MESSAGE.match(text, s, ve) and not any(
                    self.lexicon.is_(kind, _CELL_WORD.match(text, s).group()) for kind in ("first_name", "surname")):
                return []  # "12/3/24, 8:03 - Ana metge: ok. el de la 3 ...": a chat's message after its sender, no name
            if stop := _SENTENCE_AFTER_VALUE.search(text, s, ve) or _LOWER_SENTENCE_AFTER.search(text, s, ve):
                ve = stop.start()  # "Enfermera: Ana Ruiz. Se administra ...": the name, not the sentence after it
            return [Candidate(s, ve, label, tier)] if s < ve else []
        if label == "INSTITUCION" and V.STREET_START.match(text, vs):
            return self._street_value(text, vs, ve, tier)  # "Centro de trabajo: Pol. Ind. Los Caminos, calle 7": where
        if label == "INSTITUCION":  # "Empresa: Talleres X S.L., Lorca"; "Mutua: ninguna" names none
            if sentence := _SENTENCE_AFTER_VALUE.search(text, vs, ve):
                ve = sentence.start()  # "Mutua: ASEPEYO. Ingresa en planta": the company, not the sentence after it
            stop = _COMPANY_END.search(text, vs, ve)
            vs, ve = trim(text, vs, stop.start() if stop else ve)
            if text.startswith(".", ve) and _ABBREVIATION_END.search(text, vs, ve):
                ve += 1  # "Construcciones X S.L.": the legal form keeps its period
            return [Candidate(vs, ve, label, tier)] if vs < ve and text[vs].isupper() and fold(text[vs:ve]) not in _NO_COMPANY else []
        if label == "TERRITORIO":
            return self._place_list(text, vs, ve, tier)
        if label == "PAIS" and "(" in text[vs:ve]:  # "IE (Ireland)": the code and the name, each a country
            return [Candidate(*trim(text, vs + p.start(), vs + p.end()), label, tier)
                    for p in _PLACE_PART.finditer(text[vs:ve]) if text[vs + p.start():vs + p.end()].strip()]
        if label == "CALLE":
            return self._street_value(text, vs, ve, tier)
        if label == "ID_SUJETO_ASISTENCIA":
            pre = _NHC_PREFIX.match(text, vs, ve)
            return [Candidate(pre.end() if pre else vs, ve, label, tier)]
        if label == "FECHAS":
            t = _TIME_AFTER.search(text, vs, ve)  # "11/03/2024, 16:40": the date without its time
            if t and t.start() > vs:
                ve = t.start()
        if label in ("NUMERO_TELEFONO", "NUMERO_FAX"):
            return [Candidate(*phone_bounds(text, n.start(), n.end()), label, tier) for n in P.PHONE_NUMBER.finditer(text, vs, ve)]
        return [Candidate(vs, ve, label, tier)]

    def _street_value(self, text: str, start: int, end: int, tier: int = HEADER) -> list[Candidate]:
        """``C/ Mayor 3, 2º B, 28001 Madrid (Madrid)``: the street, then a postal code and the places written
        after it, each its own span (peeled off from the end while a part is a postal code or a known place)."""
        stop = _ADDRESS_SENTENCE_END.search(text, start, end)
        end = stop.start() if stop else end  # "... 50005 Zaragoza. Cuarto piso sin ascensor."
        parts, pos = [], start
        for sep in _ADDRESS_SEP.finditer(text, start, end):
            if sep.start() > pos:
                parts.append((pos, sep.start()))
            pos = sep.end()
        if pos < end:
            parts.append((pos, end))
        if not parts:
            return []
        tail: list[Candidate] = []
        postal = False
        while len(parts) > 1:
            s, e = trim(text, *parts[-1])
            pc = P.POSTAL_CODE.match(text, s, e)
            rest = trim(text, pc.end() + (text[pc.end():pc.end() + 1] == "-"), e) if pc else (s, e)  # "29007-Málaga"
            foreign = None if pc else _FOREIGN_POSTCODE.search(text, s, e)  # "Co. Cork P31 X2K7", "Ripon HG4 1QT"
            if foreign:
                pc, rest = foreign, trim(text, s, foreign.start())
            # a town next to a postal code needs no gazetteer: "48004 Bilbo", "Jerez (11405)"
            town_shape = (pc or postal) and _TOWN_SHAPE.fullmatch(text, *rest) and not P.POSTAL_CODE.match(text, *rest)
            county = _COUNTY.fullmatch(text, *rest) if rest[0] < rest[1] else None
            if rest[0] < rest[1] and not self._is_place(text[rest[0]:rest[1]]) and not town_shape and not county:
                break
            postal = postal or bool(pc)
            if pc:
                tail.append(Candidate(pc.start(1), pc.end(1), "TERRITORIO", tier))
            elif s >= e:
                break
            if rest[0] < rest[1]:
                tail.append(Candidate(rest[0], rest[1], self._place_label(text[rest[0]:rest[1]]), tier))
            parts.pop()
        if not tail and len(parts) > 2:
            parts, tail = self._places_inside(text, parts, tier)
        s, e = trim(text, parts[0][0], parts[-1][1])
        remark = _ADDRESS_REMARK.search(text, s, e)  # "Bº La Cavada, nº 23 (casa de piedra, portón verde)"
        if remark and remark.start() > s:
            s, e = trim(text, s, remark.start())
        return ([Candidate(s, e, "CALLE", tier)] if s < e else []) + tail

    def _places_inside(self, text: str, parts: list[tuple[int, int]], tier: int) -> tuple[list[tuple[int, int]], list[Candidate]]:
        """An address whose town and postal code stand inside it, a remark after them (``c/ Madrid 112, 3º C,
        Getafe (28902) - portal con rampa, sin ascensor``): the street before them, the town and the postal code,
        and nothing of the remark; ``parts`` unchanged when no postal code follows a known or town-shaped place."""
        for k in range(1, len(parts) - 1):
            places: list[Candidate] = []
            j = k
            while j < len(parts):
                s, e = trim(text, *parts[j])
                pc = P.POSTAL_CODE.fullmatch(text, s, e)
                if pc:
                    places.append(Candidate(pc.start(1), pc.end(1), "TERRITORIO", tier))
                elif s < e and (self._is_place(text[s:e]) or _TOWN_SHAPE.fullmatch(text, s, e)):
                    places.append(Candidate(s, e, self._place_label(text[s:e]), tier))
                else:
                    break
                j += 1
            if len(places) >= 2 and any(text[c.start].isdigit() for c in places):
                return parts[:k], places
        return parts, []

    def _is_place(self, value: str) -> bool:
        from .places import english_countries

        folded = [fold(t.text) for t in tokens(value)]
        return bool(folded) and (self.lexicon.place_at(folded) == len(folded) or bool(V.EXTRA_COUNTRIES.fullmatch(value))
                                 or bool(english_countries().fullmatch(value)))

    def _place_list(self, text: str, start: int, end: int, tier: int) -> list[Candidate]:
        """``Hellín, Albacete`` / ``Estella (Navarra)`` → one TERRITORIO (or PAIS) per part."""
        out = []
        for part in _PLACE_PART.finditer(text[start:end]):
            s, e = trim(text, start + part.start(), start + part.end())
            pc = P.POSTAL_CODE.match(text, s, e)
            if pc and pc.end() < e and text[pc.end()].isspace():  # "41008 Sevilla"
                out.append(Candidate(pc.start(1), pc.end(1), "TERRITORIO", tier))
                s = trim(text, pc.end(), e)[0]
            if s < e:
                out.append(Candidate(s, e, self._place_label(text[s:e]), tier))
        return out

    def _place_label(self, value: str) -> str:
        """PAIS for a country name, TERRITORIO otherwise (a Spanish town wins: Granada is not Grenada)."""
        folded = tuple(fold(t.text) for t in tokens(value))
        if not folded:
            return "TERRITORIO"
        lex = self.lexicon
        if lex.place_at(folded, categories=("municipality", "province")) == len(folded):
            return "TERRITORIO"
        from .places import english_countries

        if lex.place_at(folded, categories=("country",)) == len(folded) or V.EXTRA_COUNTRIES.fullmatch(value.strip()) \
                or english_countries().fullmatch(value.strip()):
            return "PAIS"
        return "TERRITORIO"

    # ---------------------------------------------------------------------------------------- signature
    def _signature(self, text: str, start: int, end: int) -> list[Candidate]:
        """Walk a ``Remitido por:`` value unit by unit (see module docstring)."""
        out: list[Candidate] = []
        pos, first = start, True
        lex = self.lexicon
        while pos < end:
            gap = _SPACE_OR_SEP.match(text, pos, end)
            if gap:
                pos = gap.end()
                if pos >= end:
                    break
            nxt = self._signature_unit(text, pos, end, first, out, lex)
            first = False
            pos = max(nxt, pos + 1)
        return out

    def _signature_unit(self, text: str, pos: int, end: int, first: bool, out: list[Candidate], lex: Lexicon) -> int:
        # contacts are found globally; step over them (and their cue words)
        for rx in (P.EMAIL, P.URL):
            m = rx.match(text, pos, end)
            if m:
                return m.end()
        cue = P.PHONE_CUE.match(text, pos, end)
        if cue:
            return cue.end()
        m = _CONTACT_CUE.match(text, pos, end)
        if m:
            return m.end()
        h = P.HONORIFIC.match(text, pos, end)
        if h:
            span = self._grab_name(text, h.end(), end)
            if span:
                label = "NOMBRE_PERSONAL_SANITARIO" if P.STAFF_HONORIFIC.match(h.group()) else "NOMBRE_SUJETO_ASISTENCIA"
                out.append(Candidate(span[0], span[1], label, HEADER))
                return span[1]
            return h.end()
        pc = P.POSTAL_CODE.match(text, pos, end)
        if pc:
            out.append(Candidate(pc.start(1), pc.end(1), "TERRITORIO", HEADER))
            town = self._grab_place(text, pc.end(), end, allow_period=True)
            if town:
                out.append(Candidate(town[0], town[1], self._place_label(text[town[0]:town[1]]), HEADER))
                return town[1]
            return pc.end()
        fac = self._facilities(text, pos, end, tier=HEADER, anchored=True)
        if fac:
            out += fac
            return fac[-1].end
        dep = _DEPARTMENT.match(text, pos, end)
        if dep:
            return self._skip_department(text, dep.end(), end)
        toks = tokens(text, pos, min(end, pos + 200))
        if not toks:
            return end
        folded = [fold(t.text) for t in toks]
        n = lex.phrases["street_type"].longest_at(folded, 0)
        if n and (len(toks) > n) and toks[0].text[0].isupper():
            addr = self._grab_address(text, toks, n, end)
            if addr:
                out.append(Candidate(addr[0], addr[1], "CALLE", HEADER))
                return addr[1]
        for cat, label in (("country", "PAIS"), ("province", "TERRITORIO"), ("municipality", "TERRITORIO")):
            n = lex.phrases[cat].longest_at(folded, 0)
            if n and is_cap_word(toks[0]) and (n == len(toks) or not is_cap_word(toks[n]) or cat != "municipality"):
                out.append(Candidate(toks[0].start, toks[n - 1].end, label, HEADER))
                return toks[n - 1].end
        x = V.EXTRA_COUNTRIES.match(text, pos, end)
        if x:
            out.append(Candidate(x.start(), x.end(), "PAIS", HEADER))
            return x.end()
        if first and is_cap_word(toks[0]):
            span = self._grab_name(text, pos, end)
            if span:
                out.append(Candidate(span[0], span[1], "NOMBRE_PERSONAL_SANITARIO", HEADER))
                return span[1]
        street = self._typeless_street(text, toks, end)
        if street:
            out.append(Candidate(street[0], street[1], "CALLE", HEADER))
            return street[1]
        return toks[0].end

    def _skip_department(self, text: str, pos: int, end: int) -> int:
        """Skip ``Servicio de Urología`` up to a facility, a street, a full stop or a comma."""
        for t in tokens(text, pos, end):
            if t.text in ".,;(" or V.FACILITY_START.match(text, t.start, end) or P.EMAIL.match(text, t.start, end):
                return t.start
            if P.POSTAL_CODE.match(text, t.start, end) or P.HONORIFIC.match(text, t.start, end):
                return t.start
            folded = fold(t.text)
            if folded in self.lexicon.phrases["street_type"] and t.text[0].isupper() and folded not in ("pl", "s"):
                return t.start
        return end
