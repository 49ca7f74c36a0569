"""Hand-written facts the place replacers need beyond the gazetteer tables.

Alternative spellings of Spanish provinces, capitals and communities (traditional Castilian names,
co-official names, bilingual forms), country acronyms, and a small list of foreign cities and regions so
foreign address blocks stay foreign. Written for this project from general knowledge (INE province codes,
ISO 3166-1 alpha-2); no corpus data. Keys are compared with ``gazetteers.fold``.
"""
from __future__ import annotations

#: Province names as people write them → INE province code. The gazetteer's own province names are added
#: at load time; these cover the other spellings.
PROVINCE_ALIASES: dict[str, str] = {
    "alava": "01", "araba": "01", "araba/alava": "01", "alava/araba": "01",
    "albacete": "02", "alicante": "03", "alacant": "03", "alicante/alacant": "03",
    "almeria": "04", "avila": "05", "badajoz": "06",
    "baleares": "07", "illes balears": "07", "islas baleares": "07", "balears": "07", "balears, illes": "07",
    "barcelona": "08", "burgos": "09", "caceres": "10", "cadiz": "11",
    "castellon": "12", "castello": "12", "castellon/castello": "12",
    "ciudad real": "13", "cordoba": "14", "a coruna": "15", "la coruna": "15", "coruna": "15",
    "coruna, a": "15", "cuenca": "16", "girona": "17", "gerona": "17", "granada": "18",
    "guadalajara": "19", "gipuzkoa": "20", "guipuzcoa": "20", "huelva": "21", "huesca": "22",
    "jaen": "23", "leon": "24", "lleida": "25", "lerida": "25", "la rioja": "26", "rioja": "26",
    "rioja, la": "26", "lugo": "27", "madrid": "28", "malaga": "29", "murcia": "30",
    "navarra": "31", "nafarroa": "31", "ourense": "32", "orense": "32", "asturias": "33",
    "palencia": "34", "las palmas": "35", "palmas, las": "35", "pontevedra": "36", "salamanca": "37",
    "santa cruz de tenerife": "38", "cantabria": "39", "segovia": "40", "sevilla": "41", "soria": "42",
    "tarragona": "43", "teruel": "44", "toledo": "45", "valencia": "46", "valencia/valencia": "46",
    "valladolid": "47", "bizkaia": "48", "vizcaya": "48", "zamora": "49", "zaragoza": "50",
    "ceuta": "51", "melilla": "52",
}

#: Other spellings of the provincial capitals → province code (the gazetteer's ``capital`` column is
#: added at load time).
CAPITAL_ALIASES: dict[str, str] = {
    "vitoria": "01", "gasteiz": "01", "vitoria-gasteiz": "01", "vitoria gasteiz": "01",
    "alicante": "03", "alacant": "03", "palma": "07", "palma de mallorca": "07",
    "castellon de la plana": "12", "castello de la plana": "12", "la coruna": "15", "a coruna": "15",
    "coruna": "15", "gerona": "17", "girona": "17", "lerida": "25", "lleida": "25", "logrono": "26",
    "orense": "32", "ourense": "32", "oviedo": "33", "pamplona": "31", "iruna": "31",
    "pamplona/iruna": "31", "iruna-pamplona": "31", "las palmas de gran canaria": "35",
    "san sebastian": "20", "donostia": "20", "donostia-san sebastian": "20", "donostia/san sebastian": "20",
    "bilbao": "48", "bilbo": "48", "santander": "39", "santa cruz de tenerife": "38",
    "valencia": "46", "castellon": "12",
}

