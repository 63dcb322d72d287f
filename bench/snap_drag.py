"""Benchmark: one pointer move of a 10th-edition charge drag in the browser's code (the snap into
base contact, ``frontend/src/wh40k/base-contact.ts`` ``dropOnPlan``, and the plan panel's
warnings), 6 models charging with 200 on the table. ``bench/snap_drag.ts`` is bundled with the
frontend's rolldown and run in node; it prints JSON. Run: ``.venv/bin/python bench/snap_drag.py``
(after ``make frontend-deps``)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    rolldown = ROOT / "frontend" / "node_modules" / ".bin" / "rolldown"
    if not rolldown.exists():
        print("frontend dependencies missing: run `make frontend-deps`", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "snap_drag.mjs"
        bundle = [str(rolldown), "bench/snap_drag.ts", "--format", "esm", "--platform", "node"]
        subprocess.run([*bundle, "--file", str(out)], cwd=ROOT, check=True, capture_output=True)
        return subprocess.run(["node", str(out)], cwd=ROOT, check=False).returncode


if __name__ == "__main__":
    raise SystemExit(main())
