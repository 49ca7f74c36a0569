"""The fast start of issue 12: surrogating with the default gazetteer set never imports polars (about 0.3 s of
a start-up whose target is 0.5 s). Tables read as plain columns and the derived structures are shipped; polars
stays for building tables and for a user's own frames."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_applying_documents_with_the_default_set_never_imports_polars():
    child = """
import sys
from surrogate import Document, Engine, EngineConfig, Span
pieces = [("Paciente: ", None), ("María García López", "NOMBRE_SUJETO_ASISTENCIA"), (", DNI ", None),
          ("12345678Z", "ID_SUJETO_ASISTENCIA"), (", nacida el ", None), ("03/04/1961", "FECHAS"), (" en ", None),
          ("Lugo", "TERRITORIO"), (" (", None), ("España", "PAIS"), ("), ", None), ("63 años", "EDAD_SUJETO_ASISTENCIA"),
          (". Vive con su ", None), ("madre", "FAMILIARES_SUJETO_ASISTENCIA"), (" en ", None),
          ("C/ Mayor 12, 2º B", "CALLE"), (", ", None), ("27001", "TERRITORIO"), (" ", None), ("Lugo", "TERRITORIO"),
          (". Tel. ", None), ("982 123 456", "NUMERO_TELEFONO"), (", ", None),
          ("maria.garcia@correo.es", "CORREO_ELECTRONICO"), (". Médico: Dr. ", None),
          ("Juan Pérez", "NOMBRE_PERSONAL_SANITARIO"), (", ", None), ("Hospital Lucus Augusti", "HOSPITAL"),
          (", nº col. ", None), ("27 27 01234", "ID_TITULACION_PERSONAL_SANITARIO"), (".", None)]
text, spans = "", []
for piece, label in pieces:
    if label:
        spans.append(Span(f"T{len(spans) + 1}", label, len(text), len(text) + len(piece)))
    text += piece
res = Engine(EngineConfig(), schema="meddocan").apply(Document("d", text, tuple(spans)), seed=3)
assert [r.action for r in res.replacements] == ["surrogate"] * len(spans)  # every replacer ran, none masked
print("polars" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.strip() == "False", out.stderr
