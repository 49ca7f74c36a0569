"""Which ``institutions.institution_kind`` an INSTITUCION mention is, read from its wording.

Ordered rules, first match wins; the order settles the overlaps:

1. research      investigación, Instituto Universitario, Carlos III, CSIC, Centro Nacional de Microbiología /
                 Epidemiología, Neurociencias, Genética Médica, research-centre acronyms (CNIO, CIBER…, IDI…)
2. public_body   forensic and justice (Medicina Legal, Médico Forense, IML, Juzgado, Justicia, Tribunal,
                 Penitenciario, Toxicología), public care networks (Xarxa Assistencial): before clinic and
                 university, so "Clínica Médico-Forense" and "Xarxa Assistencial Universitària" are public bodies
3. insurer       Mutua, Mutualidad, Seguros, Aseguradora, Igualatorio: before public_body ("Mutua
                 Colaboradora con la Seguridad Social")
4. care_home     Residencia ("resid."), Centro de Mayores / de Día, Hogar del…, Geriátrico, Vivienda Tutelada
5. clinic        Clínica, Policlínica, Centro Médico, (Hemo)diálisis, Instituto Oftalmológico / Oncológico /
                 de Oftalmología, Centro de Psicología / Rehabilitación / Fisioterapia…, medicina deportiva,
                 Instituto / Unidad del Dolor: before university ("Clínica Universitaria") and before the
                 generic "Centro" rule
6. ngo           professional colleges (Colegio Oficial, Colegio de Médicos): before school
7. university    Universidad, Facultad, Escuela Universitaria / Técnica Superior, College, Campus
8. school        Colegio, Instituto de Educación, IES, CEIP, Escuela, Academia, Conservatorio
9. ngo           Fundación, Asociación, Sociedad (not Anónima / Limitada), ONG, ONCE, Cruz Roja, Cáritas
10. public_body  Ministerio, Consejería, Servicio … de Salud, Ayuntamiento and its pools, sports and civic
                 centres and libraries, Policía, SAMUR, 112, Agencia,
                 Organización Mundial…, NATO, Consejo, Centro / Instituto Nacional, Gerencia…
11. company_health  Laboratorio(s), Pharma, Farma(céutica), Medical, Scientific, Instruments, Dental,
                 Implant, Diagnostic, Health(care), Ortopedia, Óptica, Ambulancias, ®
12. company      non-health trades (Transportes, Construcciones, Hotel, Bar, Cervecería, Banco, Talleres…)
13. public_body  a bare "Instituto", "Centro", "Servicio", "Unidad" of unknown trade (mostly public)
14. company_health  anything else: an unmarked brand ("Zentiva", "Stryker"); most MEDDOCAN
                 institutions are health firms.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .listed_bodies import listed_firm_kind, listed_kind


#: compiled on first use: a few hundred case-insensitive alternatives cost a tenth of the start-up time
#: (issue 12), and most documents mention no institution
_compiled = functools.lru_cache(maxsize=None)(re.compile)


@dataclass(frozen=True)
class _Rule:
    kind: str
    words: str  # case-insensitive pattern
    acronyms: str | None  # case-sensitive pattern: acronyms that are also words (ONCE, WHO, ABS)

    def matches(self, text: str) -> bool:
        return bool(_compiled(self.words, re.IGNORECASE).search(text)
                    or (self.acronyms is not None and _compiled(self.acronyms).search(text)))


def _rule(kind: str, *alternatives: str, acronyms: str | None = None) -> _Rule:
    return _Rule(kind, "|".join(alternatives), rf"\b(?:{acronyms})\b" if acronyms else None)


_RULES: tuple[_Rule, ...] = (
    # a school's own acronym or Basque wording beats the name it honours ("ceip el justicia de aragon" came
    # out a forensic institute, "Lanbide Heziketa Zumaia Institutua" a device maker)
    _rule("school", r"^(?:ceip|cepa|ies|cra|eei|ins|cifp|ipfp|eb|ebm|cei|cp)\b\.?\s", r"\binstitutua\b", r"\blanbide heziketa",
          r"\bescoles? bressol", r"\bllars? d'infants", r"\bhaurreskol", r"\bescuela infantil",  # nursery schools
          r"\bikastol", r"\bikastetxe"),
    # NGOs named after what they fight for ("Fruita amb Justícia Social", "Médicos del Mundo", "Accem" came out
    # firms): before the justice bodies
    _rule("ngo", r"\bjust[ií]cia social", r"\bm[eé]dic(?:o|)s (?:del mon|del mundo|sin fronteras|sense fronteres)",
          r"\bsolid[aà]ri", r"\bsolidarity", r"\baccem\b", r"\bacnur\b", r"\bunhcr\b", r"\bunicef\b",
          r"\boxfam", r"\bintermon", r"\bsave the children", r"\bamnist", r"\bmanos unidas", r"\baldeas infantiles",
          r"\bcocemfe", r"\bplena inclusi", r"\bopen arms", r"\belkartea\b", r"\bfundazioa\b",
          r"^(?:os |los |els |les )?amig(?:o|a|ue)s d[eoa']",  # "amigos do camiño" came out a device maker
          r"\bfederazioa\b", r"\bfederaci[oó]\b", r"\btaldea\b", r"\bpilota\b",
          acronyms=r"CEAR|ESN|ACNUR|ACCEM|MSF"),
    _rule("research",
          r"\binvestiga(?:ci[oó]n|cions?|ciones|tion)", r"\binstitut[oe]? universitari", r"\bcarlos iii\b",
          r"\bcsic\b", r"\bcentro nacional de (?:microbiolog|epidemiolog|biotecnolog)", r"\bresearch\b",
          r"\bmedicina regenerativa", r"\bgen[eé]tica m[eé]dica", r"\bneurocienc", r"\boftalmobiolog",
          r"\binstitut[oe]? de salud p[uú]blica", r"\bpasteur\b",  # "institut pasteur de dakar" came out a consortium
          acronyms=r"CNIO|CNIC|ISCIII|CIBER[A-Z]*|IDI[A-Z]{2,}|IRB|IMIM|VHIO|VHIR|CRG|CIMA|INCLIVA|FISABIO"),
    _rule("public_body",
          r"\bmedicina legal", r"\bmedina legal", r"\bforense", r"\bjuzgados?\b", r"\bjusticia\b", r"\btribunal",
          r"\bfiscal[ií]a", r"\bpenitenciari", r"\btoxicolog", r"\bregistro civil", r"\bxarxa assistencial",
          r"\bred asistencial", r"\bconsorci sanitari",
          acronyms=r"IML|IVML|INML|INTCF"),
    _rule("insurer",
          r"\bmutua", r"\bm[uú]tua\b", r"\bmutualidad", r"\bseguros?\b", r"\bas?seguradora", r"\bigualatorio",
          r"\bprevisi[oó]n social"),
    _rule("care_home",
          r"\bresid[eè]ncia", r"\bresid\b\.?", r"\begoitza", r"\bcentro de (?:mayores|d[ií]a|la tercera edad)\b", r"\bhogar del\b", r"\bgeri[aá]tric",
          r"\bvivienda tutelada", r"\bcentro ocupacional"),
    _rule("clinic",
          r"\bcl[ií]nicas?\b", r"\bpolicl[ií]nica", r"\bcentros? m[eé]dicos?\b", r"\b(?:hemo)?di[aá]lisis",
          r"\binstitut[oe]? (?:oftalmol[oó]gic|oncol[oó]gic|de oftalmolog|de oncolog|de reproducci)",
          r"\bcentros? (?:de |d')?(?:psicolog|rehabilitaci|fisioterap|logoped|diagn[oó]stico|reproducci"
          r"|atenci[oó]n temprana|tratamiento de adicciones)",
          r"\bcentro auditivo", r"\bmedicina (?:del )?deport",
          r"\b(?:institut[oe]?|centro|unidad)\b.*\bdel (?:dolor|sueño)\b",
          r"\breproducci[oó]n asistida", r"\bmedicina est[eé]tica", r"\bcentros? (?:odontol[oó]gico|dental)",
          r"\bcomunidad terap[eé]utica"),
    _rule("ngo",  # professional colleges, before "Colegio" → school
          # "Consejo General de Colegios Oficiales de Médicos" came out a school
          r"\bcolegios? (?:oficial(?:es)?|profesional(?:es)?|(?:de )?(?:m[eé]dicos|odont[oó]logos|enfermer|farmac[eé]uticos|"
          r"psic[oó]logos|dentistas|abogados|fisioterapeutas|veterinarios))",
          r"\bcol[·.]?legi oficial", r"\bordem dos\b", r"\bordre des\b"),  # "Ordem dos Médicos" came out a gym
    _rule("university",
          r"\buniversi", r"\buniwersyte", r"\bunibertsitate", r"\buniverzit", r"\bfacultad", r"\bfacultat", r"\bfaculty", r"\bescuela (?:universitaria|t[eé]cnica superior)",
          r"\bescola (?:universit|t[eè]cnica superior)", r"\bcollege\b", r"\bcampus\b", r"\budelar\b",
          r"\bdepartamento de\b(?! sanidad| salud)"),
    _rule("school",
          r"\bcolegio", r"\bcol[·.]?legi\b", r"\binstitut[oe]? de (?:educaci|formaci[oó]n profesional|secundaria)",
          r"\b(?:ies|ceip|cepa)\b", r"\bescuelas?\b", r"\bescola\b", r"\bacademia\b", r"\bconservatori",
          r"\bikastola", r"\bikastetxe", r"\bcolexio", r"^ins\b\.?\s",  # Catalan "INS Joan Miró" (institut)
          r"\bguarder[ií]a", r"\bliceo\b"),
    _rule("ngo",
          r"\bfundaci[oó]n?\b", r"\basociaci[oó]n", r"\bassociaci[oó]", r"\bsociedad\b(?! an[oó]nima| limitada)",
          r"\bsocietat\b", r"\bong\b", r"\bcruz roja", r"\bcreu roja", r"\bclub\b", r"\bpeña\b", r"\bc[aá]ritas",
          r"\bplataforma\b", r"\bfederaci[oó]n?", r"\bconfederaci", r"\bliga\b", r"\bbanco de alimentos",
          r"\bsin fronteras", r"\bproyecto hombre", r"\bcofrad[ií]a", r"\bkofradia", r"\bconfraria",
          r"\bacoge\b", r"\bcontra el c[aá]ncer", r"\baecc\b",  # "Almería Acoge", "aecc asturias": a company before
          r"^(?:c\.\s?d|c\.\s?f|u\.\s?d|s\.\s?d|c\.\s?b|cd|cf|ud|sd|cb)\.?\s", r"\bdeportiv[oa]\b", r"\bbalonmano",
          r"\bbaloncesto", r"\bf[uú]tbol", r"\bhockey\b", r"\brugby\b", r"\batletismo",
          acronyms=r"ONCE|CD|CF|UD|SD|CB|AECC"),  # then sports clubs: "CD Leganés", "UD Almería"
    _rule("public_body",
          r"\bministeri", r"\bministry", r"\bdpto\b", r"\bdepto\b", r"\bgob\b\.?", r"\bdepartamento de (?:sanidad|salud)", r"\bdepartment of health",
          r"\bworld health", r"\bhealth organi[sz]ation", r"\bnational institutes? of health", r"\bconsejer[ií]a",
          r"\bconseller", r"\bdepartament de salut", r"\bservicios? .*\bsalud\b", r"\bservei .*\bsalut\b",
          # a region's government and Galician/Basque health services ("Comunidad de Madrid", "Servizo Galego de
          # Saúde" came out a medical-device maker and a transport consortium)
          r"\bcomunidad (?:de(?! vecinos| propietarios)|aut[oó]noma|foral|valenciana)\b", r"\bcomunitat (?:de|aut[oò]noma|valenciana)\b",
          r"\bregi[oó]n de murcia", r"\bprincipado de", r"\bservizo .*\bsa[uú]de\b", r"\bosasun",
          r"\bosakidetza", r"\b(?:sergas|ingesa|insalud|aemps|inss|samur|summa|nato|otan)\b", r"\bayuntamiento", r"\bayto\b",
          r"\bajuntament", r"\bconcello", r"\bdiputaci[oó]n?", r"\bgobierno", r"\bgovern\b", r"\bjunta de\b",
          r"\bdelegaci[oó]n del", r"\bpolic[ií]a", r"\bcomisar[ií]a", r"\bbombers\b", r"\bguardia civil", r"\bmossos", r"\bertzaintza", r"\b112\b",
          r"\b061\b", r"\bemergencias", r"\bprotecci[oó]n civil", r"\bbomberos", r"\bseguridad social",
          r"\btransfusi[oó]n", r"\bbanco de sangre", r"\bbanc de sang", r"\bagencia\b", r"\borganizaci[oó]n (?:mundial|nacional|de las)",
          r"\bnaciones unidas", r"\bconsejo\b", r"\bcomisi[oó]n\b", r"\buni[oó]n europea", r"\bcentro nacional",
          r"\binstituto nacional", r"\bgerencia", r"\bceas\b", r"\binspecci[oó]n?\b", r"\bikuskaritza", r"\bcatsalut\b", r"\bsamu\b", r"\bcicu\b", r"\bxarxa\b", r"\bconsorci",
          r"\b[aá]rea b[aá]sica", r"\bservicios sociales", r"\bserveis socials", r"\bservizos sociais",
          # "COMISARÍA LOCAL DE ALGECIRAS" came out a garage, "Serveis Socials del Bages" a drug maker
          r"\bpatronato", r"\bpiscina", r"\bpolideportivo", r"\bpoliesportiu",
          r"\bcentro c[ií]vico", r"\bcentre c[ií]vic", r"\bbiblioteca", r"\bdirecci[oó]n general", r"\bsecretar[ií]a",
          r"\baudiencia\b", r"\bmancomunidad", r"\bextranjer[ií]a", r"\bequipo de valoraci", r"\bcentro de acogida",
          r"\bconsulad[oa]", r"\bembajada", r"\bconsolat", r"\bambaixada", r"\bconsulate", r"\bembassy",
          # Catalan, Galician and Basque bodies: "Departament d'Educació", "Hezkuntza Saila", "Donostiako Udala"
          r"\bdepartament\b", r"\bgeneralitat", r"\bxunta\b", r"\bsaila\b", r"\bjaurlaritza", r"\budala\b",
          r"\baldundia", r"\bgobernua", r"\bgizarte zerbitzu", r"\budaleko\b",
          r"\b(?:osi|esi|eoxi)\b",  # integrated health organisations: "OSI Barrualde-Galdakao", "EOXI de Vigo"
          acronyms=r"ONU|OMS|WHO|ABS|UE|EU|ICS|SEM|EPES|CICU|SAMU"),
    _rule("company_health",
          r"\blaborator", r"lab\b", r"\blabs\b", r"pharma", r"\btransporte sanitario", r"\bfarma", r"farmac[eé]utic",
          r"\bmedical\b", r"medizin",
          r"\bscientific", r"\binstruments?\b", r"\bdental\b", r"\bimplant", r"\bdiagn[oó]s", r"health", r"\bortopedia",
          r"\borthop", r"\b[oó]ptica", r"\boptic(?:al)?s?\b", r"\bsurgical", r"\bquir[uú]rgic", r"\bbiotech",
          r"\btherapeut", r"\bambulancias?\b", r"\ban[aá]lisis cl[ií]nicos", r"\bnutrition", r"\bmeditec", r"®"),
    _rule("company",
          r"\btransportes?\b", r"\bconstrucci", r"\bfuneraria", r"\btanatorio", r"\bpompas f[uú]nebres", r"\bbanco\b", r"\bcaja\b", r"\bhotel", r"\bhostal", r"\brestaurante",
          r"\baparthotel", r"\bapartamentos", r"\bcamping", r"\balbergue", r"\bparador\b",
          r"\bcafeter", r"\bcervecer", r"\bbar\b", r"\btaberna", r"\bmes[oó]n\b", r"\bpizzer", r"\basador\b",
          r"\bmarisquer", r"\bchiringuito", r"\btaller", r"\binmobiliari", r"\bsupermercado", r"\bbodegas?\b", r"\bgasolinera",
          r"\bautoescuela", r"\bgestor[ií]a", r"\basesor[ií]a", r"\btextil", r"\btelecom", r"\binform[aá]tic",
          r"\blog[ií]stica", r"\blimpiezas?\b", r"\bfontaner", r"\bcarpinter", r"\bferreter", r"\bpanader",
          r"\bpeluquer", r"\bimprenta", r"\bgimnasio", r"\bgranja", r"\bagr[ií]col", r"\bconservas",
          r"\bcer[aá]micas?\b", r"\bcalzados", r"\bmuebles", r"\bmensajer", r"\bgr[uú]as\b", r"\baluminios?\b",
          r"\belectr[oó]nica", r"\bel[eé]ctric", r"\bempresa municipal", r"\bcooperativa", r"\balimentaci",
          r"\balimentari", r"\bcanteras", r"\bdistribuci", r"\bfrutas", r"\bpapeler", r"\bresiduos",
          r"\bseguridad privada", r"\bsoluciones", r"\bdigital",
          # family firms and cooperatives ("Hnos. Sorribes", "Hamilton y Cía", "Fruites Vallmanya SCCL"); a plain
          # S.A. or S.L. says no trade (most of MEDDOCAN's are health firms)
          r"\bsccl\b", r"\bs\.?\s?coop", r"\bhnos\b\.?", r"\bhermanos\b", r"\bc[ií]a\b\.?$",
          r"\bbank\b", r"\bbanca\b", r"\bkutxa\b", r"\bcaixa\b", r"\bcrucero", r"\bcruises?\b", r"\bnaviera",
          r"\bshipping", r"\bairlines?\b", r"\bairways", r"\bl[ií]neas a[eé]reas", r"^mas\s", r"\bmas[ií]a\b",
          r"\bcasa rural", r"\bsuites?\b", r"\bresort\b", r"\bhostel\b", r"\bturismo (?:rural|activo)", r"\bagroturism", r"\baventura\b", r"\brestaurant\b",
          r"\bconfiter", r"\bpasteler", r"\bhelader", r"\bcarnicer", r"\bfruter", r"\bpescader", r"\bchurrer",
          r"\bsidrer", r"\bpulper", r"\btaxis?\b", r"\bmissatger", r"\bmensajer", r"\bautobuses", r"\bautocares"),
    _rule("public_body",  # a bare Instituto / Centro / Servicio of unknown trade
          r"\binstitut[oe]?\b", r"\binstitute\b", r"\bcent(?:er|re)s?\b", r"\bcentros?\b", r"\bservicios?\b",
          r"\bservei\b", r"\bunidad\b", r"\bred\b"),
)

#: the first rule of trade words (health firms, then other trades, then the bare defaults): a listed brand wins
#: over them ("Asisa Dental" is the insurer's, not a dental firm)
_FIRST_TRADE_RULE = next(i for i, rule in enumerate(_RULES) if rule.kind == "company_health")

#: Kinds to try, in order, when a (custom) ``institutions`` table has no row of the kind asked for.
FALLBACK_KINDS: dict[str, tuple[str, ...]] = {
    "company_health": ("company",),
    "insurer": ("company_health", "company"),
    "clinic": ("company_health", "public_body"),
    "research": ("university", "public_body"),
    "care_home": ("ngo", "public_body"),
    "school": ("university", "public_body"),
    "university": ("research", "public_body"),
    "ngo": ("public_body",),
    "company": ("company_health",),
    "public_body": (),
}


#: a scanned name's look-alike digits inside a word ("G0BIERNO DE ARAGON" came out a drug maker)
_OCR_LETTERS = re.compile(r"(?<=[^\W\d_])[01](?=[^\W\d_])|\b[01](?=[^\W\d_]{2})|(?<=[^\W\d_]{2})[01]\b")


def _unscanned(text: str) -> str:
    return _OCR_LETTERS.sub(lambda m: "o" if m.group() == "0" else "l", text)


def institution_kind(text: str, employer: bool = False) -> str:
    """The ``institution_kind`` of an INSTITUCION mention ("Laboratorios X" → company_health); a listed brand
    ("FREMAP", "Asisa Dental") before the trade words and the defaults. ``employer``: the note names it as someone's
    workplace (``InstitutionReplacer`` reads a job before it), which makes a name whose wording gives no kind a
    company ("cajera en mercadona", "fue minero en hunosa" came out a laboratory)."""
    text = _unscanned(text)
    for rule in _RULES:
        if rule is _RULES[_FIRST_TRADE_RULE] and (listed := listed_kind(text)) is not None:
            return listed
        if rule.matches(text):
            return rule.kind
    listed = listed_kind(text)
    if listed is not None:
        return listed
    return "company" if employer else "company_health"  # MEDDOCAN's unmarked brands are mostly health firms


#: a listed firm's list kind (``firms.tsv``) → its company sector
_FIRM_SECTORS = {"bank": "bank", "retailer": "shop"}


# -- finer sectors inside a kind ---------------------------------------------------------------------------------
#: (kind, sector, words, acronyms): the first match inside the mention's kind; a kind's last listed sector
#: is also its default. A public body stays justice, health authority, emergency, social or government;
#: a health firm stays a manufacturer or a service; an NGO stays a learned society or an association.
_SECTORS: tuple[tuple[str, str, _Rule], ...] = (
    # a court stays a court ("Juzgado de Primera Instancia nº 13" came out "Registro Civil")
    ("public_body", "court", _rule("public_body", r"\bjuzgados?\b", r"\bjutjats?\b", r"\bxulgados?\b",
                                   r"\btribunal", r"\baudiencia\b", r"\bepaitegi")),
    ("public_body", "justice", _rule("public_body", r"\bmedicina legal", r"\bmedina legal", r"\bforense",
                                     r"\bjuzgados?\b", r"\bjusticia\b", r"\btribunal", r"\bfiscal[ií]a",
                                     r"\bpenitenciari", r"\btoxicolog", r"\bregistro civil", r"\baudiencia\b",
                                     acronyms=r"IML|IVML|INML|INTCF")),
    ("public_body", "emergency", _rule("public_body", r"\b112\b", r"\b061\b", r"\bemergencias", r"\burgencias?\b",
                                       r"\burgente", r"\bprotecci[oó]n civil", r"\bbomberos", r"\bbombers\b",
                                       r"\bpolic[ií]a", r"\bcomisar[ií]a",
                                       r"\bguardia civil", r"\bmossos", r"\bertzaintza",
                                       acronyms=r"SAMUR|SUMMA|SEM|EPES")),
    ("public_body", "social", _rule("public_body", r"\bseguridad social", r"\bempleo\b", r"\btrabajo\b",
                                    r"\bservicios sociales", r"\bserveis socials", r"\bservizos sociais",
                                    r"\bgizarte zerbitzu", r"\bbienestar social", r"\bmenores\b", r"\bextranjer",
                                    r"\bacogida", r"\bceas\b", r"\bdiscapacidad", r"\bincapacidad", r"\bdependencia\b",
                                    acronyms=r"INSS|TGSS|SEPE|SPEE|IMSERSO")),
    ("public_body", "health", _rule("public_body", r"\bsalud\b", r"\bsalut\b", r"\bsa[uú]de\b", r"\bosasun",
                                    r"\bsanidad", r"\bsanitat",
                                    r"\bsanitari", r"\bosakidetza", r"\bmedicamento", r"\btransfusi",
                                    r"\bbanco de sangre", r"\bbanc de sang", r"\btrasplante", r"\bm[eé]dica\b",
                                    r"\batenci[oó]n primaria", r"\b(?:osi|esi|eoxi)\b",
                                    acronyms=r"SERGAS|SAS|SESCAM|SACYL|SERMAS|INGESA|INSALUD|AEMPS|ONT|OMS|WHO|ABS"
                                             r"|CatSalut")),
    # a town council stays a town council ("Ajuntament de Manlleu" came out "Consejo de Europa de Elx")
    ("public_body", "municipal", _rule("public_body", r"\bayuntamiento", r"\bayto\b", r"\bajuntament", r"\bpatronato",
                                       r"\bconcello", r"\budala\b", r"\bpiscina", r"\bpolideportivo",
                                       r"\bpoliesportiu", r"\bcentro c[ií]vico", r"\bcentre c[ií]vic",
                                       r"\bbiblioteca")),
    # a tourist's consulate stays a consulate or an embassy ("Consulado de Alemania" came out a laboratory)
    ("public_body", "diplomatic", _rule("public_body", r"\bconsulad[oa]", r"\bembajada", r"\bconsolat",
                                        r"\bambaixada", r"\bconsulate", r"\bembassy")),
    ("public_body", "government", _rule("public_body", r".")),
    # a hotel stays a place to stay or eat ("Hotel Playa Golf" came out "Panadería La Espiga")
    ("company", "hospitality", _rule("company", r"\bhotel", r"\bhostal", r"\baparthotel", r"\bapartamentos",
                                     r"\bcamping", r"\balbergue", r"\bparador\b", r"\brestaurante",
                                     r"\bcafeter", r"\bcervecer", r"\bbar\b", r"\btaberna", r"\bmes[oó]n\b",
                                     r"\bpizzer", r"\basador\b", r"\bmarisquer", r"\bchiringuito", r"\bsuites?\b",
                                     r"\bresort\b", r"\bhostel\b")),
    # a taxi, a courier or a carrier stays one ("taxi donostia" came out a tile maker, a courier a tax adviser)
    ("company", "transport", _rule("company", r"\btaxis?\b", r"\btransportes?\b", r"\bmensajer", r"\bmissatger",
                                   r"\bcourier", r"\bpaqueter", r"\bautobuses", r"\bautocares", r"\bnaviera",
                                   r"\bshipping", r"\bairlines?\b", r"\bairways", r"\bl[ií]neas a[eé]reas",
                                   r"\btram\b", r"\btranv[ií]a")),
    # a shop stays a shop ("Confitería Piloñeta" came out an IT consultancy)
    ("company", "shop", _rule("company", r"\bsupermercados?\b", r"\bhipermercado", r"\bconfiter", r"\bpasteler",
                              r"\bpanader", r"\bcarnicer", r"\bfruter", r"\bfrutas\b", r"\bpescader",
                              r"\bhelader", r"\bchurrer", r"\bferreter", r"\bpapeler", r"\blibrer[ií]a",
                              r"\bflorister", r"\btienda", r"\bbotiga", r"\bultramarinos", r"\bdroguer")),
    ("company", "bank", _rule("company", r"\bbanco\b", r"\bcaja\b", r"\bcaixa\b", r"\bkutxa\b", r"\bbank\b",
                              r"\bbanca\b")),
    # a funeral home stays one ("Polloe tanatorioa" came out a greengrocer)
    ("company", "funeral", _rule("company", r"\bfuneraria", r"\btanatori", r"\bpompas f[uú]nebres",
                                 r"\bservicios funerarios")),
    ("company", "trade", _rule("company", r".")),
    ("company_health", "service", _rule("company_health", r"\bambulancias?\b", r"\btransporte sanitario",
                                        r"\ban[aá]lisis cl[ií]nicos", r"\bortopedia", r"\b[oó]ptica",
                                        r"\bopticas?\b", r"\bdiagn[oó]stico por imagen", r"\bteleasistencia")),
    ("company_health", "manufacturer", _rule("company_health", r".")),
    # a dental clinic stays a dental clinic ("Clínica Dental Elizalde" came out "Unidad del Sueño del Levante")
    ("clinic", "dental", _rule("clinic", r"\bdental", r"\bodontol", r"\bortodonc", r"\bbucodental")),
    ("clinic", "general", _rule("clinic", r".")),
    ("ngo", "society", _rule("ngo", r"\bsociedad\b", r"\bsocietat\b", r"\bsociety\b", r"\bcolegio", r"\bcol[·.]?legi",
                             r"\bordem dos\b", r"\bordre des\b",
                             r"\bacademia\b", r"\bconsejo general\b")),
    # a sports club stays a sports club ("club balonmano puerto del carmen" came out "banco de alimentos")
    ("ngo", "sport", _rule("ngo", r"\bclub\b", r"\bpeña deportiva", r"\bdeportiv[oa]", r"\bbalonmano",
                           r"\bbaloncesto", r"\bf[uú]tbol", r"\bhockey", r"\brugby", r"\bvoleibol", r"\batletismo",
                           r"\bnataci[oó]n", r"\bciclista", r"\btenis\b", r"\bp[aá]del\b", r"\bmonta[ñn]a\b",
                           r"^(?:c\.\s?d|c\.\s?f|u\.\s?d|s\.\s?d|c\.\s?b|cd|cf|ud|sd|cb)\.?\s", r"\bmonta[ñn]ismo",
                           r"\balpinismo", r"\bescalada", r"\bsenderismo", r"\bpilota\b", r"\btaldea\b",
                           acronyms=r"CD|CF|UD|SD|CB|CN|CA")),
    ("ngo", "association", _rule("ngo", r".")),
)


def institution_sector(text: str, kind: str | None = None) -> str:
    """The sector of an INSTITUCION mention inside its kind ("Juzgado de Guardia" → justice); "" for kinds
    with no sectors."""
    text = _unscanned(text)
    kind = kind or institution_kind(text)
    if kind == "company_health" and listed_kind(text) == kind:
        return "service"  # a listed home-care or prevention contractor ("Clece", "Quirónprevención")
    if kind == "company" and (firm := listed_firm_kind(text)) is not None:
        return _FIRM_SECTORS.get(firm, "")
    for k, sector, rule in _SECTORS:
        if k == kind and rule.matches(text):
            return sector
    return ""


# -- gender and number of the head noun (what "del"/"al"/"la" before the mention agree with) -----------------------
_FEMININE_HEADS = frozenset("""comision agencia asociacion fundacion sociedad universidad facultad escuela clinica
consejeria conselleria diputacion direccion delegacion subdelegacion gerencia inspeccion policia organizacion
ciudad federacion confederacion mutua mutualidad tesoreria oficina fiscalia audiencia mancomunidad plataforma
academia unidad red xarxa residencia guardia proteccion cruz peña liga empresa compañia corporacion entidad
policlinica farmacia optica ortopedia union seguridad hacienda junta camara
fundacio associacio universitat escola conselleria generalitat xunta""".split())  # then Catalan, Galician
_MASCULINE_HEADS = frozenset("""consejo servicio instituto institut centro ministerio juzgado hospital ayuntamiento
palacio edificio departamento colegio registro tribunal equipo banco club consorcio grupo area laboratorio
sindicato programa observatorio hogar comite organismo hotel hostal restaurante despacho bufete gimnasio taller
centre consell departament ajuntament concello""".split())  # then Catalan, Galician


def head_agreement(text: str) -> str:
    """"m"/"f" plus "p" for a plural head ("Laboratorios" → "mp"), "" when the head says nothing (a brand,
    an acronym): the article or contraction before a mention ("al", "de la") must still fit its surrogate."""
    words = re.findall(r"[^\W\d_]+", text.strip().lower())
    if not words or text.strip().isupper():
        return ""
    head = words[0].translate(str.maketrans("áéíóúüàèìòùï", "aeiouuaeiouu"))  # "Farmàcia", "Residència" too
    plural = head.endswith("s") and head[:-1] in _MASCULINE_HEADS | _FEMININE_HEADS | {"laboratorio"}
    if plural:
        head = head[:-1]
    elif head.endswith("es") and head[:-2] in _FEMININE_HEADS | _MASCULINE_HEADS:
        head, plural = head[:-2], True  # "Clínicas", "Servicios" handled above; "Unidades" here
    if head in _FEMININE_HEADS:
        return "fp" if plural else "f"
    if head in _MASCULINE_HEADS or head == "laboratorio":
        return "mp" if plural else "m"
    return ""
