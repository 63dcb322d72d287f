"""The formation: facing, range, edge arrows, terrain placement, deaths and shifts (§4, §6.5)."""

from __future__ import annotations

from typing import Literal

from vantage.rules.death_angel.events import (
    Event,
    MarineKilled,
    TeamEliminated,
    TerrainPlacement,
)
from vantage.rules.death_angel.pack import Arrow, Place, Side, TerrainIcon
from vantage.rules.death_angel.state import (
    State,
    marine_at,
    marine_position,
    row,
    swarm,
    team_marines,
)

Shift = Literal["up", "down", "none"]


def edge_arrow(state: State, marine: str, side: Side) -> Arrow:
    """The arrow on the edge of the marine's visible face toward ``side`` (§4, §6.7)."""
    m = marine_at(state, marine)
    assert m is not None
    face = state.ix.marines[marine].faces
    edges = face.L if m.facing == "L" else face.R
    return edges.left if side == "L" else edges.right


def attack_targets(state: State, marine: str, range_bonus: int = 0) -> list[tuple[int, Side]]:
    """Swarms the marine faces within his range (§6.5, §11.12)."""
    m = marine_at(state, marine)
    pos = marine_position(state, marine)
    if m is None or pos is None:
        return []
    reach = state.ix.marines[marine].range + range_bonus
    return [
        (p, m.facing)
        for p in range(1, len(state.formation) + 1)
        if abs(p - pos) <= reach and swarm(state, p, m.facing)
    ]


def shift_direction(size: int, position: int) -> Shift:
    """Which way the smaller segment moves into the gap (§4.2; ends: §12.3 decision)."""
    if size == 1:
        return "none"
    above, below = position - 1, size - position
    if above == 0:
        return "up"
    if below == 0:
        return "down"
    return "up" if below <= above else "down"


def close_gap(state: State, position: int, shift: Shift) -> None:
    """Remove the dead marine's row; its terrain and groups join the row that moves in."""
    dead = row(state, position)
    if shift == "none":
        state.stray.extend(c for g in dead.groups for c in g.cards)
    else:
        target = row(state, position + 1 if shift == "up" else position - 1)
        target.terrain.extend(dead.terrain)
        target.groups.extend(dead.groups)
    del state.formation[position - 1]


def death_events(state: State, marine: str) -> list[Event]:
    """A marine dies: the shift, and the team's elimination if he was its last (§11.17)."""
    pos = marine_position(state, marine)
    assert pos is not None
    events: list[Event] = [
        MarineKilled(marine=marine, position=pos, shift=shift_direction(len(state.formation), pos))
    ]
    team = state.ix.marine_team[marine]
    if [m for m in team_marines(state, team) if m != marine]:
        return events
    cards = tuple(state.hands.get(team, ()))
    player, card = state.active_player, state.active_card
    if card in cards:
        # §12.8: the next card in ascending order among those still in play this round
        alive = {t for t in state.teams if t != team and team_marines(state, t)}
        rest = [c for c in state.order if state.ix.action_team[c] in alive]
        if rest:
            card = rest[0]
            player = state.teams[state.ix.action_team[card]]
    events.append(TeamEliminated(team=team, cards=cards, active_player=player, active_card=card))
    return events


def terrain_placements(state: State, place: Place) -> tuple[TerrainPlacement, ...]:
    """Where a location's terrain icons put their cards (§7.3; clamping: §12.11)."""
    size = len(state.formation)
    if size == 0:
        return ()
    out: list[TerrainPlacement] = []
    sides: tuple[tuple[Side, tuple[TerrainIcon, ...]], ...] = (
        ("L", place.left),
        ("R", place.right),
    )
    for side, icons in sides:
        for icon in icons:
            pos = min(icon.number, size) if icon.arrow == "down" else max(size - icon.number + 1, 1)
            out.append(TerrainPlacement(terrain=icon.terrain, position=pos, side=side))
    return tuple(out)


def kill_options(state: State, position: int, side: Side) -> list[str]:
    """Cards that may be slain: normal genestealers before any broodlord (§6.9)."""
    cards = swarm(state, position, side)
    normal = [c for c in cards if not state.ix.is_broodlord(c)]
    return normal or cards


def terrain_at(state: State, terrain: str) -> tuple[int, Side] | None:
    """Where a terrain card lies in the formation."""
    for i, r in enumerate(state.formation, start=1):
        for t in r.terrain:
            if t.id == terrain:
                return i, t.side
    return None
