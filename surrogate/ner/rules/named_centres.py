"""Centres, schools, associations and firms named by their kind, in a note of any layout (round 28):

* a social, day, civic or cultural centre, a museum or a library by its kind in title case and the name right after
  it, with or without ``de`` (``Centro Ocupacional Raiola``, ``Centro Cívico San Roque``, ``Centre de Dia Els
  Pins``, ``Museo Etnográfico da Limia``); the kind alone (``el centro ocupacional``) is none;
* a school or a parents' association by its acronym before the name (``CEE Virgen de la Luz``, ``AMPA Los
  Alcornocales``, ``CEPA Miguel Hernández``), a Basque school by its acronym after the name (``Miribilla BHI``);
* a Basque centre or shelter by the kind after its name, inflected (``Hontza zentroan``, ``Bidarte aterpetxera``):
  the name alone;
* a firm in capitals or in title case with its legal form after a comma or without dots (``MENJADORS DEL BAIX
  CAMP, SL``, ``Comedores del Sur SLU``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from . import vocab as V
from .common import PATTERN, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY

_BODY = "INSTITUCION"
_UP = "A-ZÁÉÍÓÚÑÀÈÒÏÜÇ"
_CAP = rf"[{_UP}][^\W\d_]*(?:['’][^\W\d_]+)?"
_ARTICLE = r"(?:El|La|Los|Las|Els|Les|Es|Sa|A|O|As|Os|L['’])"
_LINK = r"(?:de|del|dels|de[ \t]+la|de[ \t]+les|de[ \t]+los|de[ \t]+las|do|da|dos|das|d['’]|y|i|e)"
_NAME = rf"(?:{_ARTICLE}[ \t]+)?{_CAP}(?:[ \t]+(?:{_LINK}[ \t]+)?{_CAP}){{0,3}}"
# kinds in title case whose own name follows (Spanish, Catalan, Galician)
_KINDS = (r"Centro[ \t]+Ocupacional|Centre[ \t]+Ocupacional|Centro[ \t]+de[ \t]+D[ií]a|Centre[ \t]+de[ \t]+Dia|"
          r"Centro[ \t]+C[ií]vico|Centre[ \t]+C[ií]vic|Centro[ \t]+Social|Centre[ \t]+Social|Centro[ \t]+Sociocultural|"
          r"Centro[ \t]+Juvenil|Casal[ \t]+de[ \t]+la[ \t]+Gent[ \t]+Gran|Casal[ \t]+d['’]Avis|Centro[ \t]+de[ \t]+Acogida|"
          r"Centro[ \t]+Especial[ \t]+de[ \t]+Empleo|Museo|Museu|Biblioteca|Ludoteca|Albergue|Alberg")
_OF = r"(?:de|del|dels|de[ \t]+la|de[ \t]+les|de[ \t]+los|de[ \t]+las|do|da|dos|das|d['’])"
_KIND_NAME = re.compile(rf"(?<![\w])(?:{_KINDS})[ \t]+(?:{_OF}[ \t]+)?(?P<name>{_NAME})(?![\w])")
# schools and parents' or families' associations by their acronym before the name
_ACRONYMS = r"CEE|CPEE|CEPA|EOI|CEIPSO|IESO|CPI|EEI|CIFP|AMPA|ANPA|APYMA|AFA|FAPA"
_ACRONYM_NAME = re.compile(rf"(?<![\w])(?:{_ACRONYMS})[ \t]+(?P<name>{_NAME})(?![\w])")
# a Basque school by its acronym after its name: a secondary school (BHI), a vocational one (LHI, IPI)
_BASQUE_SCHOOL = re.compile(rf"(?<![\w'’-])(?:[{_UP}][a-zñáéíóú]+[ \t]+){{1,3}}(?:BHI|LHI|HLHI|IPI)(?![\w])")
# a Basque centre, shelter or residence by its kind after the name, inflected: the name alone
_BASQUE_KIND = re.compile(rf"(?<![\w'’-])(?P<name>[{_UP}][a-zñáéíóú]+)[ \t]+"
                          r"(?:zentro|aterpetxe|ikastetxe)"
                          r"(?:a|an|ra|tik|ko|ak|ra|raino)?(?![\w])")
# words a Basque centre's name never is: its kind's own words (health, social, day, school)
_BASQUE_KIND_WORDS = frozenset({"osasun", "gizarte", "eguneko", "erizaintza", "hezkuntza", "lan", "udal", "ospitale",
                                "larrialdi", "mediku", "harrera", "adineko", "osasun-zentro"})
# a firm with its legal form after a comma, or without dots ("SL", "SLU", "SCCL")
_CAP_WORD = rf"[{_UP}][\w'’&-]*"
_FIRM = re.compile(
    rf"(?<![\w]){_CAP_WORD}(?:[ \t]+(?:(?i:de|del|dels|de[ \t]+la|la|les|els|y|i|e|d['’])[ \t]+)?{_CAP_WORD}){{1,4}}"
    r"(?:,[ \t]*(?:SL|SA|SLU|SAU|SLL|SCCL|S\.[ \t]?L\.?|S\.[ \t]?A\.?|S\.[ \t]?Coop\.?)|[ \t]+(?:SLU|SLL|SCCL|SL))(?![\w])"
)


def _plain(name: str) -> bool:
    """A name that is no descriptor, field or ordinary word alone."""
    first = fold(name.split()[0])
    return first not in DESCRIPTORS and first not in V.NAME_STOP and (" " in name or first not in ORDINARY)


def named_centre_candidates(text: str) -> list[Candidate]:
    """Centres, schools, associations and firms named by their kind in ``text`` (module docstring)."""
    out = [Candidate(m.start(), m.end(), _BODY, PATTERN) for rx in (_KIND_NAME, _ACRONYM_NAME)
           for m in rx.finditer(text) if _plain(m.group("name"))]
    out += [Candidate(m.start(), m.end(), _BODY, PATTERN) for m in _BASQUE_SCHOOL.finditer(text)]
    out += [Candidate(m.start("name"), m.end("name"), _BODY, PATTERN) for m in _BASQUE_KIND.finditer(text)
            if not {fold(w) for w in m.group("name").split()} & _BASQUE_KIND_WORDS
            and not m.group("name").endswith(("en", "ko", "ren"))]  # a genitive: "Adinekoen" (of the elderly)
    out += [Candidate(m.start(), m.end(), _BODY, PATTERN) for m in _FIRM.finditer(text)
            if fold(m.group().split()[0]) not in V.NAME_STOP]
    return out
