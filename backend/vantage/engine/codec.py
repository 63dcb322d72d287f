"""JSON codecs for a ruleset's commands, events and state (frozen dataclasses).

The core stays plain dataclasses; this module is the one place that turns them into JSON and
back, through pydantic's dataclass support. Every command and event dataclass is declared with
``@wire`` and a ``type: Literal[...]`` tag so unions are discriminated by ``type``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Generic, TypeGuard, TypeVar

from pydantic import Field, TypeAdapter, ValidationError
from pydantic.json_schema import JsonSchemaMode

from vantage.engine.errors import CorruptLogError, Rejection
from vantage.engine.json_order import document_key

T = TypeVar("T")
C = TypeVar("C")

REACH = 1e6
"""The largest position (inches) or angle (degrees) any input may give: far past any table, and
small enough that every distance computed from such positions stays finite."""
Coordinate = Annotated[float, Field(ge=-REACH, le=REACH)]
"""A position or an angle in a command or a file."""
Height = Annotated[float, Field(ge=0, le=REACH)]
"""A height above the table's surface in a command: a model cannot be put below the table."""

_WIRE_CONFIG = {"allow_inf_nan": False, "extra": "forbid", "strict": False}


def is_number(value: object) -> TypeGuard[int | float]:
    """A JSON number (``true`` is not one)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def is_finite_number(value: object) -> TypeGuard[int | float]:
    """A JSON number a float can hold: finite (a JSON integer may be too large for a float)."""
    if not is_number(value):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def is_coordinate(value: object) -> TypeGuard[int | float]:
    """A position or an angle as input may give one: a finite number within ``REACH``."""
    return is_finite_number(value) and abs(value) <= REACH


def wire(cls: type[C]) -> type[C]:
    """Mark a dataclass as a wire type: unknown fields and NaN/infinity are refused."""
    cls.__pydantic_config__ = _WIRE_CONFIG  # type: ignore[attr-defined]
    return cls


def json_path(loc: tuple[int | str, ...]) -> str:
    """Render a pydantic location as a JSON path: ``models[3].base.diameter_mm``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def first_error(exc: ValidationError, raw: object, prefix: str = "") -> tuple[str, str]:
    """The JSON path and a short message of a validation failure's error that comes first in
    the input's text (pydantic lists them in the order of the schema's fields).

    Pydantic puts union tags and validator names into locations; walking the input alongside
    the location keeps only the keys and indexes that really are in the input.
    """
    found = []
    for err in exc.errors(include_url=False):
        loc = err["loc"]
        if err["type"] in ("union_tag_invalid", "union_tag_not_found"):  # the tag: ``base.shape``
            loc = (*loc, str((err.get("ctx") or {}).get("discriminator", "")).strip("'"))
        in_input = _input_loc(loc, raw, name_missing=err["type"] in _MISSING)
        found.append((document_key(raw, in_input), in_input, err))
    _, in_input, err = min(found, key=lambda f: f[0])  # the first in the text (a stable min)
    path = json_path(in_input)
    if prefix:
        path = f"{prefix}.{path}" if path and not path.startswith("[") else f"{prefix}{path}"
    message = _short_message(err["type"], err["msg"], err.get("ctx") or {})
    if err["type"] in _EXTRA and in_input and in_input[-1] != "type":
        # a stray ``type`` is the object's only would-be tag: naming it would name its value
        tag = _tag_of(raw, in_input[:-1])
        message = f"is not a field of {tag}" if tag else message
    return path, message


_EXTRA = ("extra_forbidden", "unexpected_keyword_argument")
"""Errors about a field the input has and the type does not."""


def _tag_of(raw: object, loc: tuple[int | str, ...]) -> str | None:
    """The ``type`` of the object at ``loc`` (a command's ``move_models``), if it has one."""
    node: Any = raw
    for part in loc:
        node = node[part]
    tag = node.get("type") if isinstance(node, Mapping) else None
    return printable(tag)[:80] if isinstance(tag, str) else None


_MISSING = ("missing", "union_tag_not_found")
"""Errors about a field that is not in the input, which the path then names."""


