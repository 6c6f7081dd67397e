"""Rollwright's generator-neutral site side: a site is a folder with ``mkdocs.yml``, ``docs/`` and its games.

Whichever generator turns its Markdown into HTML (MkDocs, properdocs or Zensical, :mod:`.generators`),
Rollwright does the same three things around it, importing nothing of the generator:

* :mod:`.setup` reads ``mkdocs.yml`` (:mod:`.config_file`), names the site's games to the engine and works out
  what the generator must be told (the theme's overrides, the stylesheets and script, the Markdown extensions);
* :mod:`.page_work` is the Python-Markdown extension that every generator runs on every page: the macros
  (tables, widgets, chips, builders) and tables as the theme shows them;
* :mod:`.finish` is the site work over the generator's output folder: the joined stylesheet, the runtime's
  config, the site's wheel, snapshot and Pyodide, the print editions, the offline page, search's other
  spellings and the service worker.

:mod:`.build` runs the three with the chosen generator; :mod:`.devserver` serves a site while it is edited.
"""
