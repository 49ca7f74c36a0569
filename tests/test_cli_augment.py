"""The augment / apply / stats / example commands end to end: bad input, atomic output, README command 1,
the CEO's surrogate checker on `apply` output, private mapping, plots."""
from __future__ import annotations

import argparse
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from augment.cli import main
from augment.commands import example as example_command
from augment.example import EXAMPLE_DIR

REPO = Path(__file__).resolve().parents[1]
CHECKER = REPO.parent / "shared" / "tools" / "check_surrogates.py"
PHI = "Ernesto"
TEXT = f"Nombre: {PHI} Rivera.\nEdad: 42 años.\n"
GOOD_ANN = f"T1\tNOMBRE_SUJETO_ASISTENCIA 8 15\t{PHI}\nT2\tNOMBRE_SUJETO_ASISTENCIA 16 22\tRivera\n"


def run_cli(argv: list[str], capsys) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_example(out: Path) -> None:
    """`surrogate example OUT` through the command's own parser (see the report: cli.COMMANDS needs 'example')."""
    parser = argparse.ArgumentParser()
    example_command.register(parser.add_subparsers())
    args = parser.parse_args(["example", str(out)])
    assert args.func(args) == 0


def corpus(tmp_path: Path, bad_name: str = "c_bad", txt: bytes | None = None, ann: bytes | None = None) -> Path:
    """Two good documents and a third, bad one (``None`` leaves that file out)."""
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("a_good", "b_good"):
        (folder / f"{name}.txt").write_text(TEXT, encoding="utf-8")
        (folder / f"{name}.ann").write_text(GOOD_ANN, encoding="utf-8")
    if txt is not None:
        (folder / f"{bad_name}.txt").write_bytes(txt)
    if ann is not None:
        (folder / f"{bad_name}.ann").write_bytes(ann)
    return folder


T = TEXT.encode()
BAD_INPUT = {
    "broken ann line": (T, f"T1\tNOMBRE_SUJETO_ASISTENCIA 8 15\t{PHI}\nT2 NOMBRE 16 22 Rivera\n".encode(), "ann", 2),
    "offsets past the end": (T, f"T1\tNOMBRE_SUJETO_ASISTENCIA 8 15\t{PHI}\nT2\tFECHAS 30 90\tx\n".encode(), "ann", 2),
    "span text differs": (T, b"T1\tNOMBRE_SUJETO_ASISTENCIA 8 15\tErnesta\n", "ann", 1),
    "overlapping spans": (T, f"T1\tNOMBRE_SUJETO_ASISTENCIA 8 15\t{PHI}\nT2\tNOMBRE_SUJETO_ASISTENCIA 12 22\testo Rivera\n".encode(), "ann", 2),
    "nested spans": (T, f"T1\tNOMBRE_SUJETO_ASISTENCIA 8 15\t{PHI}\nT2\tNOMBRE_SUJETO_ASISTENCIA 8 22\t{PHI} Rivera\n".encode(), "ann", 2),
    "missing txt": (None, GOOD_ANN.encode(), "txt", None),
    "non-UTF-8 text": (f"Nombre: {PHI}.\nEdad: 42 a".encode() + b"\xf1os.\n", b"", "txt", 2),
    "non-UTF-8 ann": (T, f"T1\tNOMBRE_SUJETO_ASISTENCIA 8 15\t{PHI}\n".encode() + b"T2\tX 16 22\tRiv\xe9ra\n", "ann", 2),
    "empty document": (b"", b"", "txt", None),
}


@pytest.mark.parametrize("case", list(BAD_INPUT))
def test_bad_input_gives_one_line_error_and_no_output(tmp_path, capsys, case):
    txt, ann, bad_file, line = BAD_INPUT[case]
    folder = corpus(tmp_path, txt=txt, ann=ann)
    out = tmp_path / "out"
    mapping = tmp_path / "map.jsonl"
    strict = ["--overlaps", "error"] if "spans" in case and ("overlapping" in case or "nested" in case) else []
    code, stdout, stderr = run_cli(
        ["augment", str(folder), str(out), "--times", "3", "--workers", "1", "--mapping", str(mapping), *strict], capsys)
    assert code == 2
    assert stderr.count("\n") == 1 and stdout == ""
    where = f"{folder / f'c_bad.{bad_file}'}" + (f":{line}:" if line else ":")
    assert stderr.startswith(f"surrogate augment: error: {where}"), stderr
    assert PHI not in stderr and "Rivera" not in stderr
    assert not out.exists() and not mapping.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith((".out.", ".map.jsonl."))]


