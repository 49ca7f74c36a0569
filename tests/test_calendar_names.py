"""Month, day and country names shipped from babel (gazetteers.locales.calendar): the file is babel's, and a
locale it lacks is asked of babel."""
from __future__ import annotations

import json

import pytest

from gazetteers.locales import calendar
from surrogate.leak_guard import locale_vocabulary


def test_the_shipped_names_are_what_the_installed_babel_gives():
    shipped = json.loads(calendar.SHIPPED.read_text(encoding="utf-8"))
    assert shipped == calendar.from_babel(), "stale: run python -m gazetteers.locales.calendar"


def test_shipped_languages_read_like_babel():
    assert calendar.month_names("wide", "stand-alone", "ca")[5] == "maig"
    assert calendar.month_names("abbreviated", "format", "es")[9].startswith("sept")
    assert calendar.day_names("wide", "format", "gl")[3] == "xoves"  # Monday = 0
    assert calendar.own_country("eu") == "Espainia"


def test_a_locale_the_file_lacks_is_asked_of_babel():
    assert "it" not in json.loads(calendar.SHIPPED.read_text(encoding="utf-8"))
    assert calendar.month_names("wide", "format", "it")[1] == "gennaio"
    assert calendar.day_names("wide", "format", "it")[6] == "domenica"
    assert calendar.own_country("it") == "Italia"
    with pytest.raises(LookupError):
        calendar.own_country("not a locale")


def test_the_neutral_vocabulary_takes_its_names_from_the_same_source():
    spanish = locale_vocabulary("es")
    assert {"enero", "septiembre", "miercoles", "espana"} <= spanish.words
    assert "espana" not in spanish.unprotected  # the country may be copied from its own span only
    french = locale_vocabulary("fr")
    assert {"janvier", "dimanche", "france"} <= french.words
    unknown = locale_vocabulary("not a locale", ["madre"])  # only what the caller gave
    assert "madre" in unknown.words and not {"enero", "janvier", "espana"} & unknown.words
