"""Warhammer 40,000 10th edition as a Vantage game system (engine/ruleset.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vantage.engine.codec import Codec
from vantage.engine.context import Ctx, Viewer
from vantage.engine.decision import Decision
from vantage.engine.errors import Rejection
from vantage.engine.ruleset import Ruleset
from vantage.rules.wh40k10e import views
from vantage.rules.wh40k10e.commands import COMMAND_CODEC, ReactionOffers, RerollOffers
from vantage.rules.wh40k10e.decide import decide
from vantage.rules.wh40k10e.deployment import open_game
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.events import EVENT_CODEC
from vantage.rules.wh40k10e.evolve import evolve
from vantage.rules.wh40k10e.layouts import LAYOUTS
from vantage.rules.wh40k10e.setup import (
    OPTIONS,
    PLAYERS,
    GameSetup,
    initial_state,
    parse_setup,
    stamped,
)
from vantage.rules.wh40k10e.state import STATE_CODEC, State


class Wh40k10eRuleset(Ruleset[State]):
    """A complete Only War game refereed by the server (wh40k-10th digest)."""

    name = "wh40k-10e"
    title = "Warhammer 40,000 (10th edition): Only War"
    create_options = OPTIONS
    commands: Codec[Any] = COMMAND_CODEC
    events: Codec[Any] = EVENT_CODEC
    state_codec: Codec[Any] = STATE_CODEC

    def parse_setup(self, request: Mapping[str, Any]) -> GameSetup | Rejection:
        """Armies, layout, battle size, strictness (docs/wh40k10e.md "Creating a game")."""
        return parse_setup(request)

    def new_game_options(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """The request stamped with this code's rules revision (rules decision R38)."""
        return stamped(options)

    def check_new_setup(self, setup: GameSetup) -> Rejection | None:
        """What a new game must pass that a stored one need not (``GameSetup.new_game_refusal``):
        every army for a player, demo indexes as numbers, every model with a base size."""
        return setup.new_game_refusal

    def seats(self, setup: GameSetup) -> tuple[str, ...]:
        """Two players."""
        return PLAYERS

    def initial_state(self, setup: GameSetup) -> State:
        """Every unit waiting to be deployed."""
        return initial_state(setup)

    def opening(self, state: State, ctx: Ctx) -> Sequence[Any]:
        """The first roll-off (markers or Attacker) and the first pending decision."""
        em = Emitter(state, ctx.dice, None)
        open_game(em)
        return em.events

    def decide(self, state: State, command: Any, ctx: Ctx) -> Decision:
        """Referee one command."""
        return decide(state, command, ctx.actor.player, ctx.dice)

    def evolve(self, state: State, event: Any) -> State:
        """Apply one event."""
        return evolve(state, event)

    def admit(self, state: State, command: Any, actor: str | None) -> Rejection | None:
        """Re-roll and reaction offers set to what they already are are refused
        (``settings/unchanged``), not logged: a seat alternating them grew the log without
        limit (security audit s14 #3). Outside ``decide``, so older logs that hold such events
        still verify. An offer is only ever waiting while the setting is on, so "off" when it
        is off has nothing to decline."""
        if actor is None or actor not in state.players:
            return None
        if isinstance(command, RerollOffers | ReactionOffers):
            side = state.side(actor)
            now = side.reroll_offers if isinstance(command, RerollOffers) else side.reaction_offers
            if command.offer == now:
                which = "re-roll" if isinstance(command, RerollOffers) else "reaction"
                return Rejection(
                    "settings/unchanged",
                    f"your {which} offers are already {'on' if now else 'off'}",
                )
        return None

    def is_side_command(self, command: Any) -> bool:
        """The offers settings: accepted at any time, they do not move the game on."""
        return isinstance(command, RerollOffers | ReactionOffers)

    def project(self, state: State, viewer: Viewer) -> dict[str, Any]:
        """The table and the referee state."""
        return views.project(state, viewer.player)

    def redact(self, event: Any, state_after: State, viewer: Viewer) -> dict[str, Any] | None:
        """Secret battle formations until both have declared."""
        return views.redact(event, state_after, viewer.player)

    def query(self, state: State, query: Mapping[str, Any], viewer: Viewer) -> Any | Rejection:
        """``targets``, ``charge_targets`` (per unit) and ``layouts``."""
        from vantage.rules.wh40k10e.queries import live_query

        return live_query(state, query)

    def is_over(self, state: State) -> bool:
        """The game has a result (end of round 5, an army destroyed, or a concession)."""
        return state.result is not None

    def summary(self, state: State) -> dict[str, Any]:
        """Round, phase, VP, result."""
        return views.summary(state)


__all__ = ["LAYOUTS", "Wh40k10eRuleset"]
