"""The final guard scans the windows around the surrogates as one text (joined by a character no match can
cross, issue 12): it must find exactly what scanning each window on its own finds, in the same order."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from surrogate.leak_guard import DocumentGuard, Vocabulary, _windows, fold_chars

_ORIGINALS = ["Antonio", "María del Mar", "c/ Mayor 3", "28001", "García-López", "Dr. Ruiz", "Hospital de Lleida",
              "(Soria)", "Lo"]
_FILLER = ["de", "la", "y", "Antonio", "mar", "mayor", "3", "280", "x-", "ruiz.", "lleida", "(", ".", "lo", "\x00"]


def _window_by_window(guard: DocumentGuard, text: str, around: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The scan as it was before: each window folded and matched on its own."""
    hits = []
    for ws, we in _windows(text, around, guard._reach):
        hits += [(ws + m.span()[0], ws + m.span()[1]) for m in guard.pattern.finditer(fold_chars(text[ws:we]))]
    return hits


_TEXTS = st.tuples(st.lists(st.sampled_from(_ORIGINALS + _FILLER), min_size=1, max_size=60),
                   st.lists(st.sampled_from([" ", "  ", "\n", "\t ", "", ", "]), min_size=60, max_size=60))
_RANGES = st.lists(st.tuples(st.integers(0, 600), st.integers(0, 20)), min_size=1, max_size=8)


@settings(max_examples=300, deadline=None)
@given(_TEXTS, _RANGES, st.sampled_from([_ORIGINALS, _ORIGINALS[:3], ["Lo", "(Soria)"]]))
def test_one_scan_of_the_joined_windows_finds_what_each_window_finds(pieces, ranges, originals):
    words, gaps = pieces
    text = "".join(w + g for w, g in zip(words, gaps))
    guard = DocumentGuard([(o, lambda w: False) for o in originals], Vocabulary())
    around = [(min(s, len(text)), min(s + n, len(text))) for s, n in ranges]
    assert guard.other_originals_in(text, around=around) == _window_by_window(guard, text, around)


def test_hits_in_several_windows_come_back_at_their_offsets():
    text = "Visto por Antonio ayer. " + "x " * 40 + "Vive en c/ Mayor 3 con María del Mar. " + "y " * 40 + "Fin 28001"
    guard = DocumentGuard([(o, lambda w: False) for o in _ORIGINALS], Vocabulary())
    around = [(text.index("ayer"), text.index("ayer") + 4), (text.index("con"), text.index("con") + 3),
              (text.index("Fin"), text.index("Fin") + 3)]
    assert len(_windows(text, around, guard._reach)) == 3
    hits = guard.other_originals_in(text, around=around)
    assert [text[s:e] for s, e in hits] == ["Antonio", "c/ Mayor 3", "María del Mar", "28001"]
    assert hits == _window_by_window(guard, text, around)


def test_a_key_holding_the_joining_character_is_scanned_window_by_window():
    text = "uno ab\x00cd dos " + "x " * 30 + "tres ab\x00cd"
    guard = DocumentGuard([("ab\x00cd", lambda w: False), ("Antonio", lambda w: False)], Vocabulary())
    around = [(0, 3), (len(text) - 5, len(text))]
    hits = guard.other_originals_in(text, around=around)
    assert [text[s:e] for s, e in hits] == ["ab\x00cd", "ab\x00cd"]
    assert hits == _window_by_window(guard, text, around)


def test_no_match_is_made_across_two_windows():
    """A key holding the joining character would match across the edge of two windows joined in one scan."""
    text = "x ab" + " y" * 30 + " cd y"
    guard = DocumentGuard([("ab\x00cd", lambda w: False)], Vocabulary())
    around = [(0, 1), (len(text) - 1, len(text))]
    assert [text[s:e] for s, e in _windows(text, around, guard._reach)] == ["x ab", "cd y"]
    assert guard.other_originals_in(text, around=around) == [] == _window_by_window(guard, text, around)


def _windows_range_by_range(text: str, ranges: list[tuple[int, int]], tokens: int) -> list[tuple[int, int]]:
    """The windows as they were first built: every range widened both ways, then merged."""
    import re

    widen = re.compile(rf"(?:\s*\S*){{{tokens}}}\S*").match
    n, backwards, out = len(text), text[::-1], []
    for s, e in sorted(ranges):
        s, e = n - widen(backwards, n - s).end(), widen(text, e).end()
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


@settings(max_examples=500, deadline=None)
@given(_TEXTS, st.lists(st.tuples(st.integers(0, 600), st.integers(0, 40)), min_size=1, max_size=30),
       st.integers(0, 6))
def test_windows_skip_no_widening_that_matters(pieces, ranges, tokens):
    """Ranges inside a window already built are not widened again (dense surrogates): same windows."""
    words, gaps = pieces
    text = "".join(w + g for w, g in zip(words, gaps))
    around = [(min(s, len(text)), min(s + n, len(text))) for s, n in ranges]
    assert _windows(text, around, tokens) == _windows_range_by_range(text, around, tokens)
