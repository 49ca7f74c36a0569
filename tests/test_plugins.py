"""Plug-ins join through entry points (surrogate.plugins): an installed one is found and loaded, and a process
with none never imports importlib.metadata (0.05 s of issue 12's start-up)."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from surrogate import plugins

REPO = Path(__file__).resolve().parents[1]


def _run(code: str, extra_path: Path | None = None) -> str:
    env = dict(os.environ)
    if extra_path is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(extra_path), env.get("PYTHONPATH", "")])
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                         cwd=REPO, env=env, check=True)
    return out.stdout.strip()


def _install_plugin(site: Path) -> None:
    """A distribution as pip leaves it: its module, and a dist-info folder declaring both groups."""
    (site / "shout_plugin.py").write_text(textwrap.dedent("""
        from surrogate import Replacer

        class Shout(Replacer):
            kind = "shout"
            def replace(self, original, ctx):
                return "XXXX"

        def build(**options):
            raise RuntimeError("not used")
    """))
    dist = site / "shout_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: shout-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(
        "[surrogate.replacers]\nshout = shout_plugin:Shout\n\n[surrogate.backends]\nshout = shout_plugin:build\n")


def test_an_installed_replacer_and_backend_are_found(tmp_path):
    _install_plugin(tmp_path)
    out = _run("""
        from surrogate.replacers.registry import get_replacer_class, registered_kinds
        from surrogate.ner.registry import available_backends
        print(get_replacer_class("shout").__module__, "shout" in registered_kinds(), "shout" in available_backends())
    """, tmp_path)
    assert out == "shout_plugin True True"


def test_a_distribution_without_the_group_is_no_plugin(tmp_path):
    _install_plugin(tmp_path)
    text = (tmp_path / "shout_plugin-1.0.dist-info" / "entry_points.txt").read_text()
    (tmp_path / "shout_plugin-1.0.dist-info" / "entry_points.txt").write_text(
        text.replace("surrogate.replacers", "other.group"))
    out = _run("""
        from surrogate.replacers.registry import get_replacer_class
        print(get_replacer_class("shout"))
    """, tmp_path)
    assert out == "None"


def test_a_process_without_plugins_never_imports_importlib_metadata():
    out = _run("""
        import sys
        from surrogate import Document, Engine, EngineConfig, Span
        from surrogate.ner.registry import available_backends
        text = "Paciente: Ana Ruiz, 03/04/1961."
        doc = Document("d", text, (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 10, 18), Span("T2", "FECHAS", 20, 30)))
        res = Engine(EngineConfig(), schema="meddocan").apply(doc, seed=1)
        print([r.action for r in res.replacements], "crf" in available_backends(), "importlib.metadata" in sys.modules)
    """)
    assert out == "['surrogate', 'surrogate'] True False"


def test_places_the_search_cannot_see_defer_to_importlib_metadata(tmp_path, monkeypatch):
    archive = tmp_path / "eggs.zip"
    archive.write_bytes(b"PK\x05\x06" + b"\x00" * 18)  # an empty zip on sys.path may hold distributions
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert plugins._may_declare("surrogate.replacers")

    class OwnFinder:
        def find_distributions(self, context=None):
            return iter(())

    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    assert not plugins._may_declare("surrogate.replacers")
    monkeypatch.setattr(sys, "meta_path", [OwnFinder(), *sys.meta_path])
    assert plugins._may_declare("surrogate.replacers")
