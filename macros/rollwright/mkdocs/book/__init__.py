"""The SRD as a book, made from a built site's output folder with no MkDocs: each game's print edition and
the whole site's (:mod:`.edition`: :func:`~.edition.plan_editions` before the build,
:func:`~.edition.write_editions` after it), the pages in the nav's order (:mod:`.nav`), each page's article
read back (:mod:`.page`) and made a section (:mod:`.section`, :mod:`.widgets`, on the small HTML tree of
:mod:`.dom`), the edition's HTML (:mod:`.document`), and their PDFs printed by headless Chromium
(:mod:`.pdf`, whose contents' page numbers :mod:`.pdf_reader` reads back)."""
