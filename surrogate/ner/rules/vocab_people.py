"""Words the census lists hold as given names that open a line or follow a role as ordinary words (round 26):
never read as a given name by the rules of :mod:`.log_people` and :mod:`.role_names`."""
from __future__ import annotations

from gazetteers.text import fold

NOT_GIVEN = frozenset(fold(w) for w in (
    "toma", "tomas", "dice", "sale", "llega", "entra", "pasa", "alta", "baja", "cura", "curas", "visita", "control",
    "llama", "avisa", "vuelve", "come", "cena", "duerme", "sube", "baja", "queda", "deja", "hola", "gracias", "buenos",
    "nada", "todo", "bien", "mal", "sin", "con", "ayer", "hoy", "mañana", "tarde", "noche", "turno", "guardia",
    "per", "pel", "amb", "als", "dels", "para", "pola", "polo", "coa", "co", "eta", "ere",  # Catalan, Galician, Basque words
))
