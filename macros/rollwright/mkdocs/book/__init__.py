"""The SRD as a book: each game's print edition and the whole site's (:mod:`.edition`), each page made a
section of it (:mod:`.section`, :mod:`.widgets`, on the small HTML tree of :mod:`.dom`), and their PDFs
printed by headless Chromium (:mod:`.pdf`, whose contents' page numbers :mod:`.pdf_reader` reads back)."""
