"""A tiny test-only game system: each player rolls 2D6 in turn; after four rolls it is over."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from vantage.engine.codec import Codec, wire
from vantage.engine.context import Ctx, Viewer
from vantage.engine.decision import Accepted, Decision
from vantage.engine.errors import Rejection
from vantage.engine.ruleset import Ruleset
from vantage.rules import register


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Roll:
    type: Literal["roll"] = "roll"


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Rolled:
    type: Literal["rolled"] = "rolled"
    player: str
    dice: tuple[int, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Duel:
    totals: Mapping[str, int]
    rolls: int = 0


class DiceDuel(Ruleset[Duel]):
    name = "test-dice-duel"
    title = "Dice duel (tests only)"
    commands: Codec[Roll] = Codec(Roll)
    events: Codec[Rolled] = Codec(Rolled)
    state_codec: Codec[Duel] = Codec(Duel)

    def parse_setup(self, request: Mapping[str, Any]) -> Any:
        return dict(request)

    def seats(self, setup: Any) -> tuple[str, ...]:
        return ("p1", "p2")

    def initial_state(self, setup: Any) -> Duel:
        return Duel(totals={"p1": 0, "p2": 0})

    def decide(self, state: Duel, command: Any, ctx: Ctx) -> Decision:
        player = ctx.actor.player
        if player is None:
            return Rejection("intent/spectator", "spectators cannot act")
        if self.is_over(state):
            return Rejection("game/over", "the duel is over")
        if player != ("p1", "p2")[state.rolls % 2]:
            return Rejection("turn/not_your_turn", "wait for your turn")
        return Accepted((Rolled(player=player, dice=ctx.dice.roll(2)),))

    def evolve(self, state: Duel, event: Any) -> Duel:
        totals = {**state.totals, event.player: state.totals[event.player] + sum(event.dice)}
        return replace(state, totals=totals, rolls=state.rolls + 1)

    def project(self, state: Duel, viewer: Viewer) -> dict[str, Any]:
        return self.state_codec.encode(state)

    def is_over(self, state: Duel) -> bool:
        return state.rolls >= 4


register(DiceDuel())
