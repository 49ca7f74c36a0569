"""Countries named in a co-official language ("Marroc", "Suíza", "Maroko") are countries: they get another
country written in the note's language, and the locale's own country ("Espanya") stays Spain. "nascuda al
Marroc" came out "España", a Spanish name drawn at random (the mention was no country the tables knew). A note
in Spanish writing a name a co-official language shares ("Guinea Bissau") keeps Spanish names."""
from __future__ import annotations

import pytest
from babel import Locale
from fresh_layouts import surrogates
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gazetteers.text import fold

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = {lang: {fold(n) for iso, n in Locale.parse(lang).territories.items() if len(iso) == 2 and iso.isalpha()}
         for lang in ("ca", "gl", "eu")}


@pytest.mark.parametrize("lang, note", [
    ("ca", "Pacient nascuda al [[PAIS|Marroc]], viu a [[PAIS|Espanya]] des de fa anys; germana a [[PAIS|Suïssa]]."),
    ("gl", "Natural de [[PAIS|Marrocos]], vive en [[PAIS|España]] dende hai anos; fillo en [[PAIS|Arxentina]]."),
    ("eu", "Jaioterria: [[PAIS|Maroko]]. Bizilekua: [[PAIS|Espainia]], eta alaba bat [[PAIS|Suitza]] herrialdean dago, "
           "ez da etorri."),
])
@SETTINGS
@given(seed=st.integers(1, 10**6))
def test_a_country_in_a_co_official_language_gets_another_in_that_language(lang, note, seed):
    new = surrogates(note, seed)
    assert new["T2"] == "España", new  # the locale's own country, in the locale's own name
    for span, original in (("T1", note.split("|")[1].split("]")[0]), ("T3", note.split("|")[-1].split("]")[0])):
        assert fold(new[span]) in NAMES[lang] and fold(new[span]) != fold(original), new


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_spanish_note_keeps_spanish_country_names(seed):
    # "Guinea Bissau" is Catalan's spelling too: a Spanish note's surrogate came out "Ucraïna" until the note's
    # language was read
    new = surrogates("Paciente natural de [[PAIS|Guinea Bissau]], con residencia desde hace años en la ciudad.", seed)
    assert fold(new["T1"]) not in NAMES["ca"] - {fold(n) for n in Locale.parse("es").territories.values()}, new
