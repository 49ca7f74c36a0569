"""Open kinds (OTROS_SUJETO_ASISTENCIA) in wordings MEDDOCAN does not have: a value after "con"."""
from __future__ import annotations

from fresh_layouts import surrogates
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10**6))
def test_value_after_con_keeps_the_frame(seed):
    new = surrogates("Paciente [[OTROS_SUJETO_ASISTENCIA|con tatuaje en el brazo izquierdo]].", seed)["T1"]
    assert new.startswith("con ") and "tatuaje en el brazo izquierdo" not in new, new
