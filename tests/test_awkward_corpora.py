"""A battery of malformed and awkward corpora through `apply` and `augment --times 2`.

Every case ends one of two ways, and nothing else is accepted:

- **exit 0, exact output**: every output span reads as its ``.ann``/JSONL text, the text outside the spans
  is byte-identical to the input's, every input document is there, and no input span's text (case- and
  accent-insensitive, at word boundaries) is left in a copy;
- **exit 2, clean refusal**: one line on stderr naming the file (and the line where one applies), no
  traceback, no output directory.

Each case says which of the two it expects ("either" where the issue leaves the policy open). Overlapping,
nested and duplicate spans are accepted by default (issue 11), so those cases expect exit 0.
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from augment.cli import main
from augment.corpus import read_corpus
from surrogate.schemas import load_schema

SCHEMA = load_schema("meddocan")
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


def _brat(text: str, ann: str, name: str = "a", **more) -> dict[str, str | bytes]:
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
    many_names = [f"{first} {last}" for first in ("Ramiro", "Eloísa", "Tadeo", "Brígida", "Anselmo") for last in
                  ("Quesada", "Lumbreras", "Santacana", "Oyarzun", "Pellicer", "Villagrasa", "Moncayo", "Urbieta")]
    many_text = "Consultas del día: " + "; ".join(f"{many_names[i % len(many_names)]} ({i})" for i in range(1000)) + ".\n"
    many_spans = []
    pos = 0
    for i in range(1000):
        pos = many_text.index(many_names[i % len(many_names)], pos)
        many_spans.append((pos, pos + len(many_names[i % len(many_names)])))
        pos += 1
    jsonl_flat = _record("d1", TEXT, [("NOMBRE_SUJETO_ASISTENCIA", ns, ne), ("TERRITORIO", ts, te)])
    jsonl_nested = _record("d1", TEXT, [("HOSPITAL", hs, he), ("NOMBRE_PERSONAL_SANITARIO", *polanco), ("TERRITORIO", ts, te)])
    return [
        Case("bom_txt", _brat(bom, t_lines(bom)), "ok"),
        Case("bom_ann", _brat(TEXT, "\ufeff" + GOOD_ANN), "ok"),
        Case("crlf_text_and_ann", _brat(crlf, t_lines(crlf, end="\r\n")), "ok"),
        Case("cr_only_line_ends", _brat(cr_text, t_lines(cr_text)), "ok"),
        Case("crlf_counted_as_one_char", _brat(crlf, GOOD_ANN), "error", r"a\.ann:5:"),
        Case("ann_without_final_newline", _brat(TEXT, GOOD_ANN.rstrip("\n")), "ok"),
        Case("empty_ann", _brat(TEXT, ""), "ok"),
        Case("empty_txt", _brat("", "", **_brat(TEXT, GOOD_ANN, "b")), "either", r"a\.txt"),
        Case("missing_txt", {"a.ann": GOOD_ANN, **_brat(TEXT, GOOD_ANN, "b")}, "error", r"a\.txt"),
        Case("missing_ann", {"a.txt": TEXT, **_brat(TEXT, GOOD_ANN, "b")}, "ok"),
        Case("non_utf8_txt", _brat(TEXT.encode("latin-1"), GOOD_ANN), "error", r"a\.txt"),
        Case("non_utf8_ann", _brat(TEXT, (GOOD_ANN + "#1\tAnnotatorNotes T1\trevisión\n").encode("latin-1")), "error", r"a\.ann"),
        Case("offsets_past_end", _brat(TEXT, GOOD_ANN + f"T9\tTERRITORIO {len(TEXT) + 3} {len(TEXT) + 9}\tTeruel\n"),
             "error", r"a\.ann:6:"),
        Case("text_mismatch", _brat(TEXT, GOOD_ANN.replace(f"\t{TOWN}\n", "\tCalatayud\n")), "error", r"a\.ann:2:"),
        Case("reversed_fragments", _brat(TEXT, f"T1\tNOMBRE_SUJETO_ASISTENCIA {lumbreras[0]} {lumbreras[1]};{ramiro[0]} {ramiro[1]}"
                                              f"\tLumbreras Ramiro\n"), "error", r"a\.ann:1:"),
        Case("duplicate_span_ids", _brat(TEXT, GOOD_ANN + f"T1\tTERRITORIO {ts} {te}\t{TOWN}\n"), "error", r"a\.ann:6:"),
        Case("unknown_label", _brat(TEXT, GOOD_ANN.replace("TERRITORIO", "LUGAR_INVENTADO")), "either", r"a\.ann"),
        Case("zero_length_span", _brat(TEXT, GOOD_ANN + f"T9\tTERRITORIO {ts} {ts}\t\n"), "either", r"a\.ann:6:"),
        Case("whitespace_only_span", _brat(TEXT, GOOD_ANN + f"T9\tTERRITORIO {ne + 1} {ne + 2}\t \n"), "either", r"a\.ann:6:"),
        Case("nested_town_in_hospital", _brat(TEXT, GOOD_ANN + f"T9\tNOMBRE_PERSONAL_SANITARIO {polanco[0]} {polanco[1]}\tPolanco\n"), "ok"),
        Case("crossing_overlap", _brat(TEXT, GOOD_ANN + f"T9\tTERRITORIO {quesada[0]} {te}\t{TEXT[quesada[0]:te]}\n"), "ok"),
        Case("discontinuous_overlapping_another", _brat(
            TEXT, GOOD_ANN + f"T9\tNOMBRE_PERSONAL_SANITARIO {ramiro[0]} {ramiro[1]};{lumbreras[0]} {lumbreras[1]}\tRamiro Lumbreras\n"), "ok"),
        Case("discontinuous_around_another", _brat(
            TEXT, t_lines(TEXT, (TOWN, DATE)) + f"T9\tNOMBRE_SUJETO_ASISTENCIA {ns} {ramiro[1]};{hs} {he}\tRamiro {HOSP}\n"), "ok"),
        Case("spans_at_text_start_and_end", _brat(edge_text, t_lines(edge_text, (NAME, TOWN))), "ok"),
        Case("span_of_10k_chars", _brat(long_text, f"T1\tCALLE 11 {11 + len(long_street)}\t{long_street}\n"
                                                    + t_lines(long_text, (TOWN,), first=2)), "ok"),
        Case("emoji_rtl_combining", _brat(unicode_text, "".join(
            f"T{i}\t{label} {s} {e}\t{unicode_text[s:e]}\n" for i, (label, (s, e)) in enumerate(
                [("NOMBRE_SUJETO_ASISTENCIA", at(unicode_text, "José\u0301 Ñúñez Ibarra")),
                 ("FAMILIARES_SUJETO_ASISTENCIA", at(unicode_text, "سميرة الحداد")), ("TERRITORIO", at(unicode_text, TOWN))],
                start=1))), "ok"),
        Case("notes_lines", _brat(TEXT, GOOD_ANN + "#1\tAnnotatorNotes T1\trevisado\n"), "ok"),
        Case("relations_events_attributes", _brat(TEXT, GOOD_ANN + "R1\tNatural Arg1:T1 Arg2:T2\nE1\tIngreso:T3 Lugar:T4\n"
                                                  "A1\tNegation T2\nM2\tConfidence T1 High\nN1\tReference T2 Wikidata:Q0\t" + TOWN
                                                  + "\n*\tEquiv T1 T1\n"), "ok"),
        Case("dangling_reference", _brat(TEXT, GOOD_ANN + "R1\tNatural Arg1:T1 Arg2:T42\n"), "error", r"a\.ann:6:"),
        Case("unknown_line_type", _brat(TEXT, GOOD_ANN + "X1\tSomething T1\n"), "error", r"a\.ann:6:"),
        Case("tab_inside_span_text", _brat(tab_text, t_lines(tab_text, (NAME.replace("Quesada ", "Quesada\t"), TOWN),
                                                             labels={**LABELS, NAME.replace("Quesada ", "Quesada\t"): LABELS[NAME]})), "ok"),
        Case("span_over_line_break", _brat(lb_text, f"T1\tNOMBRE_SUJETO_ASISTENCIA {lb[0]} {lb[1]}\tRamiro Quesada Lumbreras\n"
                                                    + t_lines(lb_text, (TOWN, HOSP), first=2)), "ok"),
        Case("identical_duplicate_spans", _brat(TEXT, GOOD_ANN + f"T9\tTERRITORIO {ts} {te}\t{TOWN}\n"), "ok"),
        Case("overlaps_referenced_by_other_lines", _brat(
            TEXT, GOOD_ANN + f"T9\tTERRITORIO {ts} {te}\t{TOWN}\nT10\tNOMBRE_PERSONAL_SANITARIO {polanco[0]} {polanco[1]}\tPolanco\n"
            "A1\tNegation T9\nR1\tWorksAt Arg1:T10 Arg2:T4\n#1\tAnnotatorNotes T10\tnota\n"), "ok"),
        Case("same_span_two_labels", _brat(TEXT, GOOD_ANN + f"T9\tNOMBRE_PERSONAL_SANITARIO {ns} {ne}\t{NAME}\n"), "ok"),
        Case("files_in_subfolder", {**_brat(TEXT, GOOD_ANN), "sub/b.txt": TEXT, "sub/b.ann": GOOD_ANN}, "ok", docs={"a"}),
        Case("uppercase_extensions", {**_brat(TEXT, GOOD_ANN), "B.TXT": TEXT, "B.ANN": GOOD_ANN}, "either", r"B\.(TXT|ANN)",
             docs={"a"}),
        Case("overlaps_error_option", _brat(TEXT, GOOD_ANN + f"T9\tNOMBRE_PERSONAL_SANITARIO {polanco[0]} {polanco[1]}\tPolanco\n"),
             "error", r"a\.ann:6:.*(T9.*T4|T4.*T9)", args=["--overlaps", "error"]),
        Case("overlap_chain", _brat(TEXT, GOOD_ANN + f"T9\tTERRITORIO {quesada[0]} {ts + 4}\t{TEXT[quesada[0]:ts + 4]}\n"
                                    f"T10\tCALLE {ts + 2} {at(TEXT, DATE)[1]}\t{TEXT[ts + 2:at(TEXT, DATE)[1]]}\n"), "ok"),
        Case("fragments_overlapping_each_other", _brat(TEXT, f"T1\tNOMBRE_SUJETO_ASISTENCIA {ns} {ns + 14};{ns + 7} {ne}"
                                                             f"\t{TEXT[ns:ns + 14]} {TEXT[ns + 7:ne]}\n"), "error", r"a\.ann:1:"),
        Case("span_with_edge_whitespace", _brat(TEXT, t_lines(TEXT, (NAME,)) + f"T2\tTERRITORIO {ts - 1} {te + 1}\t{TEXT[ts - 1:te + 1]}\n"),
             "ok"),
        Case("crlf_ann_lf_txt", _brat(TEXT, t_lines(TEXT, end="\r\n")), "ok"),
        Case("error_in_last_document", {**_brat(TEXT, GOOD_ANN), **_brat(TEXT, GOOD_ANN, "b"),
                                        **_brat(TEXT, GOOD_ANN.replace(f"\t{TOWN}\n", "\tCalatayud\n"), "z")},
             "error", r"z\.ann:2:"),
        Case("no_documents", {"notes.md": "nada"}, "either", r"in"),
        Case("jsonl_discontinuous_overlapping", {"corpus.jsonl": _jsonl({"id": "d1", "text": TEXT, "spans": [
            {"id": "T1", "label": "NOMBRE_SUJETO_ASISTENCIA", "start": ns, "end": ne},
            {"id": "T2", "label": "NOMBRE_PERSONAL_SANITARIO", "start": ramiro[0], "end": lumbreras[1],
             "fragments": [list(ramiro), list(lumbreras)]}]})}, "ok", fmt="jsonl"),
        Case("jsonl_error_in_last_line", {"corpus.jsonl": _jsonl(jsonl_flat, {**jsonl_flat, "id": "d2"}, _record(
            "d3", TEXT, [("TERRITORIO", len(TEXT) + 1, len(TEXT) + 5)]))}, "error", r"corpus\.jsonl:3:", fmt="jsonl"),
        Case("non_integer_offsets", _brat(TEXT, f"T1\tTERRITORIO {ts} x{te}\t{TOWN}\n"), "error", r"a\.ann:1:"),
        Case("negative_offsets", _brat(TEXT, f"T1\tTERRITORIO -{ts} {te}\t{TOWN}\n"), "error", r"a\.ann:1:"),
        Case("full_width_digit_offsets", _brat(TEXT, f"T1\tTERRITORIO {str(ts).translate(FULL_WIDTH)} {te}\t{TOWN}\n"),
             "error", r"a\.ann:1:"),
        Case("t_line_with_spaces_not_tabs", _brat(TEXT, f"T1 TERRITORIO {ts} {te} {TOWN}\n"), "error", r"a\.ann:1:"),
        Case("t_line_without_label", _brat(TEXT, f"T1\t{ts} {te}\t{TOWN}\n"), "error", r"a\.ann:1:"),
        Case("thousand_spans", _brat(many_text, "".join(f"T{i + 1}\tNOMBRE_SUJETO_ASISTENCIA {s} {e}\t{many_text[s:e]}\n"
                                                       for i, (s, e) in enumerate(many_spans))), "ok"),
        Case("unicode_file_name", _brat(TEXT, GOOD_ANN, "informe ñandú 1"), "ok"),
        Case("hidden_files_and_annotation_conf", {**_brat(TEXT, GOOD_ANN), ".b.txt": TEXT, ".b.ann": "garbage\n",
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
        Case("conll_bioes_tags", {"c.conll": "Ramiro S-NOMBRE_SUJETO_ASISTENCIA\nvive O\n"}, "error", r"c\.conll:1", fmt="conll"),
    ]


CASES = _cases()


# ----------------------------------------------------------------------------------------- checking


def fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).casefold()


def _found(value: str, folded_text: str) -> bool:
    """``value`` is in the (already folded) text at word boundaries, case- and accent-insensitively."""
    return re.search(rf"(?<!\w){re.escape(fold(value))}(?!\w)", folded_text) is not None


def _gaps(text: str, fragments: list[tuple[int, int]]) -> list[str]:
    """The text outside every fragment, as the list of pieces between covered stretches."""
    out, pos = [], 0
    for s, e in sorted(fragments):
        if s > pos:
            out.append(text[pos:s])
        pos = max(pos, e)
    out.append(text[pos:])
    return out


@dataclass
class Doc:
    id: str
    text: str
    spans: list[tuple[str, str, list[tuple[int, int]], str | None]]  # id, label, fragments, stated text

    def fragments(self) -> list[tuple[int, int]]:
        return [f for _, _, frags, _ in self.spans for f in frags if f[1] > f[0]]


def _read_ann_raw(txt: Path, ann: Path) -> Doc:
    """An output BRAT document, parsed here (not with the product reader)."""
    text = txt.read_bytes().decode("utf-8")
    spans = []
    for line in ann.read_bytes().decode("utf-8").lstrip("\ufeff").split("\n"):
        line = line.rstrip("\r")
        if not line.startswith("T"):
            continue
        tid, middle, value = line.split("\t", 2)
        label, offsets = middle.split(" ", 1)
        frags = [tuple(int(x) for x in part.split()) for part in offsets.split(";")]
        spans.append((tid, label, frags, value))
    return Doc(txt.stem, text, spans)


def _read_outputs(out: Path, fmt: str) -> list[Doc]:
    if fmt == "brat":
        return [_read_ann_raw(t, t.with_suffix(".ann")) for t in sorted(out.glob("*.txt"))]
    if fmt == "jsonl":
        docs = []
        for line in (out / "corpus.jsonl").read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            docs.append(Doc(r["id"], r["text"], [(s["id"], s["label"], [tuple(f) for f in s["fragments"]], s["text"])
                                                 for s in r["spans"]]))
        return docs
    return [Doc(d.id, d.text, [(s.id, s.label, list(s.fragments), None) for s in d.spans])
            for d in read_corpus(out / "corpus.conll", "conll")]


def _inputs(case: Case, root: Path) -> list[Doc]:
    """The input documents as the case defines them (parsed here, for the comparison)."""
    if case.fmt == "jsonl":
        return [Doc(r["id"], r["text"], [(s.get("id", ""), s["label"], [tuple(f) for f in s.get("fragments", [(s["start"], s["end"])])],
                                          None) for s in r["spans"]])
                for r in map(json.loads, filter(str.strip, case.files["corpus.jsonl"].lstrip("\ufeff").splitlines()))]
    if case.fmt == "conll":
        return [Doc(d.id, d.text, [(s.id, s.label, list(s.fragments), None) for s in d.spans])
                for d in read_corpus(root, "conll")]
    docs = []
    for name in sorted(p[:-4] for p in case.files if p.endswith(".txt") and "/" not in p):
        ann = root / f"{name}.ann"
        docs.append(_read_ann_raw(root / f"{name}.txt", ann) if ann.exists() else Doc(name, case.files[f"{name}.txt"], []))
    return docs


def _source_of(out_id: str, command: str) -> str:
    return out_id if command == "apply" else re.sub(r"_aug\d+$", "", out_id)


def _check_output(case: Case, command: str, root: Path, out: Path) -> None:
    out_fmt = case.args[case.args.index("--out-format") + 1] if "--out-format" in case.args else case.fmt
    inputs = {d.id: d for d in _inputs(case, root)}
    if case.docs is not None:
        inputs = {k: v for k, v in inputs.items() if k in case.docs}
    outputs = _read_outputs(out, out_fmt)
    sources = {_source_of(d.id, command) for d in outputs}
    assert sources <= set(inputs), f"output for documents that are not in the input: {sorted(sources - set(inputs))}"
    expected = set(inputs) if command == "apply" else {k for k, d in inputs.items() if d.fragments()}
    assert expected <= sources, f"missing output for {sorted(expected - sources)}"
    for doc in outputs:
        src = inputs[_source_of(doc.id, command)]
        for tid, _, frags, stated in doc.spans:
            if stated is not None:
                assert " ".join(doc.text[s:e] for s, e in frags).replace("\n", " ").replace("\r", " ") == stated, (doc.id, tid)
        if out_fmt != "conll":  # CoNLL stores spans trimmed to tokens, so edge whitespace moves outside
            assert _gaps(doc.text, doc.fragments()) == _gaps(src.text, src.fragments()), f"{doc.id}: text outside spans changed"
        outside, copy = fold("\n".join(_gaps(src.text, src.fragments()))), fold(doc.text)  # folded once per document
        for tid, label, frags, _ in src.spans:
            if SCHEMA.kind_of(label) == "sex":
                continue
            for value in {src.text[s:e] for s, e in frags} | {" ".join(src.text[s:e] for s, e in frags)}:
                if sum(c.isalnum() for c in value) >= 2 and not _found(value, outside):
                    assert not _found(value, copy), f"{doc.id}: original of span {tid} left in the copy"


def _write(root: Path, files: dict[str, str | bytes]) -> None:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))


COMMANDS: dict[str, Callable[[str, str], list[str]]] = {
    "apply": lambda src, out: ["apply", src, out],
    "augment": lambda src, out: ["augment", src, out, "--times", "2", "--workers", "1"],
}


def test_the_battery_covers_the_issue():
    assert len(CASES) >= 28
    assert len({c.name for c in CASES}) == len(CASES)
    assert any(c.name == "discontinuous_overlapping_another" for c in CASES)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_awkward_corpus(case: Case, command: str, tmp_path, capsys):
    root = tmp_path / "in"
    root.mkdir()
    _write(root, case.files)
    src = str(root / next(iter(case.files))) if case.fmt != "brat" else str(root)
    out = tmp_path / "out"
    args = COMMANDS[command](src, str(out)) + case.args + (["--in-format", case.fmt] if case.fmt != "brat" else [])
    code = main(args)
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert "Traceback" not in captured.err + captured.out
    assert code in (0, 2), f"exit {code}: {err}"
    if code == 2:
        assert case.expect in ("error", "either"), f"refused a corpus it should accept: {err}"
        assert not out.exists(), "a refused run left an output directory"
        assert len(err.splitlines()) == 1, err
        assert re.search(case.error, err), err
        return
    assert case.expect in ("ok", "either"), f"accepted a corpus it should refuse (stderr: {err})"
    _check_output(case, command, root, out)
    _check_rereads(case, out)


def _check_rereads(case: Case, out: Path) -> None:
    """The output is itself a valid corpus (no dangling A/R/E/# reference, no malformed line)."""
    out_fmt = case.args[case.args.index("--out-format") + 1] if "--out-format" in case.args else case.fmt
    path = out if out_fmt == "brat" else out / f"corpus.{out_fmt}"
    assert list(read_corpus(path, out_fmt, allow_empty=True)) is not None


def test_the_checker_catches_a_leak_and_changed_text(tmp_path):
    """Handing the input back as the 'output' must fail the leak check; so must a changed character."""
    case = next(c for c in CASES if c.name == "notes_lines")
    root = tmp_path / "in"
    root.mkdir()
    _write(root, case.files)
    with pytest.raises(AssertionError, match="left in the copy"):
        _check_output(case, "apply", root, root)
    changed = tmp_path / "changed"
    changed.mkdir()
    _write(changed, {**case.files, "a.txt": TEXT.replace("ingresó", "ingreso")})
    with pytest.raises(AssertionError, match="outside spans changed"):
        _check_output(case, "apply", root, changed)


def test_a_bad_last_document_leaves_nothing_with_two_workers(tmp_path, capsys):
    """Workers that already wrote copies of the good documents must not leave them behind."""
    case = next(c for c in CASES if c.name == "error_in_last_document")
    root = tmp_path / "in"
    root.mkdir()
    _write(root, {**case.files, **{f"m{i}.txt": TEXT for i in range(6)}, **{f"m{i}.ann": GOOD_ANN for i in range(6)}})
    out = tmp_path / "out"
    code = main(["augment", str(root), str(out), "--times", "50", "--workers", "2"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "Traceback" not in err and len(err.splitlines()) == 1
    assert re.search(case.error, err), err
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]  # no temporary sibling left either


def test_an_input_named_like_a_copy_is_refused_before_writing(tmp_path, capsys):
    root = tmp_path / "in"
    root.mkdir()
    _write(root, {**_brat(TEXT, GOOD_ANN), **_brat(TEXT, GOOD_ANN, "a_aug1")})
    out = tmp_path / "out"
    code = main(["augment", str(root), str(out), "--times", "2", "--keep-original"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1 and "a_aug1" in err
    assert not out.exists()
