"""Case and accent rendering (surrogate.textcase): the translate-table accent folding equals the NFD/NFC
definition, and a mixed-case template never turns a short surrogate into an acronym."""
from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from surrogate.textcase import apply_case, case_pattern, drop_accents, has_accent_marks

_TEXT = st.text(alphabet=st.sampled_from("aeiouAEIOUáéíóúÁÉÍÓÚñÑçÇüÜàÀ ßİ-.'\u0301\u0303nXY\t"), max_size=14)


def _reference_drop(s: str) -> str:
    keep = {"ñ": "\x00", "Ñ": "\x01", "ç": "\x02", "Ç": "\x03"}
    for k, v in keep.items():
        s = s.replace(k, v)
    s = unicodedata.normalize("NFC", "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c)))
    for k, v in keep.items():
        s = s.replace(v, k)
    return s


@given(_TEXT)
def test_drop_accents_is_nfd_strip_nfc_keeping_enye_and_cedilla(s):
    assert drop_accents(s) == _reference_drop(s)
    assert has_accent_marks(s) == (_reference_drop(s) != unicodedata.normalize("NFC", s))


@given(st.text(alphabet=st.sampled_from("abcdeABCDE"), min_size=2, max_size=8),
       st.text(alphabet=st.sampled_from("xyzw"), min_size=1, max_size=8))
def test_mixed_case_template_keeps_a_lower_case_letter(template, word):
    if case_pattern(template) != "mixed":
        return
    out = apply_case(template, word)
    assert out.lower() == word
    if len(word) > 1:
        assert any(c.islower() for c in out), (template, word, out)  # "VIdal" → "Xu", never "XU"
