"""The event phase: draw, INSTINCT, reveal, ability, activation boxes (death-angel §5.4, §8).

The same machinery deals the initial spawn at setup, which uses only the spawn boxes (§3.1
step 8, §12 decision). Moves and flanks follow §6.7 with the snapshot of §11.22.
"""

from __future__ import annotations

from vantage.engine.dice import Dice
from vantage.engine.errors import Rejection
from vantage.rules.death_angel.commands import ChooseInstinct
from vantage.rules.death_angel.die import shuffled
from vantage.rules.death_angel.events import (
    BoxResolved,
    DeckShuffled,
    Event,
    EventAbilityResolved,
    EventDiscarded,
    EventDrawn,
    EventRevealed,
    InstinctChosen,
    PhaseEnded,
    SwarmMove,
    SwarmsMoved,
)
from vantage.rules.death_angel.formation import edge_arrow
from vantage.rules.death_angel.hooks import EVENT_HOOKS, Call
from vantage.rules.death_angel.names import not_in_formation
from vantage.rules.death_angel.pack import EventCard, MoveBox, other_side
from vantage.rules.death_angel.prompt import Prompt, Step, ask, auto
from vantage.rules.death_angel.spawn import step_spawn_box
from vantage.rules.death_angel.state import EventStep, State, card_types


def instinct_options(state: State, card: EventCard) -> list[str]:
    """The marines a maximal INSTINCT choice may name (§5.4 [L255], §12.26)."""
    if card.ability is None:
        return []
    options = EVENT_HOOKS[card.ability.hook].options
    return options(state, card.ability.params) if options else []


def step_event(state: State) -> Step:
    """The next step of the event phase (or of the setup spawn)."""
    step = state.event
    assert step is not None
    if step.card is None:
        if not state.event_deck:
            order = state.event_discard
            return lambda dice: [DeckShuffled(deck="event", order=shuffled(order, dice))]
        return auto(EventDrawn(player=state.active_player, card=state.event_deck[0]))
    card = state.ix.events[step.card]
    if not step.revealed:
        if card.instinct and not step.setup and step.choice is None:
            options = instinct_options(state, card)
            if options:
                return ask(
                    "choose_instinct",
                    state.active_player,
                    ("choose_instinct",),
                    {"card": card.id, "marines": options},
                )
        return auto(EventRevealed(card=card.id))
    if not step.ability_done:
        return _ability(state, step, card)
    if step.box < len(card.boxes):
        box = card.boxes[step.box]
        if isinstance(box, MoveBox):
            if step.setup:
                return auto(BoxResolved(box=step.box))
            return auto(SwarmsMoved(box=step.box, moves=plan_moves(state, box)))
        return step_spawn_box(state, box, step)
    return auto(EventDiscarded(card=card.id), PhaseEnded(phase=state.phase))


def _ability(state: State, step: EventStep, card: EventCard) -> Step:
    ability = card.ability
    if step.setup or ability is None:
        return auto(EventAbilityResolved(card=card.id))

    def run(dice: Dice) -> list[Event]:
        call = Call(
            state=state,
            params=ability.params,
            dice=dice,
            player=state.active_player,
            choice=step.choice,
        )
        return [*EVENT_HOOKS[ability.hook].effect(call), EventAbilityResolved(card=card.id)]

    return run


def choose_instinct(
    state: State, player: str, cmd: ChooseInstinct, dice: Dice, prompt: Prompt
) -> list[Event] | Rejection:
    """The binding choice, made before the card is shown; it must be maximal (§5.4)."""
    if cmd.marine not in prompt.options[player]["marines"]:
        if not any(r.marine.id == cmd.marine for r in state.formation):
            return not_in_formation(state.ix, "instinct/unknown_marine", cmd.marine)
        return Rejection(
            "instinct/not_maximal",
            "choose a target for which the card has its greatest effect",
            {"marine": cmd.marine},
        )
    return [InstinctChosen(player=player, marine=cmd.marine)]


def plan_moves(state: State, box: MoveBox) -> tuple[SwarmMove, ...]:
    """§6.7: every unmoved group holding the type moves along the engaged marine's edge
    arrow (flanking off either end), or flanks behind him; already behind, it stays (§12.15)."""
    size = len(state.formation)
    moves: list[SwarmMove] = []
    for pos, r in enumerate(state.formation, start=1):
        for gi, g in enumerate(r.groups):
            if g.moved or not any(box.genestealer in card_types(state, c) for c in g.cards):
                continue
            if box.kind == "move":
                up = edge_arrow(state, r.marine.id, g.side) == "up"
                to = pos - 1 if up else pos + 1
                if 1 <= to <= size:
                    moves.append(
                        SwarmMove(
                            position=pos,
                            side=g.side,
                            group=gi,
                            to_position=to,
                            to_side=g.side,
                            flank=False,
                        )
                    )
                    continue
            if g.side == r.marine.facing:
                moves.append(
                    SwarmMove(
                        position=pos,
                        side=g.side,
                        group=gi,
                        to_position=pos,
                        to_side=other_side(g.side),
                        flank=True,
                    )
                )
    return tuple(moves)
