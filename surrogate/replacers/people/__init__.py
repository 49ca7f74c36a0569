"""People: names, kinship, professions and the name/sex helpers they share."""
