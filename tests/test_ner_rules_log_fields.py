"""The rules backend on a machine log's ``key=value`` fields and a name's initials (session 30):

* a quoted value after a header key written ``key=`` is what the quotes hold, and a field ends where the log's next
  ``key=`` starts ('nombre="DOMÍNGUEZ VÁZQUEZ, ANTONIA" fnac=1939-05-02' was one name span holding the birth date)
  (header.py);
* a log's lower-case key is never a mention ("fnac=" came out a retailer once the name span ended at its quote)
  (filters.py);
* a patient's given name found again before the surname's initials takes them ("para ANTONIA D.V.": only "V" was
  found, "ANTONIA" was left) (name_parts.py).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import ANY, DATE, PATIENT, assert_found, assert_not_found, cases, spans_of

_LOG = ('[08:01:02] llamada entrante ani=+34600111222 cola=citas\n'
        '[08:01:31] nombre="PEREIRA CASTRO, DOLORES" fnac=1941-07-19 edad=82 sexo=mujer\n'
        '[08:04:10] nota="llama su vecina, dolores vive sola"\n'
        '[08:09:41] sms_out txt="Cita confirmada para DOLORES P.C.. Ref 0042" estado=ENTREGADO\n')

POSITIVES = [
    (_LOG, "PEREIRA CASTRO, DOLORES", PATIENT),
    (_LOG, "1941-07-19", DATE),
    (_LOG, "DOLORES P.C.", PATIENT),
    ("paciente=\"Iñaki Etxeberria\" nhc=4411203 edad=67\n", "Iñaki Etxeberria", PATIENT),
]
NEGATIVES = [
    (_LOG, "fnac", ANY), (_LOG, "cola", ANY), (_LOG, "estado", ANY), (_LOG, "sexo", ANY),
    ("[10:12:00] lugar=urgencias fnac=1950-01-01 tipo=aviso\n", "lugar", ANY),
    ("[10:12:00] lugar=urgencias fnac=1950-01-01 tipo=aviso\n", "fnac", ANY),
]


@cases(POSITIVES)
def test_found(rules, text, value, labels):
    assert_found(rules, text, value, labels)


@cases(NEGATIVES)
def test_not_found(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)


def test_a_quoted_name_never_holds_the_next_field(rules):
    for start, end, label, value in spans_of(rules, _LOG):
        assert "=" not in value and '"' not in value, (label, value)

