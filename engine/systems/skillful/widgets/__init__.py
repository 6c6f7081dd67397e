"""Skillful's live widgets."""
