"""The browser's generated wire types (frontend/src/protocol/generated) match the server's
schemas: a changed command or event shape fails here until the files are regenerated."""

from __future__ import annotations

import difflib
import importlib.util
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from vantage.engine.codec import Codec, wire
from vantage.rules import find_ruleset, ruleset_names

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "gen_wire_types.py"
COMMITTED = ROOT / "frontend" / "src" / "protocol" / "generated"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_wire_types", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


gen = _load()


def test_committed_files_match_the_server_schemas(tmp_path: Path) -> None:
    written = {p.name for p in gen.write_all(tmp_path)}
    assert {"sandbox.ts", "wh40k-10e.ts", "death-angel.ts", "shell.ts"} <= written
    committed = {p.name for p in COMMITTED.glob("*.ts")}
    stale = sorted(committed - written)
    assert not stale, f"{COMMITTED}: no system generates {stale}; delete them"
    for name in sorted(written):
        fresh = (tmp_path / name).read_text(encoding="utf-8")
        target = COMMITTED / name
        old = target.read_text(encoding="utf-8") if target.exists() else ""
        if old != fresh:
            diff = "".join(
                list(difflib.unified_diff(old.splitlines(True), fresh.splitlines(True)))[:40]
            )
            pytest.fail(
                f"{target.relative_to(ROOT)} is out of date with the server's schemas; "
                f"run `{gen.REGENERATE}`\n{diff}"
            )


def test_every_system_is_covered() -> None:
    headers = "".join(
        (COMMITTED / n).read_text(encoding="utf-8").split("\n\n", 1)[0] for n in gen.system_files()
    )
    for name in ruleset_names():
        ruleset = find_ruleset(name)
        if ruleset is not None and type(ruleset).__module__.startswith("vantage.rules."):
            assert f" {name}" in headers, name


# ---- the converter on small schemas (independent of the real commands) -------------------------


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class _Leg:
    """One leg."""

    model: str
    path: tuple[tuple[float, float], ...]
    z: float | None = None


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class _Go:
    type: Literal["go"] = "go"
    legs: tuple[_Leg, ...] = ()
    kind: Literal["a", "b"]
    names: dict[str, str] = field(default_factory=dict)
    count: int


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class _Stop:
    type: Literal["stop"] = "stop"
    now: bool


_Cmd = Annotated[_Go | _Stop, Field(discriminator="type")]


def _render(encoded: bool) -> str:
    mode = "serialization" if encoded else "validation"
    schema = Codec[Any](_Cmd).json_schema(mode)
    return "\n".join(gen.declarations([gen.Part("Cmd", schema, encoded)]))


def test_parsed_commands_keep_defaults_optional_and_tags_required() -> None:
    ts = _render(encoded=False)
    assert '  type: "go";\n' in ts  # the tag has a default but picks the union member
    assert "  legs?: _Leg[];\n" in ts
    assert '  kind: "a" | "b";\n' in ts
    assert "  names?: Record<string, string>;\n" in ts
    assert "  count: number;\n" in ts
    assert "  path: [number, number][];\n" in ts
    assert "  z?: number | null;\n" in ts
    assert "/** One leg. */\nexport interface _Leg {" in ts
    assert ts.rstrip().endswith("export type Cmd = _Go | _Stop;")


def test_encoded_events_have_every_field() -> None:
    ts = _render(encoded=True)
    assert "  legs: _Leg[];\n" in ts
    assert "  z: number | null;\n" in ts
    assert "?" not in ts


def test_unsupported_schema_is_an_error() -> None:
    with pytest.raises(ValueError):
        gen.ts_type({"type": "frobnicate"}, False)
    with pytest.raises(ValueError):
        gen.ts_type({"$ref": "http://elsewhere/x"}, False)


def test_tuples_with_rest_and_nested_unions() -> None:
    tup = {"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "integer"}}
    assert gen.ts_type(tup, False) == "[string, ...number[]]"
    arr = {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "null"}]}}
    assert gen.ts_type(arr, False) == "(string | null)[]"
    assert gen.ts_type({"type": ["string", "null"]}, False) == "string | null"
    assert gen.ts_type({"enum": ["L", "R"]}, False) == '"L" | "R"'
