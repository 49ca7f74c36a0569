"""Phone numbers as a note typed fast on a phone spaces them: a digit at a time, groups set apart by dashes.

``6 7 1 - 3 0 - 5 5 - 2 9``, ``6 1 2 4 8 - 0 3 - 7 7``, ``9 1 - 4 4 - 3 3 - 0 2 1``: nine digits, the first 6 to 9 (a
Spanish mobile or landline), each digit apart from the next by a space, a dash or a dot with spaces around it, and no
tenth digit after it. The ordinary groupings (``612 48 03 77``, ``612-480-377``) are read by the identifier rules.

Also an internal line typed in groups or after a pager's cue (``ext 3 12 45``, ``busca 4471``), a phone dictated in
numbers of one or two digits after its cue (``teléfono seis uno dos cuarenta y ocho treinta y tres``), a file's number
after ``expte``/``exp.`` (``expte AYU/08/2022/55310``) and an officer's number in parentheses (``el agente (nº
20931)``); a serial number dictated after ``número de serie``, its letters spelled (``ka ele tres cuatro …``).
"""
from __future__ import annotations

import re

from .common import PATTERN, Candidate

# a digit, then eight more, each after a space, or a dash or a dot with spaces around it; a dash among them at least
_SPACED_PHONE = re.compile(r"(?<![\w+.,/-])(?<![\d][ \t])[6789](?:(?:[ \t]*[-.][ \t]*|[ \t])\d){8}(?![\w]|[ \t]*[-.,/]?[ \t]*\d)")


# an internal line in groups ("ext 3 12 45"), a pager ("busca 4471", "buscapersonas: 31 22")
_LINE_CUE = re.compile(r"(?i)(?<![\w])(?:(?:ext|extensi[oó]n)\.?[ \t]*:?[ \t]*(?P<g>\d{1,3}(?:[ \t]\d{2,3}){1,2})|"
                       r"(?:busca|buscapersonas|bip)\.?[ \t]*:?[ \t]*(?P<b>\d{3,6}|\d{2}[ \t]\d{2,3}))(?![\d/.:,-]?\d)")
_UNIT = r"(?:cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)"
_TENS = (r"(?:diez|once|doce|trece|catorce|quince|dieci(?:s[eé]is|siete|ocho|nueve)|veinte|veinti(?:uno|d[oó]s|tr[eé]s|cuatro|cinco|"
         r"s[eé]is|siete|ocho|nueve)|(?:treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa)(?:[ \t]+y[ \t]+" + _UNIT + r")?)")
_SPOKEN_NUMBER = rf"(?:{_TENS}|{_UNIT})"
# a phone's cue, then five or more spoken numbers of one or two digits: nine digits are five to nine such words
# (round 24: also "a este número el ...", "llámeme al ...", as a voicemail dictates it)
_SPOKEN_PHONE = re.compile(rf"(?i)(?<![\w])(?:tel[eé]fono|tfno|tlf|m[oó]vil|(?:a|al)[ \t]+este[ \t]+n[uú]mero|ll[aá]m(?:e|eme|ar|ame|enos|arme)[ \t]+al)"
                           rf"[ \t]*:?(?:[ \t]+(?:el|al))?[ \t]+(?P<n>{_SPOKEN_NUMBER}(?:[ \t]*,?[ \t]+{_SPOKEN_NUMBER}){{4,8}})(?![\w])")
_LETTER_WORD = (r"(?:a|be|ce|de|e|efe|ge|hache|i|jota|ka|ele|eme|ene|o|pe|cu|erre|ese|te|u|uve|ve|uve[ \t]+doble|equis|"
                r"i[ \t]+griega|ye|zeta)")
_SPOKEN_SERIAL = re.compile(rf"(?i)(?<![\w])n[uú]mero[ \t]+de[ \t]+serie[ \t]*:?[ \t]+(?P<n>(?:{_LETTER_WORD}[ \t]+){{0,4}}{_UNIT}(?:[ \t]+{_UNIT}){{3,12}})(?![\w])")
# a file's number after "expte"/"exp." and an officer's number in parentheses
_FILE = re.compile(r"(?i)(?<![\w])(?:expte|exp|expdte)\.?[ \t]*(?:n[ºo°]\.?[ \t]*)?:?[ \t]*"
                   r"(?P<n>(?=[A-Za-z0-9/.-]{0,12}\d{3})[A-Za-z0-9]+(?:[/.-][A-Za-z0-9]+){0,5})(?![\w/])")
_OFFICER_NUMBER = re.compile(r"(?i)(?<![\w])(?:agente|polic[ií]a|guardia[ \t]+civil|mosso|ertzaina|funcionari[oa])[ \t]*\([ \t]*"
                             r"(?:n[ºo°]|n[uú]m)\.?[ \t]*(?P<n>\d{3,8})[ \t]*\)")

# round 23: two phones joined by a slash with no space ("948 20 31 77/690 412 338"): each holds nine digits and opens
# like a Spanish number, which no date, dose or score does
_GROUPED = r"[6789]\d{1,2}(?:[ .-]?\d{2,3}){2,3}"
_PHONE_PAIR = re.compile(rf"(?<![\w+.,/-])(?P<a>{_GROUPED})[ \t]*/[ \t]*(?P<b>{_GROUPED})(?![\w/]|[.,-]\d)")


def typed_number_candidates(text: str) -> list[Candidate]:
    """Phones spaced digit by digit, internal lines, dictated numbers and cued file numbers (see the module docstring)."""
    out = [Candidate(m.start(), m.end(), "NUMERO_TELEFONO", PATTERN) for m in _SPACED_PHONE.finditer(text)
           if "-" in m.group() and re.search(r"\d[ \t]\d", m.group())]
    for m in _LINE_CUE.finditer(text):
        g = "g" if m.group("g") else "b"
        out.append(Candidate(m.start(g), m.end(g), "NUMERO_TELEFONO", PATTERN))
    out += [Candidate(m.start("n"), m.end("n"), "NUMERO_TELEFONO", PATTERN) for m in _SPOKEN_PHONE.finditer(text)]
    out += [Candidate(m.start("n"), m.end("n"), "IDENTIF_DISPOSITIVOS_NRSERIE", PATTERN) for m in _SPOKEN_SERIAL.finditer(text)]
    out += [Candidate(m.start("n"), m.end("n"), "OTRO_NUMERO_IDENTIF", PATTERN) for rx in (_FILE, _OFFICER_NUMBER)
            for m in rx.finditer(text)]
    for m in _PHONE_PAIR.finditer(text):
        if all(sum(ch.isdigit() for ch in m.group(g)) == 9 for g in "ab"):
            out += [Candidate(m.start(g), m.end(g), "NUMERO_TELEFONO", PATTERN) for g in "ab"]
    return out
