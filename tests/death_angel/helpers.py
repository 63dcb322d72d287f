"""Scenario building for Death Angel tests: tables laid out by hand, fixed dice, commands."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from vantage.engine.context import Ctx, Viewer
from vantage.engine.decision import Accepted
from vantage.engine.dice import FixedDice, SeededDice
from vantage.engine.errors import Rejection
from vantage.rules.death_angel import RULESET as R
from vantage.rules.death_angel.content import demo_pack
from vantage.rules.death_angel.evolve import apply
from vantage.rules.death_angel.flow import advance, prompt_of
from vantage.rules.death_angel.prompt import Prompt
from vantage.rules.death_angel.setup import PICKS_PER_PLAYER
from vantage.rules.death_angel.state import (
    RULES_REVISION,
    Group,
    MarineState,
    Row,
    State,
    TerrainState,
    clone,
)

NOW = datetime(2024, 1, 1, tzinfo=UTC)
PACK = demo_pack()
TEAMS = [t.id for t in PACK.teams]


def face(value: int) -> int:
    """The die face (1-based FixedDice result) showing ``value`` on the demo die (0..5)."""
    return value + 1


def fresh(
    seats: int = 4, seed: bytes = b"test", pack: Any = None, revision: int = RULES_REVISION
) -> State:
    """A game just after its opening (round 1's selection), of this code's rules revision
    unless told (E16)."""
    request: dict[str, Any] = {"seats": seats, "rules_revision": revision}
    if pack is not None:
        request["pack"] = pack
    setup = R.parse_setup(request)
    assert not isinstance(setup, Rejection), setup
    state = R.initial_state(setup)
    for event in R.opening(state, Ctx(Viewer(None), NOW, SeededDice(seed))):
        state = R.evolve(state, event)
    return state


def table(
    rows: Sequence[tuple[str, str] | tuple[str, str, int]],
    swarms: dict[tuple[int, str], list[str]] | None = None,
    terrain: Sequence[tuple[str, int, str]] = (),
    blips: tuple[int, int] = (5, 5),
    seats: int = 4,
    revision: int = RULES_REVISION,
) -> State:
    """A round-1 table: rows (marine, facing[, tokens]) from the head, swarms at (pos, side),
    terrain (id, pos, side), blip pile sizes. Teams go to seats in pack order (p1, p2, ...)."""
    s = fresh(seats, revision=revision)
    n = PICKS_PER_PLAYER[seats] * seats
    s.teams = {t: f"p{i % seats + 1}" for i, t in enumerate(TEAMS[:n])}
    s.hands = {t: [a.id for a in s.ix.teams[t].actions] for t in s.teams}
    s.first_player = s.active_player = "p1"
    pool = s.pack.support_tokens
    s.formation = []
    for spec in rows:
        tokens = spec[2] if len(spec) == 3 else 0  # type: ignore[misc]
        pool -= tokens
        team = s.ix.marine_team[spec[0]]
        assert team in s.teams, f"{spec[0]}'s team {team} is not in play"
        facing = "L" if spec[1] == "L" else "R"
        s.formation.append(
            Row(marine=MarineState(id=spec[0], team=team, facing=facing, tokens=tokens))
        )
    s.pool = pool
    every = list(s.ix.genestealer_ids)
    used: set[str] = set()
    for (pos, side), cards in (swarms or {}).items():
        s.formation[pos - 1].groups.append(Group(side="L" if side == "L" else "R", cards=cards))
        used.update(cards)
        for c in cards:
            if c in s.broodlords_reserve:
                s.broodlords_reserve.remove(c)
    for tid, pos, side in terrain:
        s.formation[pos - 1].terrain.append(TerrainState(id=tid, side="L" if side == "L" else "R"))
    rest = [c for c in every if c not in used]
    s.blips = {"L": rest[: blips[0]], "R": rest[blips[0] : blips[0] + blips[1]]}
    s.gs_deck = rest[blips[0] + blips[1] :]
    s.gs_discard = []
    return s


def start_resolve(
    s: State, cards: Sequence[str], dice: Sequence[int] = ()
) -> tuple[State, list[Any]]:
    """Reveal exactly these cards (one per team in play) and run to the first prompt."""
    s = clone(s)
    s.selection = {s.ix.action_team[c]: c for c in cards}
    order = sorted(cards, key=lambda c: s.ix.actions[c].initiative)
    s.phase, s.phase_done, s.revealed = "resolve", "", True
    s.order, s.queue = list(order), list(order)
    s.active_card = order[0]
    s.active_player = s.teams[s.ix.action_team[order[0]]]
    return settle(s, dice)


def settle(s: State, dice: Sequence[int] = ()) -> tuple[State, list[Any]]:
    """Run automatic steps from a hand-made state (a copy) to the next prompt."""
    s = clone(s)
    fixed = FixedDice(dice)
    events = advance(s, fixed)
    assert fixed.used == len(dice), f"{len(dice) - fixed.used} dice left unused"
    return s, events


def do(
    s: State, player: str | None, cmd: dict[str, Any], dice: Sequence[int] = ()
) -> tuple[State, list[Any]]:
    """Send a command that must be accepted; the new state and the events."""
    parsed = R.commands.parse(cmd, "intent/invalid_command")
    assert not isinstance(parsed, Rejection), parsed
    fixed = FixedDice(dice)
    decision = R.decide(s, parsed, Ctx(Viewer(player), NOW, fixed))
    assert isinstance(decision, Accepted), decision
    assert fixed.used == len(dice), f"{len(dice) - fixed.used} dice left unused"
    s = clone(s)
    for event in decision.events:
        apply(s, event)
    return s, list(decision.events)


def reject(s: State, player: str | None, cmd: dict[str, Any], code: str) -> Rejection:
    """Send a command that must be refused with this code."""
    parsed = R.commands.parse(cmd, "intent/invalid_command")
    assert not isinstance(parsed, Rejection), parsed
    decision = R.decide(s, parsed, Ctx(Viewer(player), NOW, FixedDice([1] * 50)))
    assert isinstance(decision, Rejection), decision
    assert decision.code == code, decision
    return decision


def prompt(s: State) -> Prompt:
    """The current prompt (there must be one)."""
    p = prompt_of(s)
    assert p is not None
    return p


def types(events: Sequence[Any]) -> list[str]:
    """The type tags of events."""
    return [e.type for e in events]


def of(events: Sequence[Any], kind: type) -> list[Any]:
    """The events of one class."""
    return [e for e in events if isinstance(e, kind)]


def swarm_at(s: State, pos: int, side: str) -> list[str]:
    """All cards at a position and side."""
    return [c for g in s.formation[pos - 1].groups if g.side == side for c in g.cards]


def order(s: State) -> list[str]:
    """Marine ids from the head."""
    return [r.marine.id for r in s.formation]


def apply_all(s: State, events: Sequence[Any]) -> State:
    """Apply events to a copy."""
    s = clone(s)
    for e in events:
        apply(s, e)
    return s
