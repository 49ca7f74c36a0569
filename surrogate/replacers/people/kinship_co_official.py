"""Kinship words of Catalan, Galician, Basque, Aranese and Portuguese notes, and of the English that Spanish notes quote
(``gazetteers.locales.languages.quoted``), which the kinship replacer keeps as they stand, with their determiners
and the Basque case endings a relative takes ("Emazteak", "Alabari")."""
from __future__ import annotations

import re

from gazetteers.text import fold

from ...leak_guard import words_of

#: Kinship words of Catalan, Galician and Basque notes: kept as they stand (under either policy: the table the
#: ``replace`` policy draws from is Spanish, and a relative is never rewritten into another language).
_CO_OFFICIAL_TERM_TEXT = (
    "pare mare pares fill filla fills filles germà germana germans germanes avi àvia avis àvies besavi besàvia "
    "oncle oncles tiet tieta tiets cosí cosina cosins cosines nebot neboda nebots nebodes nét néta néts nétes "
    "marit muller dona espòs parella sogre sogra gendre nora cunyat cunyada padrastre madrastra "
    "progenitor progenitora progenitors progenitores proxenitor proxenitora proxenitores "
    "pai nai pais fillo fillos fillas irmán irmá irmáns irmás avó avoa avós curmán curmá sobriño sobriña neto neta "
    "netos home sogro xenro cuñado cuñada "
    "aita ama gurasoak semea alaba seme-alabak anaia arreba ahizpa neba aitona amona aiton-amonak osaba izeba "
    "lehengusua lehengusina iloba biloba senarra emaztea ezkontidea bikotea aitaginarreba amaginarreba suhia erraina "
    "koinata koinatua "
    # Aranese (the Occitan of the Val d'Aran): "sa hilha", "eth sòn òme", "era sua mair"
    "pair mair pairs hilh hilha hilhs hilhes frair frairs sòr sòrs òme hemna nebòt nebòda oncle tia cosin cosina "
    "sògre sògra gendre nòra pairin mairina "
    # friends, neighbours, partners, carers and guardians (ca, gl, eu): "la seva veïna", "a súa amiga", "bere laguna"
    "amic amiga amics amigues veí veïna veïns veïnes company companya companys companyes conegut coneguda "
    "cuidador cuidadora cuidadors cuidadores tutor tutora tutors tutores xicot xicota nuvi núvia "
    "amigo amigos amigas veciño veciña veciños veciñas compañeiro compañeira compañeiros coñecido coñecida "
    "coidador coidadora coidadores titor titora noivo noiva parella "
    "laguna bizilaguna bikotekidea lankidea zaintzailea tutorea "
    # Asturian grandparents ("su güela maruja" was masked whole)
    "güela guela güelu guelu güelo guelo güelos guelos "
    # Portuguese, in notes near the border and of Portuguese patients ("mulher fatima", "filho rui" were masked)
    "mãe mae pai pais filho filha filhos filhas irmão irmao irmã irma irmãos irmaos irmãs irmas avô avó avôs "
    "marido mulher esposa esposo companheiro companheira sogro sogra genro nora cunhado cunhada sobrinho sobrinha "
    "neto neta netos primo prima tio tia"
)
#: English relatives, in referrals of tourists and foreign patients ("his wife", "daughter"): a kinship word
#: identifies no one, and they were masked as unknown words ("XXXXXXXX")
_QUOTED_TERM_TEXT = (
    "mother father mum mom dad parent parents son daughter sons daughters child children kid kids baby brother "
    "sister brothers sisters sibling siblings twin twins grandfather grandmother grandparent grandparents grandpa "
    "grandma granny grandson granddaughter grandchild grandchildren uncle aunt uncles aunts cousin cousins nephew "
    "niece nephews nieces husband wife husbands wives spouse partner boyfriend girlfriend fiance fiancé fiancee "
    "fiancée stepfather stepmother stepson stepdaughter stepbrother stepsister in-law "
    "friend friends neighbour neighbor neighbours neighbors flatmate roommate carer caregiver guardian relative "
    "relatives family "
    # French and Moroccan Arabic in Latin letters, in a mediator's log or a Maghrebi or West African family's
    # words ("rajli Rachid", "khti Naima" were masked whole). Not "mari" (a Spanish given name) nor "abi"
    "mère mere père pere parents fils fille filles frère frere sœur soeur grand-père grand-mère époux epoux "
    "épouse epouse femme oncle tante cousine neveu nièce niece beau-père belle-mère beau-frère belle-sœur "
    "rajli rajel mrati khti khoya khouya akhi ukhti ummi mmi yemma bba baba bouya wldi weldi bnti binti jeddi jeddti "
    # Romanian, in the papers of Romanian residents and seasonal workers ("soțul, Ionuț", "fiica, Daria" were masked)
    "mama mamă tata tatăl tatal părinții parintii soțul sotul soț sot soția sotia soție sotie fiul fiica fiică fiii "
    "fiicele copilul copiii fratele frații fratii sora surorile bunicul bunica bunicii nepotul nepoata unchiul "
    "mătușa matusa vărul varul verișoara verisoara socrul soacra ginerele nora cumnatul cumnata"
)
CO_OFFICIAL_TERMS = words_of(_CO_OFFICIAL_TERM_TEXT, _QUOTED_TERM_TEXT)
_BASQUE_CASE = re.compile(r"(?:k|ri|ren|rekin|rentzat|z)$")
_CO_OFFICIAL_SOCIAL = words_of("amic amigo veí veciño laguna bizilaguna conegut coñecido tutor titor")


