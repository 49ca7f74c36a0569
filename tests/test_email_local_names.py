"""The words of an e-mail's local part that are names stay names: a run the person's name abbreviates is that
person's new word in full, and a name the document's people do not explain is another name, never a common
word or letters at random."""
from __future__ import annotations

import re

from fresh_layouts import surrogates
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gazetteers import default_set
from gazetteers.text import fold
from surrogate.replacers.contacts.lexicons import ascii_word
from surrogate.replacers.people.nicknames import is_hypocorism

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FIRST_NAMES = frozenset(ascii_word(v) for v in default_set("es")["first_names"].column("value"))


@SETTINGS
@given(seed=st.integers(1, 10**6))
def test_a_surname_written_in_full_where_the_signature_abbreviates_it_gets_the_new_surname(seed):
    """"Iván Rguez" signs "ivan.rodriguez@…": the local part's "rodriguez" aligned as an initial and free letters
    and came out "spjsapozo"; it is the person's new surname."""
    new = surrogates("T. social: [[NOMBRE_PERSONAL_SANITARIO|Iván Rguez]] "
                     "([[CORREO_ELECTRONICO|ivan.rodriguez@uts.example.es]]).", seed)
    given_name, surname = (re.sub(r"[^a-z]", "", fold(w)) for w in new["T1"].split())
    assert new["T2"].split("@")[0] == f"{given_name}.{surname}", new


@SETTINGS
@given(seed=st.integers(1, 10**6), nickname=st.sampled_from(["loli", "paco", "charo", "maite", "quique"]))
def test_a_nickname_in_an_address_of_a_relative_becomes_a_given_name(seed, nickname):
    """The patient is Encarnación Molina Ruiz and her daughter writes "loli.molina.ruiz@…": "loli" is no word
    of the patient's name and came out a common word ("baja", "casa", "seis"). It is a given name now."""
    new = surrogates("Pac. [[NOMBRE_SUJETO_ASISTENCIA|Encarnación Molina Ruiz]], mail de la hija "
                     f"[[CORREO_ELECTRONICO|{nickname}.molina.ruiz@gmail.com]].", seed)
    first, *surnames = new["T2"].split("@")[0].split(".")
    assert first in FIRST_NAMES or is_hypocorism(first), new
    assert surnames == [re.sub(r"[^a-z]", "", fold(w)) for w in new["T1"].split()[1:]], new


@SETTINGS
@given(seed=st.integers(1, 10**6))
def test_a_relative_s_address_follows_the_relative_s_surrogate(seed):
    """A school nurse's note: the mother "elena bueno" writes from "elenabueno.enf@…"; the address came out
    another person's ("angelalcala.sol@…"): kinship spans are replaced after e-mails, so the relative's name had
    no surrogate yet."""
    new = surrogates("madre [[FAMILIARES_SUJETO_ASISTENCIA|elena bueno]] "
                     "([[CORREO_ELECTRONICO|elenabueno.enf@gmail.com]]), [[FAMILIARES_SUJETO_ASISTENCIA|su hija "
                     "Marta Ruiz]] ([[CORREO_ELECTRONICO|mruiz77@hotmail.com]]).", seed)
    mother = "".join(re.sub(r"[^a-z]", "", fold(w)) for w in new["T1"].split())
    assert new["T2"].split("@")[0].split(".")[0] == mother, new
    daughter = [re.sub(r"[^a-z]", "", fold(w)) for w in new["T3"].split()[2:]]
    assert new["T4"].split("@")[0].rstrip("0123456789") == daughter[0][0] + daughter[1], new


@SETTINGS
@given(seed=st.integers(1, 10**6), nickname=st.sampled_from(["paco", "pepe", "lola", "charo", "nacho"]))
def test_a_name_glued_before_the_person_s_surname_becomes_a_given_name(seed, nickname):
    """"nachorodriguezmelcon@…" beside a Rodríguez Melcón: the free letters "nacho" came out a pseudo-word
    ("torre", "codcarga"); a name of their own, they are another given name."""
    new = surrogates(f"Médico: [[NOMBRE_PERSONAL_SANITARIO|Ignacio Rodríguez Melcón]] "
                     f"([[CORREO_ELECTRONICO|{nickname}rodriguezmelcon@hotmail.com]]).", seed)
    surnames = "".join(re.sub(r"[^a-z]", "", fold(w)) for w in new["T1"].split()[1:])
    local = new["T2"].split("@")[0]
    assert local.endswith(surnames), new
    first = local[: -len(surnames)]
    assert first in FIRST_NAMES or is_hypocorism(first), new


