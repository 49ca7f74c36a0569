"""The rules backend on the generic misses of the round-15 notes (211-222, typed fast by busy staff: lower case, no
accents, abbreviations, run-on lines). Such a note keeps a few capitals (``UCI``, ``TC``, a heading) so it is no
lower-case note by its letters; it is told by its lines and sentences starting in lower case, and there:

* a lower-case run of a known given name and known surnames (or an initial) at the start of a record's line (a time,
  ``hab 401-a``, ``box 3``) or right before an age (``81a``, ``27 a``): the patient; a surname or the given name of
  it found again alone in lower case: the patient too;
* given names listed after the shift's verbs (``entregan:``, ``reciben:``) or after a ward role (``tcae``,
  ``supervisora de guardia``): staff; ``dr``/``dra``/``enf`` without the period and a known name (the lower-case
  handover's cue) hold in such a note too.

Negatives: ordinary words that are also surnames (``rosa``, ``blanco``) with no given name before them, ``en casa a
las 8`` (no street ``c asa``), a note in ordinary case (no lower-case run read as a name without a cue).

Every snippet is fictional and written for this test; each positive failed on 4d7869b.
"""
from __future__ import annotations

import pytest
from rules_probe import PATIENT, PLACES, STAFF, spans_of

# a night log's other lines: they start in lower case, as such a note's do (a few capitals stay: UCI, TC, ECG)
_LOG = ("triaje noche urg - enf de guardia\n"
        "22:05 sin incidencias en sala de espera\n"
        "se revisa carro de paradas ok\n"
        "pendiente TC de box 4, avisado radiologo\n"
        "llaman de UCI x cama libre\n"
        "ECG repetido sin cambios\n"
        "sala de espera vacia\n"
        "se pide analitica de control\n")

POSITIVES = [
    # a lower-case full name at the start of a record's line, or before an age
    (_LOG + "23:40 remedios caballero soto 77a M caida en domicilio\n", "remedios caballero soto", PATIENT),
    (_LOG + "hab 312-b eusebio navarro 86a neumonia, estable\n", "eusebio navarro", PATIENT),
    (_LOG + "ingresa de urg pac gervasio lorenzo 70 a, dolor toracico\n", "gervasio lorenzo", PATIENT),
    (_LOG + "02:15 valentin herrera ibarra 44a herida en mano\n", "valentin herrera ibarra", PATIENT),
    # a surname of the patient found again alone in lower case
    (_LOG + "01:10 casimiro vallejo ortuño 61a disnea\nal final pendiente rx vallejo sin informar\n", "vallejo sin", None),
    # given names listed after the shift's verbs, a name after a ward role
    (_LOG + "entregan: rebeca y fermin   reciben: noelia\n", "fermin", STAFF),
    (_LOG + "entregan: rebeca y fermin   reciben: noelia, tobias\n", "tobias", STAFF),
    (_LOG + "cura hecha con ayuda (tcae leonor) a las 5\n", "leonor", STAFF),
    (_LOG + "supervisora de guardia gregoria ext 4400\n", "gregoria", STAFF),
    # "dr"/"dra" without the period in such a note
    (_LOG + "manchester 2 naranja, avisado dr sandoval\n", "sandoval", STAFF),
]


@pytest.mark.parametrize(("text", "value", "labels"), POSITIVES)
def test_positive(rules, text, value, labels):
    """One detected span with one of ``labels`` is exactly ``value`` (its first occurrence)."""
    if labels is None:  # the surname found again alone: the second occurrence
        value = value.split()[0]
        start = text.rindex(value)
        labels = PATIENT
    else:
        start = text.index(value)
    found = spans_of(rules, text)
    assert any(lab in labels and (s, e) == (start, start + len(value)) for s, e, lab, _ in found), found


NEGATIVES = [
    # ordinary words that are also surnames, with no given name before them
    (_LOG + "23:10 rosa palida la herida, sin sangrado\n", "rosa palida", PATIENT | STAFF),
    (_LOG + "hab 210 blanco y tranquilo toda la noche\n", "blanco", PATIENT | STAFF),
    # "en casa a las 8" is no street
    (_LOG + "ha tomado paracetamol en casa a las 8 sin mejoria\n", "casa a las 8", PLACES),
    # an ordinary note: no lower-case run read as a name without a cue
    (("Paciente de 70 años. Refiere dolor. Se pauta analgesia. Ingresa en planta. Evolución favorable. "
      "Control en consulta. Sin alergias. Vive con su familia.\nSe comenta con marina jimenez 70 a la familia.\n"),
     "marina jimenez", PATIENT),
]


@pytest.mark.parametrize(("text", "value", "labels"), NEGATIVES)
def test_negative(rules, text, value, labels):
    """No detected span with one of ``labels`` overlaps ``value``."""
    start = text.index(value)
    end = start + len(value)
    found = spans_of(rules, text)
    assert not any(lab in labels and s < end and start < e for s, e, lab, _ in found), found
