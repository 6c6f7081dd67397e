"""HTML views of Facets call answers (escaped through the kit's el)."""
