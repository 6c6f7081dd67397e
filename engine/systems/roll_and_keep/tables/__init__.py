"""Roll & Keep reference tables."""
