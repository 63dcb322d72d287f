"""Action resolution: support, move + activate, attack declarations (death-angel §6.1-§6.5).

Cards resolve one at a time in initiative order (§5.2); a card's ``on_resolve`` ability runs
first, then its owner is prompted for the basic action of its type.
"""

from __future__ import annotations

from typing import Any

from vantage.engine.dice import Dice
from vantage.engine.errors import Rejection
from vantage.rules.death_angel.commands import (
    ActivateTerrain,
    Attack,
    EndAction,
    FlipMarine,
    GiveSupport,
    MoveMarine,
)
from vantage.rules.death_angel.die import roll_die
from vantage.rules.death_angel.events import (
    AbilityUsed,
    ActionFinished,
    ActionStarted,
    AttackDeclared,
    Event,
    MarineFlipped,
    MarineMoved,
    PhaseEnded,
    PoolRanOut,
    SupportGiven,
    SupportPoolEmpty,
    TerrainActivated,
    TokensPlaced,
)
from vantage.rules.death_angel.formation import attack_targets
from vantage.rules.death_angel.hooks import ACTION_HOOKS, TERRAIN_HOOKS, Call, team_mods
from vantage.rules.death_angel.names import (
    marine_name,
    marine_refusal,
    not_in_formation,
    side_name,
    team_name,
    terrain_name,
)
from vantage.rules.death_angel.pack import other_side
from vantage.rules.death_angel.prompt import Prompt, Step, ask, auto
from vantage.rules.death_angel.state import (
    ActStep,
    State,
    marine_at,
    marine_position,
    row,
    team_marines,
)

_MOVE_COMMANDS = ("move_marine", "flip_marine", "activate_terrain", "end_action")


def step_resolve(state: State) -> Step:
    """The next thing the resolution phase does or waits for."""
    act = state.act
    if act is None:
        if state.queue:
            return auto(ActionStarted(card=state.queue[0]))
        return auto(PhaseEnded(phase="resolve"))
    if not act.ability_done:
        return _on_resolve(state, act)
    if act.kind == "support":
        if act.support_done:
            return auto(ActionFinished(card=act.card))
        if state.pool == 0 and state.since(2):  # nothing to choose (E15, E16)
            return auto(SupportPoolEmpty(card=act.card))
        marines = [r.marine.id for r in state.formation]
        info = {"card": act.card, "pool": state.pool}
        return ask("give_support", act.player, ("give_support",), {"marines": marines}, info)
    if act.kind == "move_activate":
        return ask(
            "move_activate",
            act.player,
            _MOVE_COMMANDS,
            move_options(state, act),
            {
                "card": act.card,
                "stage": act.stage,
                "reach": team_mods(state, act.team).swap_reach,
            },
        )
    attacks = attack_options(state, act)
    if not attacks:
        return auto(ActionFinished(card=act.card))
    return ask(
        "attack", act.player, ("attack", "end_action"), {"attacks": attacks}, {"card": act.card}
    )


def _on_resolve(state: State, act: ActStep) -> Step:
    ability = state.ix.actions[act.card].ability
    hook = ACTION_HOOKS[ability.hook].on_resolve if ability else None
    if ability is None or hook is None:
        return auto(AbilityUsed(card=act.card))
    effect, params = hook, ability.params

    def run(dice: Dice) -> list[Event]:
        call = Call(state=state, params=params, dice=dice, player=act.player, team=act.team)
        return [*effect(call), AbilityUsed(card=act.card)]

    return run


def move_options(state: State, act: ActStep) -> dict[str, Any]:
    """Legal swaps (step A), flips (B) and activations (C), in that order (§6.3)."""
    team = team_marines(state, act.team)
    reach = team_mods(state, act.team).swap_reach
    moves = [
        {"marine": m, "other": state.formation[q - 1].marine.id}
        for m in team
        if act.stage == "move" and m not in act.moved
        for q in _reachable(state, m, reach)
    ]
    flips = [m for m in team if act.stage != "activate" and m not in act.flipped]
    activations = []
    for m in team:
        pos, ms = marine_position(state, m), marine_at(state, m)
        assert pos is not None and ms is not None
        for t in row(state, pos).terrain:
            if t.side == ms.facing and not t.activated and state.ix.terrain[t.id].activate:
                activations.append({"marine": m, "terrain": t.id})
    return {"moves": moves, "flips": flips, "activations": activations}


def _reachable(state: State, marine: str, reach: int) -> list[int]:
    pos = marine_position(state, marine)
    assert pos is not None
    return [q for q in range(1, len(state.formation) + 1) if 0 < abs(q - pos) <= reach]


def attack_options(state: State, act: ActStep) -> list[dict[str, Any]]:
    """Every (team marine, target) pair still allowed (§6.4-§6.5, §11.12)."""
    bonus = team_mods(state, act.team).range_bonus
    return [
        {"marine": m, "position": p, "side": side}
        for m in team_marines(state, act.team)
        if m not in act.attacked
        for p, side in attack_targets(state, m, bonus)
    ]


def _act(state: State) -> ActStep:
    assert state.act is not None
    return state.act


def give_support(
    state: State, player: str, cmd: GiveSupport, dice: Dice, prompt: Prompt
) -> list[Event] | Rejection:
    """§6.1: one token from the pool on any marine (nothing if the pool is empty: asked only in
    games of rules revision 1, E15)."""
    if marine_at(state, cmd.marine) is None:
        return not_in_formation(state.ix, "support/unknown_marine", cmd.marine)
    return [SupportGiven(card=_act(state).card, marine=cmd.marine, placed=state.pool > 0)]


