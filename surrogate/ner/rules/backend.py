"""The ``rules`` backend: candidates from every detector, a filter stage, then overlaps resolved by tier."""
from __future__ import annotations

import re
from collections.abc import Sequence

from gazetteers import GazetteerSet
from gazetteers.text import fold

from ...model import Span
from ..base import Occupied, finalize_spans
from ..labelmap import label_mapper
from ..lexicon import Lexicon
from ..tokenize import find_phrases, lines
from . import patterns as P
from .article_names import article_name_candidates
from .acronym_hospitals import acronym_hospital_candidates
from .brand_cues import brand_cue_candidates
from .care_teams import care_team_candidates
from .chat_handles import chat_handle_candidates
from .capital_names import names_a_facility, title_view
from .case_keys import CaseKeyRules
from .common import HEADER, NAME_PARTICLES, PATTERN, STRUCTURED, Candidate
from .contact_names import contact_candidates
from .coofficial import coofficial_candidates
from .cued_people import alias_candidates, cued_people_candidates
from .cued_codes import cued_code_candidates
from .cued_numbers import cued_numbers
from .cued_ids import cued_id_candidates
from .basque_cases import basque_case_candidates
from .field_people import field_people_candidates
from .range_dates import range_date_candidates
from .exif import exif_candidates
from .extend import extend_spans
from .facilities import FacilityRules
from .facility_initials import facility_initials
from .fhir import fhir_candidates
from .file_names import file_name_parts
from .filters import keep
from .foreign_forms import foreign_form_candidates
from .grabbers import Grabbers
from .handover import handover_candidates
from .header import HeaderRules
from .identifiers import IdentifierRules
from .initials import (
    initialled_surnames,
    initials_of_names,
    legend_names,
    reference_initials,
    sign_off_initials,
)
from .insurers import insurer_candidates
from .known_firms import known_firm_candidates
from .kin_abroad import kin_abroad_candidates
from .kin_cues import kin_cue_candidates
from .kin_lower_names import kin_lower_name_candidates
from .localities import LocalityRules
from .messages import message_candidates, outside
from .name_parts import name_parts
from .names import FUNCTION_WORDS, NameRules
from ...ocr import ocr_digits
from .place_forms import place_form_candidates
from .named_bodies import named_body_candidates
from .place_pairs import place_pair_candidates
from .places import PlaceRules
from .places_after import place_after_candidates, wider_places
from .people_cues import named_again_after_none, people_cue_candidates
from .places_cued import place_cue_candidates, places_again
from .race_bibs import race_bib_candidates
from .log_keys import log_key_candidates
from .log_people import log_people_candidates
from .role_names import role_name_candidates
from .role_people import role_people_candidates
from .closing_initials import closing_initial_candidates
from .register_codes import codes_after_names, register_code_candidates
from .recase import LOWER, UPPER, Recaser, layout
from .recase_cues import ORDINARY
from .shapes import ShapeRules
from .shift_notes import _STOP as _SHIFT_STOP
from .shift_notes import shift_note_candidates
from .signatures import SignatureRules
from .staff_initials import staff_initial_candidates, staff_initials_again
from .staff_roles import initials_after_staff, staff_role_candidates
from .tables import TableRules
from .third_parties import third_party_candidates
from .typed_bodies import typed_body_candidates
from .typed_days import typed_day_candidates
from .typed_employers import typed_employer_candidates
from .typed_fast import kept_from_view, typed_fast_candidates, typed_in_lower
from .typed_people import quoted_nicknames, title_again, typed_people_candidates
from .typed_persons import after_names, typed_person_candidates
from .typed_numbers import typed_number_candidates
from .typed_places import typed_place_candidates
from .typed_record import typed_record_candidates
from .typed_senders import typed_sender_candidates
from .typed_sign_offs import nickname_candidates, sign_off_candidates
from .typed_services import typed_service_candidates
from .typed_workplaces import typed_workplace_candidates
from .unit_hospitals import unit_hospital_candidates
from .views import view_of
from .world_towns import world_town_candidates
from .bare_streets import bare_street_candidates
from .foreign_addresses import foreign_address_candidates
from .named_centres import named_centre_candidates
from .town_cues import town_cue_candidates
from .places_near_found import places_near_found
from .rural_addresses import rural_address_candidates
from .kind_bodies import kind_body_candidates
from .landforms import landform_candidates
from .town_lists import town_list_candidates
from .hospital_aliases import hospital_alias_candidates
from .civic_bodies import civic_body_candidates
from .country_columns import country_column_candidates
from .letterheads import letterhead_candidates
from .xml_tags import xml_candidates

