"""Rule systems, one package each: everything one system needs, and nothing another shares.

A package here is a system. Its ``__init__`` declares ``SYSTEM`` (see
:mod:`engine.kit.system`); its ``calls/``, ``widgets/``, ``tables/`` and
``rules/`` folders are found by the kit (:mod:`engine.kit.discovery`), and its
``macros.py`` by the site's macros. Adding a system edits nothing outside its
own package, its docs folder and the site's navigation.
"""
