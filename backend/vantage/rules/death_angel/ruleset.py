"""Space Hulk: Death Angel as a Vantage game system (the engine contract, ``engine/ruleset.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vantage.engine.codec import Codec
from vantage.engine.context import Ctx, Viewer
from vantage.engine.decision import Decision
from vantage.engine.errors import Rejection
from vantage.engine.ruleset import Ruleset
from vantage.rules.death_angel import flow, views
from vantage.rules.death_angel.commands import COMMAND_CODEC, SelectActions
from vantage.rules.death_angel.events import EVENT_CODEC
from vantage.rules.death_angel.evolve import evolve
from vantage.rules.death_angel.pack import PACK_CODEC
from vantage.rules.death_angel.setup import (
    OPTIONS,
    Setup,
    deal,
    parse_setup,
    seat_ids,
    stamped,
)
from vantage.rules.death_angel.state import STATE_CODEC, State


class DeathAngelRuleset(Ruleset[State]):
    """The cooperative card game for 1-6 players (rules digest: ``space-hulk-death-angel.md``)."""

    name = "death-angel"
    title = "Space Hulk: Death Angel (card game)"
    create_options = OPTIONS
    commands: Codec[Any] = COMMAND_CODEC
    events: Codec[Any] = EVENT_CODEC
    state_codec: Codec[Any] = STATE_CODEC

    def parse_setup(self, request: Mapping[str, Any]) -> Setup | Rejection:
        """``{"seats": 1..6, "pack": {...}?}`` (and the stamped ``rules_revision``)."""
        return parse_setup(request)

    def new_game_options(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """The request stamped with this code's rules revision and the demo pack itself when it
        names none (rules decision E16)."""
        return stamped(options)

    def seats(self, setup: Setup) -> tuple[str, ...]:
        """``p1`` .. ``pN``."""
        return seat_ids(setup)

    def initial_state(self, setup: Setup) -> State:
        """An empty table with the pack; ``opening`` deals it."""
        return State(pack=setup.pack, seats=seat_ids(setup), rules_revision=setup.revision)

    def opening(self, state: State, ctx: Ctx) -> Sequence[Any]:
        """The whole set-up (§3.1), up to the first prompt (round 1's selection)."""
        return flow.run(state, [deal(state, ctx.dice)], ctx.dice).events

    def decide(self, state: State, command: Any, ctx: Ctx) -> Decision:
        """Answer the current prompt (or choose action cards), then run what follows."""
        return flow.decide(state, command, ctx.actor.player, ctx.dice)

    def evolve(self, state: State, event: Any) -> State:
        """Apply one event to a copy of the state."""
        return evolve(state, event)

    def project(self, state: State, viewer: Viewer) -> dict[str, Any]:
        """What this seat or spectator may see (§10.3)."""
        return views.project(state, viewer.player)

    def redact(self, event: Any, state_after: State, viewer: Viewer) -> dict[str, Any] | None:
        """The event without its secrets for this viewer."""
        return views.redact(event, viewer.player, state_after)

    def is_version_free(self, command: Any) -> bool:
        """Secret selections commute: each names its round and touches only its own teams."""
        return isinstance(command, SelectActions)

    def query(self, state: State, query: Mapping[str, Any], viewer: Viewer) -> Any | Rejection:
        """``{"kind": "pack"}``: the game's card data (public knowledge, no deck orders)."""
        if query.get("kind") == "pack":
            return PACK_CODEC.encode(state.pack)
        return Rejection("query/unsupported", 'death-angel answers {"kind": "pack"} only')

    def is_over(self, state: State) -> bool:
        """The squad has won or lost (§9); the dice seed may then be revealed."""
        return bool(state.outcome)

    def summary(self, state: State) -> dict[str, Any]:
        """Round, phase, marines left, location, outcome."""
        return views.summary(state)
