"""A regional health service or government follows the document's surrogate region.

"Servicio Canario de la Salud" in a note whose places became Navarre's came out "Gerencia Regional de Salud de
Castilla y León", and "Xunta de Galicia" came out "Naciones Unidas": a reader sees two regions, or a body of
another kind. Each region is listed with the INE province codes it holds, its health service and its
government, as they write themselves (the first name of each is the one written back; the others are read). The
replacer asks the document's place plan for the surrogate of one of the region's provinces and names that
province's body of the same kind.
"""
from __future__ import annotations

from gazetteers.text import fold

HEALTH, GOVERNMENT = "health", "government"

#: (province codes, health service names, government names) of each region
_REGIONS: tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...] = (
    (("04", "11", "14", "18", "21", "23", "29", "41"), ("Servicio Andaluz de Salud",), ("Junta de Andalucía",)),
    (("22", "44", "50"), ("Servicio Aragonés de Salud", "Salud Aragón"), ("Gobierno de Aragón",)),
    (("33",), ("Servicio de Salud del Principado de Asturias",), ("Principado de Asturias", "Gobierno del Principado de Asturias")),
    (("07",), ("Servei de Salut de les Illes Balears", "Servicio de Salud de las Illes Balears", "IB-Salut"),
     ("Govern de les Illes Balears", "Gobierno de las Illes Balears")),
    (("35", "38"), ("Servicio Canario de la Salud", "Servicio Canario de Salud"), ("Gobierno de Canarias",)),
    (("39",), ("Servicio Cántabro de Salud",), ("Gobierno de Cantabria",)),
    (("02", "13", "16", "19", "45"), ("Servicio de Salud de Castilla-La Mancha", "Servicio de Salud de Castilla La Mancha"),
     ("Junta de Comunidades de Castilla-La Mancha",)),
    (("05", "09", "24", "34", "37", "40", "42", "47", "49"), ("Gerencia Regional de Salud de Castilla y León",),
     ("Junta de Castilla y León",)),
    (("08", "17", "25", "43"), ("Servei Català de la Salut", "Servicio Catalán de la Salud", "Institut Català de la Salut",
                                 "Departament de Salut", "CatSalut"),
     ("Generalitat de Catalunya",)),
    (("03", "12", "46"), ("Conselleria de Sanitat", "Conselleria de Sanitat Universal i Salut Pública"),
     ("Generalitat Valenciana",)),
    (("06", "10"), ("Servicio Extremeño de Salud",), ("Junta de Extremadura",)),
    (("15", "27", "32", "36"), ("Servicio Gallego de Salud", "Servizo Galego de Saúde"), ("Xunta de Galicia",)),
    (("28",), ("Servicio Madrileño de Salud",), ("Comunidad de Madrid",)),
    (("30",), ("Servicio Murciano de Salud",), ("Región de Murcia", "Comunidad Autónoma de la Región de Murcia")),
    (("31",), ("Servicio Navarro de Salud", "Servicio Navarro de Salud-Osasunbidea", "Osasunbidea"),
     ("Gobierno de Navarra",)),
    (("01", "20", "48"), ("Osakidetza", "Servicio Vasco de Salud"), ("Gobierno Vasco", "Eusko Jaurlaritza")),
    (("26",), ("Servicio Riojano de Salud",), ("Gobierno de La Rioja",)),
    (("51",), ("Instituto Nacional de Gestión Sanitaria",), ("Ciudad Autónoma de Ceuta",)),
    (("52",), ("Instituto Nacional de Gestión Sanitaria",), ("Ciudad Autónoma de Melilla",)),
)
#: each region's health service acronym, as notes write it ("SAS", "Sergas"): an acronym follows the region as a
#: name does, and is written back as the surrogate region's acronym ("SCS" is the Canary Islands', not Cantabria's)
_ACRONYMS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("04", "11", "14", "18", "21", "23", "29", "41"), "SAS"), (("22", "44", "50"), "SALUD"), (("33",), "SESPA"),
    (("07",), "IB-SALUT"), (("35", "38"), "SCS"), (("02", "13", "16", "19", "45"), "SESCAM"),
    (("05", "09", "24", "34", "37", "40", "42", "47", "49"), "SACYL"), (("08", "17", "25", "43"), "CATSALUT"),
    (("06", "10"), "SES"), (("15", "27", "32", "36"), "SERGAS"), (("28",), "SERMAS"), (("30",), "SMS"),
    (("31",), "SNS-O"), (("26",), "SERIS"), (("51",), "INGESA"),
)
_ACRONYM_OF: dict[str, str] = {code: acr for codes, acr in _ACRONYMS for code in codes}
_BY_ACRONYM: dict[str, tuple[str, tuple[str, ...]]] = {fold(acr): (HEALTH, codes) for codes, acr in _ACRONYMS}
#: folded name → (kind, the region's province codes), every name of every region
_BY_NAME: dict[str, tuple[str, tuple[str, ...]]] = {}
#: (kind, province code) → the name written back
_BY_PROVINCE: dict[tuple[str, str], str] = {}
for _provinces, _services, _governments in _REGIONS:
    for _kind, _names in ((HEALTH, _services), (GOVERNMENT, _governments)):
        for _name in _names:
            _BY_NAME.setdefault(fold(_name), (_kind, _provinces))
        for _code in _provinces:
            _BY_PROVINCE[(_kind, _code)] = _names[0]
REGIONAL_NAMES = frozenset(_BY_NAME)


def regional_body(text: str) -> tuple[str, tuple[str, ...]] | None:
    """(kind, province codes of its region) of a regional health service or government named whole or by its
    acronym in capitals, else None."""
    key = fold(text.strip())
    return _BY_NAME.get(key) or (_BY_ACRONYM.get(key) if is_regional_acronym(text) else None)


def is_regional_acronym(text: str) -> bool:
    """"SAS", "sergas" (typed fast); not "Salud", a word."""
    t = text.strip()
    return (t.isupper() or t.islower()) and fold(t) in _BY_ACRONYM


def body_of_province(kind: str, code: str, acronym: bool = False) -> str | None:
    """The health service or government (``kind``) of the region province ``code`` is in, else None; its
    acronym when asked and it has one (in capitals: the caller writes it in the original's case)."""
    if acronym and kind == HEALTH and code in _ACRONYM_OF:
        return _ACRONYM_OF[code]
    return _BY_PROVINCE.get((kind, code))
