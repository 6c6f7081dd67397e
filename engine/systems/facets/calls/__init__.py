"""Facets's registry calls: dice, bands, extended checks, attacks, conflicts, recovery, characters."""
