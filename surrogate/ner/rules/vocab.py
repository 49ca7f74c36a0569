"""Word lists and structural regexes of the ``rules`` backend: header keys, facility heads, name particles,
address tails (compiled once, at import)."""
from __future__ import annotations

import re

from gazetteers.text import fold

# a capital letter, also inside a case-insensitive pattern
CAP = r"(?-i:[A-ZÁÉÍÓÚÑÀÈÒÏÜÇ])"

# --- header fields ---------------------------------------------------------------------------------------
# key regex -> label (None: a non-PHI field whose only role is to end the previous value)
HEADER_FIELDS: tuple[tuple[str, str | None], ...] = (
    # Spanish keys, then the same fields in Catalan, Galician and Basque (forms of bilingual administrations:
    # "Nom i cognoms:", "Enderezo:", "Jaiotze data:")
    (r"Gestante|Parturienta|Pu[eé]rpera|Nombre(?:[ \t]+y[ \t]+apellidos|[ \t]+completo|[ \t]+previsto|[ \t]+del[ \t]+(?:reci[eé]n[ \t]+nacido|RN|beb[eé]))?|Nom(?:[ \t]+i[ \t]+cognoms)?|Nome(?:[ \t]+e[ \t]+apelidos)?|"
     r"Izen[ \t-]?abizenak|Izena(?:[ \t]+eta[ \t]+abizenak)?|"
     # English forms (an EHIC sheet, a trial's SAE report): "Surname:", "Given names:", "Subject initials:"
     r"Surnames?|Family[ \t]+name|Last[ \t]+name|Given[ \t]+names?|First[ \t]+names?|Full[ \t]+name|Patient[ \t]+name|"
     r"(?:Subject|Patient)[ \t]+initials|"
     # round 27: an accident report's injured person ("Accidentada: X", "Lesionado: X")
     r"Accidentad[oa]|Lesionad[oa]", "NOMBRE_SUJETO_ASISTENCIA"),
    (r"Apellidos?(?:[ \t]*[12][ºo°]?)?|(?:Primer|Segundo|1er|2º)[ \t]+apellido|Cognoms?|(?:Primer|Segon)[ \t]+cognom|"
     r"Apelidos?|(?:Primeiro|Segundo)[ \t]+apelido|Abizenak?|(?:Lehen|Bigarren)[ \t]+abizena", "NOMBRE_SUJETO_ASISTENCIA"),
    (r"NHC|N\.?H\.?C\.?|N[ºo°]\s*(?:de\s+)?historia(?:\s+cl[ií]nica)?|Historia\s+cl[ií]nica|CIPA|DNI|NIF|NIE|Pasaporte|"
     r"N[úu]m(?:ero|\.)?\s*(?:de\s+|d['’])?hist[oò]ria(?:\s+cl[ií]nica)?|Hist[oò]ria\s+cl[ií]nica|H\.\s?C\.|HC|"
     r"Historia\s+klinikoa|NAN", "ID_SUJETO_ASISTENCIA"),
    (r"NASS|N\.?A\.?S\.?S\.?|NUSS|NSS|N[ºo°]\s*(?:de\s+)?(?:afiliaci[oó]n|Seguridad\s+Social)|Tarjeta\s+sanitaria|TSI|CIP|SIP|"
     r"NUHSA|Targeta\s+sanit[aà]ria(?:\s+individual)?|Tarxeta\s+sanitaria|Osasun[ \t]+txartela|TIS|"
     r"Card[ \t]+(?:identification[ \t]+)?number|Personal[ \t]+identification[ \t]+number", "ID_ASEGURAMIENTO"),
    (r"Domicilio?[ \t]+familiar|Domicilio|Direcci[oó]n|Domicili|Adre[çc]a|Enderezo|Helbidea|(?:Home|Permanent|Postal)[ \t]+address|Address", "CALLE"),
    (r"Localidad\s*/\s*Provincia|Localidad|Provincia|Municipio|Poblaci[oó]n|Ciudad|"
     r"Poblaci[oó]|Localitat|Municipi|Prov[ií]ncia|Localidade|Concello|Herria|Udalerria|Probintzia", "TERRITORIO"),
    (r"Lugar\s+de\s+(?:nacimiento|residencia)|Lloc\s+de\s+naixement|Lugar\s+de\s+nacemento|Jaioterria", "TERRITORIO"),
    (r"CP|C\.P\.|C[oó]digo\s+postal|Codi\s+postal|Posta[ \t]+kodea", "TERRITORIO"),
    (r"Fecha\s+de\s+nacimiento|F\.\s*nacimiento|Fecha\s+de\s+ingreso|Fecha\s+de\s+alta|Fecha\s+de\s+intervenci[oó]n|Fecha\s+de\s+consulta|Fecha|"
     r"Data\s+de\s+naixement|Data\s+de\s+nacemento|Data\s+d['’]ingr[ée]s|Data\s+d['’]alta|Data\s+de\s+(?:ingreso|alta)|Data|"
     r"Jaiotze[ \t-]?data|Date[ \t]+of[ \t]+birth|Birth[ \t]+date|DOB", "FECHAS"),
    (r"Pa[ií]s\s+de\s+nacimiento|Pa[ií]s|Country(?:[ \t]+of[ \t]+(?:issue|birth|residence))?|Nacionalidad|Nacionalitat|Nacionalidade|Nazionalitatea|Herrialdea", "PAIS"),
    (r"Edad|Edat|Idade|Adina", "EDAD_SUJETO_ASISTENCIA"),
    (r"Sexo|Sexe|Sexua", "SEXO_SUJETO_ASISTENCIA"),
    (r"M[eé]dico(?:\s+responsable)?|Facultativo|Enfermer[oa]|Infermer|Especialista|Firmado(?:\s+(?:digitalmente|electr[oó]nicamente))?(?:\s+por)?|Atendido\s+por|"
     r"Metge(?:ssa)?(?:\s+responsable)?|Infermer[ao]|Enfermeir[oa]|M[ée]dic[oa]\s+responsable|Sendagilea|Medikua|Erizaina|"
     r"T[eé]cnico|Conductor[a]?|Informado\s+por|Firma|Sinadura|Signatura|Sinatura|Validado(?:\s+por)?|Revisado(?:\s+por)?|DUE|TES|TCAE|TCAI|Matronas?|Terapeuta(?:\s+de\s+referencia)?|Fisioterapeuta|Farmac[eé]utic[oa]|"
     r"(?:Enfermer[oa]s|Infermer[ae]s)(?:\s+(?-i:[A-Z][A-Za-z]{1,4}))?|Processed[ \t]+by|Reported[ \t]+by|Signed[ \t]+by|"
     r"T[eé]cnic[oa][ \t]+de[ \t]+[^\W\d_]+(?:[ \t]+[^\W\d_]+)?|Veterinari[oa](?:[ \t]+oficial)?|Asdo\.?|Asinado|(?-i:Profesional)|"
     r"Inf\.?[ \t]+referent|Infermer[ao][ \t]+referent|Familia[ \t-]medikua|Txostena[ \t]+egin[ \t]+duena",
     "NOMBRE_PERSONAL_SANITARIO"),
    (r"N[ºo°]\s*Col(?:egiado)?\.?|N[._]?col|N[uú]m\.?\s*(?:de\s+)?colegiado|Colegiado", "ID_TITULACION_PERSONAL_SANITARIO"),
    (r"Episodio|N[ºo°]\s*(?:de\s+)?episodio|Ingreso\s+n[ºo°]|Episodi|Episodioa", "ID_CONTACTO_ASISTENCIAL"),
    (r"Tel[eé]fono|Tfno|Tlf|M[oó]vil|Tel[eè]fon|Telefonoa|Mugikorra", "NUMERO_TELEFONO"),
    (r"Fax", "NUMERO_FAX"),
    (r"Nombre\s+del?\s+(?:padre|madre|tutor[a]?|c[oó]nyuge|familiar|acompañante|representante)|Padre|Madre|"
     r"Tutor[a]?(?:\s+legal)?|Acompañante|Familiar(?:\s+de\s+contacto|\s+responsable)?|Representante(?:\s+legal)?|"
     r"Cuidador[a]?(?:\s+principal)?|Avisar\s+a|Persona\s+de\s+(?:referencia|contacto)|Referente\s+familiar|"
     r"Contacto\s+(?:de\s+emergencia|familiar)|Nom\s+del?\s+(?:pare|mare|tutor)|Nome\s+d[ao]\s+(?:pai|nai|titor)", "FAMILIARES_SUJETO_ASISTENCIA"),
    (r"Empresa|Centro\s+de\s+trabajo|Empleador[a]?|M[uú]tua(?:\s+(?:laboral|col·laboradora|colaboradora))?|Aseguradora|Compañ[ií]a\s+aseguradora|Lantokia|"
     r"Entidad\s+(?:de\s+adscripci[oó]n|aseguradora|colaboradora|m[eé]dica)|Insurer|Employer|"
     r"Empresa\s+on\s+treballa", "INSTITUCION"),
    (r"Remitido\s+por|R\w*sponsable\s+(?:cl[ií]nico|m[eé]dico)|Correspondencia|Direcci[oó]n\s+para\s+correspondencia|Autor\s+para\s+correspondencia", "SIGNATURE"),
    (r"Servicio|Especialidad|Unidad|Datos\s+del\s+paciente|Datos\s+asistenciales|Correo\s+electr[oó]nico|E-?mail|"
     r"Servei|Servizo|Zerbitzua|Unitat|Unidade", None),
)
_HEADER_ALT = "|".join(f"(?P<h{i}>{key})" for i, (key, _) in enumerate(HEADER_FIELDS))
# "NHC= 1234"; a remark in parentheses or the key's translation may stand before the colon: "Nº SIP (uso exclusivo
# del CAFV): ...", "HC / OK: ..." (a bilingual form)
HEADER_KEY = re.compile(
    rf"(?im)(?:^|(?<=[\s.;]))(?:\ufeff)?(?:{_HEADER_ALT})(?:[ \t]*\([^()\n:]{{1,40}}\))?"
    rf"(?:[ \t]*/[ \t]*[^\W\d_][^\W\d_.]{{0,15}}(?:[ \t]+[^\W\d_.]{{1,15}}){{0,2}})?\s*(?::|=(?!=))"
)