#: Autonomous communities (several spellings) → their province codes.
COMMUNITIES: dict[str, tuple[str, ...]] = {
    "andalucia": ("04", "11", "14", "18", "21", "23", "29", "41"),
    "aragon": ("22", "44", "50"),
    "principado de asturias": ("33",),
    "canarias": ("35", "38"), "islas canarias": ("35", "38"),
    "castilla y leon": ("05", "09", "24", "34", "37", "40", "42", "47", "49"),
    "castilla-la mancha": ("02", "13", "16", "19", "45"), "castilla la mancha": ("02", "13", "16", "19", "45"),
    "cataluna": ("08", "17", "25", "43"), "catalunya": ("08", "17", "25", "43"),
    "comunidad valenciana": ("03", "12", "46"), "comunitat valenciana": ("03", "12", "46"),
    "pais valencia": ("03", "12", "46"),
    "extremadura": ("06", "10"), "galicia": ("15", "27", "32", "36"),
    "comunidad de madrid": ("28",), "region de murcia": ("30",),
    "comunidad foral de navarra": ("31",),
    "pais vasco": ("01", "20", "48"), "euskadi": ("01", "20", "48"), "comunidad autonoma vasca": ("01", "20", "48"),
}

#: How to write a community when the gazetteer has no ``community`` column or no name for it.
COMMUNITY_NAMES: dict[str, str] = {
    "04": "Andalucía", "11": "Andalucía", "14": "Andalucía", "18": "Andalucía", "21": "Andalucía",
    "23": "Andalucía", "29": "Andalucía", "41": "Andalucía", "22": "Aragón", "44": "Aragón", "50": "Aragón",
    "33": "Principado de Asturias", "07": "Illes Balears", "35": "Canarias", "38": "Canarias",
    "39": "Cantabria", "05": "Castilla y León", "09": "Castilla y León", "24": "Castilla y León",
    "34": "Castilla y León", "37": "Castilla y León", "40": "Castilla y León", "42": "Castilla y León",
    "47": "Castilla y León", "49": "Castilla y León", "02": "Castilla-La Mancha", "13": "Castilla-La Mancha",
    "16": "Castilla-La Mancha", "19": "Castilla-La Mancha", "45": "Castilla-La Mancha", "08": "Cataluña",
    "17": "Cataluña", "25": "Cataluña", "43": "Cataluña", "03": "Comunidad Valenciana",
    "12": "Comunidad Valenciana", "46": "Comunidad Valenciana", "06": "Extremadura", "10": "Extremadura",
    "15": "Galicia", "27": "Galicia", "32": "Galicia", "36": "Galicia", "28": "Comunidad de Madrid",
    "30": "Región de Murcia", "31": "Comunidad Foral de Navarra", "01": "País Vasco", "20": "País Vasco",
    "48": "País Vasco", "26": "La Rioja", "51": "Ceuta", "52": "Melilla",
}

#: Islands → province code (used when the gazetteer has no ``islands`` table).
ISLANDS: dict[str, str] = {
    "mallorca": "07", "menorca": "07", "ibiza": "07", "eivissa": "07", "formentera": "07",
    "gran canaria": "35", "lanzarote": "35", "fuerteventura": "35",
    "tenerife": "38", "la palma": "38", "la gomera": "38", "el hierro": "38",
}

#: Country acronyms → ISO 3166-1 alpha-2. Letters are what the acronym spells; the replacer re-renders
#: them in the original's dotting and spacing style.
COUNTRY_ACRONYMS: dict[str, str] = {
    "usa": "US", "u.s.a.": "US", "eeuu": "US", "ee.uu.": "US", "ee. uu.": "US", "ee uu": "US", "eua": "US",
    "us": "US", "u.s.": "US", "uk": "GB", "u.k.": "GB", "ru": "GB", "r.u.": "GB", "eau": "AE", "uae": "AE",
    "rd": "DO", "r.d.": "DO", "rdc": "CD", "rca": "CF", "rfa": "DE", "urss": "RU", "rpc": "CN",
}

