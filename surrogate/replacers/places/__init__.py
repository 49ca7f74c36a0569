"""Places: addresses, territories, countries, the place index and the per-document place plan."""