# --- facilities ------------------------------------------------------------------------------------------
FACILITY_HEADS: tuple[tuple[str, str], ...] = (
    (r"H\.\s?(?:[GC]\.\s?)?U\.|H\.(?=[ \t]?(?:Virgen|San|Santa|Sant|Nuestra|General|Cl[ií]nico|Universitario|Materno|Comarcal|"
     r"Infanta|Infantil|Reina|Rey|Pr[ií]ncipe|Doctor|Dr)\b)|(?:(?<=\bel )|(?<=\bdel )|(?<=\bal ))H\.(?=[ \t]?[A-ZÁÉÍÓÚÑ][a-záéíóúñ])|Complejo\s+(?:Hospitalario|Asistencial)|Complexo\s+Hospitalario|Hospital|Hospitales|Hospitalario|Hopital|Hôpital|Espitau|Cl[ií]nica|Policl[ií]nica|Sanatorio|Ciudad\s+Sanitaria|Corporaci[oó]\s+Sanit[aà]ria|Consorci\s+Sanitari|Fundaci[oó]n\s+Jim[eé]nez\s+D[ií]az|Fundació\s+Puigvert|Institut\s+Universitari|Parc\s+de\s+Salut|Parc\s+Taul[ií]|Mutua|Centro\s+de\s+Rehabilitaci[oó]n(?!\s+Psicosocial)|Vithas|Quir[oó]nsalud|Hospiten|Viamed|Recoletas|OSI(?=[ \t]+[A-Z])|"
     # a typed note's lower-case head before the capitalised name: "trasladado al hospital Gregorio Marañón"
     r"hospital(?=[ \t]+(?:de[ \t]+|del[ \t]+)?[A-ZÁÉÍÓÚÑ][a-záéíóúñ])|"
     # abbreviated as typed fast: "hosp gral univ Dr Balmis", "eco hecha en H. Royo Villanova" (after a place's
     # preposition, so that a person's initial, "Dr. H. García", or "H. pylori" is never read as one)
     r"[Hh]osp\.?(?=[ \t]+(?:de[ \t]+|del[ \t]+)?[A-ZÁÉÍÓÚÑ][a-záéíóúñ])|"
     r"(?:(?<=\ben )|(?<=\bde )|(?<=\ba )|(?<=\bdesde )|(?<=\bconsulta )|(?<=\bCONSULTA )|(?<=\()|(?<=  )|(?<=\t)|(?m:^))"
     r"H\.(?=[ \t]?(?!Pylori|Influenzae)[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{2,})", "HOSPITAL"),
    (r"Osasun\s+Zentroa|Centro\s+de\s+Salud|Centro\s+de\s+Sa[uú]de|Centre\s+de\s+Salut|C\.\s?S\.|Consultorio|Consultori|Ambulatorio|CAP|(?:centro\s+de\s+salud|consultorio|ambulatorio)(?=[ \t]+(?:de[ \t]+|del[ \t]+)?[A-ZÁÉÍÓÚÑ])|ZBS|Zona\s+B[aá]sica\s+de\s+Salud|CS(?=[ \t]+(?:de[ \t]+)?[A-ZÁÉÍÓÚÑ])|EAP(?=[ \t]+[A-ZÁÉÍÓÚÑ][a-záéíóúñàèòç])|CSM(?:IJ|A)?(?=[ \t]+(?:de[ \t]+)?[A-ZÁÉÍÓÚÑ])|(?:Unidade[ \t]+de[ \t]+Sa[uú]de|Unitat[ \t]+de[ \t]+Salut)[ \t]+Mental(?=[ \t]+(?:d[eoa][ \t]+)?[A-ZÁÉÍÓÚÑ])|ESM(?=[ \t]+(?:de[ \t]+)?[A-ZÁÉÍÓÚÑ])|USM(?:IJ|I-J|IA)?(?=[ \t]+(?:de[ \t]+)?[A-ZÁÉÍÓÚÑ])|ASSIR(?=[ \t]+(?:de[ \t]+)?[A-ZÁÉÍÓÚÑ])|(?:PAC|SUAP)(?=[ \t]+(?:de[ \t]+|del[ \t]+|d['’])?[A-ZÁÉÍÓÚÑ](?:[a-záéíóúñàèòç]|[A-ZÁÉÍÓÚÑÀÈÒ]{2}))|Punto\s+de\s+Atenci[oó]n\s+Continuada|Punt\s+d['’]Atenci[oó]\s+Continuada|(?:centro[ \t]+de[ \t]+sa[uú]de|centre[ \t]+de[ \t]+salut)(?=[ \t]+(?:d[eoa][ \t]+|[Oo][ \t]+)?[A-ZÁÉÍÓÚÑ])|Centro\s+de\s+Salud\s+Mental|Centre\s+d'Atenci[oó]\s+Prim[aà]ria|Centro\s+de\s+Atenci[oó]n\s+Primaria", "CENTRO_SALUD"),
    (r"Universidad|Universitat|Unibertsitatea|Facultad|Escuela|Escola|Colexio|Col·legi|Ikastola|IES|CEIP|Mutua\s+de\s+[A-Z]\w+|Juzgado|Jutjat|Xulgado|Tribunal|Fiscal[ií]a|Comisar[ií]a|Instituto|Institut|Fundaci[oó]n|Fundació|Laboratorio|Sociedad|Consejer[ií]a|Conseller[ií]a|Xefatura[ \t]+Territorial|M[uú]tua(?=[ \t]+[A-ZÀ-Ú][a-zà-ú])|Ministerio|Servicio\s+(?:Andaluz|Madrileño|Vasco|Navarro|Gallego|Canario|Cántabro|Aragonés|Murciano|Extremeño|Riojano|Balear|de\s+Salud\s+del?)|Osakidetza|SERGAS|SESCAM|SACYL|Junta\s+de|Generalitat|Ayuntamiento|Centro\s+de\s+Transfusi[oó]n|Resid[eè]ncia|Colegio|Asociaci[oó]n|Agencia|Departament\s+de\s+Salut|Hotel|Farmacia|Farmàcia|C[aá]ritas|Cruz\s+Roja|"
     # an orthopaedic shop by its name ("Ortopedia Fabra"), not the department ("Traumatología y Ortopedia Infantil")
     r"Ambulancias|Ambul[aà]ncies|(?<![yi] )Ortop[eè]dia(?=[ \t]+(?!Infantil|Pedi[aá]trica)[A-ZÁÉÍÓÚÑ])|Transportes|Transports|Autocares|Talleres|Construcciones|Limpiezas|"
     r"Residencia\s+de\s+Mayores|Resid[eè]ncia\s+de\s+(?:Majors|Gent\s+Gran)|Centro\s+de\s+Acogida|Punto\s+de\s+Encuentro\s+Familiar|Punt\s+de\s+Trobada\s+Familiar|Residencia\s+Geri[aá]trica|Centro\s+de\s+D[ií]a|Centre\s+de\s+Dia|Cent(?:ro|re)\s+Sociosanitari[oa]?|"
     r"Centro\s+de\s+Rehabilitaci[oó]n\s+Psicosocial|Centro\s+Penitenciario|Centre\s+Penitenciari|Establecimiento\s+Penitenciario|Ajuntament|Concello|Udala|Guarder[ií]a|"
     r"(?:UBAS|CEAS)(?=[ \t]+[A-ZÁÉÍÓÚÑ])|Escuela\s+Infantil|Escola\s+Bressol|Escola\s+Infantil|Oficina\s+(?:Veterinaria|Comarcal\s+Agraria)|"
     # lower-case or abbreviated heads before a capitalised name: "desde la residencia Los Olmos", "resid. Sta. Teresa"
     r"(?:residencia(?:\s+de\s+(?:ancianos|mayores))?|[Rr]esid\.|colegio|guarder[ií]a|centro\s+de\s+d[ií]a|centre\s+de\s+dia)(?=[ \t]+(?:de[ \t]+|del[ \t]+|los[ \t]+|las[ \t]+)?[A-ZÁÉÍÓÚÑ][a-záéíóúñ])", "INSTITUCION"),
)
_FAC_ALT = "|".join(f"(?P<f{i}>{head})" for i, (head, _) in enumerate(FACILITY_HEADS))
FACILITY_HEAD = re.compile(rf"(?<![\w])(?:{_FAC_ALT})(?![\w])")

