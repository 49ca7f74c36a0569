"""Built-in replacers are imported per kind, when a kind is first asked for (issue 12, a fast start), and the
kind → module map says exactly what the modules register."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from surrogate.replacers import registry

REPO = Path(__file__).resolve().parents[1]


def test_the_kind_map_is_what_the_builtin_modules_register():
    child = """
import importlib, sys
from surrogate.replacers import registry
for module in registry._BUILTIN_MODULES:
    importlib.import_module("surrogate.replacers." + module)
    for kind, cls in registry._REGISTRY.items():
        if cls.__module__ == "surrogate.replacers." + module:
            print(kind, module)
"""
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, cwd=REPO, check=True)
    registered = dict(line.split() for line in out.stdout.splitlines())
    assert registered == registry._BUILTIN_KINDS


def test_a_document_without_facilities_imports_no_facility_replacer():
    child = """
import sys
from surrogate import Document, Engine, EngineConfig, Span
text = "Paciente: Ana Ruiz, 03/04/2016."
doc = Document("d", text, (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 10, 18), Span("T2", "FECHAS", 20, 30)))
res = Engine(EngineConfig(), schema="meddocan").apply(doc, seed=1)
assert [r.action for r in res.replacements] == ["surrogate", "surrogate"]
print(sorted(m for m in sys.modules if m.startswith("surrogate.replacers.facilities")))
doc = Document("e", "Ingresa en Hospital Clínico.", (Span("T1", "HOSPITAL", 11, 27),))
print(Engine(EngineConfig(), schema="meddocan").apply(doc, seed=1).replacements[0].action)
"""
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.splitlines() == ["[]", "surrogate"], out.stderr


def test_a_later_registration_overrides_a_builtin_not_yet_imported():
    child = """
from surrogate.replacers.base import Replacer
from surrogate.replacers.registry import get_replacer_class, register
@register
class Mine(Replacer):
    kind = "url"
    def replace(self, original, ctx):
        return "x"
print(get_replacer_class("url").__name__)
"""
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.strip() == "Mine", out.stderr
