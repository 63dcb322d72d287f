"""Travel, blip piles, phase ends and the end of the game (death-angel §7, §9, §11.5-6, §11.23-25).

Travel is checked at the end of every phase (§7.2 [L469], §12.10); victory and defeat are
checked after every step, victory first, so dying in the winning moment still wins (§9).
"""

from __future__ import annotations

from vantage.engine.dice import Dice
from vantage.engine.errors import Rejection
from vantage.rules.death_angel.commands import ChooseBlipSide
from vantage.rules.death_angel.die import shuffled
from vantage.rules.death_angel.events import (
    BlipsDealt,
    BlipsDiscarded,
    BlipSideChosen,
    DeckShuffled,
    Event,
    GameLost,
    GameWon,
    LocationAbilityUsed,
    LocationEntered,
    PhaseStarted,
    RoundStarted,
    TerrainPlaced,
    TravelFinished,
)
from vantage.rules.death_angel.formation import terrain_placements
from vantage.rules.death_angel.hooks import LOCATION_HOOKS, VICTORY_HOOKS, Call
from vantage.rules.death_angel.pack import Side
from vantage.rules.death_angel.prompt import Prompt, Step, ask, auto
from vantage.rules.death_angel.state import Phase, State, TravelStep, genestealers_in_play


def needs_travel(state: State) -> bool:
    """A blip pile is empty and the location deck is not (§7.2 [L469-L471])."""
    return (not state.blips["L"] or not state.blips["R"]) and bool(state.location_deck)


def step_phase_end(state: State) -> Step:
    """At a phase end: travel if due, then the next phase (§5, §7.2)."""
    if state.phase_done == "check" and state.phase != "setup" and needs_travel(state):
        return auto(LocationEntered(location=state.location_deck[0]))
    follows: dict[str, Phase] = {"select": "resolve", "resolve": "attack", "attack": "event"}
    if state.phase in follows:
        return auto(PhaseStarted(phase=follows[state.phase]))
    return auto(RoundStarted(round=state.round + 1))


def blip_split(available: int, want: tuple[int, int], odd: Side | None) -> list[tuple[int, int]]:
    """The largest, most even piles within the printed counts (§7.2, §11.6, §12.19)."""
    left, right = want
    if available >= left + right:
        return [(left, right)]
    splits = [
        (n, available - n) for n in range(available + 1) if n <= left and available - n <= right
    ]
    best = min(abs(a - b) for a, b in splits)
    splits = [(a, b) for a, b in splits if abs(a - b) == best]
    if odd is not None and len(splits) > 1:
        splits = [max(splits) if odd == "L" else min(splits)]
    return splits


def step_travel(state: State) -> Step:
    """Travel steps 2-4 (step 1 is ``LocationEntered``); the setup runs them too (§3.1)."""
    travel = state.travel
    assert travel is not None
    if travel.stage == "terrain":
        return auto(TerrainPlaced(placements=terrain_placements(state, state.location)))
    if travel.stage == "blips":
        return _deal(state, travel)
    ability = state.location.ability
    if ability is None or ability.trigger != "on_enter":
        return auto(TravelFinished())
    params = ability.params

    def run(dice: Dice) -> list[Event]:
        call = Call(state=state, params=params, dice=dice, player=state.active_player)
        named = [LocationAbilityUsed(location=state.location.id)] if state.since(3) else []
        return [*named, *LOCATION_HOOKS[ability.hook].effect(call), TravelFinished()]

    return run


def _deal(state: State, travel: TravelStep) -> Step:
    """Discard both piles, reshuffle if the deck runs out, deal to the printed counts."""
    if state.blips["L"] or state.blips["R"]:
        return auto(BlipsDiscarded())
    want = state.location.blips
    if len(state.gs_deck) < sum(want) and state.gs_discard:
        order = state.gs_discard
        return lambda dice: [DeckShuffled(deck="genestealer", order=shuffled(order, dice))]
    splits = blip_split(len(state.gs_deck), want, travel.odd_side)
    if len(splits) > 1:
        return ask(
            "choose_blip_side",
            state.active_player,
            ("choose_blip_side",),
            {"sides": ["L", "R"]},
            {"available": len(state.gs_deck), "want": list(want)},
        )
    left, right = splits[0]
    deck = state.gs_deck
    return auto(BlipsDealt(left=tuple(deck[:left]), right=tuple(deck[left : left + right])))


def choose_blip_side(
    state: State, player: str, cmd: ChooseBlipSide, dice: Dice, prompt: Prompt
) -> list[Event] | Rejection:
    """The active player gives the odd card to one pile (§12.19)."""
    return [BlipSideChosen(side=cmd.side)]


def outcome_events(state: State) -> list[Event]:
    """Victory first (§9 tie-break), then defeat; nothing while travelling or setting up."""
    if state.outcome or state.travel is not None or not state.locations:
        return []
    if not state.location_deck:
        victory = state.location.victory
        if victory is not None and VICTORY_HOOKS[victory.hook].met(state, victory.params):
            return [GameWon(reason="objective")]
        if not genestealers_in_play(state) and not state.blips["L"] and not state.blips["R"]:
            return [GameWon(reason="cleared")]
    if not state.formation:
        return [GameLost()]
    return []
