"""TXT, DOCX and PDF inputs: the readers, and `surrogate deid` reading .docx and .pdf files."""
from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from augment.cli import main
from augment.document_readers import read_document_bytes, read_document_file
from augment.errors import InputError, UserError

REPORT = ["Nombre: Lucía Ferrer Quintana.", "NHC: 2871046.", "", "Fecha de ingreso: 02/10/2023. Médico: Dr. Tomás Lobo."]


def make_docx(paragraphs: list[str], table: list[list[str]] | None = None) -> bytes:
    docx = pytest.importorskip("docx")
    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    if table:
        t = document.add_table(rows=len(table), cols=len(table[0]))
        for i, row in enumerate(table):
            for j, cell in enumerate(row):
                t.cell(i, j).text = cell
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def make_pdf(pages: list[list[str]]) -> bytes:
    """A minimal PDF: each page shows its lines in Helvetica (WinAnsi, so Spanish accents survive).

    A page with no lines has no content stream at all, like a scan without OCR has no text layer.
    """
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    kids: list[int] = []
    page_objs: list[int] = []
    for lines in pages:
        ops = [b"BT /F1 12 Tf 14 TL 72 720 Td"]
        for line in lines:
            escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").encode("cp1252")
            ops.append(b"(" + escaped + b") Tj T*")
        ops.append(b"ET")
        stream = b"\n".join(ops) if lines else b""
        content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        page_objs.append(content)
    pages_id = len(objects) + len(pages) + 1
    for content in page_objs:
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                        b"/Resources << /Font << /F1 %d 0 R >> >> >>" % (pages_id, content, font)))
    assert add(b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids) + b"] /Count %d >>" % len(kids)) == pages_id
    catalog = add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id)
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref)
    return bytes(out)


# ---------------------------------------------------------------------------------------------- readers


def test_docx_keeps_paragraph_breaks_and_table_rows():
    data = make_docx(REPORT, table=[["Cama", "12B"], ["Servicio", "Cardiología"]])
    text = read_document_bytes(data, "informe.docx")
    assert text == "\n".join(REPORT) + "\nCama\t12B\nServicio\tCardiología\n"


def test_pdf_text_layer_page_by_page():
    pytest.importorskip("pypdf")
    data = make_pdf([REPORT[:2], REPORT[3:]])
    text = read_document_bytes(data, "informe.pdf")
    assert text.split("\n\n") == ["\n".join(REPORT[:2]), REPORT[3] + "\n"]


def test_pdf_without_text_layer_names_the_file(tmp_path):
    pytest.importorskip("pypdf")
    scan = tmp_path / "escaneo.pdf"
    scan.write_bytes(make_pdf([[], []]))
    with pytest.raises(InputError, match=r"escaneo\.pdf: the PDF has no text layer"):
        read_document_file(scan)


@pytest.mark.parametrize("name", ["roto.docx", "roto.pdf"])
def test_damaged_files_name_the_file_and_never_their_bytes(tmp_path, name):
    pytest.importorskip("docx")
    pytest.importorskip("pypdf")
    path = tmp_path / name
    path.write_bytes(b"Nombre: Lucia Ferrer. not really a document")
    with pytest.raises(InputError) as err:
        read_document_file(path)
    assert name in str(err.value) and "Lucia" not in str(err.value)


def test_unsupported_suffix_and_txt_checks(tmp_path):
    with pytest.raises(UserError, match="unsupported file type"):
        read_document_bytes(b"x", "informe.rtf")
    with pytest.raises(InputError, match="empty document"):
        read_document_bytes(b"  \n", "vacio.txt")
    assert read_document_bytes("Ñandú\r\n".encode(), "a.txt") == "Ñandú\r\n"  # .txt is read byte for byte


def test_source_file_is_never_modified(tmp_path):
    path = tmp_path / "informe.docx"
    data = make_docx(REPORT)
    path.write_bytes(data)
    read_document_file(path)
    assert path.read_bytes() == data


# ------------------------------------------------------------------------------------------------- deid


def test_deid_reads_docx_and_pdf_inputs(tmp_path, capsys):
    pytest.importorskip("pypdf")
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "a.docx").write_bytes(make_docx(REPORT))
    (inputs / "b.pdf").write_bytes(make_pdf([REPORT]))
    (inputs / "c.txt").write_text("\n".join(REPORT) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["deid", str(inputs), str(out), "--backend", "rules", "--seed", "3"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["a.ann", "a.txt", "b.ann", "b.txt", "c.ann", "c.txt"]
    texts = {name: (out / f"{name}.txt").read_text(encoding="utf-8") for name in "abc"}
    for name, text in texts.items():
        assert "Lucía" not in text and "2871046" not in text, name
        assert text.startswith("Nombre: ") and "\nNHC: " in text, name  # paragraph breaks kept
    # what deid annotated is the extracted text: annotate writes it unchanged, with the same spans as the .txt
    assert main(["annotate", str(inputs), str(tmp_path / "ann"), "--backend", "rules"]) == 0
    written = {name: (tmp_path / "ann" / f"{name}.txt").read_text(encoding="utf-8") for name in "abc"}
    assert written["a"] == written["c"] == "\n".join(REPORT) + "\n"
    assert written["b"] == "\n".join(REPORT[:2] + REPORT[3:]) + "\n"  # pypdf drops the empty line
    assert (tmp_path / "ann" / "a.ann").read_text() == (tmp_path / "ann" / "c.ann").read_text() != ""


def test_deid_refuses_a_scanned_pdf_without_output(tmp_path, capsys):
    pytest.importorskip("pypdf")
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "scan.pdf").write_bytes(make_pdf([[]]))
    out = tmp_path / "out"
    assert main(["deid", str(inputs), str(out), "--backend", "rules"]) == 2
    err = capsys.readouterr().err
    assert "scan.pdf: the PDF has no text layer" in err and "Traceback" not in err
    assert not out.exists()


def test_deid_refuses_two_inputs_with_one_name(tmp_path, capsys):
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "a.txt").write_text("Nombre: Ana.\n", encoding="utf-8")
    (inputs / "a.docx").write_bytes(make_docx(["Nombre: Ana."]))
    assert main(["deid", str(inputs), str(tmp_path / "out"), "--backend", "rules"]) == 2
    assert "same name" in capsys.readouterr().err


def test_core_and_cli_do_not_import_the_web_or_document_extras():
    code = (
        "import sys, surrogate, augment.cli\n"
        "augment.cli.build_parser()\n"
        "heavy = {'starlette', 'uvicorn', 'multipart', 'python_multipart', 'docx', 'pypdf', 'jinja2', 'selenium'}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path(__file__).parent)
    assert out.stdout.strip() == "[]"
