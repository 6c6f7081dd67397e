"""Facets's reference tables."""
