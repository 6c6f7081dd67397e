"""The kit's own widgets (system-free, e.g. the Dice page's), found like a system's ``widgets/`` folder."""