def move_marine(
    state: State, player: str, cmd: MoveMarine, dice: Dice, prompt: Prompt
) -> list[Event] | Rejection:
    """§4.1: swap a team marine (once each) with an adjacent marine of any owner."""
    act = _act(state)
    if cmd.marine not in team_marines(state, act.team):
        return _not_team_marine(state, "move/not_team_marine", cmd.marine, act.team)
    if act.stage != "move":
        return Rejection("move/too_late", "marines move before any flip or activation")
    if cmd.marine in act.moved:
        return marine_refusal(state.ix, "move/already_moved", cmd.marine, "has already moved")
    if {"marine": cmd.marine, "other": cmd.other} not in prompt.options[player]["moves"]:
        other, marine = marine_name(state.ix, cmd.other), marine_name(state.ix, cmd.marine)
        detail = {"marine": cmd.marine, "other": cmd.other}
        return Rejection("move/not_adjacent", f"{other} is not next to {marine}", detail)
    events: list[Event] = [MarineMoved(card=act.card, marine=cmd.marine, other=cmd.other)]
    if team_mods(state, act.team).token_on_move:
        if state.pool:
            events.append(TokensPlaced(marine=cmd.marine, count=1))
        elif state.since(3):  # E17
            events.append(PoolRanOut(marines=(cmd.marine,)))
    return events


def flip_marine(
    state: State, player: str, cmd: FlipMarine, dice: Dice, prompt: Prompt
) -> list[Event] | Rejection:
    """§6.3 step B: turn a team marine around (once per action)."""
    act = _act(state)
    ms = marine_at(state, cmd.marine)
    if ms is None or cmd.marine not in team_marines(state, act.team):
        return _not_team_marine(state, "flip/not_team_marine", cmd.marine, act.team)
    if act.stage == "activate":
        return Rejection("flip/too_late", "facing changes before any activation")
    if cmd.marine in act.flipped:
        return marine_refusal(state.ix, "flip/already_flipped", cmd.marine, "has already turned")
    return [MarineFlipped(card=act.card, marine=cmd.marine, facing=other_side(ms.facing))]


def activate_terrain(
    state: State, player: str, cmd: ActivateTerrain, dice: Dice, prompt: Prompt
) -> list[Event] | Rejection:
    """§6.3 step C: a terrain card with ACTIVATE in front of a team marine, once a round."""
    act = _act(state)
    if cmd.marine not in team_marines(state, act.team):
        return _not_team_marine(state, "activate/not_team_marine", cmd.marine, act.team)
    card = state.ix.terrain.get(cmd.terrain)
    terrain = terrain_name(state.ix, cmd.terrain)
    option = {"marine": cmd.marine, "terrain": cmd.terrain}
    if card is None or card.activate is None:
        return Rejection("activate/not_activatable", f"{terrain} cannot be activated", option)
    if option not in prompt.options[player]["activations"]:
        pos = marine_position(state, cmd.marine)
        assert pos is not None
        if any(t.id == cmd.terrain and t.activated for t in row(state, pos).terrain):
            return Rejection("activate/already_activated", f"{terrain} was used this round", option)
        marine = marine_name(state.ix, cmd.marine)
        return Rejection("activate/not_in_front", f"{marine} is not facing {terrain}", option)
    call = Call(
        state=state,
        params=card.activate.params,
        dice=dice,
        player=player,
        team=act.team,
        marine=cmd.marine,
        terrain=cmd.terrain,
    )
    effect = TERRAIN_HOOKS[card.activate.hook].effect(call)
    return [TerrainActivated(card=act.card, marine=cmd.marine, terrain=cmd.terrain), *effect]


def attack(
    state: State, player: str, cmd: Attack, dice: Dice, prompt: Prompt
) -> list[Event] | Rejection:
    """§6.4: a team marine that has not attacked yet rolls against a legal target."""
    act = _act(state)
    if cmd.marine not in team_marines(state, act.team):
        return _not_team_marine(state, "attack/not_team_marine", cmd.marine, act.team)
    if cmd.marine in act.attacked:
        return marine_refusal(
            state.ix, "attack/already_attacked", cmd.marine, "has already attacked"
        )
    target = {"marine": cmd.marine, "position": cmd.position, "side": cmd.side}
    if target not in prompt.options[player]["attacks"]:
        where = f"position {cmd.position} {side_name(cmd.side)}"
        return Rejection(
            "attack/illegal_target",
            f"{marine_name(state.ix, cmd.marine)} cannot attack the swarm at {where}: "
            "not faced, out of range or empty",
            target,
        )
    return [
        AttackDeclared(card=act.card, marine=cmd.marine, position=cmd.position, side=cmd.side),
        roll_die(state.pack, dice, "attack", player, cmd.marine),
    ]


def _not_team_marine(state: State, code: str, marine: str, team: str) -> Rejection:
    """The marine named is not of the team whose card is resolving."""
    return marine_refusal(state.ix, code, marine, f"is not of {team_name(state.ix, team)}")


def end_action(
    state: State, player: str, cmd: EndAction, dice: Dice, prompt: Prompt
) -> list[Event] | Rejection:
    """Pass the rest of a Move + Activate or Attack action (attacks are optional, §12.14)."""
    return [ActionFinished(card=_act(state).card)]
