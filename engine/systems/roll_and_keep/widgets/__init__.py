"""Roll & Keep live widgets."""
