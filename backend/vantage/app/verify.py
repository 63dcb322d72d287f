"""Check an exported game: the seed matches its commitment, every roll re-derives from it, and
every command, decided again by the rules, gives exactly the logged events.

``vantage verify GAME.json`` prints the verdict and exits 0; 1 naming the first event that does
not verify; 2 when the file is not a well-formed export, naming the first bad field by its JSON
path (``events[12].at: missing``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from vantage.app.export import EXPORT_FORMAT
from vantage.app.live import LiveGame
from vantage.app.shell_commands import decide, parse_command
from vantage.engine.context import Ctx, Viewer
from vantage.engine.decision import Accepted
from vantage.engine.dice import SeededDice
from vantage.engine.errors import Rejection, VantageError
from vantage.engine.fairness import commitment
from vantage.rules import find_ruleset


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome: ``ok``, how many events were checked, and the first problem if any."""

    ok: bool
    checked: int
    problem: str = ""
    malformed: bool = False
    """The document is not a well-formed export (``problem`` names the field): nothing checked."""


WORDING: Mapping[str, frozenset[str]] = {"rule_warning": frozenset({"message"})}
"""Per event type, the fields that are only words for players: a later version may say the same
refusal differently (e.g. naming a model instead of giving its id), which changes no outcome."""


EMPTY: tuple[Any, ...] = (None, False, 0, "", [], {})
"""Values a field added to an event later takes by default: a logged event written before the
field existed reads as if it held one of them."""


def same_event(produced: Any, logged: Any) -> bool:
    """The re-decided event is the logged one, its words aside (``WORDING``), and fields added
    to the event since it was logged aside when they hold their empty default (a logged event
    without the key decodes to that default: Death Angel's ``pool_ran_out.partly``). Events
    nested in an event's list (10e ``formations_declared.warnings``) are compared the same way;
    anything else must be equal (a nested object missing a key is a different event): a field
    added later to a nested object (a ``Pending``, an ``AttackPlan``) needs a rule here first."""
    if produced == logged:
        return True
    if not (_is_event(produced) and _is_event(logged)):
        return False
    words = WORDING.get(str(produced.get("type")), frozenset())
    for key in (produced.keys() | logged.keys()) - words:
        if key not in logged or key not in produced:
            if not _empty(produced.get(key, logged.get(key))):
                return False
        elif not _same_value(produced[key], logged[key]):
            return False
    return True


def _is_event(value: Any) -> bool:
    return isinstance(value, Mapping) and "type" in value


def _same_value(produced: Any, logged: Any) -> bool:
    """A field's value: equal, or a list of events each the same event."""
    if isinstance(produced, list) and isinstance(logged, list) and len(produced) == len(logged):
        return all(
            same_event(p, q) if _is_event(p) else p == q
            for p, q in zip(produced, logged, strict=True)
        )
    return bool(produced == logged)


def _empty(value: Any) -> bool:
    return any(value == e and type(value) is type(e) for e in EMPTY)


def verify_export(doc: Mapping[str, Any]) -> Verdict:
    """Re-derive every roll and re-decide every command of an exported game."""
    bad = export_problem(doc)
    if bad:
        return Verdict(False, 0, bad, malformed=True)
    try:
        game = _start(doc)
    except RecursionError:
        return Verdict(False, 0, "setup: nested too deeply", malformed=True)
    except (KeyError, TypeError, ValueError) as exc:  # a rule set's parser should reject, not raise
        return Verdict(False, 0, f"setup: cannot be parsed ({exc!r})", malformed=True)
    if isinstance(game, str):
        return Verdict(False, 0, game)
    events = list(doc["events"])
    i = 0
    while i < len(events):
        try:
            problem, used = _check_batch(game, events, i)
        except (KeyError, TypeError, ValueError, VantageError, RecursionError) as exc:
            # the shape is checked up front: this is a command the rules could not replay
            reason = "nested too deeply" if isinstance(exc, RecursionError) else repr(exc)
            return Verdict(False, i, f"event v={events[i]['v']}: cannot be replayed ({reason})")
        if problem:
            return Verdict(False, i, problem)
        i += used
    if game.version != doc.get("version"):
        return Verdict(
            False,
            i,
            f"the export says version {doc.get('version')}, the log replays to {game.version}",
        )
    return Verdict(True, i)


def export_problem(doc: Any) -> str:
    """The first field of ``doc`` that does not have an export's shape, as ``path: problem``;
    ``""`` when the shape is right (whether it verifies is ``verify_export``'s question)."""
    if not isinstance(doc, Mapping):
        return "the document: must be a JSON object (a Vantage game export)"
    if doc.get("format") != EXPORT_FORMAT:
        return _bad(doc, "format", f"must be {EXPORT_FORMAT!r}")
    for key, kind, check in _TOP:
        if key not in doc or not check(doc[key]):
            return _bad(doc, key, f"must be {kind}")
    dice = doc["dice"]
    for key, kind, check in _DICE:
        if key not in dice or not check(dice[key]):
            return _bad(dice, key, f"must be {kind}", "dice.")
    if isinstance(dice["seed"], str) and not _hex(dice["seed"]):
        return "dice.seed: must be hexadecimal"
    if not doc["over"] or not dice["seed"]:
        return ""  # an export in progress: its events are as a viewer sees them, and not checked
    for n, event in enumerate(doc["events"]):
        where = f"events[{n}]"
        if not isinstance(event, Mapping):
            return f"{where}: must be an object"
        for key, kind, check in _EVENT:
            if key not in event or not check(event[key]):
                return _bad(event, key, f"must be {kind}", f"{where}.")
    return ""


