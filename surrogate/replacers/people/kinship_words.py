"""The words of a kinship mention around its relative, which stay as written: modifiers and counts, the
determiners that open a mention ("Su hija", "AMBOS PADRES"), words after a relative that are no name even when
capitalised ("HERMANO MAYOR"), a relative's state ("difunto"), and the adjectives that agree with the
relative's noun (materno, gemelo, primera), which :func:`agree` puts in a new noun's gender and number. The
relatives themselves are in :mod:`.kinship_lexicon`.
"""
from __future__ import annotations

from gazetteers.text import fold

from ...textcase import apply_case
from .kinship_numbers import NUMBER_WORDS

KINSHIP_MODIFIERS = (
    "uno una dos tres cuatro cinco seis siete ocho nueve diez varios varias ambos ambas mayor menor pequeño pequeña "
    "primer primero primera segundo segunda tercero tercera materno materna paterno paterna político política "
    "joven jóvenes miembros hermanos padres mediano mediana único única rama grado invidente adoptado adoptada "
    "adoptados adoptadas principal principales habitual habituales paciente pacientes "
    # Catalan, Galician and Basque ones: "seu germà gran" ("gran" was masked), "irmá maior", "anaia zaharrena"
    "gran grans petit petita petits petites mitjà mitjana maior pequeno pequena vello vella "
    "xicotet xicoteta xicotets xicotetes menut menuda "  # Valencian "germà xicotet" ("xicotet" was masked)
    "patern matern paterns materns "  # Catalan "Oncle patern" was masked
    "nagusia nagusiak txikia txikiak zaharrena gazteena"
)
#: adjectives that agree with the noun: stem → forms (m sg, f sg, m pl, f pl)
AGREEING = {
    stem: (stem + "o", stem + "a", stem + "os", stem + "as")
    for stem in ("matern", "patern", "gemel", "melliz", "median", "segund", "tercer", "únic", "pequeñ",
                 "polític", "hermán", "herman", "biológic", "adoptiv", "fallecid", "afectad", "sol", "jóven")
}
AGREEING["primer"] = ("primer", "primera", "primeros", "primeras")
AGREEING["primero"] = ("primero", "primera", "primeros", "primeras")
AGREEING["otr"] = ("otro", "otra", "otros", "otras")
AGREEING["un"] = ("un", "una", "unos", "unas")
#: folded form → (stem, index of the form in ``AGREEING[stem]``)
FORM_OF = {fold(f): (stem, i) for stem, forms in AGREEING.items() for i, f in enumerate(forms)}
_SIDES = {"matern": "patern", "patern": "matern"}

#: determiners and counts that open a mention before its relative: "Su hija", "Dos hermanos", "AMBOS PADRES"
OPENERS = frozenset(fold(w) for w in (
    "su sus mi mis tu tus nuestro nuestra nuestros nuestras el la los las ambos ambas todos todas sendos sendas "
    "varios varias algunos algunas algún alguno alguna cada dicho dicha dichos dichas este esta estos estas ese "
    "esa esos esas aquel aquella aquellos aquellas"
).split()) | frozenset(fold(w) for w in NUMBER_WORDS)
#: words after a relative that are no name even when capitalised ("HERMANO MAYOR", "PADRE DE 63 AÑOS")
NOT_NAMES = OPENERS | frozenset(fold(w) for w in (
    "de del y e o u con sin en por para a al mayor menor mayores menores edad grado grados año años mes meses "
    "semana semanas día días hora horas vivo viva vivos vivas sano sana sanos sanas"
).split())
#: a relative's state, kept as written
STATE_WORDS = ("difunto difunta difuntos difuntas enfermo enferma enfermos enfermas sanos sanas ya hace actualmente "
               "vive viven fallece falleció murió "
               "estable estables actual actuales habitual habituales anterior anteriores ex "  # "Pareja estable"
               "viudo viuda separado separada divorciado divorciada fallecido fallecida gemelo gemela mellizo melliza "
               # civil state and distance ("tia soltera", "primo lejano" were masked)
               "soltero soltera solteros solteras casado casada casados casadas lejano lejana lejanos lejanas "
               "cercano cercana cercanos cercanas directo directa directos directas")
#: particles inside a lower-case name ("maría de la fuente")
NAME_PARTICLES = frozenset(("de", "del", "la", "las", "los", "y", "i", "e", "da", "do", "das", "dos"))


def agree(word: str, gram: str, number: str) -> str:
    """``materno`` in the grammatical gender ``gram`` and number ``number`` (same case as ``word``)."""
    found = FORM_OF.get(fold(word))
    if found is None or not gram:
        return word
    stem, _ = found
    forms = AGREEING[stem]
    new = forms[(0 if gram == "m" else 1) + (2 if number == "pl" else 0)]
    return apply_case(word, new) if fold(new) != fold(word) else word


def other_side(word: str) -> str | None:
    """The side adjective of the other side in the same gender, number and case ("materno" → "paterno",
    "PATERNAS" → "MATERNAS"), or None for a word that names no side."""
    found = FORM_OF.get(fold(word))
    if not found or found[0] not in _SIDES:
        return None
    stem, idx = found
    return apply_case(word, AGREEING[_SIDES[stem]][idx])
