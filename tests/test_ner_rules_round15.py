"""The rules backend on the generic misses of the round-15 notes (211-222, typed fast by busy staff: lower case, no
accents, abbreviations, run-on lines). Such a note keeps a few capitals (``UCI``, ``TC``, a heading) so it is no
lower-case note by its letters; it is told by its lines and sentences starting in lower case, and there:

* a lower-case run of a known given name and known surnames (or an initial) at the start of a record's line (a time,
  ``hab 401-a``, ``box 3``) or right before an age (``81a``, ``27 a``): the patient; a surname or the given name of
  it found again alone in lower case: the patient too;
* the recased view (:mod:`surrogate.ner.rules.recase`) of such a note with its capitals kept as typed; a name it adds
  must be all known names (a sentence's first word, capitalised there, is no name);
* a word of a patient's name found in full (a known given name or surname) found again alone, in any note;
* a licence number after ``col`` without its period, a staff number after ``nº mec``;
* a log's conventions, in any note: the shift's holder in parentheses (``tarde (Iago)``, ``manha (Rosalia cobre a
  Uxia)``, ``enf (Chus)``), an abbreviated weekday and day (``lun 9``), a day and month at a line's start before the time
  (``10/4 9:00``); in a note typed fast, a phone extension alone (``ext 4417``);
* given names listed after the shift's verbs (``entregan:``, ``reciben:``) or after a ward role (``tcae``,
  ``supervisora de guardia``): staff; ``dr``/``dra``/``enf`` without the period and a known name (the lower-case
  handover's cue) hold in such a note too.

Negatives: ordinary words that are also surnames (``rosa``, ``blanco``) with no given name before them, ``en casa a
las 8`` (no street ``c asa``), a note in ordinary case (no lower-case run read as a name without a cue).

Every snippet is fictional and written for this test; each positive failed on 4d7869b.
"""
from __future__ import annotations

from rules_probe import PATIENT, PLACES, STAFF, assert_found, assert_not_found, cases, filler_log

DATE = {"FECHAS"}
PHONE = {"NUMERO_TELEFONO"}

# a night log's other lines: they start in lower case, as such a note's do (a few capitals stay: UCI, TC, ECG)
_LOG = filler_log("triaje noche urg - enf de guardia", "22:05 sin incidencias en sala de espera",
                  "se revisa carro de paradas ok", "pendiente TC de box 4, avisado radiologo",
                  "llaman de UCI x cama libre", "ECG repetido sin cambios", "sala de espera vacia",
                  "se pide analitica de control")

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
    (_LOG + "07:45 entrego a turno de mañana (anselmo y greta): pte rx\n", "greta", STAFF),
    (_LOG + "enf triaje: mª luisa (MLP)   apoyo box 2: osvaldo\n", "mª luisa", STAFF),
    (_LOG + "enf triaje: mª luisa (MLP)   apoyo box 2: osvaldo\n", "osvaldo", STAFF),
    # "dr"/"dra" without the period in such a note
    (_LOG + "manchester 2 naranja, avisado dr sandoval\n", "sandoval", STAFF),
    # a capitalised name at a record's line start in such a note
    (_LOG + "11:40 Anselmo Quiroga 58 home, control de TA\n", "Anselmo Quiroga", PATIENT),
    # the recased view of such a note, its capitals kept as typed: a town after a place cue, an address's postal code,
    # a title and an initialled surname
    (_LOG + "residente en san lorenzo de el escorial, c/ real 3\n", "san lorenzo de el escorial", PLACES),
    (_LOG + "la recoge su madre en plasencia avisada x ella\n", "plasencia", PLACES),
    (_LOG + "domicilio c/ ancha 12 2ºb 06700 tfno en ficha\n", "06700", PLACES),
    (_LOG + "supervisa dr. h. quintanilla la sutura\n", "h. quintanilla", STAFF),
    # a licence number after "col" without its period, a staff number after "nº mec"
    ("Supervisa Dr. Castaño col 28/41177.\n", "28/41177", {"ID_TITULACION_PERSONAL_SANITARIO"}),
    ("Firmado R. Castaño  nº mec 51234\n", "51234", {"ID_EMPLEO_PERSONAL_SANITARIO"}),
    # a patient named in full once, then by one word of the name alone
    ("Paciente: Ermelinda Cabaleiro Souto\nHab 12.\n- Cabaleiro durmiu ben.\n", "Cabaleiro durmiu", None),
    # a log's conventions in any note: the shift's holder in parentheses, a weekday and day, a day and month before
    # the time, an extension alone
    ("Rexistro semanal\nmar 8/10 noite (Eulalia)\n- sen incidencias\n", "Eulalia", STAFF),
    ("Rexistro semanal\nxov 10/10 manha (Olalla cobre a Fidela)\n- sen incidencias\n", "Fidela", STAFF),
    ("Interconsulta de enf (Telma) por riesgo social.\n", "Telma", STAFF),
    ("Revisión de la herida en urgencias el jue 14 a las 10h.\n", "jue 14", DATE),
    ("Llamadas de la semana.\n12/3 9:15 entrante: la hija pide cita.\n", "12/3", DATE),
    (_LOG + "contactar con la supervisora (ext 5123) para la cama\n", "5123", PHONE),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    """One detected span with one of ``labels`` is exactly ``value`` (its first occurrence)."""
    if labels is None:  # the surname found again alone: the second occurrence
        assert_found(rules, text, value.split()[0], PATIENT, last=True)
    else:
        assert_found(rules, text, value, labels)


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
    # the view capitalises a sentence's first word: no name for it; a Catalan function word is no given name
    (_LOG + "ve amb la mare per la tarda\n", "per", PATIENT | STAFF | {"FAMILIARES_SUJETO_ASISTENCIA"}),
    (_LOG + "peso estable. sigue dieta. per la tarde control\n", "sigue", PATIENT | STAFF),
    # a shift's word before an ordinary word in parentheses: no holder; an extension alone in an ordinary note (the
    # annotated sets leave it out)
    ("Avisado el supervisor de guardia (ext. 4410) a las 3h.\n", "4410", PHONE),
    ("Viene por la tarde (Urgencias) acompañado.\n", "Urgencias", STAFF),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    """No detected span with one of ``labels`` overlaps ``value``."""
    assert_not_found(rules, text, value, labels)
