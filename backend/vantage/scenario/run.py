"""``vantage scenario run FILE``: evaluate every query of a scenario file.

``run_file`` returns ``(exit code, stdout, stderr)``: 0 and ``{"results": {...}}`` on success,
2 and one line naming the first bad field by its JSON path on invalid input (never a traceback).
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence
from typing import Any

from vantage.rules.common.systems import geometry_for
from vantage.scenario.queries import answer_query, evaluate
from vantage.scenario.schema import Scenario, ScenarioError, parse_scenario

__all__ = ["answer_query", "evaluate", "main", "run_file", "run_text"]

NESTED = "nested too deeply"


def run_text(text: str) -> tuple[int, str, str]:
    """Evaluate a scenario given as JSON text."""
    try:
        raw: Any = json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as exc:
        return 2, "", f"invalid JSON: line {exc.lineno} column {exc.colno}: {exc.msg}\n"
    except RecursionError:  # the decoder recurses once per level of arrays and objects
        return 2, "", f"invalid JSON: {NESTED}\n"
    try:
        scenario = parse_scenario(raw)
        results = evaluate(scenario)
    except ScenarioError as exc:
        return 2, "", f"{_one_line(str(exc))}\n"
    except RecursionError:
        return 2, "", f"invalid scenario: {NESTED}\n"
    warnings = "".join(f"warning: {w}\n" for w in unknown_kinds(scenario))
    return 0, json.dumps({"results": results}) + "\n", warnings


def unknown_kinds(scenario: Scenario) -> list[str]:
    """A line for each terrain piece whose ``kind`` the system does not name (a typo such as
    "forst" would otherwise pass unnoticed): what it is read as (rules decision 4). The file is
    still valid and answered (exit 0); the lines go to standard error."""
    rules = geometry_for(scenario.system)
    if rules.unknown_kind_reads_as is None:
        return []
    known = rules.terrain_kinds()
    return [
        f"terrain[{i}].kind: {piece.kind!r} is not a terrain category of {scenario.system} "
        f"({', '.join(sorted(known))}); read as {rules.unknown_kind_reads_as}"
        for i, piece in enumerate(scenario.table.terrain)
        if piece.kind not in known
    ]


def _json_int(digits: str) -> int | float:
    """A JSON integer; one too large for a float is infinite, so it is refused where it stands
    (``must be a finite number``), as Python's limit on integer digits would otherwise fail the
    whole file."""
    if len(digits.lstrip("-")) <= 300:
        return int(digits)
    return -math.inf if digits.startswith("-") else math.inf


def run_file(path: str) -> tuple[int, str, str]:
    """Evaluate a scenario file: ``(exit code, stdout text, stderr text)``."""
    try:
        with open(path, encoding="utf-8-sig") as fh:  # a byte-order mark is allowed (RFC 8259 §8.1)
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return 2, "", f"{path}: cannot read: {_one_line(reason)}\n"
    return run_text(text)


def _one_line(message: str) -> str:
    return " ".join(message.split())


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry: ``python -m vantage.scenario.run FILE``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        sys.stderr.write("usage: vantage scenario run FILE\n")
        return 2
    code, out, err = run_file(args[0])
    sys.stdout.write(out)
    sys.stderr.write(err)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
