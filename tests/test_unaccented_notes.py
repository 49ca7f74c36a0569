"""A note typed without accent marks gets surrogates without them (``textcase.omits_accents``): "leganés" and
"martínez" stood out in a physiotherapy log typed as "cuarte de huerva", "exploracion", "segun"."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from place_gazetteers import doc_with

from surrogate import Engine, EngineConfig
from surrogate.textcase import has_accent_marks, omits_accents

ENGINE = Engine(EngineConfig(), schema="meddocan")


# the originals are words Spanish spells without accents ("aznar", "utebo", "amparo"): only the note's habit says
# that its surrogates must not carry any
TYPED = ("pac remitida por dra aznar, vive en utebo. exploracion normal, segun refiere cae en casa "
         "el dia 3. avisada hija amparo, tfno 611 22 33 44. proxima revision en el hospital de getafe")
WRITTEN = ("Paciente remitida por la Dra. Jiménez, vive en Torrejón de Ardoz. Exploración normal; según refiere, "
           "cae en casa el día 3. Avisado su hijo Ramón. Próxima revisión en el Hospital de Getafe")
PIECES = (("NOMBRE_PERSONAL_SANITARIO", "aznar"), ("TERRITORIO", "utebo"),
          ("FAMILIARES_SUJETO_ASISTENCIA", "hija amparo"), ("HOSPITAL", "hospital de getafe"))


def test_omits_accents_reads_the_habit_of_the_whole_note():
    assert omits_accents(TYPED)
    assert not omits_accents(WRITTEN)
    assert not omits_accents("exploracion normal")  # one word is no habit
    assert not omits_accents("Exploración normal; según refiere, exploracion sin cambios, más tarde")


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_note_typed_without_accents_gets_no_accented_surrogate(seed):
    res = ENGINE.apply(doc_with(TYPED, *PIECES), seed=seed)
    assert all(r.action == "surrogate" for r in res.replacements)
    assert not [r.surrogate for r in res.replacements if has_accent_marks(r.surrogate)]
    for sp in res.document.spans:  # the alignment holds the surrogates as written
        assert not has_accent_marks(sp.text_in(res.document.text))


def test_a_note_written_with_accents_keeps_them():
    doc = doc_with(WRITTEN, ("NOMBRE_PERSONAL_SANITARIO", "Jiménez"), ("TERRITORIO", "Torrejón de Ardoz"),
               ("FAMILIARES_SUJETO_ASISTENCIA", "hijo Ramón"), ("HOSPITAL", "Hospital de Getafe"))
    accented = [r.surrogate for seed in range(20) for r in ENGINE.apply(doc, seed=seed).replacements
                if has_accent_marks(r.surrogate)]
    assert accented  # "Martínez", "Alcalá de Henares" … as the gazetteers spell them
