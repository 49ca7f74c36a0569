"""The kinship lexicon: Spanish relative terms (the ``kinship`` table plus the extras below) with their sex,
generation, number and grammatical gender, indexed for recognition and for drawing a relative of the same
sex, generation and number (``kinship: replace``). Built once per replacer.
"""
from __future__ import annotations

from dataclasses import dataclass

from gazetteers import Sampler
from gazetteers.sampler import ExhaustedError
from gazetteers.text import fold

ASCENDANT, DESCENDANT, COLLATERAL, SPOUSE = "ascendant", "descendant", "collateral", "spouse"
COLLECTIVE, NEWBORN, CHILD = "collective", "newborn", "child"
# No generation: partners who are no spouse, former partners, godparents, the parents of a child's spouse,
# adoptive relatives, friends and neighbours (SOCIAL) and carers and guardians (CARER, like COLLECTIVE kept under
# both policies: "cuidadora" → "amiga" would change who looks after the patient).
PARTNER, FORMER_SPOUSE, FORMER_PARTNER = "partner", "former spouse", "former partner"
GODPARENT, GODCHILD, CO_PARENT_IN_LAW = "godparent", "godchild", "co-parent"
ADOPTIVE, SOCIAL, CARER = "adoptive", "social", "carer"
#: classes a relative never changes out of, under either policy
KEPT_CLASSES = frozenset({COLLECTIVE, CARER})

# Generations relative to the patient, for ``kinship: replace`` (a relative changes only within the same sex
# and generation: "madre" → "tía" or "suegra", never "abuela"). Spouses, collectives, newborns and children
# keep the table's own class instead.
_LEVEL_TERMS = {
    4: "tatarabuelo tatarabuela tatarabuelos tatarabuelas",
    3: "bisabuelo bisabuela bisabuelos bisabuelas",
    2: "abuelo abuela abuelos abuelas|tío abuelo|tía abuela",
    1: "padre madre padres madres mamá papá progenitor progenitora progenitores suegro suegra suegros suegras "
       "padrastro madrastra tío tía tíos tías",
    0: "hermano hermana hermanos hermanas gemelo gemela gemelos gemelas mellizo melliza mellizos mellizas "
       "hermanastro hermanastra hermanastros hermanastras primo prima primos primas cuñado cuñada cuñados cuñadas"
       "|hermano gemelo|hermana gemela|medio hermano|media hermana|primo hermano|prima hermana|primos hermanos"
       "|primas hermanas",
    -1: "hijo hija hijos hijas sobrino sobrina sobrinos sobrinas yerno nuera yernos nueras hijastro hijastra",
    -2: "nieto nieta nietos nietas",
    -3: "bisnieto bisnieta bisnietos bisnietas",
}
# "a b c|d e|f g": single words before the first bar, one multi-word term after each bar
LEVELS: dict[str, int] = {
    fold(term): level for level, terms in _LEVEL_TERMS.items()
    for i, group in enumerate(terms.split("|")) for term in (group.split() if i == 0 else [group])
}
# Table terms of no generation (the table files them as spouses or relatives of a level): their own class, so that
# "su novio" never becomes "su esposo", "exmarido" never "marido", "madrina" never "madre" or "tía".
_CLASS_TERMS = {
    PARTNER: "novio novia novios novias pareja compañero compañera|compañero sentimental|compañera sentimental"
             "|pareja de hecho",
    FORMER_SPOUSE: "exmarido exmujer exesposo exesposa",
    FORMER_PARTNER: "expareja exnovio exnovia",
    GODPARENT: "padrino madrina padrinos",
    GODCHILD: "ahijado ahijada ahijados ahijadas",
    CO_PARENT_IN_LAW: "consuegro consuegra consuegros consuegras",
}
CLASS_OF: dict[str, str] = {
    fold(term): cls for cls, terms in _CLASS_TERMS.items()
    for i, group in enumerate(terms.split("|")) for term in (group.split() if i == 0 else [group])
}


