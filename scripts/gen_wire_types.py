"""Write the browser's wire types from the server's own schemas.

For every game system (rulesets sharing one command codec share one file) this takes the
pydantic JSON Schema of the command union (what ``Codec.parse`` accepts) and of the event union
(what ``Codec.encode`` writes) and writes TypeScript declarations to
``frontend/src/protocol/generated/<system>.ts``; the engine's own shell commands (dice
entropy, any system) go to ``shell.ts``. The converter handles the JSON Schema pydantic emits
for our frozen dataclasses: objects (required and optional properties, maps through
``additionalProperties``), ``const``/``enum`` literals, arrays and tuples (``prefixItems``),
``anyOf``/``oneOf`` unions, ``$defs``/``$ref``, numbers, strings, booleans and null.

Run: ``.venv/bin/python scripts/gen_wire_types.py [OUT_DIR]`` (default: the committed
directory). ``tests/api/test_generated_wire_types.py`` fails when the committed files differ.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vantage.engine.fairness import contribution_commands, contribution_events
from vantage.engine.ruleset import Ruleset
from vantage.rules import find_ruleset, ruleset_names

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "frontend" / "src" / "protocol" / "generated"
REGENERATE = ".venv/bin/python scripts/gen_wire_types.py"
IDENT = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
REF = "#/$defs/"
WIDTH = 100

Schema = Mapping[str, Any]


@dataclass(frozen=True)
class Part:
    """One schema to declare: the name of its root type and whether it is written by the
    server (then every property is present: a dataclass dumps all its fields)."""

    root: str
    schema: Schema
    encoded: bool


# ---- JSON Schema to TypeScript -----------------------------------------------------------------


def ts_literal(value: Any) -> str:
    """A JSON value as a TypeScript literal type."""
    if value is None:
        return "null"
    return json.dumps(value, ensure_ascii=False)


def union(members: Sequence[str]) -> str:
    """``A | B`` without repeats (``never`` when empty)."""
    seen: list[str] = []
    for m in members:
        if m not in seen:
            seen.append(m)
    return " | ".join(seen) if seen else "never"


def wrap(ts: str) -> str:
    """Parenthesise a union or intersection (outside any brackets) before ``[]``."""
    depth = 0
    for i, c in enumerate(ts):
        depth += (c in "([{<") - (c in ")]}>")
        if depth == 0 and ts[i : i + 3] in (" | ", " & "):
            return f"({ts})"
    return ts


def ref_name(ref: str) -> str:
    """The declared name of a ``#/$defs/...`` reference."""
    if not ref.startswith(REF):
        raise ValueError(f"unsupported $ref {ref!r}")
    return ts_name(ref[len(REF) :])


def ts_name(name: str) -> str:
    """A $defs key as a TypeScript identifier (pydantic may qualify names with dots)."""
    return re.sub(r"[^A-Za-z0-9_$]", "_", name)


def ts_type(s: Schema | bool, encoded: bool, indent: str = "") -> str:
    """The TypeScript type of one schema node."""
    if s is True or s == {}:
        return "unknown"
    if s is False:
        return "never"
    assert isinstance(s, Mapping)
    if "$ref" in s:
        return ref_name(s["$ref"])
    if "const" in s:
        return ts_literal(s["const"])
    if "enum" in s:
        return union([ts_literal(v) for v in s["enum"]])
    for key in ("anyOf", "oneOf"):
        if key in s:
            return union([ts_type(m, encoded, indent) for m in s[key]])
    kind = s.get("type")
    if isinstance(kind, list):
        return union([ts_type({**s, "type": k}, encoded, indent) for k in kind])
    return _typed(s, kind, encoded, indent)


def _typed(s: Schema, kind: Any, encoded: bool, indent: str) -> str:
    if kind == "string":
        return "string"
    if kind in ("number", "integer"):
        return "number"
    if kind == "boolean":
        return "boolean"
    if kind == "null":
        return "null"
    if kind == "array":
        return array_type(s, encoded, indent)
    if kind == "object":
        return object_type(s, encoded, indent)
    raise ValueError(f"unsupported schema node {dict(s)!r}")


def array_type(s: Schema, encoded: bool, indent: str) -> str:
    """``T[]``, or a tuple ``[A, B]`` for ``prefixItems`` (``[A, ...T[]]`` with a rest)."""
    prefix = s.get("prefixItems")
    if prefix is None:
        return f"{wrap(ts_type(s.get('items', True), encoded, indent))}[]"
    parts = [ts_type(p, encoded, indent) for p in prefix]
    rest = s.get("items", s.get("maxItems") != len(prefix))
    if rest is not False:
        parts.append(f"...{wrap(ts_type(rest, encoded, indent))}[]")
    return f"[{', '.join(parts)}]"


def object_type(s: Schema, encoded: bool, indent: str) -> str:
    """An inline object type, or ``Record<string, T>`` for a map."""
    props = s.get("properties")
    extra = s.get("additionalProperties", True)
    if not props:
        return f"Record<string, {ts_type(extra, encoded, indent)}>" if extra is not False else "{}"
    body = object_body(s, encoded, indent + "  ")
    inline = f"{{\n{body}{indent}}}"
    if extra is False or extra is True:
        return inline
    return f"{inline} & Record<string, {ts_type(extra, encoded, indent)}>"


