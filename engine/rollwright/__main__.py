"""``python -m rollwright``: see :mod:`rollwright.cli`."""

from rollwright.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