def is_co_official_kin(word: str) -> bool:
    """A kinship word of a co-official language, Basque ones with a case ending too: "Emazteak" (the wife, as
    subject), "Alabari" (to the daughter), "amaren" (the mother's); these were drawn as surnames ("Canto")."""
    key = fold(word)
    if key in CO_OFFICIAL_TERMS:
        return True
    stem = _BASQUE_CASE.sub("", key)
    return stem != key and stem.endswith("a") and stem in CO_OFFICIAL_TERMS


#: The sex of the singular relatives among them, which the name after the word takes ("his brother Chidi" came out
#: "his brother Eva"); a word not listed (a plural, a partner, a carer) leaves the name's own census sex
_MALE = words_of("güelu güelo pare fill germà avi besavi oncle tiet cosí nebot nét marit espòs sogre gendre cunyat padrastre "
                 "pai fillo irmán avó curmán sobriño neto home sogro xenro cuñado "
                 "aita semea anaia neba aitona osaba lehengusua iloba senarra aitaginarreba suhia koinatua "
                 "pair hilh frair òme nebòt sògre pairin "
                 "filho irmão irmao avô marido genro cunhado sobrinho primo tio "
                 "father dad son brother grandfather grandpa grandson uncle nephew husband boyfriend stepfather "
                 "stepson stepbrother "
                 "père pere fils frère frere grand-père époux epoux neveu beau-père beau-frère "
                 "rajli rajel khoya khouya akhi bba baba bouya wldi weldi jeddi "
                 "tata tatăl tatal soțul sotul soț sot fiul fratele bunicul nepotul unchiul vărul varul socrul ginerele "
                 "cumnatul")
_FEMALE = words_of("güela mare filla germana àvia besàvia tieta cosina neboda néta muller dona esposa sogra nora cunyada "
                   "madrastra "
                   "nai filla irmá avoa curmá sobriña neta "
                   "ama alaba arreba ahizpa amona izeba lehengusina emaztea amaginarreba erraina koinata "
                   "mair hilha sòr hemna nebòda tia sògra nòra mairina "
                   "mãe mae filha irmã irma mulher sogra cunhada sobrinha prima "
                   "mother mum mom daughter sister grandmother grandma granny granddaughter aunt niece wife "
                   "girlfriend stepmother stepdaughter stepsister "
                   "mère mere fille sœur soeur grand-mère épouse epouse femme tante cousine nièce niece belle-mère "
                   "belle-sœur "
                   "mrati khti ukhti ummi mmi yemma bnti binti jeddti "
                   "mama mamă soția sotia soție sotie fiica fiică sora bunica nepoata mătușa matusa verișoara verisoara "
                   "soacra nora cumnata")


def co_official_sex(word: str) -> str:
    """"M" or "F" for a singular relative of another language that has one sex ("germà", "khti"), else ""."""
    key = fold(word)
    stem = _BASQUE_CASE.sub("", key)
    return "M" if key in _MALE or stem in _MALE else "F" if key in _FEMALE or stem in _FEMALE else ""


#: Their possessives and articles, kept around such a relative ("la seva mare"); an age in the mention goes to the
#: age replacer ("germà de 45 anys")
_CO_OFFICIAL_DETERMINERS = ("el la els les seu seva seus seves meu meva meus meves seua seues meua meues "  # Valencian too
                            "o a os as súa súas sua miña bere haren "
                            "eth era eths eres sa sòn sons sues mon ma "
                            "minha nire his her their my our the ei lui")
CO_OFFICIAL_WORDS = CO_OFFICIAL_TERMS | words_of(_CO_OFFICIAL_DETERMINERS)
#: the same words as written (unfolded): "veciña" is Galician though it folds like "vecina"
_CO_OFFICIAL_SPELLINGS = frozenset(f"{_CO_OFFICIAL_TERM_TEXT} {_QUOTED_TERM_TEXT} {_CO_OFFICIAL_DETERMINERS}".split())
