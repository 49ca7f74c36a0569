"""The Spanish telephone numbering plan, as far as a surrogate needs it.

Source: Plan Nacional de Numeración Telefónica (Real Decreto 2296/2004, Reglamento sobre mercados de
comunicaciones electrónicas, acceso a las redes y numeración; attribution tables published by the CNMC at
https://numeracionyoperadores.cnmc.es/). National numbers have 9 digits:

- 6xx xxx xxx and 71x–74x xxx xxx: mobile;
- 9x / 9xx: geographic (landline), the first 2 or 3 digits are the provincial prefix below;
- 8x / 8xx: geographic too, the 8 range mirrors the 9 range province by province (848 Navarra, 876 Zaragoza);
- 900/800 free, 901/902 shared cost, 905 mass calling, 80x/90x other services: not geographic, the
  service prefix is kept.
"""
from __future__ import annotations

#: Geographic prefixes of the 9 range by province (the 8 range replaces the leading 9 by 8).
PROVINCE_PREFIXES_9: dict[str, tuple[str, ...]] = {
    "Álava": ("945",), "Albacete": ("967",), "Alicante": ("965", "966"), "Almería": ("950",),
    "Asturias": ("984", "985"), "Ávila": ("920",), "Badajoz": ("924",), "Illes Balears": ("971",),
    "Barcelona": ("93",), "Bizkaia": ("944", "946"), "Burgos": ("947",), "Cáceres": ("927",),
    "Cádiz": ("956",), "Cantabria": ("942",), "Castellón": ("964",), "Ciudad Real": ("926",),
    "Córdoba": ("957",), "A Coruña": ("981",), "Cuenca": ("969",), "Gipuzkoa": ("943",),
    "Girona": ("972",), "Granada": ("958",), "Guadalajara": ("949",), "Huelva": ("959",),
    "Huesca": ("974",), "Jaén": ("953",), "León": ("987",), "Lleida": ("973",), "La Rioja": ("941",),
    "Lugo": ("982",), "Madrid": ("91",), "Málaga": ("951", "952"), "Murcia": ("968",),
    "Navarra": ("948",), "Ourense": ("988",), "Palencia": ("979",), "Las Palmas": ("928",),
    "Pontevedra": ("986",), "Salamanca": ("923",), "Santa Cruz de Tenerife": ("922",),
    "Segovia": ("921",), "Sevilla": ("954", "955"), "Soria": ("975",), "Tarragona": ("977",),
    "Teruel": ("978",), "Toledo": ("925",), "Valencia": ("960", "961", "962", "963"),
    "Valladolid": ("983",), "Zamora": ("980",), "Zaragoza": ("976",),
}

GEOGRAPHIC: dict[str, str] = {}  # prefix -> province
for _prov, _prefixes in PROVINCE_PREFIXES_9.items():
    for _p in _prefixes:
        GEOGRAPHIC[_p] = _prov
        GEOGRAPHIC["8" + _p[1:]] = _prov

#: Geographic prefixes grouped by (first digit, length): the pool a landline surrogate draws from.
PREFIX_POOLS: dict[tuple[str, int], tuple[str, ...]] = {}
for _p in sorted(GEOGRAPHIC):
    PREFIX_POOLS.setdefault((_p[0], len(_p)), ())
    PREFIX_POOLS[(_p[0], len(_p))] += (_p,)

#: INE province code (= postal-code prefix, the code the place replacers plan with) of each province above.
PROVINCE_CODES: dict[str, str] = {
    "Álava": "01", "Albacete": "02", "Alicante": "03", "Almería": "04", "Ávila": "05", "Badajoz": "06",
    "Illes Balears": "07", "Barcelona": "08", "Burgos": "09", "Cáceres": "10", "Cádiz": "11", "Castellón": "12",
    "Ciudad Real": "13", "Córdoba": "14", "A Coruña": "15", "Cuenca": "16", "Girona": "17", "Granada": "18",
    "Guadalajara": "19", "Gipuzkoa": "20", "Huelva": "21", "Huesca": "22", "Jaén": "23", "León": "24",
    "Lleida": "25", "La Rioja": "26", "Lugo": "27", "Madrid": "28", "Málaga": "29", "Murcia": "30",
    "Navarra": "31", "Ourense": "32", "Asturias": "33", "Palencia": "34", "Las Palmas": "35",
    "Pontevedra": "36", "Salamanca": "37", "Santa Cruz de Tenerife": "38", "Cantabria": "39", "Segovia": "40",
    "Sevilla": "41", "Soria": "42", "Tarragona": "43", "Teruel": "44", "Toledo": "45", "Valencia": "46",
    "Valladolid": "47", "Bizkaia": "48", "Zamora": "49", "Zaragoza": "50",
}

#: Geographic prefixes (9 range) by INE province code; Ceuta (51) and Melilla (52) dial within the ranges of
#: Cádiz (956) and Málaga (952), so those two prefixes belong to two provinces each.
PREFIXES_BY_CODE: dict[str, tuple[str, ...]] = {
    **{PROVINCE_CODES[name]: prefixes for name, prefixes in PROVINCE_PREFIXES_9.items()},
    "51": ("956",), "52": ("952",),
}

_CODES_BY_PREFIX_9: dict[str, tuple[str, ...]] = {}
for _code, _prefixes in sorted(PREFIXES_BY_CODE.items()):
    for _p in _prefixes:
        _CODES_BY_PREFIX_9[_p] = _CODES_BY_PREFIX_9.get(_p, ()) + (_code,)  # sorted: Cádiz before Ceuta


def provinces_of_prefix(prefix: str) -> tuple[str, ...]:
    """INE codes of the province(s) a geographic prefix (8 or 9 range) dials, the main one first."""
    return _CODES_BY_PREFIX_9.get("9" + prefix[1:], ())


def prefixes_of_province(code: str, leading: str = "9") -> tuple[str, ...]:
    """The geographic prefixes of province ``code`` in the 9 (default) or 8 range; () when unknown."""
    return tuple(leading + p[1:] for p in PREFIXES_BY_CODE.get(code, ()))


#: Mobile ranges in the 7 block (the 6 block is mobile throughout).
MOBILE_7_SECOND_DIGITS = "1234"


def geographic_prefix(national: str) -> str | None:
    """The provincial prefix of a 9-digit national landline number, or None (mobile, service...)."""
    if national[:2] in GEOGRAPHIC:
        return national[:2]
    if national[:3] in GEOGRAPHIC:
        return national[:3]
    return None


def number_class(national: str) -> str:
    """``mobile``, ``landline`` or ``service`` for a 9-digit Spanish national number."""
    if national[0] == "6" or (national[0] == "7" and national[1] in MOBILE_7_SECOND_DIGITS):
        return "mobile"
    if geographic_prefix(national) is not None:
        return "landline"
    return "service"
