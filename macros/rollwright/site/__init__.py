"""Rollwright's generator-neutral site side."""
