"""The engine's one leak guard (issue 11, part 2), for every command and every profile.

1. Nothing of a span passes through that its replacer's format policy does not keep: a FECHAS span that also
   holds an NSS and a phone, a name span holding a DNI, an address holding a phone and an e-mail.
2. No surrogate holds another original of its document at word boundaries: a replacer that insists on such a
   value is redrawn, then masked, in ``Engine.apply``, ``apply``, ``augment`` and ``deid``.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from augment.cli import main
from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig, Replacer, Span, register_replacer
from surrogate.config import PROFILES
from surrogate.leak_guard import DocumentGuard, Vocabulary
from surrogate.replacers.registry import get_replacer_class


@lru_cache(maxsize=None)
def engine(profile: str) -> Engine:
    return Engine(EngineConfig(profile=profile), "meddocan")


def _survives(original: str, text: str) -> bool:
    words = " ".join(re.findall(r"\w+", fold(original)))
    return f" {words} " in " " + " ".join(re.findall(r"\w+", fold(text))) + " "


def _one_span(label: str, value: str, before: str = "Datos: ", after: str = ". Fin del informe.") -> Document:
    text = before + value + after
    return Document("d", text, (Span("T1", label, len(before), len(before) + len(value)),))


CASES = {  # label, span text, the originals that must be gone from every copy
    "date + NSS + phone": ("FECHAS", "12-07-1979. NSS 28/12345678/40. Teléfono de su esposa: 612345678",
                           ["12-07-1979", "12345678", "28/12345678/40", "612345678"]),
    "name + DNI": ("NOMBRE_SUJETO_ASISTENCIA", "Remedios Baztán Urrutia, DNI 44581203L",
                   ["Remedios", "Baztán", "Urrutia", "44581203L"]),
    "address + phone + e-mail": ("CALLE", "C/ Escultor Benlliure 14, 3º B, tfno 978601142, remedios.baztan@correo.es",
                                 ["Escultor Benlliure", "978601142", "remedios.baztan@correo.es", "Benlliure 14",
                                  "Benlliure", "remedios.baztan"]),  # a street word or a mailbox alone is PHI too
}


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("case", sorted(CASES))
def test_no_run_of_a_mixed_span_passes_through_in_any_profile(case, profile):
    label, value, originals = CASES[case]
    doc = _one_span(label, value)
    for seed in range(4):
        result = engine(profile).apply(doc, seed=seed)
        out = result.document
        assert out.text.startswith("Datos: ") and out.text.endswith(". Fin del informe.")
        assert out.span_text(out.spans[0]) == result.replacements[0].surrogate
        for original in originals:
            assert not _survives(original, out.text), (case, profile, seed, original)


def test_a_copied_run_is_resurrogated_by_the_kind_its_shape_says():
    label, value, _ = CASES["date + NSS + phone"]
    result = engine("surrogate").apply(_one_span(label, value), seed=1)
    new = result.replacements[0].surrogate
    assert result.guarded == {"T1": "repaired"}
    assert "Teléfono de su esposa" in new and "NSS" in new  # labels and kinship words are kept
    phone = re.search(r"esposa: (\d+)$", new)
    assert phone and len(phone.group(1)) == 9 and phone.group(1)[0] in "6789"  # the phone replacer drew it
    assert re.match(r"\d\d-\d\d-\d{4}\. NSS \d\d/\d{8}/\d\d\. ", new)  # the date and the NSS keep their shape


def test_kept_words_of_the_format_policy_do_pass():
    doc = _one_span("CALLE", "Calle Mayor 5, 2º izda")
    result = engine("surrogate").apply(doc, seed=2)
    assert result.guarded == {} and result.replacements[0].action == "surrogate"


def test_the_guard_unit_rules():
    guard = DocumentGuard([("Antonio", lambda w: False), ("Hospital General", lambda w: w in {"hospital", "general"}),
                           ("madre", lambda w: False), ("España", lambda w: False)], Vocabulary(["madre"], ["España"]))
    assert guard.other_original_in("Calle de España 4") is not None  # the country as another original
    assert guard.other_original_in("Calle Sol 4, España", own="C/ Mayor 2, España") is None  # its own, kept
    assert guard.passed_through("C/ Mayor 2, España", "Calle Sol 4, España", lambda w: w == "c") == []
    assert guard.other_original_in("Avda. Antonio Machado 4") is not None
    assert guard.other_original_in("Avda. Antonino 4") is None  # word boundaries
    assert guard.other_original_in("Hospital General de Soria") is None  # made only of its replacer's kept words
    assert guard.other_original_in("su madre") is None  # a bare kinship word names no one
    assert guard.other_original_in("ANTÓNIO") is not None  # case and accents do not matter
    assert guard.passed_through("12/03/2001 tel 612345678", "15/04/2001 tel 612345678", str.isdigit) == []
    copied = guard.passed_through("12/03/2001 tel 612345678", "15/04/2001 tel 612345678", lambda w: len(w) <= 4)
    assert copied == [(15, 24)]


# ------------------------------------------------------- a surrogate holding another original: every command


class _Insistent(Replacer):
    """An address replacer that names its street after the patient (``BAD``) on its first ``bad_draws`` draws."""

    kind = "address"
    kept_words = frozenset({"calle"})
    bad_draws = 99
    calls = 0

    def replace(self, original, ctx):
        type(self).calls += 1
        return "Avenida de Antonio 7" if type(self).calls <= self.bad_draws else "Calle del Pez 3"


@pytest.fixture
def insistent():
    previous = get_replacer_class("address")
    _Insistent.calls, _Insistent.bad_draws = 0, 99
    register_replacer("address", _Insistent)
    yield _Insistent
    register_replacer("address", previous)


TEXT = "Nombre: Antonio.\nDomicilio: Calle Mayor 5, Calamocha.\n"
DOC = Document("d", TEXT, (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 8, 15),
                           Span("T2", "CALLE", TEXT.index("Calle"), TEXT.index(", Calamocha"))))


def test_engine_redraws_a_surrogate_holding_another_original(insistent):
    insistent.bad_draws = 2
    result = Engine(EngineConfig(), "meddocan").apply(DOC, seed=1)
    assert "Calle del Pez 3" in result.document.text and result.guarded == {}


def test_engine_masks_a_surrogate_that_keeps_holding_another_original(insistent):
    result = Engine(EngineConfig(), "meddocan").apply(DOC, seed=1)
    assert result.guarded == {"T2": "masked"} and "XXXXX XXXXX X" in result.document.text
    assert not _survives("Antonio", result.document.text)


def _brat(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(TEXT, encoding="utf-8")
    (folder / "a.ann").write_text("".join(f"{sp.id}\t{sp.label} {sp.start} {sp.end}\t{TEXT[sp.start:sp.end]}\n"
                                          for sp in DOC.spans), encoding="utf-8")
    return folder


@pytest.mark.parametrize("command", [["apply"], ["augment", "--times", "2"]])
def test_apply_and_augment_get_the_guard(insistent, tmp_path, capsys, command):
    folder = _brat(tmp_path)
    out = tmp_path / "out"
    assert main([command[0], str(folder), str(out), *command[1:], "--workers", "1"]) == 0
    err = capsys.readouterr().err
    assert "leak guard:" in err and "Antonio" not in err
    texts = [p.read_text(encoding="utf-8") for p in out.glob("*.txt")]
    assert texts and all("Avenida de" not in t and "Calle Mayor" not in t for t in texts)
    assert '"guarded":{"masked":["T2"]}' in (out / "manifest.jsonl").read_text(encoding="utf-8")


def test_deid_gets_the_guard(insistent, tmp_path, capsys):
    src = tmp_path / "a.txt"
    src.write_text(TEXT, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["deid", str(src), str(out), "--backend", "rules"]) == 0
    capsys.readouterr()
    ann = (out / "a.ann").read_text(encoding="utf-8")
    text = (out / "a.txt").read_text(encoding="utf-8")
    assert "CALLE" in ann and "NOMBRE_SUJETO_ASISTENCIA" in ann  # the backend found both
    assert "Avenida de" not in text and "Calle Mayor" not in text and insistent.calls > 1


class _Swap(Replacer):
    """Delegated: "Rosa" becomes "Ana" (a word its caller's original also holds)."""

    kind = "test_swap"

    def replace(self, original, ctx):
        return "Ana" if original == "Rosa" else "Luz"


class _Drifting(Replacer):
    """First draw delegates "Rosa" and copies "Rosa" (rejected); later draws delegate nothing and copy "Ana"."""

    kind = "test_drifting"
    calls = 0

    def replace(self, original, ctx):
        type(self).calls += 1
        if type(self).calls == 1:
            return ctx.delegate("test_swap", "Rosa") + " Rosa"
        return "Ana Pérez"


def test_a_rejected_draws_delegated_words_do_not_excuse_a_later_copy():
    """Only the accepted draw's delegated parts excuse a copied word: "Ana" written by the delegate in a draw
    the guard refused must not let a later draw copy the original's own "Ana"."""
    from surrogate.schemas import schema_from_mapping

    register_replacer("test_swap", _Swap)
    register_replacer("test_drifting", _Drifting)
    _Drifting.calls = 0
    schema = schema_from_mapping({"labels": {"D": "test_drifting"}})
    doc = Document("d", "Paciente: Rosa Ana.", (Span("T1", "D", 10, 18),))
    result = Engine(EngineConfig(), schema).apply(doc, seed=1)
    assert not _survives("Ana", result.document.text), result.replacements[0].action


# -- the document-wide scan, restricted to the surrogates (issue 12: it cost the whole text per document) ----------
_ORIGINALS = ["Antonio", "María del Mar", "c/ Mayor 3", "28001", "García-López", "Dr. Ruiz", "Hospital de Lleida"]
_FILLER = ["de", "la", "y", "Antonio", "mar", "mayor", "3", "280", "x-", "ruiz.", "lleida", "(", "."]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_ORIGINALS + _FILLER), min_size=1, max_size=40),
       st.lists(st.sampled_from([" ", "  ", "\n", "\t ", ""]), min_size=40, max_size=40),
       st.lists(st.tuples(st.integers(0, 400), st.integers(1, 30)), min_size=1, max_size=5))
