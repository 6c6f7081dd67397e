"""Skillful's reference tables."""
