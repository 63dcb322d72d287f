"""Whole scripted games (the bot, seeded dice) for 1, 4 and 6 players (§11, §9)."""

from __future__ import annotations

import pytest

from tests.death_angel.games import play
from tests.death_angel.helpers import R

WIN = (1, "s33")  # a seed where the bot wins (found by scanning seeds)


@pytest.mark.parametrize(("seats", "seed"), [(1, "one"), (4, "four"), (6, "six")])
def test_whole_game__bot_plays_to_the_end(seats: int, seed: str) -> None:
    state, commands, log = play(seats, seed)
    assert state.outcome in ("won", "lost") and commands > 10
    assert R.summary(state)["outcome"] == state.outcome
    assert sum(1 for e in log if e.type == "die_rolled") > 5


def test_whole_game__a_win() -> None:
    state, _, _ = play(*WIN)
    assert state.outcome == "won"
