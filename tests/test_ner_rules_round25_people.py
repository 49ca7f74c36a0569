"""The rules backend on persons, dates and numbers (round 25, persons):

* initials after a signing, reviewing or operator's cue, and more after slashes (``firmado xyz / revisa abc``,
  ``signed jdc / ms``, ``revisado por mjs``, a log's ``op=mgr``); two letters only there, not everywhere
  (typed_sign_offs.py);
* a lower-case name after a coordinator's, a forest ranger's, a co-worker's (Catalan ``company``), a nurse's or a
  claim handler's role; an Irish surname (``O'Connell``); a given name cut short (``vte. segarra``) (typed_persons.py);
* relatives after a determiner and a kinship word whatever the census holds (``el marido Cefe``, ``my mum X``,
  ``son fils X``), before a Basque kinship word (``Patxi aitona``), in lower case after a Catalan one (``el gendre
  tonet``) (kin_cues.py, kin_lower_names.py);
* a nickname's field ``alias=``, a self-declared name (``diu que es diu X``), French titles (``Mme``) (signatures.py,
  names.py, patterns.py);
* dates: a Catalan weekday's short form closing a range (``-> dg 22``), French dates (``1er janvier 2005``), English
  ordinal days (``on the 8th``), a dictated range of years (``antes dos mil diez a dos mil catorce``) (typed_days.py).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import DATE, NAMES, PATIENT, RELATIVE, STAFF, assert_found, assert_not_found, cases

_LOG = ("ts=2024-03-02 22:10:01  tipo=PULSADOR  op=trb\n"
        "texto=usuario en el suelo, consciente\n"
        "ts=2024-03-02 22:14:30  tipo=LLAMADA  op=trb\n")

POSITIVES = [
    # initials after a signing or an operator's cue
    ("- parte entregado a la aseguradora\nfirmado pqs / revisa apg\n", "apg", STAFF),
    ("AED check ok. signed rtv / kd\n", "rtv", STAFF),
    ("AED check ok. signed rtv / kd\n", "kd", STAFF),
    ("[Notas: revisado por lvb el 3/5. NHC comprobado]\n", "lvb", STAFF),
    (_LOG, "trb", STAFF),
    # a lower-case name after a role word; an Irish surname; a given name cut short
    ("se queda en enfermeria. avisado coordinador ramon lasheras\n", "ramon lasheras", STAFF),
    ("nos baja el guarda forestal jose luis en el todoterreno\n", "jose luis", STAFF),
    ("07:30 se'n va amb el company Andrei. alta.\n", "Andrei", STAFF),
    ("Please confirm the address. Handler: Sean O'Connell, Cork office.\n", "Sean O'Connell", STAFF),
    ("PAC - FULL DE GUARDIA\nmetge: vte. bellés (vb) / inf: noelia\n", "vte. bellés", STAFF),
    # relatives named after a determiner and a kinship word, before a Basque kinship word, in lower case
    ("texto=se avisa a la vecina, va con el marido Quelo; hijo no contesta\n", "Quelo", NAMES),
    ("Hi, my mum Grażyna flies from Gdansk on the 8th\n", "Grażyna", RELATIVE),
    ("chute dans la douche. son fils Aurélien viaja con ella\n", "Aurélien", RELATIVE),
    ("(Ospitalea). Mikel aitona: bihotzeko gaixotasuna 60 urterekin.\n", "Mikel aitona", RELATIVE),
    ("mareig al bancal, ve amb el gendre jaume des del poble\n", "jaume", RELATIVE),
    # a nickname's field; a self-declared name; a French title
    ("usuario.nombre=GARCIA PEREZ, Jose Maria\nusuario.alias=Chema\nusuario.edad=80\n", "Chema", PATIENT),
    ("home 40a indocumentat, diu que es diu Vasile, treballa al camp\n", "Vasile", PATIENT),
    ("1130 Mme Odile MARCHAND 79 ans, chute dans la douche\n", "Odile MARCHAND", PATIENT),
    # dates
    ("PAC - FULL DE GUARDIA  ds 12 octubre 2024 -> dg 13\nmetge: x\n", "dg 13", DATE),
    ("Fecha de nacimiento declarada: 1er janvier 2003 (edad aparente 20)\n", "1er janvier 2003", DATE),
    ("Salida del país en octobre 2021 por Malí\n", "octobre 2021", DATE),
    ("Hi, my mum flies from Gdansk on the 8th, can she stay\n", "8th", DATE),
    ("trabajó antes dos mil ocho a dos mil once en una fábrica\n", "dos mil ocho", DATE),
    ("trabajó antes dos mil ocho a dos mil once en una fábrica\n", "dos mil once", DATE),
]

NEGATIVES = [
    # two letters after a signing cue are that person there, not a unit elsewhere
    ("QTc 440 ms, sin cambios.\nAED check ok. signed rtv / ms\n", "440 ms", NAMES),
    # a determiner and a kinship word before an ordinary capitalised word or a place
    ("su madre Diabética desde joven\n", "Diabética", NAMES),
    ("su hijo Madrid lo traerá\n", "Madrid", NAMES),
    # a role word before ordinary words
    ("avisado coordinador de guardia por teléfono\n", "guardia", NAMES),
    # a Catalan weekday's short form is no date without its range; a rib is no day
    ("desviación -2 ds 12 meses\n", "ds 12", DATE),
    ("fracture of the 8th rib on the left\n", "8th", DATE),
    # a count of thousands is no year
    ("antes dos mil unidades de heparina\n", "dos mil", DATE),
]


@cases(POSITIVES)
def test_found(rules, text, value, labels):
    assert_found(rules, text, value, labels, cover=True)


@cases(NEGATIVES)
def test_not_found(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)
