"""The fast start of issue 12: surrogating with the default gazetteer set never imports polars (about 0.3 s of
a start-up whose target is 0.5 s). Tables read as plain columns and the derived structures are shipped; polars
stays for building tables and for a user's own frames. Nor babel (about 45 ms with the co-official languages):
month, day and country names are shipped (gazetteers.locales.calendar)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_applying_documents_with_the_default_set_never_imports_polars_or_babel():
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
print("polars" in sys.modules, "babel" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.strip() == "False False", out.stderr


def test_python_stdnum_is_imported_only_for_an_identifier_with_a_check_digit():
    child = """
import sys
from surrogate import Document, Engine, EngineConfig, Span
from surrogate.replacers.identifiers.schemes import validators
engine = Engine(EngineConfig(), schema="meddocan")
text = "NHC: 2345678. Fecha: 03/04/2016. Paciente: Ana Ruiz."
spans = (Span("T1", "ID_SUJETO_ASISTENCIA", 5, 12), Span("T2", "FECHAS", 21, 31),
         Span("T3", "NOMBRE_SUJETO_ASISTENCIA", 43, 51))
engine.apply(Document("a", text, spans), seed=1)
print("stdnum" in sys.modules, "ssl" in sys.modules)
res = engine.apply(Document("b", "DNI: 12345678Z.", (Span("T1", "ID_SUJETO_ASISTENCIA", 5, 14),)), seed=1)
new = res.replacements[0].surrogate
print("stdnum" in sys.modules, new != "12345678Z" and validators()["dni"](new))
"""
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.split("\n")[:2] == ["False False", "True True"], out.stderr
