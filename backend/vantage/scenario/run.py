"""``vantage scenario run FILE``: evaluate every query of a scenario file.

``run_file`` returns ``(exit code, stdout, stderr)``: 0 and ``{"results": {...}}`` on success,
2 and one line naming the first bad field by its JSON path on invalid input (never a traceback).
"""

from __future__ import annotations

import codecs
import json
import math
import sys
from collections.abc import Sequence
from typing import Any

from vantage.engine.json_order import document_key, path_loc
from vantage.rules.common.systems import geometry_for
from vantage.scenario.fields import SECTIONS, Found, query_keys, unknown_keys
from vantage.scenario.queries import answer_query, evaluate, query_shape
from vantage.scenario.schema import Scenario, ScenarioError, parse_scenario

__all__ = ["answer_query", "evaluate", "main", "run_file", "run_text"]

NESTED = "nested too deeply"


def run_text(text: str) -> tuple[int, str, str]:
    """Evaluate a scenario given as JSON text."""
    try:
        raw: Any = json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as exc:
        return 2, "", f"$: invalid JSON: line {exc.lineno} column {exc.colno}: {exc.msg}\n"
    except RecursionError:  # the decoder recurses once per level of arrays and objects
        return 2, "", f"$: invalid JSON: {NESTED}\n"
    try:
        scenario = parse_scenario(raw)
        results = evaluate(scenario)
    except ScenarioError as exc:
        return 2, "", f"{_one_line(str(exc))}\n"
    except RecursionError:
        return 2, "", f"$: invalid scenario: {NESTED}\n"
    lines = "".join(f"warning: {w}\n" for w in warnings(scenario))
    return 0, json.dumps({"results": results}) + "\n", lines


def warnings(scenario: Scenario) -> list[str]:
    """What a valid file gives that is read otherwise than it may mean, in the file's order:
    unknown terrain kinds, unknown keys inside the objects the contract defines, and a weapon's
    range against its type. None changes an answer or the exit status."""
    found = unknown_kinds(scenario) + unknown_fields(scenario)
    found += weapon_ranges(scenario)
    return [line for _, line in sorted(found, key=lambda f: f[0])]


def unknown_fields(scenario: Scenario) -> list[Found]:
    """A warning for each key that nothing reads inside the table, units, models, terrain,
    objectives and queries (``vantage.scenario.fields``); top-level keys are the contract's to
    ignore."""
    found: list[Found] = []
    for i, (key, value) in enumerate(scenario.raw.items()):
        if key in SECTIONS:
            found += unknown_keys(value, SECTIONS[key], key, (i,))
        elif key == "queries" and isinstance(value, list):
            for k, query in enumerate(value):
                kind = query.get("type") if isinstance(query, dict) else None
                shape = query_shape(scenario.system, kind)
                if shape is not None:
                    found += query_keys(query, shape, f"queries[{k}]", (i, k))
    return found


def weapon_ranges(scenario: Scenario) -> list[Found]:
    """``attack`` queries whose weapon's range goes against its type (see ``range_warnings``)."""
    queries = scenario.raw.get("queries")
    if not isinstance(queries, list) or not any(
        isinstance(q, dict) and q.get("type") == "attack" for q in queries
    ):
        return []
    from vantage.rules.wh40k.attack_query import range_warnings

    return [
        (document_key(scenario.raw, path_loc(path)), f"{path}: {message}")
        for k, query in enumerate(queries)
        if isinstance(query, dict) and query.get("type") == "attack"
        for path, message in range_warnings(query, f"queries[{k}]")
    ]


def unknown_kinds(scenario: Scenario) -> list[Found]:
    """A line for each terrain piece whose ``kind`` the system does not name (a typo such as
    "forst" would otherwise pass unnoticed): what it is read as (rules decision 4). The file is
    still valid and answered (exit 0); the lines go to standard error."""
    rules = geometry_for(scenario.system)
    if rules.unknown_kind_reads_as is None:
        return []
    known = rules.terrain_kinds()
    return [
        (
            document_key(scenario.raw, ("terrain", i, "kind")),
            f"terrain[{i}].kind: {piece.kind!r} is not a terrain category of {scenario.system} "
            f"({', '.join(sorted(known))}); read as {rules.unknown_kind_reads_as}",
        )
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
    """Evaluate a scenario file: ``(exit code, stdout text, stderr text)``. A file that cannot
    be opened is named (``FILE: cannot read: ...``); what is wrong with its content is named by
    its JSON path, ``$`` for the whole document (not UTF-8, not JSON)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        return 2, "", f"{path}: cannot read: {_one_line(exc.strerror or str(exc))}\n"
    bom = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0  # allowed: RFC 8259 §8.1
    try:
        text = data[bom:].decode("utf-8")
    except UnicodeDecodeError as exc:
        return 2, "", f"$: invalid JSON: not UTF-8 text (byte {bom + exc.start})\n"
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
