"""``surrogate review``: a local web app to check and correct detected PHI and surrogates.

``session`` (state, saves, log, export, upload), ``edits`` (span corrections), ``output`` (profiles with
the CLI's engine), ``originals`` (the original beside a de-identified document) and ``render`` know no
HTTP; ``app`` holds the Starlette routes, ``templates/`` and ``static/`` the pages. Only ``app`` imports
the web extra (``pip install 'surrogate[review]'``).
"""
