"""A test system whose every command makes two events, as many 10th-edition and Death Angel
commands do (review s16 B #1: a retry's ack after a restart named the batch's first event)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from vantage.engine.codec import Codec, wire
from vantage.engine.context import Ctx, Viewer
from vantage.engine.decision import Accepted, Decision
from vantage.engine.ruleset import Ruleset
from vantage.rules import register


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    type: Literal["step"] = "step"
    n: int = 0


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Stepped:
    type: Literal["stepped"] = "stepped"
    player: str
    n: int


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Count:
    steps: int = 0


class TwoEvents(Ruleset[Count]):
    name = "test-two-events"
    title = "two events per command (tests only)"
    commands: Codec[Step] = Codec(Step)
    events: Codec[Stepped] = Codec(Stepped)
    state_codec: Codec[Count] = Codec(Count)

    def parse_setup(self, request: Mapping[str, Any]) -> Any:
        return dict(request)

    def seats(self, setup: Any) -> tuple[str, ...]:
        return ("p1", "p2")

    def initial_state(self, setup: Any) -> Count:
        return Count()

    def decide(self, state: Count, command: Any, ctx: Ctx) -> Decision:
        assert ctx.actor.player is not None
        player = ctx.actor.player
        return Accepted((Stepped(player=player, n=command.n), Stepped(player=player, n=-1)))

    def evolve(self, state: Count, event: Any) -> Count:
        return replace(state, steps=state.steps + 1)

    def project(self, state: Count, viewer: Viewer) -> dict[str, Any]:
        return self.state_codec.encode(state)


register(TwoEvents())
