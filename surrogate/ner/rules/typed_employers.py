"""Employers and firms that a note typed fast in lower case names by a brand alone, after what the person does there:
``cajera en el mercadona``, ``repartidor con glovo``, ``trabaja a turnos en repsol``, ``treballa a la seat``, ``esta en
zara de dependienta``, ``el bus de avanza``, ``la empresa ferrovial``.

* a cue: a verb of work (``trabaja``, ``curra``, ``currando``, Catalan ``treballa``, Galician ``traballa``, with
  ``de``/``como`` and the job, ``a turnos``, ``de turno``), a profession of the census (``cajera``, ``repartidor``,
  ``conductor de autobus urbano``), ``de turno``, a vehicle (``bus``, ``autocar``, ``ambulancia``, ``taxi``) with
  ``de``, or ``empresa`` (also ``empresa (x, es cajera)``); then ``en``/``con``/``para``/``a``/``per`` (``a`` only
  before an article) and perhaps an article (Galician ``na``/``no`` hold one);
* a profession, perhaps ``jubilado``, then ``de`` and one brand word that ends the clause (``vigilante de eulen,``,
  ``soldador jubilado de arcelor (aviles)``, ``repartidor de glovo en bcn``);
* or the brand before its job: ``en <brand> de|como <profession>``;
* or a kind of work or workplace after the cue, ``de`` and the brand (``en la limpieza de carrefour de murcia``);
* the brand: one or two words in lower case that no list holds as an ordinary word, a given name, a kinship word, a
  profession or a place, of four letters or more, that do not read as an adjective, an abstract noun or a kind of
  workplace (``en casa``, ``en una fabrica``, ``en la obra``, ``con contrato``, ``a jornada completa``, ``en
  hosteleria``: :data:`_NOT_BRANDS` and the endings of :data:`_KIND_ENDING`);
* a town after the brand (``la seat de martorell``, ``d'almussafes``) is a place of its own.

In a note typed fast in lower case only (:func:`.typed_fast.typed_in_lower`): a capitalised brand is the ordinary
rules'.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, STRUCTURED, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY
from .typed_fast import typed_in_lower
from .typed_note import words_at
from .typed_workplaces import _ADJECTIVE

_BODY, _TOWN = "INSTITUCION", "TERRITORIO"
_WORD = re.compile(r"[^\W\d_]+")
_VERB = (r"(?:trabaj(?:a|aba|an|aban|o|ó|ando)|curr(?:a|aba|an|o|ó|ando)|treball(?:a|ava|en|o|ant)|"
         r"traball(?:a|aba|an|o|ou|ando))")
# what may stand between the verb and the preposition: the job, the shift, the years
_VERB_TAIL = (r"(?:[ \t]+(?:a|de|por)[ \t]+turnos?|[ \t]+(?:de|como|com)[ \t]+[^\W\d_]+(?:[ \t]+[^\W\d_]+)?|"
              r"[ \t]+(?:\d{1,2}|muchos|varios|molts|moitos)[ \t]+(?:años|anos|anys)|[ \t]+(?:ahora|ara|agora|ahi|alli|tambien))?")
_PREP = r"(?P<p>en|con|amb|para|pa|per|a|na|no|nas|nos)(?![\w'’])"
_ARTICLE = r"(?:[ \t]+(?:(?P<a>el|la|los|las|els|les|o|a|os|as)(?![\w'’])|(?P<l>l['’])))?(?:[ \t]+|(?<=['’]))"
_VERB_CUE = re.compile(rf"(?<![\w])(?:{_VERB}{_VERB_TAIL}|(?:de|a)[ \t]+turnos?)[ \t]+{_PREP}{_ARTICLE}(?=[^\W\d_])")
_VEHICLE_CUE = re.compile(r"(?<![\w])(?:bus|autobus|autobús|autocar|ambulancia|ambu|taxi|furgoneta)[ \t]+(?:de|del|d['’])"
                          r"(?:[ \t]+(?:la|el|l['’]))?[ \t]*(?=[^\W\d_])")
_FIRM_CUE = re.compile(r"(?<![\w])(?:empresa|empresa[ \t]+de[ \t]+trabajo[ \t]+temporal|ett|contrata|subcontrata)"
                       r"(?:[ \t]*:?[ \t]+|[ \t]*\([ \t]*)(?=[^\W\d_])")
# a profession, perhaps retired, then "de" and the firm at the clause's end: "vigilante de eulen, sin detencion",
# "soldador jubilado de arcelor (aviles)", "repartidor de glovo en bcn"
_PROFESSION_OF = re.compile(r"(?:[ \t]+(?:jubilad[oa]|retirad[oa]|prejubilad[oa]|en[ \t]+paro|temporal|fij[oa]|eventual))?"
                            r"[ \t]+(?:de|del|d['’])[ \t]*(?=[^\W\d_])")
# what a trade is "of" that is no firm: a subject, a sport, the goods (a plural is goods too: "repartidor de pizzas")
_TRADE_OF = frozenset({
    "ingles", "inglés", "frances", "francés", "aleman", "alemán", "italiano", "chino", "arabe", "árabe", "lengua",
    "latin", "latín", "griego", "dibujo", "yoga", "pilates", "baile", "danza", "salsa", "flamenco", "futbol", "fútbol",
    "baloncesto", "balonmano", "tenis", "padel", "pádel", "golf", "boxeo", "judo", "karate", "autoescuela", "comida",
    "carne", "pescado", "fruta", "pan", "leche", "ropa", "calzado", "mueble", "obra", "reparto", "basura", "cocina",
    "barra", "sala", "piso", "planta", "noche", "dia", "día", "guardia", "refuerzo", "apoyo", "primaria", "secundaria",
    "bachillerato", "infantil", "adultos", "religion", "religión", "piano", "guitarra", "violin", "violín", "canto",
    "teatro", "circo", "cine", "radio", "prensa", "oficio", "profesion", "profesión", "carrera", "empresa", "campo",
    "vivero", "jardin", "jardín", "hogar", "mantenimiento", "limpieza", "seguridad", "emergencias", "cabecera",
    "familia", "referencia", "zona", "area", "área", "base", "ruta", "linea", "línea", "autobus", "autobús", "metro",
    "tren", "taxi", "grua", "grúa", "camion", "camión", "carretilla", "tractor", "montacargas", "ascensor", "vuelo"})
_CLAUSE_END = re.compile(r"[ \t]*(?:[,.;:)(\n]|$|(?:en|y|hasta|desde|durante|por)(?![\w]))")
_PROFESSION_GAP = re.compile(r"(?:[ \t]+(?:de|del)[ \t]+[^\W\d_]+(?:[ \t]+[^\W\d_]+)?)?[ \t]+" + _PREP + _ARTICLE
                             + r"(?=[^\W\d_])")
_AFTER_JOB = re.compile(r"(?<![\w])(?:en|na|no)(?:[ \t]+(?:el|la|o|a))?[ \t]+(?P<b>[^\W\d_]+)[ \t]+(?:de|como|com)[ \t]+"
                        r"(?P<j>[^\W\d_]+)(?![\w])")
# kinds of workplace, sectors and terms of a job: what the person does and where, not which firm
_NOT_BRANDS = frozenset(fold(w) for w in (
    "fabrica", "fábrica", "almacen", "almacén", "oficina", "oficinas", "taller", "tienda", "super", "supermercado",
    "hipermercado", "mercado", "mercadillo", "obra", "obras", "mina", "huerta", "granja", "colegio", "escuela",
    "instituto", "ayuntamiento", "concello", "ajuntament", "aeropuerto", "estacion", "matadero", "conservera",
    "cooperativa", "empresa", "empresas", "hosteleria", "limpieza", "limpiezas", "construccion", "restaurante",
    "cafeteria", "bar", "bares", "discoteca", "cocina", "cocinas", "barco", "camion", "autobus", "taxi", "ambulancia",
    "turno", "turnos", "noche", "noches", "negro", "paro", "remoto", "teletrabajo", "contrato", "jornada", "media",
    "completa", "parcial", "destajo", "temporada", "temporal", "verano", "invierno", "campaña", "campana", "vendimia",
    "recogida", "hospital", "clinica", "residencia", "centro", "domicilio", "domicilios", "casa", "casas", "calle",
    "puerto", "campo", "monte", "mar", "pesca", "hotel", "hoteles", "banco", "gasolinera", "peluqueria", "carniceria",
    "pescaderia", "fruteria", "panaderia", "farmacia", "comercio", "negocio", "familia", "amigos", "amigo", "amiga",
    "ella", "ellos", "ellas", "nosotros", "usted", "alguien", "nadie", "todo", "todos", "mismo", "misma", "otro",
    "otra", "otros", "otras", "algo", "nada", "eso", "esto", "aquello", "linea", "soporte", "urgencia", "urgencias",
    "guardia", "guardias", "planta", "quirofano", "cuidados", "limpiadora", "seguridad", "vigilancia", "reparto",
    "transporte", "transportes", "mudanzas", "ventas", "venta", "caja", "cajas", "sector", "industria", "metal",
    "madera", "textil", "automocion", "logistica", "agricultura", "ganaderia", "educacion", "sanidad", "administracion",
    "ejercito", "policia", "bomberos", "marina", "armada", "ruta", "rutas", "carretera", "plataforma",
    "aplicacion", "app", "moto", "coche", "furgoneta", "bici", "bicicleta", "pie", "pareja", "equipo", "grupo",
    "cadena", "franquicia", "multinacional", "autonomo", "autonoma", "cuenta", "propia", "ajena", "sueldo", "salario",
    "horario", "horas", "semana", "fines", "finde", "festivos", "mañanas", "tardes", "cajera", "cajero", "caixa",
    "botiga", "fabrica", "magatzem", "obrador", "tenda", "eido", "leiteria", "vaques", "vacas", "ovejas", "cerdos",
    "ganado", "vinyes", "vides", "olivos", "naranjos", "arroz", "invernadero", "invernaderos", "nave", "naves",
    "polígono", "poligono", "muelle", "lonja", "barcos", "parking", "aparcamiento", "gimnasio", "piscina", "playa",
    "pueblo", "ciudad", "capital", "extranjero", "fuera", "dentro", "cerca", "lejos", "altura", "interior", "exterior",
    "sala", "salas", "planta", "boxes", "unidad", "servicio", "consulta", "consultas", "despacho", "laboratorio",
    "lavanderia", "cocinero", "cocinera", "mantenimiento", "recepcion", "portería", "porteria", "conserjeria",
    "tabaco", "pimiento", "tomate", "fresa", "fresas", "aceituna", "uva", "naranja", "cosecha", "temporero",
))
# a kind of workplace, a trade or an abstract noun by its ending: "panaderia", "lavanderia", "montaje", "tratamiento",
# "laboratorio", "agencia", "constructora", "envasadora"
_KIND_ENDING = re.compile(r"(?:ia|ias|aje|ajes|miento|mientos|ura|uras|torio|torios|ncia|ncias|dora|doras|tora|toras|"
                          r"ero|era|eros|eras|ista|istas|ción|ciones|sion|siones)$")


def _brand(w: str, lexicon: Lexicon, stop: frozenset[str]) -> bool:
    """A word that may be a brand: lower case, four letters or more, no word of a list, no adjective or kind."""
    f = fold(w)
    if w != w.lower() or len(f) < 4 or f in stop or f in ORDINARY or f in DESCRIPTORS or f in _NOT_BRANDS:
        return False
    if f.endswith("s") and (f[:-1] in ORDINARY or f[:-1] in _NOT_BRANDS or f[:-1] in stop):
        return False
    if _ADJECTIVE.search(f) or _KIND_ENDING.search(f):
        return False
    return not any(lexicon.is_(c, f) for c in ("first_name", "kinship", "profession")) and not lexicon.place_at([f])


# trades that the census list of professions lacks
_TRADES = frozenset({"vigilante", "vigilantes", "guarda", "monitor", "monitora", "tecnico", "tecnica", "operario",
                     "operaria", "mozo", "moza", "encargado", "encargada", "dependiente", "dependienta", "comercial"})


def _profession(w: str, lexicon: Lexicon) -> bool:
    f = fold(w)
    return f in _TRADES or len(f) >= 4 and (lexicon.is_("profession", f) or f.endswith("s") and lexicon.is_("profession", f[:-1]))


def _brand_at(text: str, pos: int, lexicon: Lexicon, stop: frozenset[str]) -> list[re.Match[str]]:
    """The brand's words from ``pos`` on (none when the first word is no brand): one, or two set apart by a space."""
    m = _WORD.match(text, pos)
    if not m or not _brand(m.group(), lexicon, stop) or re.match(r"['’@./-]\w", text[m.end():m.end() + 2]):
        return []
    kept = [m]
    gap = re.match(r"[ \t]+", text[m.end():m.end() + 3])
    nxt = _WORD.match(text, m.end() + gap.end()) if gap else None
    if nxt and _brand(nxt.group(), lexicon, stop) and not lexicon.is_("surname", nxt.group()):
        kept.append(nxt)
    return kept


