"""Spawning from the blip piles for an event's spawn box (death-angel §6.6, §11.20-21).

Each side is spawned from its own pile (§12.23). With enough cards every target gets the full
number, top to bottom (the pile is face down, so the order hides nothing); when the pile is
short and there is more than one target, the active player distributes what is there (§12.17).
"""

from __future__ import annotations

from typing import Any

from vantage.engine.dice import Dice
from vantage.engine.errors import Rejection
from vantage.rules.death_angel.commands import AllocateSpawn
from vantage.rules.death_angel.events import (
    BoxResolved,
    CardsPlaced,
    Event,
    GenestealersPlaced,
    SpawnSealed,
)
from vantage.rules.death_angel.hooks import sealed
from vantage.rules.death_angel.pack import SIDES, Side, SpawnBox
from vantage.rules.death_angel.prompt import Prompt, Step, ask, auto
from vantage.rules.death_angel.state import EventStep, State


def spawn_size(state: State, box: SpawnBox) -> int:
    """The setup card's major or minor number, for the whole game (§6.6)."""
    setup = state.setup_card
    return setup.major if box.size == "major" else setup.minor


def _targets(state: State, box: SpawnBox, side: Side) -> list[tuple[int, str]]:
    """(position, terrain) of every terrain card of the box's colour on this side."""
    return [
        (pos, t.id)
        for pos, r in enumerate(state.formation, start=1)
        for t in r.terrain
        if t.side == side and state.ix.terrain[t.id].colour == box.colour
    ]


def _place(state: State, side: Side, targets: list[tuple[int, str]], counts: list[int]) -> Event:
    pile, taken, out = state.blips[side], 0, []
    for (pos, _), n in zip(targets, counts, strict=True):
        if n:
            out.append(CardsPlaced(position=pos, side=side, cards=tuple(pile[taken : taken + n])))
            taken += n
    return GenestealersPlaced(placements=tuple(out), box_side=side)


def step_spawn_box(state: State, box: SpawnBox, step: EventStep) -> Step:
    """Spawn the left side, then the right side, then close the box."""
    side = next((s for s in SIDES if s not in step.sides_done), None)
    if side is None:
        return auto(BoxResolved(box=step.box))
    size = spawn_size(state, box)
    targets = _targets(state, box, side)
    seals: list[Event] = [SpawnSealed(terrain=t) for pos, t in targets if sealed(state, pos, t)]
    open_targets = [(pos, t) for pos, t in targets if not sealed(state, pos, t)]
    pile = len(state.blips[side])
    if pile >= size * len(open_targets) or len(open_targets) <= 1:
        counts, left = [], pile
        for _ in open_targets:
            counts.append(min(size, left))
            left -= counts[-1]
        return auto(*seals, _place(state, side, open_targets, counts))
    options: dict[str, Any] = {
        "side": side,
        "available": pile,
        "targets": [{"position": p, "terrain": t, "max": size} for p, t in open_targets],
    }
    return ask("allocate_spawn", state.active_player, ("allocate_spawn",), options, options)


def allocate_spawn(
    state: State, player: str, cmd: AllocateSpawn, dice: Dice, prompt: Prompt
) -> list[Event] | Rejection:
    """§6.6 [L414]: as many as possible, at the allowed positions of his choice."""
    opts = prompt.options[player]
    side: Side = opts["side"]
    targets = [(t["position"], t["terrain"]) for t in opts["targets"]]
    counts = list(cmd.counts)
    size = opts["targets"][0]["max"]
    if len(counts) != len(targets) or any(not 0 <= n <= size for n in counts):
        return Rejection(
            "spawn/bad_allocation",
            f"give each of the {len(targets)} targets between 0 and {size} cards",
        )
    if sum(counts) != opts["available"]:
        return Rejection(
            "spawn/bad_allocation", f"all {opts['available']} cards of the pile must spawn"
        )
    assert state.event is not None
    card = state.ix.events[state.event.card or ""]
    box = card.boxes[state.event.box]
    assert isinstance(box, SpawnBox)
    seals: list[Event] = [
        SpawnSealed(terrain=t) for pos, t in _targets(state, box, side) if sealed(state, pos, t)
    ]
    return [*seals, _place(state, side, targets, counts)]
