"""Which connections count as slow (runtime/connection.js): then a first visit skips the snapshot."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

MODULE = Path(__file__).resolve().parents[2] / "site-overrides" / "assets" / "rollwright" / "runtime" / "connection.js"

CASES = {
    "no Network Information API": (None, None),
    "save data": ({"saveData": True, "effectiveType": "4g", "downlink": 50, "rtt": 20}, "save data"),
    "3g": ({"effectiveType": "3g", "downlink": 9, "rtt": 400}, "3g"),
    "2g": ({"effectiveType": "2g"}, "2g"),
    "slow 4G": ({"effectiveType": "4g", "downlink": 1.6, "rtt": 150}, "1.6 Mbps down, 150 ms round trip"),
    "slow estimate, short round trip": ({"effectiveType": "4g", "downlink": 1.55, "rtt": 100}, None),
    "fast 4G": ({"effectiveType": "4g", "downlink": 9, "rtt": 170}, None),
    "just over 2 Mbps": ({"effectiveType": "4g", "downlink": 2.05, "rtt": 300}, None),
    "no measurement": ({"effectiveType": "4g", "downlink": 0, "rtt": 0}, None),
}


def test_slow_connections_are_told_from_fast_ones() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node is needed (the site build uses it too); install it with `make deps`")
    script = (f"import {{ slowConnection }} from {json.dumps(MODULE.as_uri())};"
              f"const cases = {json.dumps({name: case[0] for name, case in CASES.items()})};"
              "process.stdout.write(JSON.stringify(Object.fromEntries("
              "Object.entries(cases).map(([k, v]) => [k, slowConnection(v)]))));")
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True,
                          timeout=60)
    answers = json.loads(done.stdout)
    for name, (_, words) in CASES.items():
        if words is None:
            assert answers[name] is None, (name, answers[name])
        else:
            assert answers[name] and words in answers[name], (name, answers[name])
