"""The Errata page's table: every difference the engine finds between the draft and its rules.

>>> data = build_table("facade-errata")
>>> data.headers[0], len(data.rows) >= 1
('Where in the draft', True)
"""

from __future__ import annotations

from rollwright.kit.errata import errata_table
from rollwright.kit.tables import TableData, build_table, register_table
from facade import SYSTEM


@register_table("facade-errata", "Every printed value that differs from the rule it follows.")
def errata() -> TableData:
    return errata_table(SYSTEM, "facade-errata")