# capitalised words and connectors that continue a proper name ("Hospital Universitario de La Paz")
NAME_CONNECTORS = frozenset({
    "de", "del", "la", "las", "los", "el", "y", "i", "e", "d", "l", "da", "do", "dos", "das", "san", "santa", "sant",
    "santo", "sta", "s", "le", "von", "van", "der", "di", "du", "al",
})

def _folded(words: set[str] | frozenset[str]) -> frozenset[str]:
    return frozenset(fold(w) for w in words)


# words that end a person name in a signature ("Dr. X Y Servicio de Urología")
NAME_STOP = _folded({
    "servicio", "seccion", "sección", "unidad", "departamento", "dpto", "dept", "area", "área", "hospital",
    "complejo", "clinica", "clínica", "centro", "instituto", "facultad", "universidad", "fundacion", "fundación",
    "calle", "avda", "avenida", "av", "plaza", "paseo", "pº", "c", "ctra", "carretera", "ronda", "glorieta",
    "email", "e", "mail", "correo", "tel", "telf", "tfno", "tlf", "fax", "telefono", "teléfono", "medico", "médico",
    "jefe", "jefa", "adjunto", "adjunta", "residente", "mir", "catedratico", "catedrático", "profesor", "profesora",
    "cirugia", "cirugía", "urologia", "urología", "nefrologia", "nefrología", "pediatria", "pediatría", "consulta",
    "policlinica", "policlínica", "sanatorio", "laboratorio", "escuela", "cátedra", "catedra", "division", "división",
    "grupo", "programa", "planta", "especialista", "atencion", "atención", "urgencias", "nºcol", "col", "colegiado",
    "responsable", "remitido", "historia", "informe", "sexo", "edad", "fecha", "nhc", "nass", "episodio", "gerencia",
    "anatomia", "anatomía", "medicina", "ciudad", "campus", "parque", "pabellon", "pabellón",
    "edificio", "c/", "avd", "carrer", "rua", "rúa", "avinguda", "passeig", "camino", "urb", "urbanizacion", "urbanización", "pza", "pl",
    "españa", "spain", "tlfno", "móvil", "movil", "paciente", "the", "and", "enf", "enfª",
})

