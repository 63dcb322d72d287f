"""Drive games at the engine level: two bots, seeded dice, the log of every event."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from vantage.engine.context import Ctx, Viewer
from vantage.engine.decision import Accepted
from vantage.engine.dice import SeededDice
from vantage.rules import find_ruleset
from vantage.rules.wh40k10e import bot
from vantage.rules.wh40k10e.state import State

NOW = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass
class Game:
    """A game in memory: the state, the encoded log and the dice used."""

    state: State
    seed: bytes
    rolls: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)
    setup: Any = None

    def submit(self, player: str, cmd: Any) -> Any:
        """Decide and apply a command; the decision is returned."""
        rs = ruleset()
        dice = SeededDice(self.seed, first=self.rolls)
        decision = rs.decide(self.state, cmd, Ctx(Viewer(player), NOW, dice))
        if isinstance(decision, Accepted):
            self.rolls += dice.used
            self.apply(decision.events)
        return decision

    def apply(self, events: Any) -> None:
        """Fold events and keep their JSON."""
        rs = ruleset()
        for e in events:
            self.state = rs.evolve(self.state, e)
            self.log.append(rs.events.encode(e))


def ruleset() -> Any:
    rs = find_ruleset("wh40k-10e")
    assert rs is not None
    return rs


def new_game(request: dict[str, Any] | None = None, seed: bytes = b"seed") -> Game:
    """A created game after its opening events."""
    rs = ruleset()
    setup = rs.parse_setup({**rs.new_game_options({}), **(request or {})})
    game = Game(state=rs.initial_state(setup), seed=seed, setup=setup)
    dice = SeededDice(seed)
    game.apply(rs.opening(game.state, Ctx(Viewer(None), NOW, dice)))
    game.rolls = dice.used
    return game


def play(game: Game, max_steps: int = 5000, until: Any = None) -> Game:
    """Let the two bots play until the game ends (or ``until(state)`` holds)."""
    for _ in range(max_steps):
        if game.state.result is not None or (until and until(game.state)):
            return game
        for player in game.state.players:
            cmd = bot.choose(game.state, player)
            if cmd is not None:
                decision = game.submit(player, cmd)
                assert isinstance(decision, Accepted), (cmd, decision)
                break
        else:
            raise AssertionError("nobody can act")
    raise AssertionError("the game did not end")
