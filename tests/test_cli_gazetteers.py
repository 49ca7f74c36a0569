"""`surrogate gazetteers list|sample` through augment.cli.main."""
from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from augment.cli import main
from gazetteers import Gazetteer, GazetteerSet, Provenance, register_locale

REPO = Path(__file__).resolve().parents[1]
TEST_LOCALE = "xx-clitest"
NAMES = {"Ana": "F", "Lucía": "F", "Marta": "F", "José": "M", "Luis": "M", "Íñigo": "M"}


def _first_names() -> Gazetteer:
    return Gazetteer("first_names", pl.DataFrame({
        "value": list(NAMES), "weight": [5.0, 4.0, 3.0, 5.0, 4.0, 3.0], "sex": list(NAMES.values()),
    }), Provenance(source="test names", licence="CC0"))


def _surnames() -> Gazetteer:
    return Gazetteer("surnames", pl.DataFrame({"value": ["García", "Núñez"], "weight": [2.0, 1.0]}),
                     Provenance(source="test surnames"))


@pytest.fixture(scope="module", autouse=True)
def registered_test_locale() -> None:
    register_locale(TEST_LOCALE, lambda: GazetteerSet(
        {"first_names": _first_names, "surnames": _surnames}, locale=TEST_LOCALE))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "gazetteers", "list", "--json", "--locale", TEST_LOCALE)
    assert code == 0
    rows = json.loads(out)
    assert [(r["name"], r["rows"], r["source"]) for r in rows] == [
        ("first_names", 6, "test names"), ("surnames", 2, "test surnames")]


def test_list_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "gazetteers", "list", "--locale", TEST_LOCALE)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["name", "rows", "source"]
    assert lines[1].split()[:2] == ["first_names", "6"] and lines[1].endswith("test names")


def test_sample_by_sex_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["gazetteers", "sample", "first_names", "-n", "40", "--seed", "7", "--sex", "F", "--locale", TEST_LOCALE]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    values = out.splitlines()
    assert len(values) == 40
    assert {NAMES[v] for v in values} == {"F"}
    assert run(capsys, *argv)[1] == out  # same seed, same output
    other = run(capsys, *argv[:-4], "--seed", "8", "--sex", "F", "--locale", TEST_LOCALE)[1]
    assert other != out


def test_sample_lower_case_sex_and_top_k(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "gazetteers", "sample", "first_names", "-n", "50", "--sex", "m", "--top-k", "1",
                       "--seed", "1", "--locale", TEST_LOCALE)
    assert code == 0 and set(out.splitlines()) == {"José"}


@pytest.mark.parametrize("argv, message", [
    (["gazetteers", "sample", "nombres", "--locale", TEST_LOCALE], "no gazetteer named 'nombres'"),
    (["gazetteers", "sample", "surnames", "--sex", "F", "--locale", TEST_LOCALE], "no sex column"),
    (["gazetteers", "list", "--locale", "tlh"], "no gazetteer set for locale 'tlh'"),
])
def test_user_errors_are_one_line_and_non_zero(capsys: pytest.CaptureFixture[str], argv: list[str],
                                               message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_bad_count_is_rejected_by_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["gazetteers", "sample", "first_names", "-n", "0", "--locale", TEST_LOCALE])
    assert exc.value.code == 2
    assert "at least 1" in capsys.readouterr().err


# --- the embedded Spanish set ------------------------------------------------------------------------

embedded = pytest.mark.skipif(
    not (REPO / "gazetteers" / "data" / "es" / "first_names.json.gz").is_file(),
    reason="embedded Spanish tables not built yet",
)


@embedded
def test_default_list_covers_every_table(capsys: pytest.CaptureFixture[str]) -> None:
    from gazetteers.locales.es import TABLES

    code, out, _ = run(capsys, "gazetteers", "list", "--json")
    assert code == 0
    rows = {r["name"]: r for r in json.loads(out)}
    assert set(rows) == set(TABLES) | {"fitted_details"}
    assert all(r["rows"] > 0 and r["source"] for r in rows.values())


@embedded
def test_default_sample_female_first_names(capsys: pytest.CaptureFixture[str]) -> None:
    from gazetteers import default_set

    code, out, _ = run(capsys, "gazetteers", "sample", "first_names", "-n", "10", "--seed", "3", "--sex", "F")
    assert code == 0
    values = out.splitlines()
    assert len(values) == 10
    frame = default_set("es")["first_names"].frame
    assert set(values) <= set(frame.filter(pl.col("sex") == "F")["value"])
    assert run(capsys, "gazetteers", "sample", "first_names", "-n", "10", "--seed", "3", "--sex", "F")[1] == out