#: English nationality adjectives, for notes that quote English ("Irish", "Swedish" on an EHIC billing sheet): the
#: countries of most foreign residents and visitors in Spain (INE) and the English-speaking ones. The shipped
#: countries table has Spanish demonyms only; CLDR (babel) has none.
ENGLISH_DEMONYMS: dict[str, str] = {
    "GB": "British", "IE": "Irish", "US": "American", "CA": "Canadian", "AU": "Australian", "NZ": "New Zealander",
    "DE": "German", "FR": "French", "IT": "Italian", "PT": "Portuguese", "NL": "Dutch", "BE": "Belgian",
    "CH": "Swiss", "AT": "Austrian", "SE": "Swedish", "NO": "Norwegian", "DK": "Danish", "FI": "Finnish",
    "PL": "Polish", "RO": "Romanian", "BG": "Bulgarian", "UA": "Ukrainian", "RU": "Russian", "CZ": "Czech",
    "HU": "Hungarian", "GR": "Greek", "LT": "Lithuanian", "MA": "Moroccan", "DZ": "Algerian", "SN": "Senegalese",
    "NG": "Nigerian", "CN": "Chinese", "IN": "Indian", "PK": "Pakistani", "PH": "Filipino", "JP": "Japanese",
    "CO": "Colombian", "VE": "Venezuelan", "EC": "Ecuadorian", "PE": "Peruvian", "AR": "Argentine",
    "BO": "Bolivian", "CU": "Cuban", "DO": "Dominican", "HN": "Honduran", "PY": "Paraguayan", "BR": "Brazilian",
    "MX": "Mexican", "CL": "Chilean", "UY": "Uruguayan", "ES": "Spanish",
}

#: Acronyms a country can be written as (letters only; the style is applied when rendering).
ACRONYMS_BY_ISO: dict[str, tuple[str, ...]] = {
    "US": ("USA", "EUA"), "GB": ("UK", "RU"), "AE": ("EAU",), "DO": ("RD",), "CD": ("RDC",),
    "CF": ("RCA",), "CN": ("RPC",),
}

#: Countries often written "República de X" (the replacer keeps that form when the original had it).
REPUBLICS: frozenset[str] = frozenset({
    "CL", "CO", "PE", "EC", "CU", "HN", "GT", "PA", "CR", "SV", "NI", "PY", "PT", "IT", "PL", "BG",
    "AR", "UY", "BO", "VE", "KE", "GH", "TR", "AT", "IE",
})

