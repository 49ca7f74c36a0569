"""The families of a document's names (persons who share a surname word) come out in the same order in every
process. A person who shares one surname with each of two earlier families joined them under a root that depended
on the order of a set of strings, so on the process's hash seed; families are drawn an origin in that order, so
`surrogate apply` could write other names from one run to the next with the same seed."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

_CHILD = """
import json
from types import SimpleNamespace
from surrogate.replacers.people.origin import families

class Parsed:
    def __init__(self, words):
        self._words = words
    def words(self, role):
        return self._words

# 0 García, 1 Ruiz, 2 López, 3 García López: persons 0, 2 and 3 are one family, 1 another
people = [["garcia"], ["ruiz"], ["lopez"], ["garcia", "lopez"]]
mentions = [SimpleNamespace(person=p, parsed=Parsed(words)) for p, words in enumerate(people)]
print(json.dumps([[i for i, _ in family] for family in families(mentions)]))
"""


def test_families_come_out_in_one_order_whatever_the_hash_seed():
    outputs = set()
    for seed in range(12):
        env = {**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONPATH": str(REPO)}
        done = subprocess.run([sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, check=True)
        outputs.add(done.stdout.strip())
    assert len(outputs) == 1, outputs
    assert json.loads(outputs.pop()) == [[0, 2, 3], [1]]  # families in the order of their first person