# words that end a facility name ("Hospital X Servicio de ..." / "Hospital X C/ ...")
FACILITY_STOP = NAME_STOP - _folded({"hospital", "centro", "clinica", "clínica", "medicina", "universidad", "ciudad",
                             "facultad", "instituto", "complejo", "fundacion", "fundación", "campus", "parque",
                             "anatomia", "anatomía", "cirugia", "cirugía", "atencion", "atención", "urgencias",
                             "pediatria", "pediatría", "escuela", "laboratorio"})

# the rest of an address after its number: "5-7, 2º dcha", "4, 3, D", "Piso 6, Puerta 3", "2.º B", "1oE", "s/n"
_TAIL_ITEM = (
    r"(?:\d{1,4}(?!\d)(?:\.?\s?(?:[ºª°]|o(?=[A-Z\s,.])))?(?:\s?[A-Za-z](?![\w-]))?|\.?\s?[ºª°](?:\s?[A-Za-z](?![\w-]))?"
    r"|[A-Za-z](?![\w-])|(?i:principal|pral)(?![\w])|(?i:km)\.?\s?\d+(?:[.,]\d+)?"
    r"|(?i:piso|puerta|planta|pta|bajos?|baixos?|baixa|baix|behea|dta|esq|esquerda|dereita|ezk|ezkerra|eskuma|porta|entl|dcha|dch|drcha|der|izda|izq|izqda|izquierda|derecha|esc|escalera|portal|"
    r"bloque|blq|local|nave|(?:sobre)?[aáà]tico?|entres[oò]l|entlo|entresuelo|entreplanta|altillo|s[oó]tano|semis[oó]tano|apto|oficina|bis|n[ºo°]|num|núm|letra|casa|int|s/n)(?![^\W\d_])\.?(?:\s?\d{1,4}(?!\d)|\s?[A-Za-z](?![\w-]))?)"
)
ADDRESS_TAIL = re.compile(rf"(?:(?:\s*[,\-/]\s*|\s+y\s+|\s+|\s*\.\s?(?=[ºª°]|\d{{1,3}}[ºª°]))(?:{_TAIL_ITEM}))*")
ADDRESS_NUMBER = re.compile(r"(?i)(?:(?:n[ºo°]|#|num\.?|núm\.?)\s?)?(?:\d{1,4}[a-z]?(?:\s?-\s?\d{1,4})?(?![\w])|s\s?/\s?n(?![\w])|s\.n\.|sn(?![\w]))")


