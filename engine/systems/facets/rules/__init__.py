"""The rules of Facets, and the errata they find in the draft."""