#: A few cities and regions per foreign country, so foreign address blocks get foreign surrogates.
#: Names that are also Spanish municipalities are dropped at load time (check with the gazetteer).
FOREIGN_PLACES: dict[str, dict[str, tuple[str, ...]]] = {
    "AR": {"cities": ("Buenos Aires", "Rosario", "La Plata", "Mar del Plata", "San Miguel de Tucumán",
                      "Salta", "Neuquén", "Bahía Blanca", "Paraná", "Posadas"),
           "regions": ("Entre Ríos", "Misiones", "Chubut", "Río Negro", "Tucumán", "Santa Fe", "Jujuy")},
    "MX": {"cities": ("Ciudad de México", "Monterrey", "Puebla", "Tijuana", "Culiacán", "Hermosillo",
                      "Querétaro", "Toluca", "Morelia", "Veracruz", "Oaxaca"),
           "regions": ("Jalisco", "Sonora", "Chihuahua", "Yucatán", "Coahuila", "Tamaulipas", "Michoacán")},
    "CL": {"cities": ("Valparaíso", "Antofagasta", "Temuco", "Rancagua", "Iquique", "Puerto Montt",
                      "Arica", "Talca", "Viña del Mar"),
           "regions": ("Región de Los Lagos", "Región del Maule", "Región de Atacama", "Región de Coquimbo")},
    "CO": {"cities": ("Bogotá", "Cali", "Barranquilla", "Cartagena de Indias", "Bucaramanga", "Pereira",
                      "Manizales", "Cúcuta", "Ibagué"),
           "regions": ("Cundinamarca", "Santander", "Boyacá", "Nariño", "Risaralda", "Atlántico")},
    "CU": {"cities": ("Camagüey", "Holguín", "Santa Clara", "Pinar del Río", "Matanzas", "Cienfuegos",
                      "Bayamo", "Guantánamo"),
           "regions": ("Villa Clara", "Sancti Spíritus", "Las Tunas", "Artemisa")},
    "NI": {"cities": ("Managua", "Masaya", "Chinandega", "Matagalpa", "Estelí", "Jinotega"),
           "regions": ("Chontales", "Rivas", "Boaco")},
    "BR": {"cities": ("São Paulo", "Río de Janeiro", "Belo Horizonte", "Curitiba", "Porto Alegre",
                      "Recife", "Salvador de Bahía", "Manaos"),
           "regions": ("Minas Gerais", "Paraná", "Pernambuco", "Goiás")},
    "UY": {"cities": ("Montevideo", "Paysandú", "Salto", "Maldonado", "Tacuarembó", "Rivera"),
           "regions": ("Canelones", "Colonia", "Soriano")},
    "US": {"cities": ("Houston", "Chicago", "Boston", "Miami", "Denver", "Seattle", "Phoenix", "Atlanta",
                      "Philadelphia", "San Diego"),
           "regions": ("Texas", "Florida", "Illinois", "Ohio", "Georgia", "Arizona", "Oregon", "Michigan")},
    "VE": {"cities": ("Caracas", "Maracaibo", "Barquisimeto", "Maracay", "Ciudad Guayana", "Maturín"),
           "regions": ("Zulia", "Lara", "Carabobo", "Anzoátegui")},
    "PE": {"cities": ("Lima", "Arequipa", "Trujillo", "Chiclayo", "Piura", "Cusco", "Huancayo"),
           "regions": ("Ancash", "Loreto", "Puno", "Junín")},
    "EC": {"cities": ("Quito", "Guayaquil", "Ambato", "Manta", "Loja"),
           "regions": ("Pichincha", "Guayas", "Manabí", "Azuay")},
    "GT": {"cities": ("Ciudad de Guatemala", "Quetzaltenango", "Escuintla", "Cobán", "Antigua Guatemala"),
           "regions": ("Petén", "Sacatepéquez", "Huehuetenango")},
    "BO": {"cities": ("La Paz", "Cochabamba", "Santa Cruz de la Sierra", "Sucre", "Oruro", "Tarija"),
           "regions": ("Potosí", "Beni", "Pando")},
    "CR": {"cities": ("San José de Costa Rica", "Alajuela", "Cartago", "Puntarenas", "Liberia"),
           "regions": ("Guanacaste", "Limón")},
    "DO": {"cities": ("Santo Domingo", "Santiago de los Caballeros", "La Romana", "Puerto Plata"),
           "regions": ("Distrito Nacional", "Monte Plata")},
    "PY": {"cities": ("Asunción", "Ciudad del Este", "Encarnación", "Luque"), "regions": ("Itapúa", "Caaguazú")},
    "MA": {"cities": ("Casablanca", "Rabat", "Marrakech", "Fez", "Tánger", "Agadir", "Tetuán", "Nador"),
           "regions": ("Souss-Massa", "Oriental")},
    "GB": {"cities": ("London", "Manchester", "Liverpool", "Bristol", "Leeds", "Glasgow", "Oxford",
                      "Cambridge"),
           "regions": ("Kent", "Yorkshire", "Surrey", "Devon")},
    "DE": {"cities": ("Berlín", "Hamburgo", "Múnich", "Colonia", "Fráncfort", "Stuttgart", "Düsseldorf",
                      "Lübeck"),
           "regions": ("Baviera", "Sajonia", "Hesse", "Renania del Norte-Westfalia")},
    "FR": {"cities": ("París", "Lyon", "Marsella", "Toulouse", "Burdeos", "Nantes", "Lille"),
           "regions": ("Bretaña", "Normandía", "Occitania", "Provenza")},
    "IT": {"cities": ("Roma", "Milán", "Nápoles", "Turín", "Florencia", "Bolonia", "Génova"),
           "regions": ("Lombardía", "Toscana", "Piamonte", "Véneto")},
    "PT": {"cities": ("Lisboa", "Oporto", "Coímbra", "Braga", "Faro", "Aveiro"),
           "regions": ("Algarve", "Alentejo", "Minho")},
    "CH": {"cities": ("Zúrich", "Ginebra", "Basilea", "Berna", "Lausana", "Lucerna"),
           "regions": ("Vaud", "Tesino", "Argovia")},
    "IN": {"cities": ("Bombay", "Nueva Delhi", "Calcuta", "Bangalore", "Hyderabad", "Pune", "Madrás"),
           "regions": ("Kerala", "Tamil Nadu", "Gujarat", "Rajastán")},
    "RO": {"cities": ("Bucarest", "Cluj-Napoca", "Timisoara", "Iasi", "Constanza", "Brasov"),
           "regions": ("Transilvania", "Moldavia", "Valaquia")},
    "UA": {"cities": ("Kiev", "Járkov", "Odesa", "Leópolis", "Dnipró"), "regions": ("Crimea", "Volinia")},
    "BG": {"cities": ("Sofía", "Plovdiv", "Varna", "Burgas"), "regions": ("Rumelia",)},
    "SN": {"cities": ("Dakar", "Thiès", "Saint-Louis", "Ziguinchor"), "regions": ("Casamance",)},
    "GM": {"cities": ("Banjul", "Serekunda", "Brikama"), "regions": ()},
    "SL": {"cities": ("Freetown", "Bo", "Kenema", "Makeni"), "regions": ()},
    "ML": {"cities": ("Bamako", "Sikasso", "Mopti", "Kayes"), "regions": ()},
    "AF": {"cities": ("Kabul", "Kandahar", "Herat", "Mazar-i-Sharif"), "regions": ()},
    "IE": {"cities": ("Dublín", "Cork", "Galway", "Limerick"), "regions": ()},
}

