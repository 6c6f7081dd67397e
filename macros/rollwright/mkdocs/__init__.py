"""Rollwright's MkDocs side: the plugin, the page macros and the build steps that ship the engine.

The plugin (:mod:`rollwright.mkdocs.plugin`, registered as ``rollwright`` under the
``mkdocs.plugins`` entry point) is all a site's ``mkdocs.yml`` names. The engine itself
(:mod:`rollwright.dice`, :mod:`rollwright.kit`) never imports anything from here.
"""