def object_body(s: Schema, encoded: bool, indent: str) -> str:
    """The property lines of an object type. Every property is required in what the server
    writes; in what it reads, those in ``required`` and every ``const`` tag (the union's
    discriminator, which a dataclass defaults but the union needs to pick the member)."""
    required = set(s.get("required", ()))
    lines = []
    for name, prop in s["properties"].items():
        key = name if IDENT.match(name) else json.dumps(name)
        needed = encoded or name in required or "const" in prop
        doc = prop.get("description")
        if doc:
            lines.append(jsdoc(doc, indent))
        lines.append(f"{indent}{key}{'' if needed else '?'}: {ts_type(prop, encoded, indent)};\n")
    return "".join(lines)


def jsdoc(text: str, indent: str) -> str:
    """A ``/** ... */`` comment from a schema description (docstring)."""
    text = text.replace("*/", "* /").strip()
    lines = text.splitlines()
    if len(lines) == 1:
        return f"{indent}/** {lines[0]} */\n"
    inner = "".join(f"{indent} *{' ' + ln if ln.strip() else ''}\n" for ln in lines)
    return f"{indent}/**\n{inner}{indent} */\n"


def declaration(name: str, s: Schema, encoded: bool) -> str:
    """``export interface`` for an object with properties, ``export type`` otherwise."""
    doc = jsdoc(s["description"], "") if s.get("description") else ""
    if s.get("type") == "object" and s.get("properties"):
        extra = s.get("additionalProperties", True)
        if extra is False or extra is True:
            return f"{doc}export interface {name} {{\n{object_body(s, encoded, '  ')}}}\n"
    return f"{doc}{alias(name, ts_type(s, encoded))}"


def alias(name: str, ts: str) -> str:
    """``export type Name = ...;``, a long union one member a line."""
    line = f"export type {name} = {ts};\n"
    members = ts.split(" | ")
    if len(line) <= WIDTH or len(members) < 2 or any(c in ts for c in "\n(<{["):
        return line
    return f"export type {name} =\n" + "".join(f"  | {m}\n" for m in members)[:-1] + ";\n"


def declarations(parts: Sequence[Part]) -> list[str]:
    """Every $def of the parts, then each part's root type; a $def two parts both use must
    come out the same (an encoded event and a parsed command sharing a class)."""
    out: dict[str, str] = {}
    roots = []
    for part in parts:
        for key, sub in part.schema.get("$defs", {}).items():
            add(out, ts_name(key), declaration(ts_name(key), sub, part.encoded))
        body = {k: v for k, v in part.schema.items() if k != "$defs"}
        if "title" in body and body.get("type") == "object":
            name = ts_name(body["title"])
            add(out, name, declaration(name, body, part.encoded))
            roots.append(alias(part.root, name))
        else:
            doc = {k: v for k, v in body.items() if k != "description"}
            roots.append(alias(part.root, ts_type(doc, part.encoded)))
    return [out[k] for k in sorted(out)] + roots


def add(out: dict[str, str], name: str, text: str) -> None:
    """Record one declaration; the same name twice must mean the same thing."""
    if name in out and out[name] != text:
        raise ValueError(f"{name} is declared twice with different shapes")
    out[name] = text


def render(systems: Sequence[str], parts: Sequence[Part]) -> str:
    """A whole generated file."""
    header = (
        "// GENERATED by scripts/gen_wire_types.py from the server's pydantic schemas: "
        "do not edit.\n"
        f"// Regenerate: {REGENERATE}\n"
        f"// Systems: {', '.join(systems)}.\n"
        "// Commands are what the server accepts (optional fields have server defaults); events\n"
        "// are what it encodes before a viewer's redaction (every field present).\n"
    )
    return header + "\n" + "\n".join(declarations(parts))


# ---- the systems -------------------------------------------------------------------------------


def system_files() -> dict[str, str]:
    """File name → contents for every game system and the engine's shell commands. Systems
    sharing their codecs (the refereed tables reuse the sandbox's) share one file, named after
    the system whose class they are (``sandbox``)."""
    rulesets: dict[str, Ruleset[Any]] = {}
    for name in ruleset_names():
        found = find_ruleset(name)
        assert found is not None
        if type(found).__module__.startswith("vantage.rules."):  # not a test's own system
            rulesets[name] = found
    groups: dict[tuple[int, int], list[str]] = {}
    for name, ruleset in rulesets.items():
        groups.setdefault((id(ruleset.commands), id(ruleset.events)), []).append(name)
    files = {}
    for names in groups.values():
        stem = min(names, key=lambda n: (type(rulesets[n]).name != n, n))
        ruleset = rulesets[stem]
        parts = [
            Part("Command", ruleset.commands.json_schema("validation"), encoded=False),
            Part("Event", ruleset.events.json_schema("serialization"), encoded=True),
        ]
        files[f"{stem}.ts"] = render([stem, *sorted(set(names) - {stem})], parts)
    shell = [
        Part("ShellCommand", contribution_commands.json_schema("validation"), encoded=False),
        Part("ShellEvent", contribution_events.json_schema("serialization"), encoded=True),
    ]
    files["shell.ts"] = render(["every system (engine shell commands)"], shell)
    return dict(sorted(files.items()))


def write_all(out_dir: Path) -> list[Path]:
    """Write every generated file into ``out_dir``; the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in system_files().items():
        path = out_dir / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str]) -> int:
    """Write into the directory given, or into the committed one."""
    out_dir = Path(argv[0]) if argv else OUT_DIR
    written = write_all(out_dir)
    sys.stdout.write("".join(f"{path}\n" for path in written))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