def _forms(cls: str, spec: str) -> dict[str, tuple[str, str, str, str]]:
    """Extra terms of one class from "m sg/f sg/m pl/f pl" groups ("amigo/amiga/amigos/amigas", "-" for none;
    "acompañante//acompañantes/" for an epicene noun)."""
    out: dict[str, tuple[str, str, str, str]] = {}
    for group in spec.split(","):
        m_sg, f_sg, m_pl, f_pl = (w.strip() for w in group.split("/"))
        epicene = not f_sg
        for value, entry in ((m_sg, ("" if epicene else "M", cls, "sg", "" if epicene else "m")),
                             (f_sg, ("F", cls, "sg", "f")), (m_pl, ("", cls, "pl", "m")), (f_pl, ("F", cls, "pl", "f"))):
            if value and value != "-":
                out[value] = entry
    return out


# Who else reports name beside relatives (FAMILIARES spans): friends, neighbours, flatmates, carers, guardians.
# None is a relative or of a generation; "su amiga", "la vecina", "su tutora legal" were masked.
_SOCIAL_TERMS = _forms(SOCIAL, (
    "amigo/amiga/amigos/amigas, vecino/vecina/vecinos/vecinas, conocido/conocida/conocidos/conocidas, "
    "compañero de piso/compañera de piso/compañeros de piso/compañeras de piso, "
    "compañero de trabajo/compañera de trabajo/compañeros de trabajo/compañeras de trabajo, "
    "compañero de habitación/compañera de habitación/compañeros de habitación/compañeras de habitación, "
    "compañero de residencia/compañera de residencia/compañeros de residencia/compañeras de residencia"))
_CARER_TERMS = _forms(CARER, (
    "cuidador/cuidadora/cuidadores/cuidadoras, tutor/tutora/tutores/tutoras, "
    "tutor legal/tutora legal/tutores legales/tutoras legales, acompañante//acompañantes/, "
    "representante legal//representantes legales/"))
_OTHER_CLASS_TERMS = {
    **_forms(PARTNER, "compañero sentimental/compañera sentimental/-/-, -/-/novios/novias"),
    **_forms(FORMER_PARTNER, "exnovio/exnovia/-/-, expareja//-/"),
    **_forms(GODPARENT, "-/-/padrinos/-"), **_forms(GODCHILD, "-/-/ahijados/ahijadas"),
    "pareja de hecho": ("", PARTNER, "sg", "f"),
    # adoptive relatives keep their adoption ("hijo adoptivo" → "sobrino adoptivo" read false): recognised, kept
    **_forms(ADOPTIVE, "hijo adoptivo/hija adoptiva/hijos adoptivos/hijas adoptivas, "
                       "padre adoptivo/madre adoptiva/padres adoptivos/-"),
}
#: words of the non-family relations: read as a name when capitalised alone or before a name ("Vecino López")
#: if the census knows them as one
NON_FAMILY_WORDS = frozenset(w for k in (*_SOCIAL_TERMS, *_CARER_TERMS) for w in fold(k).split())