def _input_loc(
    loc: tuple[int | str, ...], raw: object, *, name_missing: bool
) -> tuple[int | str, ...]:
    out: list[int | str] = []
    node: Any = raw
    for i, part in enumerate(loc):
        in_map = isinstance(node, Mapping) and isinstance(part, str) and part in node
        in_list = isinstance(node, list | tuple) and isinstance(part, int) and 0 <= part < len(node)
        if in_map or in_list:
            out.append(part)
            node = node[part]
        elif name_missing and isinstance(node, Mapping) and i == len(loc) - 1:
            out.append(part)  # a missing field: name it (not a union member's name, ``int``)
    return tuple(out)


_BOUNDS = {
    "greater_than": ">",
    "greater_than_equal": ">=",
    "less_than": "<",
    "less_than_equal": "<=",
}


_TYPES = {
    "float_type": "must be a number",
    "int_type": "must be a whole number",
    "bool_type": "must be true or false",
    "string_type": "must be a string",
    "list_type": "must be a list",
    "tuple_type": "must be a list",
    "dict_type": "must be an object",
    "model_type": "must be an object",
    "model_attributes_type": "must be an object",
}
"""Messages of values of the wrong JSON type (nothing is converted: ``"10"`` is not a number)."""


def _short_message(kind: str, msg: str, ctx: Mapping[str, Any]) -> str:
    if kind in _TYPES:
        return _TYPES[kind]
    if kind == "union_tag_invalid":
        return f"must be one of {ctx.get('expected_tags', '')}"
    if kind == "union_tag_not_found":
        return "is required"
    for bound, symbol in _BOUNDS.items():
        if kind == bound:
            return f"must be {symbol} {_number(next(iter(ctx.values()), ''))}"
    if kind in ("too_short", "too_long"):
        most = "least" if kind == "too_short" else "most"
        n = ctx.get("min_length" if kind == "too_short" else "max_length", "")
        return f"must have at {most} {n} {'item' if n == 1 else 'items'}"
    if kind == "string_too_short" and ctx.get("min_length") == 1:
        return "must not be empty"
    if kind in ("string_too_short", "string_too_long"):
        most = "least" if kind == "string_too_short" else "most"
        n = ctx.get("min_length" if kind == "string_too_short" else "max_length", "")
        return f"must have at {most} {n} {'character' if n == 1 else 'characters'}"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected', '')}"
    if kind == "finite_number":
        return "must be a finite number"
    if kind == "missing":
        return "is required"
    if kind in _EXTRA:
        # a dataclass (a command, a pack) says "unexpected keyword argument": Python's words
        # (input audit s15 #5)
        return "is not a known field"
    return msg[:1].lower() + msg[1:]


def _number(limit: object) -> object:
    """A bound as people write it: ``0``, not ``0.0``."""
    if isinstance(limit, float) and limit.is_integer() and abs(limit) < 1e15:
        return int(limit)
    return limit


Check = Callable[[object], str | None]
"""Why a key or a scalar of a JSON value is refused, or ``None``."""


def _first_refused(
    value: Any, check: Check, depth: int = 0, limit: int | None = None
) -> tuple[list[int | str], str] | None:
    """The location (innermost part first) of the first key or scalar ``check`` refuses, with
    its reason; the path is built only for the one found (this walks whole set-ups). Past
    ``limit`` levels of nesting the value itself is refused."""
    if limit is not None and depth > limit and isinstance(value, Mapping | list | tuple):
        return [], f"is nested too deeply (at most {limit} levels)"
    if isinstance(value, Mapping):
        for k, v in value.items():
            why = check(k)
            found = ([], why) if why is not None else _first_refused(v, check, depth + 1, limit)
            if found is not None:
                found[0].append(k)
                return found
        return None
    if isinstance(value, list | tuple):
        for i, v in enumerate(value):
            found = _first_refused(v, check, depth + 1, limit)
            if found is not None:
                found[0].append(i)
                return found
        return None
    why = check(value)
    return ([], why) if why is not None else None


def _path(found: tuple[list[int | str], str]) -> str:
    return printable(json_path(tuple(reversed(found[0])))) or "$"


def _nonfinite(leaf: object) -> str | None:
    if isinstance(leaf, float) and not math.isfinite(leaf):
        return "must be a finite number"
    return None


