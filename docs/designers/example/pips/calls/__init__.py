"""Pips's registry calls: the odds, and the character builder contract."""