def _bad(obj: Mapping[str, Any], key: str, problem: str, prefix: str = "") -> str:
    return f"{prefix}{key}: {'missing' if key not in obj else problem}"


def _int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _text_or_null(v: object) -> bool:
    return v is None or isinstance(v, str)


def _hex(v: str) -> bool:
    try:
        bytes.fromhex(v)
    except ValueError:
        return False
    return True


def _when(v: object) -> bool:
    if not isinstance(v, str):
        return False
    try:
        datetime.fromisoformat(v)
    except ValueError:
        return False
    return True


_Check = tuple[str, str, Callable[[Any], bool]]
_TOP: tuple[_Check, ...] = (
    ("id", "a string", lambda v: isinstance(v, str)),
    ("system", "a string", lambda v: isinstance(v, str)),
    ("setup", "an object", lambda v: isinstance(v, Mapping)),
    ("version", "a whole number >= 0", lambda v: _int(v) and v >= 0),
    ("over", "true or false", lambda v: isinstance(v, bool)),
    ("dice", "an object", lambda v: isinstance(v, Mapping)),
    ("events", "a list", lambda v: isinstance(v, list)),
)
_DICE: tuple[_Check, ...] = (
    ("commitment", "a string", lambda v: isinstance(v, str)),
    ("seed", "a string or null", _text_or_null),
)
_EVENT: tuple[_Check, ...] = (
    ("v", "a whole number", _int),
    ("e", "an object", lambda v: isinstance(v, Mapping)),
    ("actor", "a string or null", _text_or_null),
    ("intent_id", "a string or null", _text_or_null),
    ("command", "an object or null", lambda v: v is None or isinstance(v, Mapping)),
    (
        "dice",
        "a list of whole numbers or null",
        lambda v: v is None or (isinstance(v, list) and all(_int(d) for d in v)),
    ),
    ("at", "an ISO 8601 date and time", _when),
)


def _start(doc: Mapping[str, Any]) -> LiveGame | str:
    dice = doc["dice"]
    if not doc.get("over") or not dice.get("seed"):
        return "the game is not over: its dice seed is not revealed yet"
    seed = bytes.fromhex(dice["seed"])
    if commitment(seed) != dice["commitment"]:
        return "the revealed seed does not match the commitment shown before the first roll"
    ruleset = find_ruleset(doc["system"])
    if ruleset is None:
        return f"unknown game system {doc['system']!r}"
    setup = ruleset.parse_setup(doc["setup"])
    if isinstance(setup, Rejection):
        return f"the set-up does not parse: {setup.message}"
    return LiveGame(
        id=doc["id"],
        ruleset=ruleset,
        setup=setup,
        state=ruleset.initial_state(setup),
        version=0,
        rolls=0,
        seed=seed,
    )


def _check_batch(game: LiveGame, events: list[Any], i: int) -> tuple[str, int]:
    """Re-decide the batch starting at ``events[i]``; return (problem, events consumed)."""
    first = events[i]
    v = first["v"]
    if v != game.version + 1:
        return f"event v={v}: expected v={game.version + 1} (the log has a gap)", 1
    dice = SeededDice(game.seed, first=game.rolls, salt=game.salt)
    ctx = Ctx(Viewer(first.get("actor")), datetime.fromisoformat(first["at"]), dice)
    if first.get("command") is None and game.version == 0:
        produced = list(game.ruleset.opening(game.state, ctx))
    elif first.get("command") is None:
        return f"event v={v}: no command recorded for it", 1
    else:
        command = parse_command(game, first["command"])
        if isinstance(command, Rejection):
            return f"event v={v}: its command does not parse ({command.message})", 1
        decision = decide(game, command, ctx)
        if not isinstance(decision, Accepted):
            return f"event v={v}: the rules reject its command ({decision.code})", 1
        produced = list(decision.events)
    logged = events[i : i + len(produced)]
    for offset, (event, entry) in enumerate(zip(produced, logged, strict=False)):
        if not same_event(game.encode(event), entry.get("e")):
            return f"event v={v + offset}: the rules give a different event", 1
    if len(logged) != len(produced):
        return f"event v={v}: the log ends inside this command's events", 1
    if list(dice.results) != list(first.get("dice") or []):
        return f"event v={v}: its dice do not re-derive from the seed", 1
    game.commit(
        produced,
        game.fold_ahead(produced),
        rolls=game.rolls + dice.used,
        intent_id=first.get("intent_id"),
    )
    return "", len(produced)
