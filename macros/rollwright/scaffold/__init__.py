"""``rollwright new``: a ready project for a game of the designer's own, from ``template/``.

``template/`` is itself a working site with one small game (Pips): the designer's guide shows its
files, and the tests build it as it is.
"""
