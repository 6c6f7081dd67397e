"""Tests of the designer's guide (docs/designers/): its example system really works."""