def test_scanning_around_the_surrogates_finds_every_hit_that_overlaps_them(words, gaps, ranges):
    """Every hit of the whole-text scan that overlaps a range is found by the windowed scan."""
    text = "".join(w + g for w, g in zip(words, gaps))
    guard = DocumentGuard([(o, lambda w: False) for o in _ORIGINALS], Vocabulary())
    ranges = [(min(s, len(text)), min(s + n, len(text))) for s, n in ranges]
    full = guard.other_originals_in(text)
    windowed = set(guard.other_originals_in(text, around=ranges))
    for s, e in full:
        if any(s < re_ and rs < e for rs, re_ in ranges):
            assert (s, e) in windowed, (text, s, e)


def _walk(text: str, at: int, tokens: int, step: int) -> int:
    """The reference widening: from ``at``, ``tokens`` times skip whitespace then a token, then the rest of the
    token ``at`` is inside, one character at a time (``step`` -1 walks left)."""
    def char(i: int) -> str | None:
        j = i - 1 if step < 0 else i
        return text[j] if 0 <= j < len(text) else None

    for _ in range(tokens):
        while (c := char(at)) is not None and c.isspace():
            at += step
        while (c := char(at)) is not None and not c.isspace():
            at += step
    while (c := char(at)) is not None and not c.isspace():
        at += step
    return at


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from([" ", "\n", "\t", "\u00a0", "\u2003", "\x1c", "\u200b", "a", "é", "1", "."]), max_size=40),
       st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), max_size=4), st.integers(0, 4))