# Words the kinship table does not hold but reports use: value → (sex, class, number, grammatical gender).
_EXTRA_TERMS: dict[str, tuple[str, str, str, str]] = {
    **_SOCIAL_TERMS, **_CARER_TERMS, **_OTHER_CLASS_TERMS,
    "tías": ("F", ASCENDANT, "pl", "f"), "primas": ("F", COLLATERAL, "pl", "f"),
    "sobrinas": ("F", COLLATERAL, "pl", "f"), "madres": ("F", ASCENDANT, "pl", "f"),
    "primo hermano": ("M", COLLATERAL, "sg", "m"), "prima hermana": ("F", COLLATERAL, "sg", "f"),
    "primos hermanos": ("", COLLATERAL, "pl", "m"), "primas hermanas": ("F", COLLATERAL, "pl", "f"),
    "progenitor": ("M", ASCENDANT, "sg", "m"), "progenitora": ("F", ASCENDANT, "sg", "f"),
    "progenitores": ("", ASCENDANT, "pl", "m"),
    "familia": ("", COLLECTIVE, "sg", "f"), "parentela": ("", COLLECTIVE, "sg", "f"),
    "rama": ("", COLLECTIVE, "sg", "f"), "línea": ("", COLLECTIVE, "sg", "f"),
    "familiar": ("", COLLECTIVE, "sg", ""), "pariente": ("", COLLECTIVE, "sg", ""),
    "familiares": ("", COLLECTIVE, "pl", "m"), "parientes": ("", COLLECTIVE, "pl", "m"),
    "allegados": ("", COLLECTIVE, "pl", "m"),
    "neonato": ("M", NEWBORN, "sg", "m"), "neonata": ("F", NEWBORN, "sg", "f"),
    "recién nacido": ("M", NEWBORN, "sg", "m"), "recién nacida": ("F", NEWBORN, "sg", "f"),
    "neonatos": ("", NEWBORN, "pl", "m"), "recién nacidos": ("", NEWBORN, "pl", "m"),
    "varón": ("M", CHILD, "sg", "m"), "varones": ("", CHILD, "pl", "m"), "niño": ("M", CHILD, "sg", "m"),
    "niña": ("F", CHILD, "sg", "f"), "niños": ("", CHILD, "pl", "m"), "niñas": ("F", CHILD, "pl", "f"),
    "chico": ("M", CHILD, "sg", "m"), "chica": ("F", CHILD, "sg", "f"), "chicos": ("", CHILD, "pl", "m"),
    "chicas": ("F", CHILD, "pl", "f"),
}
# Which extras may be drawn as replacements (the others are only recognised): a friend or neighbour becomes
# another such relation of the same sex and number ("su amiga" → "su vecina", never "compañera de piso", which
# reads false in "amiga de la familia"); carers and adoptive relatives stay.
_DRAWABLE_EXTRAS = {*(t for t in _SOCIAL_TERMS if " " not in t), "novios", "novias", "exnovio", "exnovia",
                    "tías", "primas", "sobrinas", "parentela", "pariente", "familiar", "parientes", "familiares",
                    "allegados", "neonato", "neonata", "recién nacido", "recién nacida", "neonatos",
                    "recién nacidos", "niño", "niña", "niños", "niñas", "chico", "chica", "chicos", "chicas"}
# Recognised (they are the output of "familia paterna") but never replaced inside a longer mention.
_KEPT_TERMS = frozenset({"rama", "línea"})
# "la familia" may also become "la pareja"; "familia paterna" becomes "rama paterna".
_FAMILY_ALTERNATIVES = ("pareja",)
_SIDE_NOUNS = ("rama", "línea")
# Commonness prior when the table carries no weights (every weight equal): everyday terms first.
_COMMON = {"abuelo", "abuela", "abuelos", "tío", "tía", "tíos", "primo", "prima", "primos", "hermano", "hermana",
           "hermanos", "hijo", "hija", "hijos", "nieto", "nieta", "nietos", "sobrino", "sobrina", "sobrinos",
           "esposo", "esposa", "marido", "mujer", "padre", "madre", "padres", "cuñado", "cuñada", "pareja",
           "parientes", "familiares", "niño", "niña", "niños", "abuelas", "tías", "primas", "hermanas", "hijas", "nietas",
           "sobrinas", "cuñadas", "amigo", "amiga", "amigos", "amigas", "vecino", "vecina", "vecinos", "vecinas"}
_COMMON_WEIGHT = 10.0
# Terms that are rarely meant in a clinical history (or hardly a spouse): drawn only now and then.
_RARE = {"tatarabuelo", "tatarabuela", "consuegro", "consuegra", "exmarido", "exmujer", "padrino", "madrina",
         "ahijado", "ahijada", "hijastro", "hijastra", "padrastro", "madrastra", "hermanastro", "hermanastra",
         "mamá", "papá", "compañero", "compañera", "hermanastros", "hermanastras", "tatarabuelos", "tatarabuelas"}
