"""A newborn written as "RN" (recién nacido) in a mother-and-baby discharge: "RN de Santana Rodríguez, Yaiza" is the
baby named after its mother. "RN" stays, as a title does, and the names change.

On 9e632b0 it was read as initials and redrawn ("VE de Frutos Gómez, Isabel")."""
from __future__ import annotations

from fresh_layouts import surrogates
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10**6))
def test_rn_stays_before_a_newborn_s_name(seed):
    new = surrogates("Paciente: [[NOMBRE_SUJETO_ASISTENCIA|RN de Santana Rodríguez, Yaiza]]. Madre: "
                     "[[NOMBRE_SUJETO_ASISTENCIA|Yaiza Santana Rodríguez]].", seed)
    assert new["T1"].startswith("RN de ") and "Santana" not in new["T1"] and "Yaiza" not in new["T1"]
    assert new["T1"].endswith(new["T2"].split()[0])  # the mother's given name, the same person's