@SETTINGS
@given(seed=st.integers(1, 10**6))
def test_a_department_mailbox_keeps_its_department_words(seed):
    # an oncology day-hospital note (session 23): "cap.<district>.infermeria@…" came out pseudo-words
    new = surrogates("mail [[CORREO_ELECTRONICO|cap.santandreu.infermeria@ics.example.cat]]", seed)["T1"]
    first, middle, last = new.split("@")[0].split(".")
    assert (first, last) == ("cap", "infermeria") and middle != "santandreu", new
    new = surrogates("mail [[CORREO_ELECTRONICO|matrona.villaverde@sermas.example.es]]", seed)["T1"]
    assert new.startswith("matrona.") and "villaverde" not in new, new  # a midwives' mailbox
    # an employer's human-resources mailbox (round 21: "rrhh.elburgo@…" came out "pino.octubre@…")
    new = surrogates("enviar parte a [[CORREO_ELECTRONICO|rrhh.elburgo@envases.example.com]]", seed)["T1"]
    assert new.startswith("rrhh.") and "elburgo" not in new, new
    # a unit's mailbox: "cardio" is also a rare surname, and "secretaria.cardio@…" came out "secretaria.meseta@…"
    for unit in ("cardio", "neuro", "hemato", "uci"):
        new = surrogates(f"citas: [[CORREO_ELECTRONICO|secretaria.{unit}@hcuv.example.es]]", seed)["T1"]
        assert new.split("@")[0] == f"secretaria.{unit}", new


SURNAMES = frozenset(ascii_word(v) for v in default_set("es")["surnames"].column("value"))


@SETTINGS
@given(seed=st.integers(1, 10**6))
def test_an_initial_that_reads_as_a_conjunction_stays_the_surrogate_s_initial(seed):
    """An e-mail thread (round 20): "M. Sáenz" signs "msaenzc@…" and drew "Y. García"; the name's tokens dropped
    "y" as the conjunction, so "m" mapped onto "garcia" and the address came out "garciagarciap@…"."""
    from surrogate.replacers.contacts.email_names import name_tokens

    assert name_tokens("Y. García") == ("y", "garcia") and name_tokens("E Ruiz") == ("e", "ruiz")
    assert name_tokens("Ana y Luis") == ("ana", "luis") and name_tokens("Juan de la Fuente") == ("juan", "fuente")
    new = surrogates("Firma: [[NOMBRE_PERSONAL_SANITARIO|M. Sáenz]] ([[CORREO_ELECTRONICO|msaenzc@rioja.example.es]])",
                     seed)
    initial, surname = (re.sub(r"[^a-z]", "", fold(w)) for w in new["T1"].split())
    assert new["T2"].split("@")[0][:-1] == initial + surname, new


@SETTINGS
@given(seed=st.integers(1, 10**6))
def test_a_common_word_of_a_mailbox_is_never_read_as_names_inside_it(seed):
    """"ncr.sesiones.hun@…": "sesiones" read as "ses" + the name Ione + "s" and came out "dosanamariaa"; a run
    the names do not spell end to end is one word of its length."""
    local = surrogates("CC: [[CORREO_ELECTRONICO|ncr.sesiones.hun@navarra.example.es]]", seed)["T1"].split("@")[0]
    first, middle, last = local.split(".")
    assert len(middle) == len("sesiones") and middle.isalpha(), local


@SETTINGS
@given(seed=st.integers(1, 10**6))
def test_names_run_together_beside_another_person_s_surname_stay_a_given_name_and_a_surname(seed):
    """A patient writes her son's address "jorgemarin.lafu@…" (round 20): "lafu" follows her surrogate, and the
    free run "jorgemarin" came out a common word ("trabajador", "democracia"); it spells a given name and a
    surname, so it gets another of each, one word each (not "luismariadelcarmen")."""
    new = surrogates("Paciente [[NOMBRE_SUJETO_ASISTENCIA|Pilar Lafuente]]: escribid a "
                     "[[CORREO_ELECTRONICO|jorgemarin.lafu@gmail.com]]", seed)
    run, tail = new["T2"].split("@")[0].split(".")
    assert tail == re.sub(r"[^a-z]", "", fold(new["T1"].split()[1]))[:4], new
    assert any(run[:k] in FIRST_NAMES and run[k:] in SURNAMES for k in range(3, len(run) - 2)), new
