"""Playing whole games with the bot, and the hidden-information invariant (§10.3)."""

from __future__ import annotations

import json
from typing import Any

from tests.death_angel.helpers import NOW, R
from vantage.engine.context import Ctx, Viewer
from vantage.engine.decision import Accepted
from vantage.engine.dice import SeededDice
from vantage.rules.death_angel.bot import choose
from vantage.rules.death_angel.state import STATE_CODEC, State, clone
from vantage.rules.death_angel.views import project, redact


def hidden(s: State, viewer: str | None) -> set[str]:
    """Card ids this viewer must not see: piles, decks, others' secret choices and cards."""
    out = {*s.blips["L"], *s.blips["R"], *s.gs_deck, *s.event_deck, *s.location_deck}
    if s.event and s.event.card and not s.event.revealed and viewer != s.active_player:
        out.add(s.event.card)
    if not s.revealed:
        out |= {c for t, c in s.selection.items() if s.teams[t] != viewer}
    return out


def leaks(payload: Any, secret: set[str]) -> set[str]:
    text = json.dumps(payload)
    return {c for c in secret if f'"{c}"' in text}


def play(seats: int, seed: str, check_views: bool = True) -> tuple[State, int, list[Any]]:
    """Play a whole game with the bot on every seat; returns the end state."""
    setup = R.parse_setup({"seats": seats})
    initial = state = R.initial_state(setup)
    dice = SeededDice(seed.encode())
    log = list(R.opening(state, Ctx(Viewer(None), NOW, dice)))
    for e in log:
        state = R.evolve(state, e)
    commands = 0
    viewers: list[str | None] = [None, *state.seats]
    while not state.outcome:
        assert commands < 3000, "the game does not end"
        player, cmd = next(
            (p, c) for p in state.seats if (c := choose(project(state, p), p)) is not None
        )
        parsed = R.commands.parse(cmd, "intent/invalid_command")
        decision = R.decide(state, parsed, Ctx(Viewer(player), NOW, dice))
        assert isinstance(decision, Accepted), (cmd, decision)
        commands += 1
        for e in decision.events:
            state = R.evolve(state, e)
            log.append(e)
            if check_views:
                for v in viewers:
                    assert not leaks(redact(e, v), hidden(state, v)), (e.type, v)
        if check_views:
            for v in viewers:
                assert not leaks(project(state, v), hidden(state, v)), v
    replayed = clone(initial)
    for e in log:
        replayed = R.evolve(replayed, R.events.decode(R.events.encode(e)))
    assert STATE_CODEC.encode(replayed) == STATE_CODEC.encode(state)
    return state, commands, log
