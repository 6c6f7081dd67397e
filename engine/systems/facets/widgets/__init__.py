"""Facets's live widgets."""