def _unstorable(leaf: object) -> str | None:
    if isinstance(leaf, str) and "\x00" in leaf:
        return "must not contain the NUL character (\\u0000)"
    if isinstance(leaf, str) and not is_utf8(leaf):
        return "must be valid text (it holds an unpaired surrogate such as \\ud800)"
    return _nonfinite(leaf)


def is_utf8(text: str) -> bool:
    """False when ``text`` holds an unpaired surrogate (``"\\ud800"`` in JSON), which no UTF-8
    answer can carry."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def printable(text: str) -> str:
    """``text`` safe to put in an answer: unpaired surrogates spelled ``\\ud800``."""
    return text if is_utf8(text) else text.encode("utf-8", "backslashreplace").decode("utf-8")


def reject_nonfinite(value: Any) -> str | None:
    """The path of the first NaN or infinite float inside a JSON value, if any."""
    found = _first_refused(value, _nonfinite)
    return None if found is None else _path(found)


MAX_DEPTH = 32
"""Levels of nesting a request or a message may have (a set-up needs six)."""


def first_refused(value: Any, check: Check) -> tuple[str, str] | None:
    """The JSON path (``"$"`` for ``value`` itself) of the first key or scalar inside ``value``
    that ``check`` refuses, with its reason; nesting deeper than ``MAX_DEPTH`` is refused where
    it starts (so the walk never recurses far)."""
    found = _first_refused(value, check, 0, MAX_DEPTH)
    return None if found is None else (_path(found), found[1])


INT_DIGITS = 4300
"""Python's limit on the digits of an integer read from text (``sys.get_int_max_str_digits``):
``json.loads`` raises ``ValueError`` on a longer integer literal, valid JSON though it is."""


def is_long_integer_error(exc: BaseException) -> bool:
    """``exc`` is ``json.loads`` refusing an integer literal of more than ``INT_DIGITS``
    digits."""
    return isinstance(exc, ValueError) and "integer string conversion" in str(exc)


def unstorable(value: Any) -> tuple[str, str] | None:
    """The first value a game cannot keep, with why: a NaN or infinite float (the log is plain
    JSON), text with the NUL character (no PostgreSQL text column can hold one) or an unpaired
    surrogate (no UTF-8 answer can carry one), or nesting deeper than ``MAX_DEPTH``."""
    found = _first_refused(value, _unstorable, 0, MAX_DEPTH)
    return None if found is None else (_path(found), found[1])


class Codec(Generic[T]):
    """Encode and decode one discriminated union (or one dataclass) to and from JSON values."""

    def __init__(self, tp: Any) -> None:
        self._adapter: TypeAdapter[T] = TypeAdapter(tp)

    def encode(self, value: T) -> dict[str, Any]:
        """The JSON-ready dict form of a value."""
        out = self._adapter.dump_python(value, mode="json")
        assert isinstance(out, dict)
        return out

    def parse(self, raw: object, code: str, prefix: str = "") -> T | Rejection:
        """Decode untrusted input; a failure is a rejection naming the first bad field. The
        input is read as the JSON it came as, strictly: nothing is converted (``"10"`` is not a
        number, ``1`` is not ``true``), as scenario files are read."""
        try:
            text = json.dumps(raw, allow_nan=False)
        except (TypeError, ValueError):
            bad = reject_nonfinite(raw)
            return Rejection(code, f"{bad}: must be a finite number" if bad else "not JSON data")
        try:
            return self._adapter.validate_json(text, strict=True)
        except ValidationError as exc:
            path, msg = first_error(exc, raw, prefix)
            return Rejection(code, f"{path}: {msg}" if path else msg, {"field": path})

    def json_schema(self, mode: JsonSchemaMode = "validation") -> dict[str, Any]:
        """The JSON Schema of what ``parse`` accepts (``validation``) or ``encode`` writes
        (``serialization``); ``scripts/gen_wire_types.py`` turns it into TypeScript."""
        return self._adapter.json_schema(mode=mode)

    def decode(self, raw: object) -> T:
        """Decode trusted input (the game log); a failure is a corrupt log."""
        try:
            return self._adapter.validate_python(raw)
        except ValidationError as exc:
            raise CorruptLogError(str(exc)) from exc