def test_bad_input_through_the_installed_entry_point_has_no_traceback(tmp_path):
    txt, ann, _, _ = BAD_INPUT["span text differs"]
    folder = corpus(tmp_path, txt=txt, ann=ann)
    out = tmp_path / "out"
    proc = subprocess.run(
        [sys.executable, "-m", "augment.cli", "augment", str(folder), str(out), "--times", "2"],
        check=False, capture_output=True, text=True, cwd=REPO, timeout=120,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1
    assert f"{folder / 'c_bad.ann'}:1:" in proc.stderr
    assert not out.exists()


def test_existing_output_is_refused_unless_overwrite(tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    (out / "old.txt").write_text("old", encoding="utf-8")
    code, _, stderr = run_cli(["augment", str(EXAMPLE_DIR), str(out), "--times", "1", "--workers", "1"], capsys)
    assert code == 2 and "not empty" in stderr and (out / "old.txt").exists()
    code, _, _ = run_cli(["augment", str(EXAMPLE_DIR), str(out), "--times", "1", "--workers", "1", "--overwrite"], capsys)
    assert code == 0 and not (out / "old.txt").exists() and (out / "ejemplo-01_aug1.txt").exists()


# ------------------------------------------------------------------------------ README command 1, stats


def test_readme_command_1_flow(tmp_path, capsys):
    corpus_dir, augmented = tmp_path / "example-corpus", tmp_path / "augmented"
    run_example(corpus_dir)
    assert sorted(p.name for p in corpus_dir.iterdir()) == sorted(
        p.name for p in EXAMPLE_DIR.iterdir() if p.suffix in (".txt", ".ann"))
    code, _, stderr = run_cli(["augment", str(corpus_dir), str(augmented), "--times", "2", "--seed", "1",
                               "--workers", "1"], capsys)
    assert code == 0 and "13 documents, 26 surrogate copies" in stderr
    code, stdout, _ = run_cli(["stats", str(corpus_dir), str(augmented), "--json"], capsys)
    assert code == 0
    original, copies = json.loads(stdout)["corpora"]
    assert original["totals"]["documents"] == 13 and copies["totals"]["documents"] == 26
    assert copies["entities"]["total"] == 2 * original["entities"]["total"]
    assert set(original["entities"]["by_type"]) == set(copies["entities"]["by_type"])
    assert len(original["entities"]["by_type"]) == 29  # every MEDDOCAN label occurs in the example
    code, stdout, _ = run_cli(["stats", str(corpus_dir), str(augmented)], capsys)
    assert code == 0 and "distinct non stop words" in stdout and "×2.00" in stdout


def test_readme_command_1_masks_nothing_in_the_bundled_example(tmp_path, capsys):
    # the README's own ×10 run repaired "Residencia de Mayores San Roque" as "Residencia de XXXXXXX Los Almendros"
    corpus_dir, augmented = tmp_path / "example-corpus", tmp_path / "augmented"
    run_example(corpus_dir)
    code, _, stderr = run_cli(["augment", str(corpus_dir), str(augmented), "--times", "10", "--seed", "1",
                               "--workers", "1"], capsys)
    assert code == 0 and "leak guard" not in stderr, stderr
    copies = [json.loads(line) for line in (augmented / "manifest.jsonl").read_text(encoding="utf-8").splitlines()]
    assert not [c for c in copies if c.get("guarded")]
    assert all("XXX" not in p.read_text(encoding="utf-8") for p in augmented.glob("*.ann"))


def test_example_refuses_a_non_empty_directory(tmp_path):
    out = tmp_path / "ex"
    out.mkdir()
    (out / "x").write_text("x", encoding="utf-8")
    parser = argparse.ArgumentParser()
    example_command.register(parser.add_subparsers())
    args = parser.parse_args(["example", str(out)])
    from augment.errors import UserError

    with pytest.raises(UserError, match="not empty"):
        args.func(args)


def test_stats_plot_writes_a_png(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    plot = tmp_path / "types.png"
    code, _, _ = run_cli(["stats", str(EXAMPLE_DIR), "--plot", str(plot)], capsys)
    assert code == 0 and plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_stats_plot_without_matplotlib_says_how_to_install(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib → ImportError
    code, _, stderr = run_cli(["stats", str(EXAMPLE_DIR), "--plot", str(tmp_path / "p.png")], capsys)
    assert code == 2 and "pip install 'surrogate[plot]'" in stderr and stderr.count("\n") == 1


# ----------------------------------------------------------------------------------- apply, mapping


def test_apply_output_passes_the_surrogate_checker(tmp_path, capsys):
    if not CHECKER.is_file():
        pytest.skip(f"checker not available at {CHECKER}")
    out = tmp_path / "applied"
    code, _, _ = run_cli(["apply", str(EXAMPLE_DIR), str(out), "--seed", "3", "--workers", "1"], capsys)
    assert code == 0
    assert sorted(p.stem for p in out.glob("*.ann")) == sorted(p.stem for p in EXAMPLE_DIR.glob("*.ann"))
    proc = subprocess.run([sys.executable, str(CHECKER), str(EXAMPLE_DIR), str(out)],
                          check=False, capture_output=True, text=True, timeout=300)
    metrics = json.loads(proc.stdout)
    assert metrics["docs"] == 13 and metrics["docs_missing"] == 0
    assert metrics["misaligned"] == 0 and metrics["docs_id_mismatch"] == 0
    assert metrics["docs_nonphi_changed"] == 0 and metrics["leaks"] == 0


def test_mapping_through_the_cli_is_0600_and_outside_the_output(tmp_path, capsys):
    out, mapping = tmp_path / "out", tmp_path / "pairs.jsonl"
    code, _, stderr = run_cli(["augment", str(EXAMPLE_DIR), str(out), "--times", "1", "--workers", "1",
                               "--mapping", str(mapping)], capsys)
    assert code == 0 and "keep it private" in stderr
    assert stat.S_IMODE(os.stat(mapping).st_mode) == 0o600
    assert not list(out.rglob("*mapping*")) and not list(out.rglob("pairs*"))


def test_jsonl_output_layout(tmp_path, capsys):
    out = tmp_path / "out"
    code, _, _ = run_cli(["augment", str(EXAMPLE_DIR), str(out), "--times", "2", "--workers", "1",
                          "--out-format", "jsonl"], capsys)
    assert code == 0
    assert sorted(p.name for p in out.iterdir()) == ["corpus.jsonl", "manifest.jsonl"]
    ids = [json.loads(line)["id"] for line in (out / "corpus.jsonl").read_text(encoding="utf-8").splitlines()]
    assert ids[:2] == ["ejemplo-01_aug1", "ejemplo-01_aug2"] and len(ids) == 26
