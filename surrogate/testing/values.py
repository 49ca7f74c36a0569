"""Generated PHI values that report their kind: plain strings everywhere, plus ``.kind`` and ``.form``."""
from __future__ import annotations


class PHIValue(str):
    """A generated PHI string.

    ``kind`` is the engine kind it should be surrogated as (``date``, ``identifier``, ``phone``…), so it can
    go straight to :func:`surrogate.testing.assert_same_format`; ``form`` names its surface family
    (``dd/mm/yyyy``, ``dni``, ``postal_code``…) so a falsifying example says which family broke.
    """

    kind: str
    form: str

    def __new__(cls, text: str, kind: str, form: str = "") -> "PHIValue":
        value = super().__new__(cls, text)
        value.kind = kind
        value.form = form
        return value

    def __repr__(self) -> str:
        return f"PHIValue({str.__repr__(self)}, kind={self.kind!r}, form={self.form!r})"

    def __reduce__(self):  # keep kind and form through copy/pickle of strategy outputs
        return (PHIValue, (str(self), self.kind, self.form))
