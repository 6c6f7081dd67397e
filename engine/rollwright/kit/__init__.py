"""Presentation: HTML tables, SVG charts and widget markup built from engine data.

Everything here returns :class:`rollwright.kit.markup.Html`, a string that is
already safe to insert into a page: any text that came from a caller has been
escaped on the way in.
"""
