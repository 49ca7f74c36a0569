"""The fresh-layout set (tests/data/layouts): fictional notes in form layouts absent from MEDDOCAN and the OOD set.

(1) the set is sound: in step with its sources, every .ann exact and read by the product reader, every
    occurrence of a direct identifier annotated (else no tool could remove it), DNI/NIE/NSS check digits valid;
(2) ``deid --backend rules`` (no model: what a hospital team gets by default) leaves none of the direct gold
    identifiers in its output but the known misses listed below, and the rules tag
    none of the clinical values and codes of the notes.
Survivors per label before and after the rules were fixed for it: docs/evaluation.md ("Fresh layouts").
"""
from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
from stdnum.es import dni, nie

from augment.cli import main
from augment.corpus import read_corpus
from surrogate.ner import load_backend
from surrogate.schemas import load_schema

REPO = Path(__file__).resolve().parents[1]
LAYOUTS = REPO / "tests" / "data" / "layouts"
SCHEMA = load_schema("meddocan")

_spec = importlib.util.spec_from_file_location("ood_survivors", REPO / "bench" / "ood_survivors.py")
survivors = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("ood_survivors", survivors)  # dataclasses look their module up there
_spec.loader.exec_module(survivors)


@pytest.fixture(scope="module")
def gold():
    return list(read_corpus(LAYOUTS, "brat", allow_overlaps=True))


