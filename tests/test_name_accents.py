"""Accent style of surrogate names (issue 13, names realism): a document's evidence decides per group (patient or
not) and role (given name or surname); a (group, role) that shows none draws a style with the share fitted on
MEDDOCAN train+dev (``name_accents_*`` details of ``gazetteers/facts/fitted_details.csv``)."""
from __future__ import annotations

import math

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gazetteers import Gazetteer, GazetteerSet
from gazetteers.fitted import detail_counts, detail_shares
from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig, Span
from surrogate.replacers.people import accents
from surrogate.replacers.people.parse import GIVEN, SURNAME, parse_name
from surrogate.replacers.people.pools import NamePools
from surrogate.textcase import has_accent_marks

STAFF, PATIENT = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA"
SEEDS = 500

# Every drawable name carries accents, so a surrogate shows whether its style dropped them. "Elena" and "Ruiz"
# (no accents in their usual spelling: no evidence either way) name the originals and are never drawn back.
WOMEN = {"María": 900, "Lucía": 300, "Inés": 200, "Sofía": 250, "Mónica": 150, "Ángela": 120, "Elena": 230}
MEN = {"José": 900, "Andrés": 300, "Ramón": 200, "Tomás": 150, "Julián": 100, "Álvaro": 120}
SURNAMES = {"García": 900, "Martínez": 700, "López": 650, "Sánchez": 600, "Pérez": 580, "Gómez": 500,
            "Fernández": 450, "Díaz": 400, "Rodríguez": 380, "Jiménez": 300, "Ruiz": 400}


def _gaz() -> GazetteerSet:
    given_rows = [(v, float(w), "F") for v, w in WOMEN.items()] + [(v, float(w), "M") for v, w in MEN.items()]
    surname_rows = [(v, float(2 * w), float(w), float(w)) for v, w in SURNAMES.items()]
    return GazetteerSet({
        "first_names": lambda: Gazetteer("first_names", pl.DataFrame(given_rows, schema=["value", "weight", "sex"],
                                                                     orient="row")),
        "surnames": lambda: Gazetteer("surnames", pl.DataFrame(
            surname_rows, schema=["value", "weight", "weight_first", "weight_second"], orient="row")),
    }, locale="test")


GAZ = _gaz()
ENGINE = Engine(EngineConfig(), schema="meddocan", gazetteers=GAZ, strict=True)
POOLS = NamePools.of(GAZ)


def dropped(word: str) -> bool | None:
    """True if ``word`` lacks accents its usual spelling has, False if it has them, None if it has none to drop."""
    return POOLS.accents_dropped(word)


def make_doc(text: str, *mentions: tuple[str, str]) -> Document:
    spans, pos = [], 0
    for n, (label, sub) in enumerate(mentions):
        start = text.index(sub, pos)
        spans.append(Span(f"T{n + 1}", label, start, start + len(sub)))
        pos = start + len(sub)
    return Document("d", text, tuple(spans))


def surrogates(doc: Document, seed: int, engine: Engine = ENGINE) -> list[str]:
    result = engine.apply(doc, seed=seed)
    result.document.check_alignment()
    return [r.surrogate for r in result.replacements]


def fitted_drop_share(patient: bool, role: str, other: bool | None) -> float:
    values, probs = detail_shares(accents.detail(patient, role, other))
    return float(probs[values.index(accents.DROPPED)])


def assert_near(hits: int, n: int, p: float) -> None:
    """``hits`` of ``n`` is within 4.5 standard errors of the share ``p``."""
    assert abs(hits / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n), (hits, n, p)


# -- the fitted table ----------------------------------------------------------------------------------------------
def test_every_style_detail_is_fitted_with_both_values():
    for name in accents.all_details():
        counts = detail_counts(name)
        assert set(counts) == {accents.DROPPED, accents.KEPT}
    # what the corpus says, in the large: patients' surnames mostly drop accents, staff's mostly keep them
    assert fitted_drop_share(True, SURNAME, None) > 0.6 > 0.2 > fitted_drop_share(False, SURNAME, None)


# -- no evidence: the fitted share ---------------------------------------------------------------------------------
@pytest.mark.parametrize("label, patient", [(STAFF, False), (PATIENT, True)])
def test_names_without_evidence_drop_accents_at_the_fitted_share(label, patient):
    doc = make_doc("Firma: Elena Ruiz", (label, "Elena Ruiz"))
    dropped = {GIVEN: 0, SURNAME: 0}
    for seed in range(SEEDS):
        given_name, surname = surrogates(doc, seed)[0].split()
        dropped[GIVEN] += not has_accent_marks(given_name)
        dropped[SURNAME] += not has_accent_marks(surname)
    for role in (GIVEN, SURNAME):
        assert_near(dropped[role], SEEDS, fitted_drop_share(patient, role, None))