# Strings worth finding again elsewhere in the same document (a staff name in the header and the signature).
_PROPAGATED = {
    "NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "CALLE", "TERRITORIO", "PAIS", "HOSPITAL",
    "CENTRO_SALUD", "INSTITUCION", "ID_SUJETO_ASISTENCIA", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL",
    "ID_TITULACION_PERSONAL_SANITARIO", "CORREO_ELECTRONICO", "NUMERO_TELEFONO", "OTRO_NUMERO_IDENTIF",
}


class RulesBackend(CaseKeyRules, HeaderRules, TableRules, SignatureRules, NameRules, FacilityRules, PlaceRules, ShapeRules, IdentifierRules, LocalityRules, Grabbers):
    """High-recall rules (see the package docstring). Build once; the gazetteer lists load on first use."""

    name = "rules"

    def __init__(self, schema: str | None = None, gazetteers: GazetteerSet | None = None) -> None:
        self._mapper = label_mapper("meddocan", schema or "meddocan")
        self.schema = self._mapper.target
        self._gazetteers = gazetteers
        self._lexicon: Lexicon | None = None
        self._recaser: Recaser | None = None

    @property
    def lexicon(self) -> Lexicon:
        if self._lexicon is None:
            self._lexicon = Lexicon.for_set(self._gazetteers)
        return self._lexicon

    @property
    def recaser(self) -> Recaser:
        if self._recaser is None:
            self._recaser = Recaser(self.lexicon)
        return self._recaser

    def predict(self, texts: Sequence[str]) -> list[list[Span]]:
        out = []
        for original in texts:
            shorter = view_of(original)  # raw RTF, words hyphenated across lines: read through a decoded view
            found = self._found(original) if shorter is None else shorter.to_source(self._found(shorter.text))
            out.append(self._mapper.map_spans(finalize_spans(found, original)))
        return out

    def _found(self, original: str) -> list[tuple[int, int, str]]:
        """The resolved and extended spans of one text, before they are numbered."""
        text = _LEADERS.sub(_as_colon, original)  # "Paciente ........ X" read as "Paciente: X" (same length)
        text = ocr_digits(text)  # "O5/03/2O25", "Sorian0": OCR's letter-for-digit confusions undone (same length)
        cands = filtered(text, self.candidates(text))
        view = self.recaser.view(text)
        if view is not None:  # a note in capitals or lower case: also read as ordinarily written
            cands += _not_inside(filtered(view, self.candidates(view)), cands)
        else:
            cands += self._capital_lines(text, cands)
            cands += self._capital_facilities(text, cands)
            if typed_in_lower(text):  # typed fast in lower case, a few capitals kept: those stay as typed
                view = "".join(o if o.isupper() else v for o, v in zip(text, self.recaser.view(text, LOWER), strict=True))
                cands += [c for c in _not_inside(filtered(view, self.candidates(view)), cands)
                          if kept_from_view(text, c, self.lexicon, _TYPED_STOP | FUNCTION_WORDS)]
        found = extend_spans(text, _resolve(self._whole_names(text, set(cands))), self.lexicon)
        return name_parts(text, found, self.lexicon, _TYPED_STOP | FUNCTION_WORDS)  # "Remedios" alone, once named in full

    def _whole_names(self, text: str, cands: set[Candidate]) -> set[Candidate]:
        """Less the name candidates that lie inside a longer candidate of the same person label whose other words
        are all known given names or surnames: a surname found again (``el Sr. Sánchez-Valverde``) must not cut
        the full name of a field (``Asunto: Juan Antonio Sánchez-Valverde Lucas``) down to itself, whatever their
        tiers; a longer one that adds a title or a heading word (``Doctor``, ``Unidad``) does not win so."""
        names = [c for c in cands if c.label in _NAMES]

        def fuller(o: Candidate, c: Candidate) -> bool:
            extra = _WORDS.findall(text[o.start:c.start] + " " + text[c.end:o.end])
            return bool(extra) and not P.HONORIFIC.match(text, o.start) and not P.STAFF_HONORIFIC.match(extra[0]) and all(fold(w) in NAME_PARTICLES - _JOINERS or (
                len(w) > 1 and w[0].isupper() and (
                self.lexicon.is_("first_name", w) or self.lexicon.is_("surname", w))) for w in extra)

        return {c for c in cands if c.label not in _NAMES or not any(
            o.label == c.label and o.start <= c.start and c.end <= o.end and o.end - o.start > c.end - c.start
            and fuller(o, c) for o in names)}

    def _capital_lines(self, text: str, cands: list[Candidate]) -> list[Candidate]:
        """Lines typed in capitals inside an ordinary note (``HOSPITAL UNIVERSITARIO VIRGEN MACARENA — ÁREA
        DE URGENCIAS``) read through the recased view of each line: what the view adds inside those lines."""
        chars, spans = list(text), []
        for ls, le in lines(text):
            # the whole line, else each of its parts set apart by a separator: "HOSPITAL X · UGC Farmacia — Área"
            parts = [(ls, le)] if layout(text[ls:le]) == UPPER else [m.span() for m in _LINE_PART.finditer(text, ls, le)]
            for s, e in parts:
                view = self.recaser.view(text[s:e]) if e - s >= 20 and layout(text[s:e]) == UPPER else None
                if view is not None and view != text[s:e]:
                    chars[s:e] = view
                    spans.append((s, e))
        if not spans:
            return []
        view = "".join(chars)
        extra = [c for c in filtered(view, self.candidates(view)) if any(s <= c.start and c.end <= e for s, e in spans)]
        return _not_inside(extra, cands)

    def _capital_facilities(self, text: str, cands: list[Candidate]) -> list[Candidate]:
        """Facilities written in capitals in an ordinary note, in a heading or inline (``Ingresa en el HOSPITAL
        UNIVERSITARIO LA PAZ``): the facility rules on the title-case view of each capitals run."""
        view, runs = title_view(text)
        if not runs:
            return []
        found = [c for s, e in runs for c in self._facilities(view, s, e, tier=STRUCTURED, require_capital_next=True)
                 if names_a_facility(view, c.start, c.end, c.label)]
        return _not_inside(filtered(view, found), cands)

    def candidates(self, text: str) -> list[Candidate]:
        cands, quiet = message_candidates(text)  # HL7 segments and DICOM dumps: each field says what it holds
        cands += fhir_candidates(text) + exif_candidates(text)  # FHIR JSON keys and photo metadata tags likewise
        cands += xml_candidates(text)  # a CDA's or an XML export's elements by tag
        cands += handover_candidates(text, self.lexicon)  # a lower-case handover's "pac", "dr", "cs", "de ana a david"
        cands += shift_note_candidates(text, self.lexicon)  # "dr. salas", "paqui ortiz (turno mañana)", "javi (celador)"
        cands += kin_lower_name_candidates(text, self.lexicon)  # "acomp por su hija carmen"
        cands += typed_fast_candidates(text, self.lexicon, _TYPED_STOP)  # "22:10 felisa garcia lozano 81a", "reciben: bea, sergio"
        cands += self._header(text)
        cands += self._tables(text)
        cands += self._signatures(text)
        cands += self._contacts(text)
        cands += self._honorific_names(text)
        cands += self._case_heads(text)
        cued = self._cued_names(text) + self._surname_first_names(text) + self._abbreviated_surnames(text)
        cued += staff_role_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "TS: Covadonga Fdez. Menéndez"
        cued += typed_person_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "ps andres", "tarde - jvm:"
        cued += contact_candidates(text, self.lexicon, _TYPED_STOP | FUNCTION_WORDS)  # "Mari Carmen 692 18 77 40"
        cued += typed_sender_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "[1/3/25 9:14] ana r.:", "firma tgm"
        cued += sign_off_candidates(text, self.lexicon, _TYPED_STOP)  # "jlp / dr sanz", "visita amc (enf)", "entrega ana a eva"
        cued += typed_people_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "-LPR", "enfermeras nuria / sole m."
        cued += cued_people_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "dr ibarra", "due a.r.g.", "CARMEN R.,"
        cued += third_party_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "vigilante Paco", "TO (Amaia)"
        cued += kin_cue_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "el marido Cefe", "Patxi aitona"
        kin_names, kin_whole = kin_abroad_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)
        cued += kin_names  # "soțul, Ionuț", "Seine Frau Brigitte", "O irmán maior, Jonathan"
        cands += kin_whole
        cued += role_people_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "recepcionista Dácil", "Tècnics Sergi i Noelia"
        cands += article_name_candidates(text, self.lexicon, _TYPED_STOP | FUNCTION_WORDS, _COMMON_NAME_WORDS)  # "de la Montse"
        cued += people_cue_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "recibo de Tino (noche)", '"JULIAN cita'
        cued += staff_initial_candidates(text)  # "TGR col. 28441", "inf RBS"
        cued += chat_handle_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "[21:02] lucia.gchico (R2):"
        cued += race_bib_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "iker lasa (dorsal 0733)"
        cued += log_people_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "19:10 Ji-hoon PARK (Corea)"
        cued += log_key_candidates(text)  # 'agente=SR0734 nombre_agente="Macarena"'
        cued += field_people_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "TRAMITA: M. GALÁN", "compañero, Aitor,"
        role_cued, role_weak = role_name_candidates(text, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)
        cued += role_cued  # "mediadora khady", "Iñigo zeladorea", "Andoni (81 urte)"
        cands += role_weak  # "traduce Olena"
        cands += cued
        cands += self._full_names(text)
        cands += self._initial_names(text)
        cands += self._facilities(text, 0, len(text), tier=STRUCTURED, require_capital_next=True)
        cands += self._facility_acronyms(text)
        cands += acronym_hospital_candidates(text)  # "HGU Sta Lucia:", "CHU Sta. Cristina"
        cands += care_team_candidates(text, self.lexicon, _TYPED_STOP)  # "PADES Osona", "ambulancia SAMU"
        cands += named_body_candidates(text)  # "Servicio Territorial de Sanidad de X", "CD Burladés", "SAT Campo de X"
        cands += kind_body_candidates(text, self.lexicon)  # "Confitería Piloñeta", "el llagar El Texu", "chofer de X"
        cands += civic_body_candidates(text, self.lexicon)  # "Centro Cívico de X", "Gestiones X", "Team: X", 'rehala "X"'
        cands += named_centre_candidates(text)  # "Centro Ocupacional X", "AMPA X", "X BHI", "X zentroan", "X, SL"
        cands += letterhead_candidates(text, self.lexicon)  # "CELAD · Comisión ..." and "CELAD" again
        cands += insurer_candidates(text)  # "FREMAP", "Asepeyo", "Sanitas": a mutua's or an insurer's brand
        cands += known_firm_candidates(text, self.lexicon, _TYPED_STOP)  # "tecnico de fresenius", "cobra en caja rural"
        cands += typed_service_candidates(text, self.lexicon, _TYPED_STOP)  # "pension inss", "ambulancia del 061"
        cands += typed_workplace_candidates(text, self.lexicon, _TYPED_STOP)  # "transportes ibarra hnos", "ortopedia zubieta"
        cands += typed_employer_candidates(text, self.lexicon, _TYPED_STOP)  # "cajera en el mercadona", "bus de avanza"
        cands += brand_cue_candidates(text, self.lexicon, _TYPED_STOP)  # "concentrador de linde serie", "vuelo Vueling"
        cands += self._courts(text)
        cands += self._companies(text)
        cands += self._employers(text)
        cands += self._streets_anywhere(text)
        cands += bare_street_candidates(text)  # "aparcado en la Avda. Condomina", "Cl Fondon 6, 1°", "camino La Solana 6"
        cands += rural_address_candidates(text)  # "Partida Algoda, polígon 2, nº 118", "carretera A-316, punto kilométrico 28"
        cands += foreign_address_candidates(text, self.lexicon)  # "12 rue des Tanneurs, 67000 Strasbourg (France)"
        cands += self._flats(text)
        cands += typed_record_candidates(text)  # "ses 2 - 11/9 -", "ecg marzo", "nhc 4410927  67a v", "2º ddv"
        cands += self._dates(text) + coofficial_candidates(text, self.lexicon)  # "dl. 24 febr.", "2019an", "(Osona)", "Alemanya"
        cands += typed_day_candidates(text)  # "ayer 14/2", "para el miercoles", "s4 24/2 nacho:"
        cands += foreign_form_candidates(text)  # Romanian "FUR octombrie", "miercuri 12", plate "VS-14-MPA"
        cands += self._identifiers(text)
        cands += self._codes(text)
        cands += cued_id_candidates(text)  # "TARJ. SANITARIA: CLMA 4500 ...", "nº residente X", "SVB SA-0417", an export's id_
        cands += range_date_candidates(text)  # "2024-12-01..2025-01-31", "o día 12"
        cands += cued_numbers(text)  # meeting IDs, register entries, tracking, prisoner, worker numbers
        cands += cued_code_candidates(text, self._cell_value)  # "generado por Q0311", a ";" export's columns, "colgante nº"
        cands += typed_number_candidates(text)  # "6 7 1 - 3 0 - 5 5 - 2 9"
        cands += register_code_candidates(text)  # "folio 0338", "celda C-4", "licencia VT-117", "nº BQ-0061"
        cands += self._network(text)
        cands += self._postal_codes(text)
        cands += place_pair_candidates(text, self.lexicon, _TYPED_STOP)  # "canada (toronto)", "laredo 39770"
        cands += landform_candidates(text)  # "Alto do Poio", "playa de la Albufereta", "río Oribio", "en vega huerta"
        cands += world_town_candidates(text, self.lexicon)  # "Família a Kaolack", "from Iloilo", "Lausana, Suiza"
        cands += town_list_candidates(text, self.lexicon)  # "Xinzo de Limia", "Tronchón - Mas de Tarín - Mirambel"
        cands += town_cue_candidates(text, self.lexicon)  # "vienen de Bullas", "rotonda de X", "(Barakaldo)", "X plazan"
        cands += country_column_candidates(text)  # "DE", "UK" under a "nac" column
        cands += self._ages(text)
        cands += self._sex(text)
        cands += self._kinship(text)
        cands += self._places(text)
        cands += typed_place_candidates(text, self.lexicon, _TYPED_STOP)  # "neuro del valme", "ceip valdespartera nº 3"
        cands += unit_hospital_candidates(text, self.lexicon, _TYPED_STOP)  # "hdd oncologia hucv", "trasladada de san rafael"
        cands += hospital_alias_candidates(text, self.lexicon)  # "Rehabilitación Arrixaca", "a Althaia (Hospital ...)"
        cands += typed_body_candidates(text, self.lexicon, _TYPED_STOP, cands)  # "consejeria de inclusion social", "en astorga"
        cands += place_after_candidates(text, self.lexicon, _TYPED_STOP, cands)  # "hospital da costa burela", "parroquia de x"
        cands += place_cue_candidates(text, self.lexicon, _TYPED_STOP, cands)  # "mora em x, c/ ...", "estoy en alzira"
        cands += place_form_candidates(text, self.lexicon, _TYPED_STOP, cands)  # "Haro, 2 de mayo de 2024", "hospital getafe"
        cands += self._makers(text)
        cands += self._cued_towns(text)
        cands += self._small_towns(text)
        cands += self._more_towns(text)
        cands += self._other_streets(text)
        cands += self._address_towns(text, cands)
        cands += wider_places(text, cands, self.lexicon, _TYPED_STOP)  # "Arguineguín (Mogán)": the wider place
        cands += places_near_found(text, cands, self.lexicon)  # "Hospital X\nen Arriondas", "Lugar de X" ... "X", "· 45600 ·"
        nicknames = self._nicknames(text, cands) + quoted_nicknames(text, cands, _TYPED_STOP, FUNCTION_WORDS)  # 'gil ruiz "moncho"'
        nicknames += alias_candidates(text, cands, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "(le llaman chechu)", "(la loles)"
        cands += nicknames
        cands += self._propagate(text, cands, cued, nicknames)
        cands += basque_case_candidates(text, cands, self.lexicon)  # "Moha Benali" ... "Mohak galdetu dio"
        cands += places_again(text, cands, _TYPED_STOP)  # "MALAGA" ... "malaga", "HUN URG" ... "core HUN"
        cands += facility_initials(text, cands)  # "Hospital Universitari de Vic" ... "NHC HUV 00518274"
        cands += file_name_parts(text, [(text[c.start:c.end], c.label) for c in cands])
        cands += legend_names(text, lambda t, s, e: self._grab_name(t, s, e, max_words=4), lambda w: self.lexicon.is_("surname", w))
        cands += initials_of_names(text, cands)
        cands += initialled_surnames(text, cands, _COMMON_NAME_WORDS)
        cands += reference_initials(text) + sign_off_initials(text, cands)  # "Ref.: PJMC/mgl", "Marcos Pintado — MPR"
        cands += closing_initial_candidates(text)  # "... bien. QM", "Recibido por: M.C.G."
        cands += initials_after_staff(text, cands)  # "enf triaje: mª jose (MJP)"
        cands += after_names(text, cands, self.lexicon, _TYPED_STOP, FUNCTION_WORDS)  # "/ beatriz ruiz", "sonia (smv)"
        cands += nickname_candidates(text, cands, _TYPED_STOP)  # 'jacinto ruiz ("el rubio")', "(alias moro)"
        cands += title_again(text, cands, self.lexicon, _COMMON_NAME_WORDS)  # "mi hijo jorge" ... "correo de Jorge"
        cands += codes_after_names(text, cands)  # "cap Xavier Soler (B-2217)"
        cands += staff_initials_again(text, cands)  # "dr Olaizola (JO)" ... "sin incidencias. JO"
        cands += named_again_after_none(text, cands, self.lexicon)  # "JULIAN cita ..." ... "aqui no hay ningun julian"
        return outside(cands, quiet)

    def _propagate(self, text: str, cands: list[Candidate], cued: list[Candidate] = (), nicknames: list[Candidate] = ()) -> list[Candidate]:
        """Strings of tiers 0-1, and names found by a cue (``su madre (Remedios)``, ``Álvaro, de 19 años``),
        again wherever they recur in the document, with the same case (``Remedios cuenta que ...``).

        Also the day and month of a numeric date, written again without its year (``Incidencia 06/03:`` in
        a note that holds ``06/03/2025``; alone, ``06/03`` could be a ratio)."""
        seen: dict[str, str] = {}
        for c in cands:
            m = _FULL_NUMERIC_DATE.fullmatch(text, c.start, c.end) if c.label == "FECHAS" else None
            if m:
                seen[m.group(1)] = "FECHAS"
        for c in sorted(cands, key=lambda c: (c.tier, c.start)):
            if c.tier <= STRUCTURED and c.label in _PROPAGATED and c.end - c.start >= 4:
                seen.setdefault(text[c.start:c.end], c.label)
        for c in cued:
            value = text[c.start:c.end]
            if c.end - c.start >= 4:
                seen.setdefault(value, c.label)
            first = value.split()[0]
            if " " in value and len(first) >= 4 and first[0].isupper() and self.lexicon.is_("first_name", first):
                seen.setdefault(first, c.label)  # "su tío Tomás Villalba" ... "Tomás añade que"
        given: set[str] = set()
        for c in nicknames:  # "Rocío ("Ro")" ... "he visto a Ro": a nickname is the person's wherever it recurs
            if c.label in _NAMES and c.end - c.start >= 2:
                seen.setdefault(text[c.start:c.end], c.label)
        for c in cands:  # "Ana Belén Laguna Sanz · Psicóloga" ... "Ana se dio cuenta": a given name of a structured name
            value = text[c.start:c.end]
            first = value.split()[0] if c.tier <= STRUCTURED and c.label in _NAMES and " " in value else ""
            if len(first) >= 3 and first.istitle() and fold(first) not in _COMMON_NAME_WORDS and fold(first) not in FUNCTION_WORDS \
                    and not value.startswith(first + ",") and self.lexicon.is_("first_name", first) and first not in seen:
                given.add(first)
                seen[first] = c.label
        for c in [*cands, *cued]:  # "PERDOMO RAMOS, ADAY;..." ... "Cita de ADAY en": the given part of "Surnames, Given"
            value = text[c.start:c.end]
            given_part = value.partition(", ")[2] if (c.tier <= STRUCTURED or c in cued) and c.label in _NAMES else ""
            if len(given_part) >= 4 and given_part not in seen and not any(
                    fold(w) in _COMMON_NAME_WORDS or fold(w) in FUNCTION_WORDS for w in given_part.split()):
                given.add(given_part)
                seen[given_part] = c.label
        names = {v.split()[0]: lab for v, lab in seen.items() if lab in _NAMES and v[:1].isupper() and len(v.split()[0]) >= 5}
        for m in _CAP_WORD.finditer(text):  # "Xavier Sanchis" ... "Si Xavi s'ha de quedar": a short form of a given name
            w = m.group()
            if w not in seen and len(w) >= 4 and fold(w) not in _COMMON_NAME_WORDS and self.lexicon.is_("first_name", w):
                full = next((n for n in names if n.startswith(w) and n != w and self.lexicon.is_("first_name", n)), None)
                if full:
                    given.add(w)
                    seen[w] = names[full]
        for value, label in list(seen.items()):  # "Apellidos: O'SULLIVAN" ... "Signature: C. O'Sullivan"
            if label in _NAMES and value.isupper() and len(value) >= 4 and not any(c.isdigit() for c in value):
                seen.setdefault(_title_name(value), label)
        for value, label in list(seen.items()):  # "Dra. Fanjul: gracias xuan": a chat drops the capitals
            low = value.lower()
            if label in _NAMES and low != value and value[0].isupper() and len(value) >= 4 \
                    and not any(fold(w) in _COMMON_NAME_WORDS or fold(w) in FUNCTION_WORDS for w in low.split()):
                seen.setdefault(low, label)
        if not seen:
            return []
        return [Candidate(s, e, seen[v], PATTERN) for s, e, v in find_phrases(text, seen)
                if (seen[v] != "FECHAS" or not _YEAR_AHEAD.match(text, e))
                and not (v in given and (self._name_before(text, s) or _CAPITAL_AHEAD.match(text, e)))]  # not "Santa Marta"

    def _name_before(self, text: str, pos: int) -> bool:
        """A capitalised word right before ``pos`` that may be part of the same name (``Santa Marta``, ``Dra.
        Marta``); a sentence's first word that is no given name is not (``Hola! Som Laia i Xavi``)."""
        m = _CAPITAL_BEFORE.search(text, max(0, pos - 30), pos)
        if not m:
            return False
        word = m.group().strip()
        if word.endswith(".") and len(word) >= 4 and word[:-1].isupper():
            return False  # a sentence closing on an acronym or a plate: "sustituye 5518 JZT. CANDIDO viene"
        starts = m.start() == 0 or _SENTENCE_END.search(text, max(0, m.start() - 3), m.start())
        return not (starts and not word.endswith(".") and not (len(word) > 2 and self.lexicon.is_("first_name", word)))


# ordinary words the census lists hold as names, never a name in a note typed fast ("rosa", "blanco", "sat")
_TYPED_STOP = _SHIFT_STOP | ORDINARY
_JOINERS = frozenset({"y", "i", "e"})  # "Iker y Lucía": two people
_WORDS = re.compile(r"[^\W\d_]+")
_LINE_PART = re.compile(r"[^·|—–;\"\n]+")  # also the cells and quoted texts of a CSV row
# dot or underscore leaders between a form's label and its value
_LEADERS = re.compile(r"(?<=[^\W\d_])[ \t]*(?:[._…][ \t]?){4,}:?(?=[ \t]*[^\s.:_…])")


def _as_colon(m: re.Match[str]) -> str:
    return ":" + " " * (len(m.group()) - 1)


_NAMES = frozenset({"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA"})
# given names and surnames that are also common words: never found again in lower case
_COMMON_NAME_WORDS = frozenset({
    "rosa", "pilar", "mar", "luz", "sol", "paz", "amparo", "consuelo", "dolores", "rocio", "blanca", "clara",
    "angeles", "cruz", "esperanza", "victoria", "gloria", "aurora", "flor", "angel", "leon", "rey", "camino",
    "nieves", "socorro", "remedios", "salud", "reyes", "alegria", "soledad", "fe", "caridad", "milagros",
    "angustias", "asuncion", "concepcion", "encarnacion", "purificacion", "gracia", "felicidad", "vega", "prado",
    "campo", "campos", "castillo", "rio", "rios", "lobo", "moreno", "blanco", "rubio", "calvo", "bravo", "franco",
    "leal", "serrano", "delgado", "cano", "santos", "iglesias", "torres", "mesa", "cabello", "pastor", "herrero",
    "mayor", "marin", "parra", "pena", "rico", "sierra", "cortes", "guerra", "nieto", "duque", "conde",
    "manso", "bueno", "alegre", "salas", "arenas", "roca", "molina", "oliva", "palma", "pinto", "solano", "lozano",
    "hierro", "caballero", "soler", "vidal", "alba", "olivo", "paloma", "estrella", "perla", "sara", "belen",
})
_FULL_NUMERIC_DATE = re.compile(rf"({P.DIGITS_DAY_MONTH})[/.-](?:\d{{4}}|\d{{2}})")
_CAPITAL_BEFORE = re.compile(r"[A-ZÁÉÍÓÚÑ][^\W\d_]*\.?[ \t]+$")  # "Santa Marta", "Dra. Marta"
_SENTENCE_END = re.compile(r"(?:^|[.!?:•*-]|\n)[ \t]*$")
_CAP_WORD = re.compile(r"(?<![\w@.])[A-ZÁÉÍÓÚÑÀÈÒÇ][a-záéíóúñàèòçïü]{3,}(?![\w@])")
_CAPITAL_AHEAD = re.compile(r"[ \t]+(?:(?:de|del|la)[ \t]+)?[A-ZÁÉÍÓÚÑ]")  # "Marta Ortega", "Ana de Dios": another name
_YEAR_AHEAD = re.compile(r"[/.-]\d")  # "06/03" inside "06/03/2025" is the full date's, not a second date


def _title_name(value: str) -> str:
    """A name typed in capitals as it is written in running text: ``O'SULLIVAN DE LA FUENTE`` →
    ``O'Sullivan de la Fuente`` (same length)."""
    return re.sub(r"[^\W\d_]+", lambda m: m.group().lower() if m.group().lower() in FUNCTION_WORDS | NAME_PARTICLES
                  else m.group()[0] + m.group()[1:].lower(), value)


def filtered(text: str, cands: list[Candidate]) -> list[Candidate]:
    """The filter stage (:mod:`.filters`): candidates clipped to their field, measurements dropped."""
    out = []
    for c in cands:
        bounds = keep(text, c.start, c.end, c.label, cued=c.tier == HEADER)
        if bounds:
            out.append(c if bounds == (c.start, c.end) else Candidate(bounds[0], bounds[1], c.label, c.tier))
    return out


def _not_inside(extra: list[Candidate], base: list[Candidate]) -> list[Candidate]:
    """``extra`` less the candidates that lie inside a longer one of ``base``: the view of a recased note
    adds what the text as typed misses, and never cuts short what it found."""
    spans = sorted({(c.start, c.end) for c in base})
    return [c for c in extra if not any(s <= c.start and c.end <= e and e - s > c.end - c.start for s, e in spans)]


def _resolve(cands: list[Candidate]) -> list[tuple[int, int, str]]:
    """Non-overlapping subset: lower tier first, then longer first, then earlier."""
    taken = Occupied()
    return [
        (c.start, c.end, c.label)
        for c in sorted(cands, key=lambda c: (c.tier, -(c.end - c.start), c.start, c.label))
        if c.start < c.end and taken.add_if_free(c.start, c.end)
    ]


def build(*, model: str | None = None, schema: str | None = None, gazetteers: GazetteerSet | None = None, **options: object) -> RulesBackend:
    """Registry factory. The rules need no model; ``--model`` is refused rather than ignored."""
    from ..base import BackendError

    if model is not None:
        raise BackendError("the rules backend takes no --model")
    if options:
        raise BackendError(f"the rules backend has no option(s) {', '.join(sorted(options))}")
    return RulesBackend(schema=schema, gazetteers=gazetteers)