def test_windows_widen_by_whole_whitespace_tokens(text, ranges, tokens):
    from surrogate.leak_guard import _windows

    ranges = [(min(a, b, len(text)), min(max(a, b), len(text))) for a, b in ranges]
    expected: list[tuple[int, int]] = []
    for s, e in sorted(ranges):
        s, e = _walk(text, s, tokens, -1), _walk(text, e, tokens, 1)
        if expected and s <= expected[-1][1]:
            expected[-1] = (expected[-1][0], max(expected[-1][1], e))
        else:
            expected.append((s, e))
    assert _windows(text, ranges, tokens) == expected


@pytest.mark.parametrize("name", ["MAR", "Julio", "Domingo", "Abril"])
def test_a_name_that_is_a_month_or_day_name_stays_protected(name):
    """An obstetric note in capitals (session 23): the patient "MAR" (María del Mar) came out inside a surrogate town
    "ROQUETAS DE MAR": month and day names ("mar" abbreviates March) were neutral words for every original. They are
    neutral only where a span copies its own (a date keeps its month), never as another original."""
    from surrogate.leak_guard import DocumentGuard, locale_vocabulary

    names = Engine(EngineConfig(), schema="meddocan").replacer("person_name")
    guard = DocumentGuard([(name, names.keeps)], locale_vocabulary("es"))
    assert guard.other_original_in(f"vive en Villanueva de {name.lower()}") is not None
    # a date of months and days, kept by its own replacer, stays unprotected
    dates = Engine(EngineConfig(), schema="meddocan").replacer("date")
    assert DocumentGuard([("marzo", dates.keeps)], locale_vocabulary("es")).other_original_in("Calle Marzo") is None
