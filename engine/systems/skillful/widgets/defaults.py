"""Every widget shows each of its call's defaults in its form, so a page may name only what differs.

>>> import skillful.calls.aid
>>> form_defaults("skillful.aid_bonus", aid=9, main=12)
{'no_penalty': False, 'aid': 9, 'main': 12}
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.registry import lookup


def form_defaults(call_name: str, **given: Any) -> dict[str, Any]:
    """The call's declared defaults, overridden by ``given`` (values for required parameters)."""
    found = {p.name: p.default for p in lookup(call_name).params if not p.required}
    return {**found, **given}
