"""Every built-in system is found, whatever was imported first."""

from __future__ import annotations

import subprocess
import sys


def test_importing_one_system_first_does_not_hide_the_others() -> None:
    code = (
        "import vantage.rules.sandbox.presets\n"
        "from vantage.rules import ruleset_names\n"
        "print(','.join(ruleset_names()))"
    )
    out = (
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        .stdout.strip()
        .split(",")
    )
    assert {"sandbox", "death-angel"} <= set(out)
