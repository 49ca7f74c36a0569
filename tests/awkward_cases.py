"""The awkward corpora of tests/test_awkward_corpora.py: each a set of files, what it should end in, and
the error line it should print if refused.

Overlapping, nested and duplicate spans are accepted by default (issue 11), so those cases expect "ok";
"either" marks the cases whose policy the issue leaves open (accept exactly, or refuse cleanly).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from augment.conll import format_conll
from surrogate.model import Document, Span

NAME, TOWN, DATE, HOSP, PHONE = "Ramiro Quesada Lumbreras", "Calamocha", "14/03/2021", "Hospital Obispo Polanco", "978 60 11 42"
TEXT = f"Paciente {NAME}, natural de {TOWN}, ingresó el {DATE} en el {HOSP}.\nTeléfono {PHONE}.\n"
LABELS = {NAME: "NOMBRE_SUJETO_ASISTENCIA", TOWN: "TERRITORIO", DATE: "FECHAS", HOSP: "HOSPITAL", PHONE: "NUMERO_TELEFONO"}


def at(text: str, value: str, occurrence: int = 0) -> tuple[int, int]:
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(value, start + 1)
    return start, start + len(value)


def t_lines(text: str, values=tuple(LABELS), *, first: int = 1, end: str = "\n", labels=LABELS) -> str:
    """``T`` lines for the given values, found in ``text``."""
    out = []
    for n, value in enumerate(values, start=first):
        s, e = at(text, value)
        out.append(f"T{n}\t{labels[value]} {s} {e}\t{text[s:e]}{end}")
    return "".join(out)


GOOD_ANN = t_lines(TEXT)
FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")


@dataclass
class Case:
    name: str
    files: dict[str, str | bytes]
    expect: str  # "ok", "error" or "either"
    error: str = ""  # regex the error line must match (file name, line)
    fmt: str = "brat"
    args: list[str] = field(default_factory=list)
    docs: set[str] | None = None  # documents an exit-0 output must hold (default: every top-level .txt)


def brat(text: str, ann: str, name: str = "a", **more) -> dict[str, str | bytes]:
    return {f"{name}.txt": text, f"{name}.ann": ann, **more}


def _jsonl(*records) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def _record(doc_id: str, text: str, spans) -> dict:
    return {"id": doc_id, "text": text, "spans": [{"id": f"T{i}", "label": label, "start": s, "end": e}
                                                  for i, (label, s, e) in enumerate(spans, start=1)]}


def _cases() -> list[Case]:
    crlf = TEXT.replace("\n", "\r\n")
    bom = "\ufeff" + TEXT
    ns, ne = at(TEXT, NAME)
    ts, te = at(TEXT, TOWN)
    hs, he = at(TEXT, HOSP)
    polanco = at(TEXT, "Polanco")
    quesada = at(TEXT, "Quesada Lumbreras")
    ramiro = at(TEXT, "Ramiro")
    lumbreras = at(TEXT, "Lumbreras")
    tab_text = TEXT.replace("Quesada Lumbreras", "Quesada\tLumbreras")
    lb_text = TEXT.replace("Ramiro Quesada", "Ramiro\nQuesada")
    lb = at(lb_text, "Ramiro\nQuesada Lumbreras")
    unicode_text = f"🩺 Paciente José\u0301 Ñúñez Ibarra (سميرة الحداد), natural de {TOWN} 👍🏽.\n"
    long_street = "Calle de " + " ".join(["Mayor"] * 1650) + " 7"
    long_text = f"Domicilio: {long_street}.\nNatural de {TOWN}.\n"
    edge_text = f"{NAME} nació en {TOWN}"
    cr_text = TEXT.replace("\n", "\r")
    crlf_break = crlf.replace("Ramiro Quesada", "Ramiro\r\nQuesada")
    cb = at(crlf_break, "Ramiro\r\nQuesada Lumbreras")
    many_names = [f"{first} {last}" for first in ("Ramiro", "Eloísa", "Tadeo", "Brígida", "Anselmo") for last in
                  ("Quesada", "Lumbreras", "Santacana", "Oyarzun", "Pellicer", "Villagrasa", "Moncayo", "Urbieta")]
    many_text = "Consultas del día: " + "; ".join(f"{many_names[i % len(many_names)]} ({i})" for i in range(1000)) + ".\n"
    many_spans = []
    pos = 0
    for i in range(1000):
        pos = many_text.index(many_names[i % len(many_names)], pos)
        many_spans.append((pos, pos + len(many_names[i % len(many_names)])))
        pos += 1
    native_conll = format_conll(Document("d1", TEXT, tuple(
        Span(f"T{i}", LABELS[v], *at(TEXT, v)) for i, v in enumerate(LABELS, start=1))))  # the product's own layout
    jsonl_flat = _record("d1", TEXT, [("NOMBRE_SUJETO_ASISTENCIA", ns, ne), ("TERRITORIO", ts, te)])
    jsonl_nested = _record("d1", TEXT, [("HOSPITAL", hs, he), ("NOMBRE_PERSONAL_SANITARIO", *polanco), ("TERRITORIO", ts, te)])
    return [
        Case("bom_txt", brat(bom, t_lines(bom)), "ok"),
        Case("bom_ann", brat(TEXT, "\ufeff" + GOOD_ANN), "ok"),
        Case("crlf_text_and_ann", brat(crlf, t_lines(crlf, end="\r\n")), "ok"),
        Case("cr_only_line_ends", brat(cr_text, t_lines(cr_text)), "ok"),
        Case("crlf_counted_as_one_char", brat(crlf, GOOD_ANN), "error", r"a\.ann:5:"),
        Case("ann_without_final_newline", brat(TEXT, GOOD_ANN.rstrip("\n")), "ok"),
        Case("empty_ann", brat(TEXT, ""), "ok"),
        Case("empty_txt", brat("", "", **brat(TEXT, GOOD_ANN, "b")), "either", r"a\.txt"),
        Case("missing_txt", {"a.ann": GOOD_ANN, **brat(TEXT, GOOD_ANN, "b")}, "error", r"a\.txt"),
        Case("missing_ann", {"a.txt": TEXT, **brat(TEXT, GOOD_ANN, "b")}, "ok"),
        Case("non_utf8_txt", brat(TEXT.encode("latin-1"), GOOD_ANN), "error", r"a\.txt"),
        Case("non_utf8_ann", brat(TEXT, (GOOD_ANN + "#1\tAnnotatorNotes T1\trevisión\n").encode("latin-1")), "error", r"a\.ann"),
        Case("offsets_past_end", brat(TEXT, GOOD_ANN + f"T9\tTERRITORIO {len(TEXT) + 3} {len(TEXT) + 9}\tTeruel\n"),
             "error", r"a\.ann:6:"),
        Case("text_mismatch", brat(TEXT, GOOD_ANN.replace(f"\t{TOWN}\n", "\tCalatayud\n")), "error", r"a\.ann:2:"),
        Case("reversed_fragments", brat(TEXT, f"T1\tNOMBRE_SUJETO_ASISTENCIA {lumbreras[0]} {lumbreras[1]};{ramiro[0]} {ramiro[1]}"
                                              f"\tLumbreras Ramiro\n"), "error", r"a\.ann:1:"),
        Case("duplicate_span_ids", brat(TEXT, GOOD_ANN + f"T1\tTERRITORIO {ts} {te}\t{TOWN}\n"), "error", r"a\.ann:6:"),
        Case("unknown_label", brat(TEXT, GOOD_ANN.replace("TERRITORIO", "LUGAR_INVENTADO")), "either", r"a\.ann"),
        Case("zero_length_span", brat(TEXT, GOOD_ANN + f"T9\tTERRITORIO {ts} {ts}\t\n"), "either", r"a\.ann:6:"),
        Case("whitespace_only_span", brat(TEXT, GOOD_ANN + f"T9\tTERRITORIO {ne + 1} {ne + 2}\t \n"), "either", r"a\.ann:6:"),
        Case("nested_town_in_hospital", brat(TEXT, GOOD_ANN + f"T9\tNOMBRE_PERSONAL_SANITARIO {polanco[0]} {polanco[1]}\tPolanco\n"), "ok"),
        Case("crossing_overlap", brat(TEXT, GOOD_ANN + f"T9\tTERRITORIO {quesada[0]} {te}\t{TEXT[quesada[0]:te]}\n"), "ok"),
        Case("discontinuous_overlapping_another", brat(
            TEXT, GOOD_ANN + f"T9\tNOMBRE_PERSONAL_SANITARIO {ramiro[0]} {ramiro[1]};{lumbreras[0]} {lumbreras[1]}\tRamiro Lumbreras\n"), "ok"),
        Case("discontinuous_around_another", brat(
            TEXT, t_lines(TEXT, (TOWN, DATE)) + f"T9\tNOMBRE_SUJETO_ASISTENCIA {ns} {ramiro[1]};{hs} {he}\tRamiro {HOSP}\n"), "ok"),
        Case("spans_at_text_start_and_end", brat(edge_text, t_lines(edge_text, (NAME, TOWN))), "ok"),
        Case("span_of_10k_chars", brat(long_text, f"T1\tCALLE 11 {11 + len(long_street)}\t{long_street}\n"
                                                    + t_lines(long_text, (TOWN,), first=2)), "ok"),
        Case("emoji_rtl_combining", brat(unicode_text, "".join(
            f"T{i}\t{label} {s} {e}\t{unicode_text[s:e]}\n" for i, (label, (s, e)) in enumerate(
                [("NOMBRE_SUJETO_ASISTENCIA", at(unicode_text, "José\u0301 Ñúñez Ibarra")),
                 ("FAMILIARES_SUJETO_ASISTENCIA", at(unicode_text, "سميرة الحداد")), ("TERRITORIO", at(unicode_text, TOWN))],
                start=1))), "ok"),
        Case("notes_lines", brat(TEXT, GOOD_ANN + "#1\tAnnotatorNotes T1\trevisado\n"), "ok"),
        Case("relations_events_attributes", brat(TEXT, GOOD_ANN + "R1\tNatural Arg1:T1 Arg2:T2\nE1\tIngreso:T3 Lugar:T4\n"
                                                  "A1\tNegation T2\nM2\tConfidence T1 High\nN1\tReference T2 Wikidata:Q0\t" + TOWN
                                                  + "\n*\tEquiv T1 T1\n"), "ok"),
        Case("dangling_reference", brat(TEXT, GOOD_ANN + "R1\tNatural Arg1:T1 Arg2:T42\n"), "error", r"a\.ann:6:"),
        Case("unknown_line_type", brat(TEXT, GOOD_ANN + "X1\tSomething T1\n"), "error", r"a\.ann:6:"),
        Case("tab_inside_span_text", brat(tab_text, t_lines(tab_text, (NAME.replace("Quesada ", "Quesada\t"), TOWN),
                                                             labels={**LABELS, NAME.replace("Quesada ", "Quesada\t"): LABELS[NAME]})), "ok"),
        Case("span_over_line_break", brat(lb_text, f"T1\tNOMBRE_SUJETO_ASISTENCIA {lb[0]} {lb[1]}\tRamiro Quesada Lumbreras\n"
                                                    + t_lines(lb_text, (TOWN, HOSP), first=2)), "ok"),
        Case("identical_duplicate_spans", brat(TEXT, GOOD_ANN + f"T9\tTERRITORIO {ts} {te}\t{TOWN}\n"), "ok"),
        Case("overlaps_referenced_by_other_lines", brat(
            TEXT, GOOD_ANN + f"T9\tTERRITORIO {ts} {te}\t{TOWN}\nT10\tNOMBRE_PERSONAL_SANITARIO {polanco[0]} {polanco[1]}\tPolanco\n"
            "A1\tNegation T9\nR1\tWorksAt Arg1:T10 Arg2:T4\n#1\tAnnotatorNotes T10\tnota\n"), "ok"),
        Case("same_span_two_labels", brat(TEXT, GOOD_ANN + f"T9\tNOMBRE_PERSONAL_SANITARIO {ns} {ne}\t{NAME}\n"), "ok"),
        Case("files_in_subfolder", {**brat(TEXT, GOOD_ANN), "sub/b.txt": TEXT, "sub/b.ann": GOOD_ANN}, "ok", docs={"a"}),
        Case("uppercase_extensions", {**brat(TEXT, GOOD_ANN), "B.TXT": TEXT, "B.ANN": GOOD_ANN}, "error", r"B\.(TXT|ANN)",
             docs={"a"}),
        Case("overlaps_error_option", brat(TEXT, GOOD_ANN + f"T9\tNOMBRE_PERSONAL_SANITARIO {polanco[0]} {polanco[1]}\tPolanco\n"),
             "error", r"a\.ann:6:.*(T9.*T4|T4.*T9)", args=["--overlaps", "error"]),
        Case("brat_overlaps_to_jsonl", brat(TEXT, GOOD_ANN + f"T9\tNOMBRE_PERSONAL_SANITARIO {ramiro[0]} {ramiro[1]};"
                                                  f"{lumbreras[0]} {lumbreras[1]}\tRamiro Lumbreras\n"), "ok", args=["--out-format", "jsonl"]),
        Case("span_covering_the_bom", brat(bom, f"T1\tNOMBRE_SUJETO_ASISTENCIA 0 9\t{bom[:9]}\n" + t_lines(bom, (TOWN,), first=2)), "ok"),
        Case("crlf_inside_a_span", brat(crlf_break, f"T1\tNOMBRE_SUJETO_ASISTENCIA {cb[0]} {cb[1]}\tRamiro  Quesada Lumbreras\r\n"), "ok"),
        Case("adjacent_fragments", brat(TEXT, f"T1\tNOMBRE_SUJETO_ASISTENCIA {ns} {ramiro[1]};{ramiro[1]} {ne}"
                                               f"\tRamiro {TEXT[ramiro[1]:ne]}\n"), "ok"),
        Case("zero_length_fragment", brat(TEXT, f"T1\tNOMBRE_SUJETO_ASISTENCIA {ns} {ne};{ts} {ts}\t{NAME} \n"), "either", r"a\.ann:1:"),
        Case("span_is_the_whole_text", brat(NAME, f"T1\tNOMBRE_SUJETO_ASISTENCIA 0 {len(NAME)}\t{NAME}\n"), "ok"),
        Case("name_repeated_unannotated_in_capitals", brat(TEXT + f"Firmado: {NAME.upper()}.\n", GOOD_ANN), "ok"),
        Case("overlap_chain", brat(TEXT, GOOD_ANN + f"T9\tTERRITORIO {quesada[0]} {ts + 4}\t{TEXT[quesada[0]:ts + 4]}\n"
                                    f"T10\tCALLE {ts + 2} {at(TEXT, DATE)[1]}\t{TEXT[ts + 2:at(TEXT, DATE)[1]]}\n"), "ok"),
        Case("fragments_overlapping_each_other", brat(TEXT, f"T1\tNOMBRE_SUJETO_ASISTENCIA {ns} {ns + 14};{ns + 7} {ne}"
                                                             f"\t{TEXT[ns:ns + 14]} {TEXT[ns + 7:ne]}\n"), "error", r"a\.ann:1:"),
        Case("span_with_edge_whitespace", brat(TEXT, t_lines(TEXT, (NAME,)) + f"T2\tTERRITORIO {ts - 1} {te + 1}\t{TEXT[ts - 1:te + 1]}\n"),
             "ok"),
        Case("crlf_ann_lf_txt", brat(TEXT, t_lines(TEXT, end="\r\n")), "ok"),
        Case("error_in_last_document", {**brat(TEXT, GOOD_ANN), **brat(TEXT, GOOD_ANN, "b"),
                                        **brat(TEXT, GOOD_ANN.replace(f"\t{TOWN}\n", "\tCalatayud\n"), "z")},
             "error", r"z\.ann:2:"),
        Case("no_documents", {"notes.md": "nada"}, "either", r"in"),
        Case("jsonl_discontinuous_overlapping", {"corpus.jsonl": _jsonl({"id": "d1", "text": TEXT, "spans": [
            {"id": "T1", "label": "NOMBRE_SUJETO_ASISTENCIA", "start": ns, "end": ne},
            {"id": "T2", "label": "NOMBRE_PERSONAL_SANITARIO", "start": ramiro[0], "end": lumbreras[1],
             "fragments": [list(ramiro), list(lumbreras)]}]})}, "ok", fmt="jsonl"),
        Case("jsonl_error_in_last_line", {"corpus.jsonl": _jsonl(jsonl_flat, {**jsonl_flat, "id": "d2"}, _record(
            "d3", TEXT, [("TERRITORIO", len(TEXT) + 1, len(TEXT) + 5)]))}, "error", r"corpus\.jsonl:3:", fmt="jsonl"),
        Case("non_integer_offsets", brat(TEXT, f"T1\tTERRITORIO {ts} x{te}\t{TOWN}\n"), "error", r"a\.ann:1:"),
        Case("negative_offsets", brat(TEXT, f"T1\tTERRITORIO -{ts} {te}\t{TOWN}\n"), "error", r"a\.ann:1:"),
        Case("full_width_digit_offsets", brat(TEXT, f"T1\tTERRITORIO {str(ts).translate(FULL_WIDTH)} {te}\t{TOWN}\n"),
             "error", r"a\.ann:1:"),
        Case("t_line_with_spaces_not_tabs", brat(TEXT, f"T1 TERRITORIO {ts} {te} {TOWN}\n"), "error", r"a\.ann:1:"),
        Case("t_line_without_label", brat(TEXT, f"T1\t{ts} {te}\t{TOWN}\n"), "error", r"a\.ann:1:"),
        Case("thousand_spans", brat(many_text, "".join(f"T{i + 1}\tNOMBRE_SUJETO_ASISTENCIA {s} {e}\t{many_text[s:e]}\n"
                                                       for i, (s, e) in enumerate(many_spans))), "ok"),
        Case("unicode_file_name", brat(TEXT, GOOD_ANN, "informe ñandú 1"), "ok"),
        Case("hidden_files_and_annotation_conf", {**brat(TEXT, GOOD_ANN), ".b.txt": TEXT, ".b.ann": "garbage\n",
                                                  "annotation.conf": "[entities]\nTERRITORIO\n"}, "ok", docs={"a"}),
        Case("jsonl_lenient_keys_bom_blank_lines", {"corpus.jsonl": "\ufeff" + _jsonl(
            {"text": TEXT, "id": "d1", "extra": 1, "spans": [{"label": "TERRITORIO", "start": ts, "end": te},
                                                            {"label": "NOMBRE_SUJETO_ASISTENCIA", "start": ns, "end": ne}]}) + "\n\n"},
             "ok", fmt="jsonl"),
        Case("jsonl_line_not_an_object", {"corpus.jsonl": _jsonl(jsonl_flat, [1, 2])}, "error", r"corpus\.jsonl:2:", fmt="jsonl"),
        Case("jsonl_spans_null", {"corpus.jsonl": _jsonl({**jsonl_flat, "spans": None})}, "either", r"corpus\.jsonl:1:", fmt="jsonl"),
        Case("jsonl_nested_spans", {"corpus.jsonl": _jsonl(jsonl_nested)}, "ok", fmt="jsonl"),
        Case("jsonl_overlaps_to_conll", {"corpus.jsonl": _jsonl(jsonl_nested)}, "either", r"corpus\.(jsonl|conll)",
             fmt="jsonl", args=["--out-format", "conll"]),
        Case("jsonl_bad_json_line", {"corpus.jsonl": _jsonl(jsonl_flat) + '{"id": "d2", "text": \n'}, "error",
             r"corpus\.jsonl:2:", fmt="jsonl"),
        Case("jsonl_duplicate_doc_id", {"corpus.jsonl": _jsonl(jsonl_flat, jsonl_flat)}, "error", r"corpus\.jsonl:2", fmt="jsonl"),
        Case("jsonl_text_mismatch", {"corpus.jsonl": _jsonl({**_record("d1", TEXT, [("TERRITORIO", ts, te)]),
                                                            "spans": [{"label": "TERRITORIO", "start": ts, "end": te, "text": "Teruel"}]})},
             "error", r"corpus\.jsonl:1:", fmt="jsonl"),
        Case("conll_foreign_with_stray_inside_tag", {"c.conll": "-DOCSTART- -X- -X- O\n\nRamiro B-NOMBRE_SUJETO_ASISTENCIA\n"
                                                     "Quesada I-NOMBRE_SUJETO_ASISTENCIA\nvive O\nen O\nCalamocha I-TERRITORIO\n. O\n"},
             "ok", fmt="conll"),
        Case("conll_native_format", {"c.conll": native_conll}, "ok", fmt="conll"),
        Case("conll_native_offset_mismatch", {"c.conll": native_conll.replace("\nCalamocha\t46\t55\t", "\nCalamocha\t47\t56\t")},
             "error", r"c\.conll:\d+:", fmt="conll"),
        Case("conll_bioes_tags", {"c.conll": "Ramiro S-NOMBRE_SUJETO_ASISTENCIA\nvive O\n"}, "error", r"c\.conll:1", fmt="conll"),
    ]


CASES = _cases()