def _town_after(text: str, end: int, lexicon: Lexicon, stop: frozenset[str]) -> Candidate | None:
    """``de <town>``, ``d'<town>`` right after a brand: a known place of up to four words, no ordinary word alone."""
    de = re.match(r"[ \t]+(?:de|del|d['’])[ \t]*", text[end:end + 6])
    if not de:
        return None
    ms = words_at(text, end + de.end(), 4, word=_WORD, abbreviations=False)
    folded = [fold(m.group()) for m in ms]
    n = lexicon.place_at(folded, 0) if folded else 0
    if not n or n == 1 and (folded[0] in stop or folded[0] in ORDINARY or lexicon.is_("first_name", folded[0])):
        return None
    return Candidate(ms[0].start(), ms[n - 1].end(), _TOWN, PATTERN)


_SECTOR_OF = re.compile(r"[^\W\d_]+[ \t]+(?:de|del|d['’])(?:[ \t]+(?:la|el))?[ \t]*(?=[^\W\d_])")


def _brand_of_sector(text: str, pos: int, lexicon: Lexicon, stop: frozenset[str]) -> list[re.Match[str]]:
    """``en la limpieza de carrefour``, ``en el almacen de inditex``: a kind of work or workplace, ``de`` and one brand
    word that ends the clause (no plural, no goods: ``de muebles``, ``de pan``)."""
    m = _SECTOR_OF.match(text, pos)
    if not m or fold(text[pos:m.end()].split()[0]) not in _NOT_BRANDS:
        return []
    b = _WORD.match(text, m.end())
    if not b or not _brand(b.group(), lexicon, stop) or lexicon.is_("surname", b.group()) or fold(b.group()) in _TRADE_OF \
            or fold(b.group()).endswith("s") or re.match(r"['’@./-]\w", text[b.end():b.end() + 2]):
        return []
    after = re.match(r"[ \t]+(?:de|del|d['’])[ \t]*", text[b.end():b.end() + 6])  # "carrefour de murcia": its town
    return [b] if _CLAUSE_END.match(text, b.end()) or after else []


