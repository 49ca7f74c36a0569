"""The article between a name and the place it holds follows the new place ("del Principado de Asturias" → "de la
Comunidad de Madrid", "Serveis Socials del Bages" → "… de Manresa"): used where a place inside a longer mention is
replaced on its own (a body of a place, a nested place span)."""
from __future__ import annotations

from gazetteers.text import fold

#: heads of region names and the article they take after "de"
_FEMININE = frozenset({"comunidad", "comunitat", "region", "ciudad", "generalitat", "junta", "xunta", "rioja"})
_MASCULINE = frozenset({"principado", "pais", "gobierno", "govern"})
_ARTICLED = frozenset({"de", "del", "de la", "de las", "de los"})


def reconnect(connector: str, old_place: str, new_place: str) -> str:
    """The connector for the new place: a region's article follows its head noun ("del Principado" → "de la
    Comunidad"); the article of a place that takes one goes when the new place is a town ("del Bages" → "de
    Manresa", "de la Axarquía" → "de Torrelodones"); any other connector stays as written."""
    word = " ".join(connector.lower().split())
    old_head, new_head = (fold(p.split()[0]) if p.split() else "" for p in (old_place, new_place))
    if word not in _ARTICLED or not ({old_head, new_head} & (_FEMININE | _MASCULINE)) and word == "de":
        return connector
    lead = connector[: len(connector) - len(connector.lstrip())]
    article = "de la" if new_head in _FEMININE else "del" if new_head in _MASCULINE else "de"
    if connector.strip().isupper():
        article = article.upper()
    return f"{lead}{article} "