#: Words that introduce a district in a foreign address ("Col. Narvarte"); kept verbatim.
DISTRICT_WORDS: tuple[str, ...] = (
    "Col.", "Colonia", "Delegación", "Barrio", "Distrito", "Municipio", "Partido", "Comuna", "Departamento",
    "Estado de", "Provincia de", "Región", "Isla de", "Islas", "Urb.", "Urbanización",
)

#: Extra spellings that identify a foreign place (recognition only; never drawn as surrogates).
FOREIGN_ALIASES: dict[str, tuple[str, str]] = {
    "cdmx": ("MX", "cities"), "mexico d.f.": ("MX", "cities"), "mexico df": ("MX", "cities"),
    "d.f.": ("MX", "regions"), "df": ("MX", "regions"), "distrito federal": ("MX", "regions"),
    "estado de mexico": ("MX", "regions"), "nuevo leon": ("MX", "regions"), "nvo leon": ("MX", "regions"),
    "san luis potosi": ("MX", "cities"), "slp": ("MX", "regions"), "aguascalientes": ("MX", "cities"),
    "guadalajara, jalisco": ("MX", "cities"), "coyoacan": ("MX", "cities"), "benito juarez": ("MX", "cities"),
    "ciudad de mexico": ("MX", "cities"), "san pedro garza garcia": ("MX", "cities"),
    "capital federal": ("AR", "cities"), "ciudad autonoma de buenos aires": ("AR", "cities"),
    "corrientes": ("AR", "regions"), "mendoza": ("AR", "cities"), "cordoba, argentina": ("AR", "cities"),
    "bogota d.c.": ("CO", "cities"), "medellin": ("CO", "cities"), "antioquia": ("CO", "regions"),
    "santiago de chile": ("CL", "cities"), "region metropolitana": ("CL", "regions"), "concepcion": ("CL", "cities"),
    "la habana": ("CU", "cities"), "granma": ("CU", "regions"), "marianao": ("CU", "cities"),
    "california": ("US", "regions"), "ca": ("US", "regions"), "nj": ("US", "regions"),
    "new jersey": ("US", "regions"), "massachusetts": ("US", "regions"), "new york": ("US", "cities"),
    "nueva york": ("US", "cities"), "fort worth": ("US", "cities"), "cincinnati": ("US", "cities"),
    "irvine": ("US", "cities"), "san leandro": ("US", "cities"),
    "sao paulo": ("BR", "cities"), "sp": ("BR", "regions"), "fortaleza": ("BR", "cities"),
    "chennai": ("IN", "cities"), "basel": ("CH", "cities"), "dublin": ("IE", "cities"), "viena": ("AT", "cities"),
}