# "(Travatan®, Alcon, Fort Worth, Texas)": a product, then its maker, then where the maker is
MAKER = re.compile(
    r"\(([^()\n,]{1,60}?)\s*,\s*([A-Z][^\W\d_][\w&'’.\- ]{0,40}?)\s*((?:,\s*[A-Z][^\W\d_][\w'’.\- ]{0,30}?\s*){0,3})\)"
)

FACILITY_START = re.compile(rf"(?<![\w])(?:{_FAC_ALT})(?![\w])")
STREET_START = re.compile(
    r"(?<![\w])(?:[Cc]alle|C/|c/|Avda\.|Avda(?=[ \t]+(?:de[ \t]+|del[ \t]+)?[A-ZÁÉÍÓÚÑ])|Av\.|Avenida|Paseo|Pº|Plaza|Pza\.|Ctra\.|Carretera|Ronda|Glorieta|Camino|"
    r"Travesía|Carrer|Rúa|Urbanización|Urb\.|Passeig|Pg\.|Avinguda|Rambla|[Cc]\.(?=[ \t]+(?:de|del|d['’])[ \t])|"
    r"Pol\.(?=[ \t]?Ind\.)|Pol[ií]gono(?=[ \t]+Industrial))(?![\w])"  # an industrial estate: "Pol. Ind. Los Caminos, calle 7"
)
# a company by its legal form: "Construcciones Bauzà Ferrer S.L.", "Talleres Ugalde, S.A."
COMPANY = re.compile(
    rf"(?<![\w]){CAP}[\w'’&-]*(?:(?:[ \t]+(?:(?:de|del|y|i|e)[ \t]+)?|[ \t]+d['’]){CAP}[\w'’&-]*(?:(?<=Hnos)\.)?){{0,4}},?[ \t]*"
    r"(?:S\.[ \t]?L\.(?:[ \t]?U\.)?|S\.[ \t]?A\.(?:[ \t]?U\.)?|S\.[ \t]?Coop\.|SLU|SAU|S\.L|S\.A|"
    r"(?i:mutua[ \t]+colaboradora(?:[ \t]+con[ \t]+la[ \t]+seguridad[ \t]+social)?))(?![\w])"
)
EXTRA_COUNTRIES = re.compile(r"(?<![\w])(?:EE\.?\s?UU\.?|USA|U\.S\.A\.|UK|R\.U\.|EEUU)(?![\w])")