def test_a_role_without_evidence_follows_the_share_fitted_for_the_other_roles_style():
    # the patient's surname drops its accents ("Martinez"); "Elena" shows nothing
    doc = make_doc("Paciente: Elena Martinez", (PATIENT, "Elena Martinez"))
    outs = [surrogates(doc, seed)[0].split() for seed in range(SEEDS)]
    assert all(not has_accent_marks(surname) for _, surname in outs)  # the evidence decides the surnames
    assert_near(sum(not has_accent_marks(g) for g, _ in outs), SEEDS, fitted_drop_share(True, GIVEN, True))


def test_a_drawn_style_holds_for_every_mention_of_the_group_in_the_document():
    doc = make_doc("Médico: Elena Ruiz. Revisado por Ruiz y por Elena.",
                   (STAFF, "Elena Ruiz"), (STAFF, "Ruiz"), (STAFF, "Elena"))
    styles = set()
    for seed in range(60):
        full, surname, given_name = surrogates(doc, seed)
        assert full == f"{given_name} {surname}"  # one person, one spelling
        styles.add(has_accent_marks(given_name))
    assert styles == {True, False}  # both styles occur over the seeds


# -- evidence decides ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("patient, staff, forbidden", [
    ("Jose Martinez", "Andres Lopez Garcia", False),  # accents dropped: no surrogate word keeps its accents
    ("José Martínez", "Andrés López García", True),  # accents kept: no surrogate word drops them
])
def test_evidence_in_every_group_and_role_decides_the_style(patient, staff, forbidden):
    doc = make_doc(f"Paciente: {patient}. Médico: {staff}.", (PATIENT, patient), (STAFF, staff))
    for seed in range(200):
        for new in surrogates(doc, seed):
            assert all(dropped(w) is not forbidden for w in new.split()), new


@given(st.lists(st.sampled_from(sorted({*WOMEN, *MEN} - {"Elena"})), min_size=1, max_size=2),
       st.lists(st.sampled_from(sorted(set(SURNAMES) - {"Ruiz"})), min_size=1, max_size=2),
       st.sampled_from([STAFF, PATIENT]), st.integers(0, 2**16))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_written_style_is_kept_whatever_the_name(givens, surnames, label, seed):
    name = " ".join([*givens, *surnames])
    plain = "".join(c for c in fold(name) if c.isalpha() or c == " ").title()
    for original, accented in ((plain, False), (name, True)):
        new, = surrogates(make_doc(f"Nombre: {original}.", (label, original)), seed)
        assert all(dropped(w) is not accented for w in new.split()), (original, new)


# -- keyed mode ----------------------------------------------------------------------------------------------------
def test_keyed_mode_draws_the_same_style_for_the_same_names():
    engine = Engine(EngineConfig(key=b"k"), schema="meddocan", gazetteers=GAZ, strict=True)
    doc = make_doc("Firma: Elena Ruiz", (STAFF, "Elena Ruiz"))
    assert len({surrogates(doc, seed, engine)[0] for seed in range(10)}) == 1


# -- MEDDOCAN: the surrogates drop accents about as often as the originals -----------------------------------------------
def test_meddocan_dev_accent_share_by_group_and_role(meddocan_dev):
    """Per (patient or not, role), the share of name words whose usual spelling has accents that are written
    without them: the surrogates' (three seeds) within 0.08 of the originals'. Before the fitted draw, documents
    without evidence always kept accents: the staff's given names dropped them in 0.13 against 0.31."""
    engine = Engine(EngineConfig(), schema="meddocan")
    pools = NamePools.of(engine.gazetteers)
    tally = {(side, label, role): [0, 0] for side in ("orig", "surr") for label in (STAFF, PATIENT)
             for role in (GIVEN, SURNAME)}
    for seed in (1, 2, 3):
        for doc in meddocan_dev:
            for rep in engine.apply(doc, seed=seed).replacements:
                if rep.label not in (STAFF, PATIENT) or rep.action != "surrogate":
                    continue
                for side, text in (("orig", rep.original), ("surr", rep.surrogate)):
                    for role, votes in accents.accent_votes(pools, parse_name(text, pools)).items():
                        tally[(side, rep.label, role)][0] += sum(votes)
                        tally[(side, rep.label, role)][1] += len(votes)
    for label in (STAFF, PATIENT):
        for role in (GIVEN, SURNAME):
            (od, on), (sd, sn) = tally[("orig", label, role)], tally[("surr", label, role)]
            assert on > 100 and sn > 100
            assert abs(od / on - sd / sn) <= 0.08, (label, role, od / on, sd / sn)
