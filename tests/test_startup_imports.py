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
text = ("Paciente: María García López, DNI 12345678Z, nacida el 03/04/1961 en Lugo (España), 63 años. "
        "Vive con su madre en C/ Mayor 12, 2º B, 27001 Lugo. Tel. 982 123 456, maria.garcia@correo.es. "
        "Médico: Dr. Juan Pérez, Hospital Lucus Augusti, nº col. 27 27 01234.")
labels = [("NOMBRE_SUJETO_ASISTENCIA", "María García López"), ("ID_SUJETO_ASISTENCIA", "12345678Z"),
          ("FECHAS", "03/04/1961"), ("TERRITORIO", "Lugo"), ("PAIS", "España"), ("EDAD_SUJETO_ASISTENCIA", "63 años"),
          ("FAMILIARES_SUJETO_ASISTENCIA", "madre"), ("CALLE", "C/ Mayor 12, 2º B"), ("TERRITORIO", "27001"),
          ("NUMERO_TELEFONO", "982 123 456"), ("CORREO_ELECTRONICO", "maria.garcia@correo.es"),
          ("NOMBRE_PERSONAL_SANITARIO", "Juan Pérez"), ("HOSPITAL", "Hospital Lucus Augusti"),
          ("ID_TITULACION_PERSONAL_SANITARIO", "27 27 01234")]
spans, at = [], 0
for i, (label, s) in enumerate(labels):
    start = text.index(s, at if label != "TERRITORIO" or s != "Lugo" else 0)
    spans.append(Span(f"T{i}", label, start, start + len(s)))
    at = start
res = Engine(EngineConfig(), schema="meddocan").apply(Document("d", text, tuple(spans)), seed=3)
assert res.document.text != text
print("polars" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.strip() == "False", out.stderr