_RARE_WEIGHT = 0.2
# Terms that take a side ("abuela materna"); after "materno"/"paterno" the new term must be one of them.
_SIDED = {"abuelo", "abuela", "abuelos", "abuelas", "bisabuelo", "bisabuela", "bisabuelos", "tío", "tía", "tíos",
          "tías", "primo", "prima", "primos", "primas", "tío abuelo", "tía abuela", "tatarabuelo", "tatarabuela",
          "primo hermano", "prima hermana", "primos hermanos", "primas hermanas", "familia", "familiares", "rama",
          "línea"}
_SIDE_WORDS = frozenset({"materno", "materna", "maternos", "maternas", "paterno", "paterna", "paternos", "paternas"})


@dataclass(frozen=True)
class Term:
    value: str
    sex: str
    generation: str
    number: str
    gram: str  # grammatical gender of the noun: "m", "f" or "" (epicene: cónyuge, familiar)
    words: int

    @property
    def group(self) -> str:
        """What a replacement must share besides sex and number: the class of a relation of no generation
        (partner, godparent, friend...), else the generation, else the table's class."""
        key = fold(self.value)
        cls = CLASS_OF.get(key)
        if cls is not None:
            return cls
        level = LEVELS.get(key)
        return self.generation if level is None else f"level{level:+d}"


def _prior_weight(value: str) -> float:
    return _COMMON_WEIGHT if value in _COMMON else _RARE_WEIGHT if value in _RARE else 1.0


class KinshipLexicon:
    """Terms from the ``kinship`` table plus the extras above, indexed for recognition and for drawing."""

    def __init__(self, rows: list[tuple[str, str, str, str, float]], blocklist=()) -> None:
        self.terms: dict[str, Term] = {}
        weights: dict[str, float] = {}
        for value, sex, generation, number, weight in rows:
            value = value.strip().lower()
            gram = "f" if sex == "F" else "m" if sex == "M" or number == "pl" else ("f" if value == "pareja" else "")
            self.terms[fold(value)] = Term(value, sex or "", generation, number, gram, len(value.split()))
            weights[fold(value)] = weight
        uniform = len(set(weights.values())) <= 1
        if uniform:
            weights = {k: _prior_weight(self.terms[k].value) for k in weights}
        drawable = set(self.terms)
        for value, (sex, cls, number, gram) in _EXTRA_TERMS.items():
            key = fold(value)
            if key not in self.terms:
                self.terms[key] = Term(value, sex, cls, number, gram, len(value.split()))
                if value in _DRAWABLE_EXTRAS:
                    drawable.add(key)
                    weights[key] = _prior_weight(value)
        groups: dict[tuple[str, str, str], tuple[list[str], list[float]]] = {}
        for key in sorted(drawable):
            t = self.terms[key]
            vals, ws = groups.setdefault((t.sex, t.group, t.number), ([], []))
            vals.append(t.value)
            ws.append(weights.get(key, 1.0))
        self.samplers: dict[tuple[str, str, str, bool], Sampler] = {}
        for (sex, group, number), (vals, ws) in groups.items():
            for sided in (False, True):
                keep = [i for i, v in enumerate(vals) if not sided or v in _SIDED]
                try:
                    self.samplers[(sex, group, number, sided)] = Sampler(
                        [vals[i] for i in keep], [ws[i] for i in keep], blocklist=blocklist)
                except (ValueError, ExhaustedError):
                    pass
        self.max_words = max(t.words for t in self.terms.values())
        #: every folded word of every term ("medio" of "medio hermano"): a kept relative copies only these
        self.words = frozenset(w for k in self.terms for w in k.split())
        #: the same words as spelt (lower case, accents kept)
        self.spellings = frozenset(w for t in self.terms.values() for w in t.value.split())

    def values_sharing_words(self, value: str) -> list[str]:
        words = set(fold(value).split())
        return [t.value for k, t in self.terms.items() if words & set(k.split())]

    def match(self, words: list[str], i: int) -> tuple[Term, int] | None:
        """The longest term starting at word ``i``; returns it and how many words it spans."""
        for n in range(min(self.max_words, len(words) - i), 0, -1):
            term = self.terms.get(fold(" ".join(words[i : i + n])))
            if term is not None:
                return term, n
        return None
