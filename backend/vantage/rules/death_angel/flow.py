"""The game loop: what happens next, routing commands to the prompt they answer.

``step`` says what the game does next: a ``Prompt`` (wait for a seat), an automatic step
(events, maybe rolling dice) or nothing (the game is over). ``advance`` runs automatic steps
until a prompt, checking victory and defeat before each one (§9).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vantage.engine.decision import Accepted, Decision
from vantage.engine.dice import Dice
from vantage.engine.errors import Rejection
from vantage.rules.death_angel import actions, combat, events_cards, spawn, travel
from vantage.rules.death_angel.commands import Command, SelectActions
from vantage.rules.death_angel.events import Event
from vantage.rules.death_angel.evolve import apply
from vantage.rules.death_angel.names import player_name, waiting_for
from vantage.rules.death_angel.prompt import Prompt, Step
from vantage.rules.death_angel.selection import decide_select, select_prompt
from vantage.rules.death_angel.state import State, clone

Handler = Callable[[State, str, Any, Dice, Prompt], list[Event] | Rejection]

HANDLERS: dict[tuple[str, str], Handler] = {
    ("give_support", "give_support"): actions.give_support,
    ("move_activate", "move_marine"): actions.move_marine,
    ("move_activate", "flip_marine"): actions.flip_marine,
    ("move_activate", "activate_terrain"): actions.activate_terrain,
    ("move_activate", "end_action"): actions.end_action,
    ("attack", "attack"): actions.attack,
    ("attack", "end_action"): actions.end_action,
    ("reroll", "reroll"): combat.reroll,
    ("reroll", "keep_roll"): combat.keep_roll,
    ("choose_kill", "choose_kill"): combat.choose_kill,
    ("choose_instinct", "choose_instinct"): events_cards.choose_instinct,
    ("allocate_spawn", "allocate_spawn"): spawn.allocate_spawn,
    ("choose_blip_side", "choose_blip_side"): travel.choose_blip_side,
}

_MAX_STEPS = 100_000


def step(state: State) -> Step:
    """What the game does or waits for next."""
    if state.outcome:
        return None
    if state.travel is not None:
        return travel.step_travel(state)
    if state.kills:
        return combat.step_kills(state)
    if state.roll is not None:
        return combat.step_roll(state)
    if state.phase_done:
        return travel.step_phase_end(state)
    if state.phase == "select":
        return select_prompt(state)
    if state.phase == "resolve":
        return actions.step_resolve(state)
    if state.phase == "attack":
        return combat.step_attack_phase(state)
    return events_cards.step_event(state)


def prompt_of(state: State) -> Prompt | None:
    """The prompt the game waits on (``None`` when the game is over)."""
    current = step(state)
    return current if isinstance(current, Prompt) else None


def advance(state: State, dice: Dice) -> list[Event]:
    """Run automatic steps in place until a prompt or the end; the events applied."""
    out: list[Event] = []
    for _ in range(_MAX_STEPS):
        batch = travel.outcome_events(state)
        if not batch:
            current = step(state)
            if current is None or isinstance(current, Prompt):
                return out
            batch = current(dice)
        assert batch, "an automatic step must produce events"
        for event in batch:
            apply(state, event)
        out.extend(batch)
    raise RuntimeError("death-angel: the game loop did not settle")


def run(state: State, first: list[Event], dice: Dice) -> Accepted:
    """Accept ``first`` and everything that follows automatically."""
    after = clone(state)
    for event in first:
        apply(after, event)
    return Accepted(events=(*first, *advance(after, dice)))


def decide(state: State, command: Command, player: str | None, dice: Dice) -> Decision:
    """Validate a command against the current prompt (the contract's ``decide``)."""
    if player is None:
        return Rejection("intent/spectator", "spectators cannot act")
    if player not in state.seats:
        return Rejection("turn/not_seated", f"{player_name(player)} has no seat in this game")
    if state.outcome:
        return Rejection("game/over", f"the game is over: {state.outcome}")
    if isinstance(command, SelectActions):
        result = decide_select(state, player, command)
    else:
        prompt = prompt_of(state)
        assert prompt is not None
        if player not in prompt.players:
            return Rejection(
                "turn/not_your_turn",
                waiting_for(prompt.players, prompt.kind),
                {"prompt": prompt.kind, "players": list(prompt.players)},
            )
        handler = HANDLERS.get((prompt.kind, command.type))
        if handler is None:
            return Rejection(
                "turn/unexpected_command",
                f"{command.type} does not answer {prompt.kind}",
                {"prompt": prompt.kind, "expected": list(prompt.commands)},
            )
        result = handler(state, player, command, dice, prompt)
    if isinstance(result, Rejection):
        return result
    return run(state, result, dice)