def test_the_set_is_in_step_with_its_sources_and_new():
    done = subprocess.run([sys.executable, str(REPO / "tests/data/ood/build.py"), str(LAYOUTS), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    names = {p.stem for p in LAYOUTS.glob("*.txt")}
    assert len(names) >= 12 and names == {p.stem for p in (LAYOUTS / "src").glob("*.src")}
    assert not names & {p.stem for p in (REPO / "tests/data/ood").glob("*.txt")}


def test_every_span_is_exact_and_every_direct_identifier_is_annotated_wherever_it_occurs(gold):
    checked = 0
    for doc in gold:
        raw = (LAYOUTS / f"{doc.id}.ann").read_text(encoding="utf-8").splitlines()
        assert len(raw) == len(doc.spans) > 0
        for sp in doc.spans:
            assert SCHEMA.kind_of(sp.label) is not None, sp.label
        folded = survivors.fold(doc.text)
        assert len(folded) == len(doc.text)  # no decomposed accents: offsets carry over
        for span_id, _, value in survivors.direct_spans(doc, SCHEMA):
            if value.isdigit() and len(value) <= 2:
                continue  # a room "24" beside "24 h": a number of two digits is written anywhere (as in the held-out test)
            for m in survivors.word_pattern(value).finditer(folded):
                assert any(sp.start <= m.start() and m.end() <= sp.end for sp in doc.spans), (doc.id, span_id, m.start())
            checked += 1
    assert checked >= 250


def test_dni_nie_and_nss_carry_valid_check_digits(gold):
    checked = 0
    for doc in gold:
        for sp in doc.spans:
            bare = re.sub(r"[\s./-]", "", doc.span_text(sp))
            if sp.label == "ID_SUJETO_ASISTENCIA" and re.fullmatch(r"[XYZ]\d{7}[A-Z]|\d{8}[A-Z]", bare):
                assert (nie if bare[0] in "XYZ" else dni).is_valid(bare), (doc.id, sp.id)
                checked += 1
            elif sp.label == "ID_ASEGURAMIENTO" and re.fullmatch(r"\d{2}[\s/-]?\d{8}[\s/-]?\d{2}", doc.span_text(sp)):
                # written as an NSS (a Valencian SIP "2216 0458 7731" has twelve digits too, and no check digits)
                assert int(bare[:10]) % 97 == int(bare[10:]), (doc.id, sp.id)
                checked += 1
    assert checked >= 5


# Lower-case names with no cue in a chat ("manolo fdez cueto, 83, EPOC", "fue minero en hunosa") and a
# maker after "de" ("bipap de Oxigen Salud"): nothing tells them from ordinary words.
# Round 4 (notes 55-66): a foreign town, a hamlet of a town and a region in Catalan that no gazetteer lists
# (Tánger, El Palmar, Comunitat Valenciana, and the Catalan institution's name that holds it); a country as an ISO
# code (UKR) and a Basque country name with its case ending (Frantzian); a dental clinic's name in a heading in
# capitals (its words are no known name). A facility of type words and an adjective ("Hospital Civil") was written
# back by deid (completed as "Hospital Civil de X") until session 26: its adjective now changes too.
# (España, the locale's own country, is no direct identifier: bench/ood_survivors.py does not count it.)
# Round 5 (notes 79-90): institutions named with no kind word the rules know (a sports-medicine centre's name in
# capitals, "CENTRO DE ESTUDIOS, INVESTIGACIÓN Y MEDICINA DEL DEPORTE"; a logistics company with no legal form; an
# interpreting service's brand in parentheses; "SAMUR Social", a public service like the unannotated SUMMA 112), an
# English town no gazetteer lists after a bare "desde" (Leeds), and a street dictated in a call with its number in
# words ("Calle de ... veintiuno, portal B").
# Round 6 (notes 91-102): a facility's name in capitals as a letterhead with no known word after its kind (a dental
# clinic, a Catalan "HOSPITAL UNIVERSITARI" and a neighbourhood's name, a Basque "AUDIOZENTROA"); a day of the month
# dictated alone ("el día veinticuatro", as likely a day count); day/month dates in parentheses in an embryology
# table ("D+3 (17/3)", alone a ratio); staff initials in a table cell with no legend line; a partner's given name
# under a "PAREJA" heading found again alone; a farm's name in guillemets and a rural address by "paraje ..., polígono
# N, parcela N"; a Catalan street as "C. de la X, 88, 2n 1a" after a long parenthesised key; a pupil's incident
# number with no cue; an English "in Lucena" (a town that is also the PI's surname); a date in parentheses after
# "Follow-up #1"; and a street after a health centre's name and a dash ("Centro de Salud X — C/ Ciudad de ..., 11").
# Round 7 (notes 103-114): a month alone in Basque with its case ending ("abuztuan", in August); an NGO's English
# name after "ONG" and "Kenya" (the English spelling) in an itinerary of arrows; a wife's given name alone in a
# handover in capitals ("LLAVES A PILAR", a common word); a day alone in an SMS reply ("HASTA EL DIA 20", as likely
# a count); two towns listed after a health area's "ÁREA SANITARIA DE LUGO," in a letterhead in capitals; an optician
# shop's name in capitals ("ÓPTICA X"); a hospital named after its town in a capitals letterhead ("HOSPITAL X —").
# (Two round-6 misses are no longer left after the round-7 rules: 96 T27, a Catalan street, and 93 T31, a
# partner's given name alone.)
# Session 21: a facility's name in capitals in an ordinary note is read in title case (rules/capital_names.py), so
# the dental clinics of notes 59 and 92, "HOSPITAL UNIVERSITARI SON ESPASES" (94) and "HOSPITAL X —" (114, with
# its town) are no longer left; the round-8 rules find the town before its province in parentheses (64 T2).
# Round 8 (notes 115-126, written blind this session, fixed by the round-8 rules from 63 to 15 of 406 left): an
# OCR "rn" read for "m" inside a hamlet's name ("El Palrnar"; a same-length view cannot undo it) and a clerk's
# initials and OCR'd surname after "escaneado por"; Aranese places no gazetteer lists (a village that is no
# municipality, "Lhèida", and "Les", also an article); companies with no kind word (a consumer-finance firm, a
# French insurer with its nested country, a physiotherapy clinic's brand) and a foreign other driver after
# "conducido por"; a caller's nickname ("Lu", three times, one a hesitation) and "El Dani"; "Clínico" alone,
# found but written back with its type word kept (the facility rule); a copyright year the deid output still
# holds elsewhere (the copy's own year moved).
# Round 9 (notes 127-138, written blind this session, fixed by the round-9 rules from 50 to 14 of 382 left): an
# industrial estate's plot and a flat given only as block, stair and door (no street word), a rural district after
# "partida de"; a name tattooed on the body, a partner as "su compañera" (also a colleague), a Galician "A señora
# Rei"; companies with no kind word (a courier, an interpreting service); on an English/Spanish sheet a hometown
# and its state, an insurer after "Insurance / Seguro:", a date with no year in English and an agent with his agency.
# Round 10 (the insurers gazetteer, gazetteers/facts/insurers.tsv): a French insurer by its brand (126 T23, "AXA France") and
# an insurer after "Seguro:" (133 T18, "Mapfre") are no longer left.
# Round 10 (notes 139-150, everyday layouts written blind this session; 11 of 344 left before the round-10 rules,
# 1 after): "enero" of "entre enero y abril de 2025", which the rules find as one date with MEDDOCAN's convention
# while the note annotates each month; a shift of about a year leaves a bare month as it was.
# Round 12 (notes 163-174, everyday layouts written blind this session; 44 of 498 left before the round-12 rules, 4
# of 497 after, "Ezkontidea" now a kinship word): a town after "la casa de" ("casa de Ayerbe", as likely a family's
# house: the town is also a surname), and two words that the surrogate of another date writes back: the shifted
# "11 de octubre" becomes "10 de agosto" beside a bare "agosto" of the note, "julio de 2022" becomes "agosto de 2022"
# beside "hasta 2022" (each original is replaced; the month or year comes back in another date's surrogate; the
# first no longer since a shift whose date holds another date mention's words counts as a misfit, session 23). The
# round-12 rules also find "SAMUR Social" (82 T34, a public service by name) and "HIJA - PILAR ..." (103, a relative
# after a dash, so "LLAVES A PILAR" is found again).
# Round 14 (notes 187-198, written blind fully in Catalan, Valencian, Galician and Basque; 41 of 490 left before the
# round-14 rules, 2 after): the patient's surname on a doorbell in quotes with no cue ('timbre "X"', 192 T12; the
# surname alone is also a common word). A day and month with no year ("tramitada el 10/01", 197 T56) came back in
# the full date's surrogate ("10/01/2025" -> "10/01/2026") while a whole-year shift was as good as any; since
# 2b7b19d it is the last shift taken, and it is found. The round-14 rules also find a country named in
# Catalan ("Kenya", 111 T30, babel's names) and the town listed after the comma of "ÁREA SANITARIA DE LUGO, A MARIÑA"
# (110 T2; "E MONFORTE DE LEMOS" in capitals, 110 T3, is still left), and a Basque month alone with its case ending
# ("abuztuan", 112 T30). The round-15 rules find the doorbell's surname (192 T12): a word of the patient's name, found in
# full, found again alone (name_parts.py).
# Round 15b (notes 211–222, typed fast, joined): 25 of 479 left. The facility heads as typed fast, the address with its
# town inside, staff after their role, names before their phone, "hija = Loli" and "Dna." are found (d4bdd09); left:
# acronyms of an employer or a university with no head (the EMT, the ua, ERA), lower-case businesses and employers
# without a kind word ("cerveceria el tranvia", "Motores Levante" after a three-word trade, "Servisocial Nazarí" in
# parentheses), a pharmacy whose name is its pharmacist's ("FARMACIA LDA. ROSA Mª QUINTANA", in capitals), a taxi
# licence (SE-0417) with no cue the rules know, a spelled-out dictated postal code, a street typed with "Rbla." and
# Catalan "i", lower-case initials (e.g.g.m.), a nickname in quotes ("la toni"), a lower-case full name with no record
# cue ("alta ayer tarde joaquin ramos"), a name in capitals at a log's
# line start (ABDELKADER EL AMRANI) and alone later, "dra mas" (an ordinary word), a short form of a given name
# ("bego"), a signature glued to its initial (MPuig), "Ona R.T." (two initials), a nickname found alone (Moncho), and
# the alone extensions (ext. 3315, ext 38214) that these notes annotate and the set's other notes leave out.
# Round 16 (places and bodies typed fast, typed_places.py) finds the lower-case town after "ambulancia para" (213 T30).
# Round 16 (notes 235–246, typed fast, joined): 125 of 469 left at fb66f9b, 67 after round 16's places and bodies, 13
# after its persons; "segons sem" (245 T11) annotated on joining (every occurrence is), so 14 of 470 left: lower-case
# acronyms of public bodies with no kind word (the Catalan emergency service "sem" twice, 245 T9 and T11; Extremadura's
# health service "ses" after "contrato", 244 T3; the bar association "icam", 243 T40) and "mossos" alone (245 T13);
# brands with no kind word (a consumer-finance firm after "financiacion 12 meses", 242 T47; a delivery platform after
# "repartidor per", 245 T17); a town's typed abbreviation in parentheses ("zgz", 241 T3); a town that is also a given
# name, in lower case after "en" ("santiago", 246 T41); a Galician colloquial country name ("franza", 246 T17); a
# Guardia Civil plate (PGC-4172-F, 243 T27), no civil plate format; a technician's number with a letter prefix after
# "nº" (T-118, 244 T45); and a date found but written back by another date's surrogate: a year alone ("ambos
# 2021", 240 T18) in the implant date's (a month alone, "hasta ago", 243 T17, was too until a shift whose date holds
# another date mention's words counts as a misfit, 2542e36+).
# Round 17 (notes 247–258, typed fast, joined): 118 of 493 left at 15f2949, 35 after round 17's bodies and persons.
# Left, dates (14): a weekday alone pointing at one day ("el lunes", 250 T29; "el domingo", 254 T38; "dom", 253 T29;
# "el miercoles" and "desde miercoles", 252 T30 and T39; "el sabado", 248 T49; Basque "(ostirala)", 257 T34), day and
# month with no year after a log's cue ("seguimiento: 2-3", 250 T27; "vacunada el 15.10", 249 T48; "entrada 13/5"
# and "cuadra 19/5 22:00", 252 T60 and T61; "hurrengo kontsulta: 12/3 9:20", 257 T54), a day alone ("consulta del
# 23", 252 T53) and a Valencian month alone ("cita de gener", 258 T23). Persons (9): nicknames after the full name
# (in quotes, "encarni", 250 T5; after "la llaman", "reme", 247 T3), lower-case initials after a log's time (249 T26),
# a given name that is also a verb form at a log line ("tomas de la resid.", 249 T43), lower-case full names with no
# record cue (after "intentos:", 249 T59; after "D.S. =", 252 T38), the home-help auxiliary "mari" (after
# "auxiliar" and alone, 254 T47 and T51) (a daughter "LA NIÑA" in capitals, 255 T35, kept as a bare relative word,
# is no longer counted: the survivors' count reads "niña" as a relative word). Places and bodies (10): companies and brands with no kind word ("logistica sur
# express", 249 T16; "mercadona" and the Madrid district after it, 249 T54 and T55; "termavi", 252 T45; the maker
# "terumo" after "tecnico", 251 T43), a union's acronym in parentheses ("cc.oo.", 256 T35), hospitals by their short
# name ("urg del cunqueiro", 252 T33; "la fe" twice, 258 T25 and T39) and "h. clínic", found but written back (type
# words only name no one; its surrogate completes it, 258 T24). Numbers (2): a nurse's collegiate number after
# "enf" in a signature line (250 T39) and a plasma separator's serial with a letter prefix (251 T42).
# Round 19 (places, typed_employers.py) finds a brand after a job's cue: "repartidor per glovo" (245 T17) and
# "cajera en mercadona" (262 T16); unit_hospitals.py a hospital after a unit ("trauma de la arrixaca", 262 T24).
# Round 20 (notes 307–318, session 25, joined after its fixes): 50 of its 524 direct identifiers are left, mostly
# brands and bodies with no cue typed in lower case ("sporting", "hefame", "grindr", "tranvia"), hospitals in a
# table's cells ("HUT" under DESTINO, 318) and short names ("can misses", "velez", "la fe"), and places a note names
# by a nickname ("bcn", "el raval" after it).
# Round 21 (notes 331–342, session 25, joined after its fixes): 4 of 376 left, a union delegate's name in brackets
# ("delegado prl de ccoo (pili, …)", 333), two lower-case letters signing after "x" and a bare day/month with no cue
# (336), a cooperative in brackets after a workplace (336).
# Round 22 (notes 355–366, session 26, joined after its fixes): 22 of 468 left: staff initials with a grade or a
# surname after "enf", a nickname before the full name in brackets, firms named by a kind word and a name
# ("Fisioterapia X"), a neighbourhood no list holds, a health-card number after "tarj sanit".
# Round 23 (notes 379–390, session 27, joined after its fixes): 12 of 457 left: a colloquial city name ("donosti"),
# an NGO and firms named by a kind word and an unknown word, a brand before a serial number, "los domingos" (a
# dosing schedule reads the same), an "Area II" health area, a neighbourhood after a comma.
# Round 24 (notes 403–414, session 28, joined after its fixes): 16 of 479 left: foreign cities ("Lagos",
# "Manchester", "Kafountine"), a lower-case ostomy sheet's local short names ("la pola", "sama"), a street after "cl"
# (chloride in lab lines), a floor and door on the next line, firms and associations in lower case with no cue, a
# lower-case "surnames, given" patient line, Darija dates, a bare "21-06".
# Round 25 (notes 427–438, session 28) joined before any fix, as the next round's tuning set: 116 of 513 left; 54
# after session 29's fixers (towns abroad after a place cue, tab columns, bodies by name, sign-off initials), 53 now.
# Round 26 (notes 451–462, session 29) joined before any fix: 98 of 566 left; 21 after session 30's fixers (shops,
# hostels and couriers by their kind word, landforms, bare streets, race bibs, timed log lines, key=value agents,
# go-betweens before their role): lower-case villages and clubs with no cue, a club by its name alone, a hospital
# with no kind word, a lone 'SAS' (also a clinical abbreviation), a letterhead's department, a bare given name.
# Round 27 (notes 475–486, session 30) joined before any fix, as the next tuning set: 158 of 638 left (154 of 626
# before its device serials, written under a label no schema has, took IDENTIF_DISPOSITIVOS_NRSERIE); 14 after
# session 30's two fixers (462 -> 310 in all).
KNOWN_MISSES = [
    ('acta_comision_absentismo_escolar_486.txt', 'T48', 'INSTITUCION'),
    ('acta_comision_absentismo_escolar_486.txt', 'T49', 'TERRITORIO'),
    ('acta_control_antidopaje_ciclismo_476.txt', 'T27', 'INSTITUCION'),
    ('adicciones_seguimiento_gc_289.txt', 'T18', 'TERRITORIO'),
    ('adicciones_seguimiento_gc_289.txt', 'T26', 'FECHAS'),
    ('agenda_extracciones_csv_410.txt', 'T47', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('albaran_cpap_128.txt', 'T3', 'CALLE'),
    ('albaran_cpap_128.txt', 'T30', 'CALLE'),
    ('albergue_peregrinos_camino_454.txt', 'T11', 'INSTITUCION'),
    ('albergue_peregrinos_camino_454.txt', 'T18', 'TERRITORIO'),
    ('albergue_peregrinos_camino_454.txt', 'T25', 'TERRITORIO'),
    ('albergue_peregrinos_camino_454.txt', 'T58', 'HOSPITAL'),
    ('alta_escaneada_ocr_116.txt', 'T36', 'TERRITORIO'),
    ('alta_escaneada_ocr_116.txt', 'T41', 'NOMBRE_PERSONAL_SANITARIO'),
    ('alta_movil_221.txt', 'T17', 'INSTITUCION'),
    ('alta_movil_221.txt', 'T19', 'NOMBRE_PERSONAL_SANITARIO'),
    ('alta_movil_221.txt', 'T27', 'INSTITUCION'),
    ('alta_movil_221.txt', 'T32', 'NOMBRE_PERSONAL_SANITARIO'),
    ('ap_galego_vilalba_317.txt', 'T9', 'CALLE'),
    ('ap_galego_vilalba_317.txt', 'T37', 'TERRITORIO'),
    ('archivo_historico_ocr_peticion_434.txt', 'T17', 'ID_SUJETO_ASISTENCIA'),
    ('archivo_historico_ocr_peticion_434.txt', 'T19', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('archivo_historico_ocr_peticion_434.txt', 'T26', 'TERRITORIO'),
    ('archivo_historico_ocr_peticion_434.txt', 'T29', 'ID_ASEGURAMIENTO'),
    ('archivo_historico_ocr_peticion_434.txt', 'T30', 'FECHAS'),
    ('autopsia_preliminar_132.txt', 'T9', 'TERRITORIO'),
    ('autorizacion_aseguradora_361.txt', 'T30', 'INSTITUCION'),
    ('banc_llet_donant_cat_453.txt', 'T38', 'NOMBRE_PERSONAL_SANITARIO'),
    ('buzon_voz_transcripcion_411.txt', 'T15', 'INSTITUCION'),
    ('caida_residencia_250.txt', 'T39', 'ID_TITULACION_PERSONAL_SANITARIO'),
    ('campamento_verano_enfermeria_430.txt', 'T1', 'INSTITUCION'),
    ('campamento_verano_enfermeria_430.txt', 'T12', 'TERRITORIO'),
    ('campamento_verano_enfermeria_430.txt', 'T13', 'TERRITORIO'),
    ('campamento_verano_enfermeria_430.txt', 'T20', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('campamento_verano_enfermeria_430.txt', 'T23', 'TERRITORIO'),
    ('campamento_verano_enfermeria_430.txt', 'T24', 'TERRITORIO'),
    ('campamento_verano_enfermeria_430.txt', 'T25', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('campamento_verano_enfermeria_430.txt', 'T27', 'TERRITORIO'),
    ('campamento_verano_enfermeria_430.txt', 'T38', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('campamento_verano_enfermeria_430.txt', 'T46', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('campamento_verano_enfermeria_430.txt', 'T50', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('cap_infermeria_219.txt', 'T20', 'CALLE'),
    ('cap_infermeria_219.txt', 'T44', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('cap_infermeria_219.txt', 'T54', 'NOMBRE_PERSONAL_SANITARIO'),
    ('censo_temporeros_ancho_fijo_427.txt', 'T5', 'INSTITUCION'),
    ('censo_temporeros_ancho_fijo_427.txt', 'T59', 'INSTITUCION'),
    ('centralita_ospitalea_log_eus_461.txt', 'T13', 'TERRITORIO'),
    ('centro_dia_salud_mental_euskadi_308.txt', 'T1', 'CENTRO_SALUD'),
    ('centro_dia_salud_mental_euskadi_308.txt', 'T36', 'TERRITORIO'),
    ('centro_dia_salud_mental_euskadi_308.txt', 'T41', 'CENTRO_SALUD'),
    ('certificado_medicina_deportiva_85.txt', 'T1', 'INSTITUCION'),
    ('certificado_vacunacion_internacional_111.txt', 'T28', 'INSTITUCION'),
    ('chat_had_365.txt', 'T10', 'TERRITORIO'),
    ('chat_had_365.txt', 'T13', 'TERRITORIO'),
    ('chat_had_365.txt', 'T17', 'INSTITUCION'),
    ('chat_had_365.txt', 'T20', 'NOMBRE_PERSONAL_SANITARIO'),
    ('chat_had_365.txt', 'T22', 'INSTITUCION'),
    ('chat_had_365.txt', 'T54', 'NOMBRE_PERSONAL_SANITARIO'),
    ('clinica_crucero_diario_436.txt', 'T7', 'NOMBRE_PERSONAL_SANITARIO'),
    ('clinica_crucero_diario_436.txt', 'T8', 'NOMBRE_PERSONAL_SANITARIO'),
    ('clinica_crucero_diario_436.txt', 'T16', 'INSTITUCION'),
    ('clinica_crucero_diario_436.txt', 'T18', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('clinica_crucero_diario_436.txt', 'T36', 'TERRITORIO'),
    ('clinica_crucero_diario_436.txt', 'T40', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('clinica_crucero_diario_436.txt', 'T46', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('clinica_crucero_diario_436.txt', 'T48', 'IDENTIF_DISPOSITIVOS_NRSERIE'),
    ('clinica_crucero_diario_436.txt', 'T50', 'NOMBRE_PERSONAL_SANITARIO'),
    ('consulta_aranes_vielha_122.txt', 'T22', 'TERRITORIO'),
    ('consulta_aranes_vielha_122.txt', 'T29', 'TERRITORIO'),
    ('consulta_telefonica_262.txt', 'T17', 'TERRITORIO'),
    ('consulta_viajero_vfr_frances_457.txt', 'T16', 'INSTITUCION'),
    ('consulta_viajero_vfr_frances_457.txt', 'T21', 'INSTITUCION'),
    ('consultas_tlf_249.txt', 'T16', 'INSTITUCION'),
    ('consultas_tlf_249.txt', 'T26', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('consultas_tlf_249.txt', 'T43', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('consultas_tlf_249.txt', 'T48', 'FECHAS'),
    ('consultas_tlf_249.txt', 'T55', 'TERRITORIO'),
    ('consultas_tlf_249.txt', 'T59', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('cuaderno_comunicacion_centro_ocupacional_501.txt', 'T13', 'TERRITORIO'),
    ('cuaderno_comunicacion_centro_ocupacional_501.txt', 'T53', 'TERRITORIO'),
    ('dental_242.txt', 'T47', 'INSTITUCION'),
    ('dental_382.txt', 'T17', 'TERRITORIO'),
    ('dental_382.txt', 'T30', 'INSTITUCION'),
    ('derivacion_en_66.txt', 'T15', 'PAIS'),
    ('derivacion_servicios_sociales_294.txt', 'T31', 'NOMBRE_PERSONAL_SANITARIO'),
    ('descarga_bomba_insulina_log_406.txt', 'T40', 'FECHAS'),
    ('dialisis_turno_murcia_284.txt', 'T34', 'HOSPITAL'),
    ('dictado_asistente_voz_315.txt', 'T1', 'INSTITUCION'),
    ('dictado_asistente_voz_315.txt', 'T11', 'TERRITORIO'),
    ('dictado_secretaria_deletreo_433.txt', 'T1', 'NOMBRE_PERSONAL_SANITARIO'),
    ('dictado_secretaria_deletreo_433.txt', 'T5', 'ID_SUJETO_ASISTENCIA'),
    ('dictado_secretaria_deletreo_433.txt', 'T7', 'NOMBRE_PERSONAL_SANITARIO'),
    ('dictado_secretaria_deletreo_433.txt', 'T15', 'INSTITUCION'),
    ('dictado_secretaria_deletreo_433.txt', 'T16', 'TERRITORIO'),
    ('dictado_secretaria_deletreo_433.txt', 'T21', 'ID_CONTACTO_ASISTENCIAL'),
    ('dispensacion_farmacia_218.txt', 'T1', 'INSTITUCION'),
    ('dispensacion_farmacia_218.txt', 'T2', 'NOMBRE_PERSONAL_SANITARIO'),
    ('encuesta_brote_alimentario_451.txt', 'T45', 'TERRITORIO'),
    ('enfermaria_galego_267.txt', 'T4', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('enfermaria_galego_267.txt', 'T14', 'INSTITUCION'),
    ('enfermeria_escolar_getafe_285.txt', 'T34', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('enfermeria_escolar_getafe_285.txt', 'T40', 'NOMBRE_PERSONAL_SANITARIO'),
    ('enfermeria_prision_134.txt', 'T26', 'FAMILIARES_SUJETO_ASISTENCIA'),
    ('enfermeria_prision_topas_286.txt', 'T12', 'INSTITUCION'),
    ('enfermeria_prision_topas_286.txt', 'T17', 'HOSPITAL'),
    ('enfermeria_prision_topas_286.txt', 'T20', 'NOMBRE_PERSONAL_SANITARIO'),
    ('enfermeria_prision_topas_286.txt', 'T21', 'NOMBRE_PERSONAL_SANITARIO'),
    ('enfermeria_prision_topas_286.txt', 'T22', 'INSTITUCION'),
    ('escolar_241.txt', 'T3', 'TERRITORIO'),
    ('estomaterapia_enf_405.txt', 'T2', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('estomaterapia_enf_405.txt', 'T8', 'TERRITORIO'),
    ('estomaterapia_enf_405.txt', 'T9', 'CALLE'),
    ('estomaterapia_enf_405.txt', 'T26', 'INSTITUCION'),
    ('estomaterapia_enf_405.txt', 'T29', 'TERRITORIO'),
    ('estudio_contactos_tuberculosis_404.txt', 'T24', 'FECHAS'),
    ('euskera_map_257.txt', 'T54', 'FECHAS'),
    ('factura_clinica_dental_121.txt', 'T24', 'INSTITUCION'),
    ('farmacia_dispensacion_265.txt', 'T18', 'TERRITORIO'),
    ('farmacia_dispensacion_265.txt', 'T28', 'NOMBRE_PERSONAL_SANITARIO'),
    ('farmacia_dispensacion_366.txt', 'T42', 'INSTITUCION'),
    ('fisio_383.txt', 'T1', 'HOSPITAL'),
    ('fisio_383.txt', 'T31', 'INSTITUCION'),
    ('fisio_dependencia_254.txt', 'T47', 'NOMBRE_PERSONAL_SANITARIO'),
    ('fisio_dependencia_254.txt', 'T51', 'NOMBRE_PERSONAL_SANITARIO'),
    ('fisioterapia_263.txt', 'T9', 'FECHAS'),
    ('fisioterapia_263.txt', 'T13', 'FECHAS'),
    ('fitxa_federazio_kirol_eus_431.txt', 'T29', 'ID_TITULACION_PERSONAL_SANITARIO'),
    ('formulario_valoracion_269.txt', 'T1', 'HOSPITAL'),
    ('full_incidencia_infermeria_escolar_96.txt', 'T32', 'OTRO_NUMERO_IDENTIF'),
    ('galego_dependencia_130.txt', 'T34', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('galego_urxencias_363.txt', 'T3', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('galego_urxencias_363.txt', 'T27', 'NOMBRE_PERSONAL_SANITARIO'),
    ('gimnasio_rhb_asturias_307.txt', 'T26', 'TERRITORIO'),
    ('gimnasio_rhb_asturias_307.txt', 'T38', 'INSTITUCION'),
    ('grupo_duelo_asistencia_asociacion_505.txt', 'T25', 'FECHAS'),
    ('guardia_pac_rural_valencia_435.txt', 'T7', 'NOMBRE_PERSONAL_SANITARIO'),
    ('guardia_pac_rural_valencia_435.txt', 'T8', 'OTRO_NUMERO_IDENTIF'),
    ('guardia_pac_rural_valencia_435.txt', 'T26', 'INSTITUCION'),
    ('guardia_pac_rural_valencia_435.txt', 'T31', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('hdd_onco_asturias_283.txt', 'T10', 'TERRITORIO'),
    ('hdd_onco_asturias_283.txt', 'T23', 'TERRITORIO'),
    ('hemodialisis_355.txt', 'T3', 'NOMBRE_PERSONAL_SANITARIO'),
    ('hemodialisis_355.txt', 'T4', 'NOMBRE_PERSONAL_SANITARIO'),
    ('hemodialisis_355.txt', 'T10', 'INSTITUCION'),
    ('hemodialisis_355.txt', 'T16', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('hemodialisis_355.txt', 'T20', 'TERRITORIO'),
    ('hemodialisis_355.txt', 'T32', 'ID_SUJETO_ASISTENCIA'),
    ('hemodonacion_251.txt', 'T42', 'IDENTIF_DISPOSITIVOS_NRSERIE'),
    ('hemodonacion_251.txt', 'T43', 'INSTITUCION'),
    ('hemofilia_dispensacion_83.txt', 'T34', 'INSTITUCION'),
    ('hilo_correo_erasmus_seguro_429.txt', 'T16', 'TERRITORIO'),
    ('hilo_correo_erasmus_seguro_429.txt', 'T38', 'NOMBRE_PERSONAL_SANITARIO'),
    ('hilo_correo_trabajo_social_ceuta_314.txt', 'T16', 'TERRITORIO'),
    ('hilo_correo_trabajo_social_ceuta_314.txt', 'T31', 'TERRITORIO'),
    ('historial_accesos_hce_auditoria_506.txt', 'T11', 'FECHAS'),
    ('hoja_ciclo_fiv_icsi_93.txt', 'T25', 'NOMBRE_PERSONAL_SANITARIO'),
    ('hoja_ciclo_fiv_icsi_93.txt', 'T35', 'FECHAS'),
    ('hoja_ciclo_fiv_icsi_93.txt', 'T36', 'FECHAS'),
    ('hoja_ruta_reparto_farmacia_hospitalaria_484.txt', 'T38', 'IDENTIF_DISPOSITIVOS_NRSERIE'),
    ('hospital_dia_geriatrico_357.txt', 'T37', 'NOMBRE_PERSONAL_SANITARIO'),
    ('hospital_dia_primera_persona_60.txt', 'T3', 'FECHAS'),
    ('hospitalizacion_domicilio_valencia_311.txt', 'T1', 'HOSPITAL'),
    ('hospitalizacion_domicilio_valencia_311.txt', 'T31', 'HOSPITAL'),
    ('hospitalizacion_domicilio_valencia_311.txt', 'T34', 'CALLE'),
    ('hospitalizacion_domicilio_valencia_311.txt', 'T35', 'INSTITUCION'),
    ('hospitalizacion_domicilio_valencia_311.txt', 'T36', 'TERRITORIO'),
    ('hospitalizacion_domicilio_valencia_311.txt', 'T42', 'INSTITUCION'),
    ('incidencia_farmacia_cartagena_310.txt', 'T2', 'CALLE'),
    ('incidencia_farmacia_cartagena_310.txt', 'T32', 'INSTITUCION'),
    ('incidencia_farmacia_cartagena_310.txt', 'T38', 'INSTITUCION'),
    ('informe_conjunto_zoonosis_fiebre_q_101.txt', 'T34', 'INSTITUCION'),
    ('informe_diogenes_servicios_sociales_480.txt', 'T26', 'FAMILIARES_SUJETO_ASISTENCIA'),
    ('informe_diogenes_servicios_sociales_480.txt', 'T45', 'INSTITUCION'),
    ('informe_pericial_trafico_126.txt', 'T22', 'FAMILIARES_SUJETO_ASISTENCIA'),
    ('informe_pericial_trafico_126.txt', 'T24', 'PAIS'),
    ('informe_pericial_trafico_126.txt', 'T31', 'INSTITUCION'),
    ('interprete_mediacion_almeria_408.txt', 'T25', 'FECHAS'),
    ('interprete_mediacion_almeria_408.txt', 'T28', 'FECHAS'),
    ('inventario_pertenencias_urgencias_455.txt', 'T27', 'INSTITUCION'),
    ('ivr_cita_previa_log_456.txt', 'T1', 'INSTITUCION'),
    ('kale_hezkuntza_egunkaria_509.txt', 'T5', 'TERRITORIO'),
    ('kale_hezkuntza_egunkaria_509.txt', 'T6', 'TERRITORIO'),
    ('lesion_club_bilingue_133.txt', 'T10', 'TERRITORIO'),
    ('lesion_club_bilingue_133.txt', 'T11', 'TERRITORIO'),
    ('lesion_club_bilingue_133.txt', 'T24', 'FECHAS'),
    ('lesion_club_bilingue_133.txt', 'T30', 'FAMILIARES_SUJETO_ASISTENCIA'),
    ('lesion_club_bilingue_133.txt', 'T31', 'INSTITUCION'),
    ('libro_custodia_calabozo_comisaria_479.txt', 'T26', 'IDENTIF_DISPOSITIVOS_NRSERIE'),
    ('llamadas_domicilio_214.txt', 'T33', 'INSTITUCION'),
    ('med_deportiva_253.txt', 'T29', 'FECHAS'),
    ('metadona_farmacia_252.txt', 'T33', 'HOSPITAL'),
    ('metadona_farmacia_252.txt', 'T38', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('metadona_farmacia_252.txt', 'T45', 'INSTITUCION'),
    ('metadona_farmacia_252.txt', 'T53', 'FECHAS'),
    ('metadona_farmacia_252.txt', 'T60', 'FECHAS'),
    ('neonatos_relevo_cruces_288.txt', 'T23', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('noite_enfermaria_lugo_291.txt', 'T18', 'INSTITUCION'),
    ('notificacion_aga_ensayo_102.txt', 'T29', 'TERRITORIO'),
    ('notificacion_aga_ensayo_102.txt', 'T34', 'FECHAS'),
    ('notificacion_riesgo_dictado_459.txt', 'T15', 'FAMILIARES_SUJETO_ASISTENCIA'),
    ('obstetricia_relevo_358.txt', 'T1', 'HOSPITAL'),
    ('orden_reparacion_silla_ruedas_477.txt', 'T31', 'TERRITORIO'),
    ('orden_reparacion_silla_ruedas_477.txt', 'T49', 'FECHAS'),
    ('oxigenoterapia_359.txt', 'T7', 'ID_EMPLEO_PERSONAL_SANITARIO'),
    ('oxigenoterapia_359.txt', 'T27', 'IDENTIF_DISPOSITIVOS_NRSERIE'),
    ('pades_381.txt', 'T24', 'HOSPITAL'),
    ('pades_381.txt', 'T25', 'INSTITUCION'),
    ('paliativos_domicilio_vera_287.txt', 'T11', 'INSTITUCION'),
    ('paliativos_domicilio_vera_287.txt', 'T13', 'NOMBRE_PERSONAL_SANITARIO'),
    ('parte_accidente_monteria_483.txt', 'T32', 'OTRO_NUMERO_IDENTIF'),
    ('parte_accidente_monteria_483.txt', 'T35', 'OTRO_NUMERO_IDENTIF'),
    ('parte_accidente_monteria_483.txt', 'T52', 'INSTITUCION'),
    ('parte_accidente_mutua_aragon_333.txt', 'T32', 'NOMBRE_PERSONAL_SANITARIO'),
    ('parte_baja_incapacidad_temporal_100.txt', 'T22', 'CALLE'),
    ('pie_diabetico_360.txt', 'T18', 'INSTITUCION'),
    ('pie_diabetico_360.txt', 'T31', 'NOMBRE_PERSONAL_SANITARIO'),
    ('portal_paciente_zaragoza_316.txt', 'T12', 'CALLE'),
    ('portal_paciente_zaragoza_316.txt', 'T17', 'INSTITUCION'),
    ('portal_paciente_zaragoza_316.txt', 'T21', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('portal_paciente_zaragoza_316.txt', 'T36', 'INSTITUCION'),
    ('portal_paciente_zaragoza_316.txt', 'T39', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('prescricion_lentes_optica_110.txt', 'T3', 'TERRITORIO'),
    ('prescricion_lentes_optica_110.txt', 'T20', 'INSTITUCION'),
    ('prision_243.txt', 'T27', 'IDENTIF_VEHICULOS_NRSERIE_PLACAS'),
    ('prision_243.txt', 'T40', 'INSTITUCION'),
    ('prision_384.txt', 'T28', 'FECHAS'),
    ('psiq_urg_dictado_216.txt', 'T37', 'TERRITORIO'),
    ('puesto_sanitario_trail_log_452.txt', 'T2', 'INSTITUCION'),
    ('puesto_sanitario_trail_log_452.txt', 'T11', 'TERRITORIO'),
    ('puesto_sanitario_trail_log_452.txt', 'T18', 'TERRITORIO'),
    ('puesto_sanitario_trail_log_452.txt', 'T37', 'TERRITORIO'),
    ('puesto_sanitario_trail_log_452.txt', 'T49', 'INSTITUCION'),
    ('puesto_sanitario_trail_log_452.txt', 'T52', 'TERRITORIO'),
    ('puesto_sanitario_trail_log_452.txt', 'T53', 'TERRITORIO'),
    ('reconocimiento_menor_migrante_canarias_412.txt', 'T26', 'TERRITORIO'),
    ('registro_avisos_medico_hotel_485.txt', 'T15', 'INSTITUCION'),
    ('registro_avisos_medico_hotel_485.txt', 'T29', 'OTRO_NUMERO_IDENTIF'),
    ('registro_llamada_024_125.txt', 'T8', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('registro_llamada_024_125.txt', 'T10', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('registro_llamada_024_125.txt', 'T16', 'FAMILIARES_SUJETO_ASISTENCIA'),
    ('registro_llamada_024_125.txt', 'T27', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('relevo_enfermeria_260.txt', 'T43', 'TERRITORIO'),
    ('relevo_maternidad_malaga_309.txt', 'T15', 'INSTITUCION'),
    ('relevo_maternidad_malaga_309.txt', 'T37', 'INSTITUCION'),
    ('relevo_maternidad_malaga_309.txt', 'T40', 'TERRITORIO'),
    ('relevo_planta_213.txt', 'T24', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('relevo_planta_213.txt', 'T49', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('reuma_dictado_voz_292.txt', 'T19', 'INSTITUCION'),
    ('reuma_dictado_voz_292.txt', 'T21', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('salud_mental_144.txt', 'T32', 'FECHAS'),
    ('salud_sexual_bcn_eivissa_312.txt', 'T1', 'CENTRO_SALUD'),
    ('salud_sexual_bcn_eivissa_312.txt', 'T12', 'TERRITORIO'),
    ('salud_sexual_bcn_eivissa_312.txt', 'T18', 'TERRITORIO'),
    ('salud_sexual_bcn_eivissa_312.txt', 'T21', 'TERRITORIO'),
    ('salud_sexual_bcn_eivissa_312.txt', 'T26', 'CENTRO_SALUD'),
    ('salud_sexual_bcn_eivissa_312.txt', 'T30', 'INSTITUCION'),
    ('salud_sexual_bcn_eivissa_312.txt', 'T35', 'HOSPITAL'),
    ('salud_sexual_bcn_eivissa_312.txt', 'T39', 'HOSPITAL'),
    ('salud_sexual_bcn_eivissa_312.txt', 'T42', 'INSTITUCION'),
    ('saude_gal_246.txt', 'T17', 'PAIS'),
    ('saude_gal_246.txt', 'T41', 'TERRITORIO'),
    ('segunda_opinion_oncologia_ocr_460.txt', 'T2', 'INSTITUCION'),
    ('sms_389.txt', 'T2', 'TERRITORIO'),
    ('sms_389.txt', 'T36', 'TERRITORIO'),
    ('tabla_transporte_dialisis_318.txt', 'T2', 'INSTITUCION'),
    ('tabla_transporte_dialisis_318.txt', 'T14', 'HOSPITAL'),
    ('tabla_transporte_dialisis_318.txt', 'T22', 'HOSPITAL'),
    ('tabla_transporte_dialisis_318.txt', 'T26', 'CALLE'),
    ('tabla_transporte_dialisis_318.txt', 'T31', 'HOSPITAL'),
    ('tabla_transporte_dialisis_318.txt', 'T40', 'HOSPITAL'),
    ('tabla_transporte_dialisis_318.txt', 'T49', 'HOSPITAL'),
    ('tabla_transporte_dialisis_318.txt', 'T50', 'FECHAS'),
    ('tarjeta_amarilla_61.txt', 'T1', 'INSTITUCION'),
    ('tarjeta_amarilla_61.txt', 'T2', 'TERRITORIO'),
    ('teleasistencia_alarma_kv_428.txt', 'T41', 'TERRITORIO'),
    ('teledermatologia_canarias_336.txt', 'T18', 'INSTITUCION'),
    ('teledermatologia_canarias_336.txt', 'T31', 'FECHAS'),
    ('teledermatologia_canarias_336.txt', 'T32', 'NOMBRE_PERSONAL_SANITARIO'),
    ('teledermatologia_exif_124.txt', 'T28', 'FECHAS'),
    ('trabajo_social_217.txt', 'T3', 'NUMERO_TELEFONO'),
    ('trabajo_social_217.txt', 'T52', 'INSTITUCION'),
    ('traslado_ambulancia_mayus_293.txt', 'T3', 'INSTITUCION'),
    ('traslado_ambulancia_mayus_293.txt', 'T17', 'INSTITUCION'),
    ('traslado_ambulancia_mayus_293.txt', 'T18', 'TERRITORIO'),
    ('traslado_ambulancia_mayus_293.txt', 'T30', 'INSTITUCION'),
    ('traslado_mayusculas_270.txt', 'T7', 'HOSPITAL'),
    ('traslado_mayusculas_270.txt', 'T8', 'TERRITORIO'),
    ('triaje_noche_211.txt', 'T20', 'INSTITUCION'),
    ('triaje_pediatrico_turistas_81.txt', 'T35', 'INSTITUCION'),
    ('triaje_telefonico_112_90.txt', 'T15', 'CALLE'),
    ('tsv_cribado_neonatal_repeticion_437.txt', 'T6', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('tsv_cribado_neonatal_repeticion_437.txt', 'T13', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('tsv_cribado_neonatal_repeticion_437.txt', 'T14', 'FAMILIARES_SUJETO_ASISTENCIA'),
    ('tsv_cribado_neonatal_repeticion_437.txt', 'T21', 'FAMILIARES_SUJETO_ASISTENCIA'),
    ('tsv_cribado_neonatal_repeticion_437.txt', 'T27', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('tsv_cribado_neonatal_repeticion_437.txt', 'T28', 'FAMILIARES_SUJETO_ASISTENCIA'),
    ('tsv_cribado_neonatal_repeticion_437.txt', 'T35', 'FAMILIARES_SUJETO_ASISTENCIA'),
    ('tsv_cribado_neonatal_repeticion_437.txt', 'T55', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('urgencies_cat_245.txt', 'T9', 'INSTITUCION'),
    ('urgencies_cat_245.txt', 'T11', 'INSTITUCION'),
    ('urgped_380.txt', 'T15', 'TERRITORIO'),
    ('vacunacion_eu_63.txt', 'T38', 'PAIS'),
    ('valencia_387.txt', 'T30', 'INSTITUCION'),
    ('valencia_pediatria_258.txt', 'T25', 'HOSPITAL'),
    ('valencia_pediatria_258.txt', 'T39', 'HOSPITAL'),
    ('valoracion_gordon_163.txt', 'T28', 'TERRITORIO'),
    ('valoracion_gordon_163.txt', 'T29', 'FECHAS'),
    ('videoconsulta_log_138.txt', 'T23', 'INSTITUCION'),
    ('visado_inspeccion_fax_ocr_409.txt', 'T15', 'CALLE'),
    ('visita_cap_catala_268.txt', 'T21', 'HOSPITAL'),
    ('whatsapp_clinicos_266.txt', 'T12', 'HOSPITAL'),
    ('whatsapp_clinicos_266.txt', 'T13', 'HOSPITAL'),
    ('whatsapp_guardia_26.txt', 'T6', 'NOMBRE_SUJETO_ASISTENCIA'),
    ('whatsapp_guardia_26.txt', 'T33', 'INSTITUCION'),
]


def test_deid_rules_leaves_no_direct_gold_identifier_but_the_known_miss(gold, tmp_path):
    out = tmp_path / "deid"
    assert main(["deid", str(LAYOUTS), str(out), "--backend", "rules", "--seed", "0"]) == 0
    outputs = {p.stem: [(p.name, p.read_text(encoding="utf-8"))] for p in sorted(out.glob("*.txt"))}
    assert set(outputs) == {d.id for d in gold}
    tally = survivors.count_survivors(gold, outputs, SCHEMA)
    assert sum(tally.checked.values()) >= 250
    assert tally.where == KNOWN_MISSES, f"left (file, span, label): {tally.where}"


# Clinical values, scores and codes written in the notes: never identifiers (each must occur in the set).
CLINICAL = ["Kt/V 1,42", "Hb 10,8", "85/50", "FEV1 96", "30 dB", "0,2 mcg/kg/min", "Lung-RADS 4B", "DLP 412", "87/212", "145/88", "ASA", "III", "1-0-1", "0-0-1", "TFG 38", "Barthel 45",
            "Pfeiffer 2", "Gijón 14", "GDS 7", "Braden 12", "E11.9", "I10", "HbA1c", "GOLD 3", "2 g/24 h", "5 mg/12 h",
            "β-HCG", "PRL 92", "TSH 2,1", "C3 68", "512-B", "Box 3", "EVA 8/10", "aVF"]


def test_rules_tag_no_clinical_value_or_code_of_the_notes(gold):
    texts = {d.id: d.text for d in gold}
    golds = {d.id: [(sp.start, sp.end) for sp in d.spans] for d in gold}
    seen, flagged = set(), []
    preds = load_backend("rules").predict(list(texts.values()))
    for (name, text), spans in zip(texts.items(), preds):
        for value in CLINICAL:
            for m in re.finditer(rf"(?<![\w/.,-]){re.escape(value)}(?![\w/]|[.,]\d)", text):
                if any(s <= m.start() and m.end() <= e for s, e in golds[name]):
                    continue  # part of an identifier ("C.S. Sector III", a health centre)
                seen.add(value)
                flagged += [(name, value, s.label) for s in spans if s.start < m.end() and m.start() < s.end]
    assert seen == set(CLINICAL)
    assert not flagged
