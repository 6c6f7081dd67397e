"""Read tables and widgets back out of built HTML (the checks' reader, :mod:`rollwright.checks.html`)."""

from rollwright.checks.html import TableReader, read

__all__ = ["TableReader", "read"]
