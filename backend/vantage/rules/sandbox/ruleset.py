"""The sandbox ruleset: a shared table whose only rules are physical sanity."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vantage.engine.codec import Codec
from vantage.engine.context import Ctx, Viewer
from vantage.engine.decision import Accepted, Decision
from vantage.engine.errors import CorruptLogError, Rejection
from vantage.engine.ruleset import Ruleset
from vantage.engine.table import Table
from vantage.engine.table_view import table_json
from vantage.rules.sandbox.commands import ModelsMoved, MoveModels
from vantage.rules.sandbox.placement import apply_moves, check_moves, place_all
from vantage.rules.sandbox.presets import empty_table
from vantage.rules.sandbox.setup_checks import check_new_table
from vantage.scenario.queries import with_system_defaults
from vantage.scenario.schema import ScenarioError, parse_scenario


def parse_table_setup(system: str, request: Mapping[str, Any]) -> Table | Rejection:
    """A table set-up from the create-game request's ``setup`` (scenario format, no queries), with
    the system's defaults the scenario interface applies (``with_system_defaults``: a Deathmatch
    model with no ``height`` is 40 mm tall), so that a game and ``vantage scenario run`` give the
    same answers for the same set-up. No logged decision reads a model's height (moves check the
    table's edge, overlap of bases at a height and floors; ``ModelsMoved`` stores no height), so
    a stored game read again with the default keeps every move it logged."""
    raw = request.get("setup")
    if raw is None:
        raw = empty_table()
    if not isinstance(raw, Mapping):
        return Rejection("setup/invalid", "setup: must be an object", {"field": "setup"})
    given = raw.get("system")
    if given is not None and given != system:
        return Rejection(
            "setup/invalid", f"setup.system: must be {system!r}", {"field": "setup.system"}
        )
    try:
        scenario = with_system_defaults(
            parse_scenario({**raw, "system": system}, with_queries=False)
        )
    except ScenarioError as exc:
        path = f"setup.{exc.path}" if exc.path else "setup"
        return Rejection("setup/invalid", f"{path}: {exc.message}", {"field": path})
    return scenario.table


class SandboxRuleset(Ruleset[Table]):
    """A free table: players move their own models; nothing else is refereed."""

    name = "sandbox"
    title = "Sandbox (free table, no rules)"
    create_options = ("setup",)
    commands: Codec[MoveModels] = Codec(MoveModels)
    events: Codec[ModelsMoved] = Codec(ModelsMoved)
    state_codec: Codec[Table] = Codec(Table)

    def parse_setup(self, request: Mapping[str, Any]) -> Table | Rejection:
        """The table from the request's ``setup``, or an empty 60"×44" table."""
        return parse_table_setup(self.name, request)

    def check_new_setup(self, setup: Table) -> Rejection | None:
        """A new game's bases stand on the table and apart, and its terrain lies on the table
        (``check_new_table``; rules decisions 20 and 22)."""
        return check_new_table(setup)

    def seats(self, setup: Table) -> tuple[str, ...]:
        """One seat per player of the table."""
        return setup.players

    def initial_state(self, setup: Table) -> Table:
        """The table as set up."""
        return setup

    def decide(self, state: Table, command: Any, ctx: Ctx) -> Decision:
        """Validate a move: own models, inside the table, no overlapping bases."""
        if ctx.actor.player is None:
            return Rejection("intent/spectator", "spectators cannot act")
        if not isinstance(command, MoveModels):
            return Rejection("intent/unknown_command", "the sandbox only moves models")
        rejection = check_moves(state, ctx.actor.player, command.moves)
        if rejection:
            return rejection
        return Accepted(
            (ModelsMoved(player=ctx.actor.player, moves=apply_moves(state, command.moves)),)
        )

    def commutes(self, command: Any, event: Any) -> bool:
        """A move made before another move still means the same when the two move different
        models: the later one is decided on the table as it is now (bases that would now
        overlap are still refused), instead of failing as stale."""
        if not isinstance(command, MoveModels) or not isinstance(event, ModelsMoved):
            return False
        mine = {m.model for m in command.moves}
        return not any(m.model in mine for m in event.moves)

    def evolve(self, state: Table, event: Any) -> Table:
        """Apply a move."""
        if isinstance(event, ModelsMoved):
            return state.with_models(place_all(state, event.moves))
        raise CorruptLogError(f"the sandbox cannot apply {type(event).__name__}")

    def query(self, state: Table, query: Mapping[str, Any], viewer: Viewer) -> Any | Rejection:
        """Measure, sight and unit checks on the table, by this system's geometry."""
        from vantage.rules.common.table_queries import answer_table_query

        return answer_table_query(self.name, state, query)

    def project(self, state: Table, viewer: Viewer) -> dict[str, Any]:
        """Everything is public on a sandbox table; spectators get the same projection."""
        return table_json(state)
