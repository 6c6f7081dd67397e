"""Pips's live widgets."""
