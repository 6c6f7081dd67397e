"""Pips's reference tables."""