def typed_employer_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """Brands after a job's cue in a note typed fast in lower case (module docstring)."""
    if not typed_in_lower(text):
        return []
    starts: list[int] = []
    for rx in (_VERB_CUE, _VEHICLE_CUE, _FIRM_CUE):
        for m in rx.finditer(text):
            if m.group() != m.group().lower():
                continue
            if rx is _VERB_CUE and (m.group("p") == "a" and not (m.group("a") or m.group("l")) or m.group("p") in ("con", "amb")):
                continue  # "trabaja a jornada completa": "a" only before an article; "trabaja con ...": a tool, a person
            starts.append(m.end())
    out: list[Candidate] = []
    for m in _WORD.finditer(text):  # "cajera en el mercadona", "conductor de autobus urbano en avanza"
        if m.group() == m.group().lower() and _profession(m.group(), lexicon):
            g = _PROFESSION_GAP.match(text, m.end())
            if g and not (g.group("p") == "a" and not (g.group("a") or g.group("l"))):
                starts.append(g.end())
            o = _PROFESSION_OF.match(text, m.end())  # "vigilante de eulen,": one brand word, then the clause ends
            b = _WORD.match(text, o.end()) if o else None
            if b and _brand(b.group(), lexicon, stop) and not lexicon.is_("surname", b.group()) \
                    and fold(b.group()) not in _TRADE_OF and not fold(b.group()).endswith("s") \
                    and not re.match(r"['’@./-]\w", text[b.end():b.end() + 2]) and _CLAUSE_END.match(text, b.end()):
                out.append(Candidate(b.start(), b.end(), _BODY, STRUCTURED))
    for pos in starts:
        kept = _brand_at(text, pos, lexicon, stop) or _brand_of_sector(text, pos, lexicon, stop)
        if kept:
            out.append(Candidate(kept[0].start(), kept[-1].end(), _BODY, STRUCTURED))
            town = _town_after(text, kept[-1].end(), lexicon, stop)
            if town:
                out.append(town)
    for m in _AFTER_JOB.finditer(text):  # "esta en hipercor de reponedora"
        if m.group() == m.group().lower() and _profession(m.group("j"), lexicon) \
                and _brand(m.group("b"), lexicon, stop) and not lexicon.is_("surname", m.group("b")):
            out.append(Candidate(m.start("b"), m.end("b"), _BODY, STRUCTURED))
    return out
