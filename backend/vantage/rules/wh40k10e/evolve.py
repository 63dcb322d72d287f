"""Apply one event to the state (no validation: ``decide`` has done it)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from vantage.engine.errors import CorruptLogError
from vantage.engine.table import Model
from vantage.rules.wh40k10e import aircraft, firing_deck, leaders
from vantage.rules.wh40k10e import events as ev
from vantage.rules.wh40k10e.state import (
    AttackPlan,
    FightState,
    Formation,
    RerollMade,
    State,
    Undo,
    UnitStatus,
)

PHASE_EFFECTS = (
    "go_to_ground",
    "smokescreen",
    "overwatch",
    "epic_challenge",
    "tank_shock",
    "command_reroll",
)
"""Unit effects that end with the phase. ``command_reroll`` marks that this phase's Advance or
Charge roll was re-rolled (no die twice, wh40k-10th §6.2 item 1, §7); a later roll is a new
roll and may be re-rolled again."""


def evolve(state: State, event: Any) -> State:
    """The state after ``event``."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise CorruptLogError(f"wh40k-10e cannot apply {type(event).__name__}")
    if type(event) in _CLEARS_UNDO and state.undo is not None:
        state = replace(state, undo=None)
    return handler(state, event)


def place_models(state: State, placed: Iterable[ev.Placed]) -> State:
    """Models moved or set up at new positions (from the table or from off the table)."""
    changed: dict[str, Model] = {}
    offboard = dict(state.offboard)
    for p in placed:
        model = state.table.models.get(p.model) or offboard.pop(p.model)
        changed[p.model] = model.placed(p.x, p.y, facing=p.facing, z=p.z)
    return replace(state, table=state.table.with_models(changed), offboard=offboard)


def remove_models(state: State, unit: str, ids: Iterable[str]) -> State:
    """Destroyed models leave the game; a unit with none left is destroyed."""
    gone = set(ids)
    if not gone:
        return state
    models = {k: m for k, m in state.table.models.items() if k not in gone}
    offboard = {k: m for k, m in state.offboard.items() if k not in gone}
    destroyed = dict(state.destroyed)
    for part, n in leaders.destroyed_counts(state, unit, gone).items():
        destroyed[part] = destroyed.get(part, 0) + n
    state = replace(
        state,
        table=replace(state.table, models=models),
        offboard=offboard,
        destroyed=destroyed,
    )
    if not any(m.unit == unit for m in models.values()) and not any(
        m.unit == unit for m in offboard.values()
    ):
        state = state.with_status(unit, location="destroyed")
    return leaders.after_losses(state, unit)


def set_shock(state: State, unit: str, shocked: bool, failed_now: bool = False) -> State:
    """Battle-shocked on or off (kept on the table's unit too, for objective control)."""
    table_unit = replace(state.table.units[unit], battle_shocked=shocked)
    table = replace(state.table, units={**state.table.units, unit: table_unit})
    state = replace(state, table=table)
    return state.with_status(unit, battle_shocked=shocked, failed_shock_now=failed_now)


def _statuses(state: State, change: Callable[[str, UnitStatus], UnitStatus]) -> State:
    return replace(state, status={uid: change(uid, s) for uid, s in state.status.items()})


def _remained_stationary(state: State, e: ev.PhaseStarted) -> State:
    """At the end of its Movement phase, every unit of the active player that is on the
    battlefield and made no move has Remained Stationary (§4.4, §8.4 HEAVY; rules decision
    R37): no explicit command is needed."""
    if not state.options.since(2):  # R38: games of revision 1 needed the explicit command
        return state
    if not (state.phase == "movement" and e.phase != "movement" and e.player == state.active):
        return state

    def still(uid: str, s: UnitStatus) -> UnitStatus:
        sheet = state.sheets.get(uid)
        mine = sheet is not None and sheet.player == state.active
        unmoved = s.location == "table" and s.move == "none" and not s.moved_this_phase
        # a unit that disembarked cannot Remain Stationary (§3.7), nor can AIRCRAFT (§4.9)
        able = not s.disembarked_now and not aircraft.is_aircraft(state, uid)
        if mine and unmoved and able:
            return replace(s, move="stationary")
        return s

    return _statuses(state, still)


def _phase_started(state: State, e: ev.PhaseStarted) -> State:
    state = _remained_stationary(state, e)
    new_turn = e.phase == "command"

    def reset(uid: str, s: UnitStatus) -> UnitStatus:
        s = replace(
            s,
            moved_this_phase=False,
            advance_roll=None,
            shot=False,
            fought=False,
            charge_declared=False,
            failed_shock_now=False,
            disembarked_now=False,
            started_embarked=s.location == "embarked",
            effects=tuple(x for x in s.effects if x.split(":")[0] not in PHASE_EFFECTS),
        )
        if new_turn:
            s = replace(s, move="none", charged=False, cannot_charge=False)
        return s

    state = _statuses(state, reset)
    sides = {
        p: replace(side, stratagems_phase=(), overwatch_turn=side.overwatch_turn and not new_turn)
        for p, side in state.sides.items()
    }
    return replace(
        state,
        round=e.round,
        active=e.player,
        phase=e.phase,
        step=e.step,
        sides=sides,
        allocated=(),
        attack=None,
        charge_roll=None,
        fight=None,
        pending=None,
    )


def _formations(state: State, e: ev.FormationsDeclared) -> State:
    """A declaration is kept aside (``State.formations``) until both players have declared;
    then both are applied in seat order (§5.1 step 5 is secret, rules decision R10)."""
    state = state.with_side(e.player, declared=True)
    secret = {
        **state.formations,
        e.player: Formation(
            reserves=e.reserves,
            strategic_reserves=e.strategic_reserves,
            embark=e.embark,
            attach=e.attach,
            hover=e.hover,
            broke=tuple((w.code, w.message) for w in e.warnings),
        ),
    }
    if not all(state.side(p).declared for p in state.players):
        return replace(state, formations=secret)
    state = replace(state, formations={})
    for player in state.players:
        if player in secret:
            state = apply_formation(state, secret[player])
    return state


def apply_formation(state: State, f: Formation) -> State:
    """One player's battle formations in the game: Hover, Leaders, reserves, transports."""
    state = aircraft.hover(state, f.hover)
    for leader, bodyguard in f.attach.items():
        state = leaders.attach(state, leader, bodyguard)
    for uid in f.reserves:
        state = state.with_status(uid, location="reserves", reserve="deep_strike")
    for uid in f.strategic_reserves:
        state = state.with_status(uid, location="reserves", reserve="strategic")
    for uid, transport in f.embark.items():
        state = state.with_status(uid, location="embarked", transport=transport)
    return state


def _unit_placed(state: State, e: ev.UnitPlaced) -> State:
    state = place_models(state, e.models)
    if e.how == "deploy":
        return state.with_status(e.unit, location="table")
    if e.how == "arrive":
        # counts as having made a Normal move and cannot move further this phase (§4.5)
        effects = aircraft.arrived(state.status[e.unit].effects)
        return state.with_status(
            e.unit,
            location="table",
            reserve=None,
            move="normal",
            moved_this_phase=state.options.since(2),  # R34 (rules revision 2, R38)
            arrived_round=state.round,
            effects=effects,
        )
    transport = state.status[e.unit].transport
    moved = transport is not None and state.status[transport].move == "normal"
    return state.with_status(
        e.unit,
        location="table",
        transport=None,
        disembarked_now=True,
        move="normal" if moved else "none",
        cannot_charge=moved,
    )


def _moved(state: State, e: ev.UnitMoved) -> State:
    state = place_models(state, e.models)
    if e.kind in ("normal", "advance", "fall_back", "stationary"):
        state = state.with_status(e.unit, move=e.kind, moved_this_phase=True)
    return state


def _damaged(state: State, e: ev.ModelsDamaged) -> State:
    models = dict(state.table.models)
    for mid, wounds in e.wounds.items():
        if mid in models:
            models[mid] = replace(models[mid], wounds=wounds)
    state = replace(
        state,
        table=replace(state.table, models=models),
        allocated=tuple(dict.fromkeys((*state.allocated, *e.allocated))),
    )
    return remove_models(state, e.unit, e.destroyed)


def _embarked(state: State, e: ev.Embarked) -> State:
    ids = [m.id for m in state.models_of(e.unit)]
    offboard = {**state.offboard, **{k: state.table.models[k] for k in ids}}
    models = {k: m for k, m in state.table.models.items() if k not in ids}
    state = replace(state, table=replace(state.table, models=models), offboard=offboard)
    return state.with_status(e.unit, location="embarked", transport=e.transport)


def _spend_one_shots(state: State, plan: AttackPlan) -> State:
    """ONE SHOT weapons declared are spent for the rest of the battle (rules decision R19)."""
    sheet = state.sheets[plan.unit]
    for a in plan.assignments:
        w = sheet.weapon(a.weapon)
        if w is None or not w.has("ONE SHOT"):
            continue
        lent = firing_deck.source(a.weapon)
        model, weapon = lent if lent else (a.model, a.weapon)
        unit = state.offboard[model].unit if lent and model in state.offboard else plan.unit
        before = state.status[unit].spent
        state = state.with_status(unit, spent=tuple(dict.fromkeys((*before, f"{model}|{weapon}"))))
    return state


def _attack_paused(state: State, e: ev.AttackPaused) -> State:
    assert state.attack is not None
    return replace(state, attack=replace(state.attack, dice=(*state.attack.dice, *e.dice)))


def _allocation(state: State, e: ev.AllocationChosen) -> State:
    assert state.attack is not None
    plan = replace(state.attack, choices=(*state.attack.choices, e.model))
    return replace(state, attack=plan, pending=None)


def _attacks_done(state: State, e: ev.AttacksDone) -> State:
    melee = state.attack is not None and state.attack.melee
    state = firing_deck.unequip(replace(state, attack=None), e.unit)
    if e.unit not in state.status:
        return state
    return state.with_status(e.unit, **({"fought": True} if melee else {"shot": True}))


def _charge_declared(state: State, e: ev.ChargeDeclared) -> State:
    state = replace(state, charge_roll=sum(e.dice), charge_targets=e.targets)
    return state.with_status(e.unit, charge_declared=True)


def _charge_ended(state: State, e: ev.ChargeEnded) -> State:
    state = replace(state, charge_roll=None)
    if not e.success:
        return state
    state = place_models(state, e.models)
    return state if e.heroic else state.with_status(e.unit, charged=True)


def _stratagem(state: State, e: ev.StratagemUsed) -> State:
    side = state.side(e.player)
    state = state.with_side(
        e.player,
        cp=side.cp - e.cp,
        stratagems_phase=(*side.stratagems_phase, e.name),
        overwatch_turn=side.overwatch_turn or e.name == "fire_overwatch",
    )
    return state


def _effect(state: State, e: ev.EffectAdded) -> State:
    effects = state.status[e.unit].effects
    return state.with_status(e.unit, effects=(*effects, e.effect))


def _cp(state: State, e: ev.CpChanged) -> State:
    side = state.side(e.player)
    bonus = state.round if e.bonus else side.bonus_cp_round
    return state.with_side(e.player, cp=side.cp + e.delta, bonus_cp_round=bonus)


def _checkpoint(state: State, e: ev.Checkpoint) -> State:
    return replace(
        state, undo=Undo(player=e.player, label=e.label, before=replace(state, undo=None))
    )


def _undo_requested(state: State, e: ev.UndoRequested) -> State:
    assert state.undo is not None
    return replace(state, undo=replace(state.undo, requested=True))


def _undo_answered(state: State, e: ev.UndoAnswered) -> State:
    if e.accepted and state.undo is not None:
        return state.undo.before
    return replace(state, undo=None)


def _reserves_destroyed(state: State, e: ev.ReservesDestroyed) -> State:
    for unit in e.units:
        ids = [mid for mid, m in state.offboard.items() if m.unit == unit]
        state = remove_models(state, unit, ids).with_status(unit, location="destroyed")
    return state


def _rerolled(state: State, e: ev.Rerolled | ev.RerollDeclined) -> State:
    state = replace(state, pending=None)
    if e.point < 0 or state.attack is None:
        return state
    made = (
        RerollMade(point=e.point, roll=e.index, dice=e.new)
        if isinstance(e, ev.Rerolled)
        else RerollMade(point=e.point)
    )
    return replace(state, attack=replace(state.attack, rerolls=(*state.attack.rerolls, made)))


def _mortal_rolled(state: State, e: ev.MortalWoundsRolled) -> State:
    """A queued mortal-wound job is resolved: it leaves the queue."""
    if not e.queued or not state.mortal_queue:
        return state
    return replace(state, mortal_queue=state.mortal_queue[1:])


def _mortal_head(state: State, **changes: Any) -> State:
    head = replace(state.mortal_queue[0], **changes)
    return replace(state, mortal_queue=(head, *state.mortal_queue[1:]))


def _mortal_paused(state: State, e: ev.MortalPaused) -> State:
    state = _mortal_head(state, rolled=(*state.mortal_queue[0].rolled, *e.dice))
    return replace(state, mortal_after=e.after)


def _mortal_chosen(state: State, e: ev.MortalChosen) -> State:
    state = _mortal_head(state, choices=(*state.mortal_queue[0].choices, e.model))
    return replace(state, pending=None)


def _nothing(state: State, e: Any) -> State:
    return state


_HANDLERS: Mapping[type, Callable[[State, Any], State]] = {
    ev.ObjectivePlaced: lambda s, e: replace(
        s, table=replace(s.table, objectives=(*s.table.objectives, e.objective))
    ),
    ev.RollOff: _nothing,
    ev.RolesSet: lambda s, e: replace(s, attacker=e.attacker, zones=e.zones),
    ev.FormationsDeclared: _formations,
    ev.FormationsRevealed: lambda s, e: s,
    ev.UnitPlaced: _unit_placed,
    ev.FirstTurn: lambda s, e: replace(s, first=e.player),
    ev.PhaseStarted: _phase_started,
    ev.Waiting: lambda s, e: replace(s, pending=e.pending),
    ev.CpChanged: _cp,
    ev.BattleShockTested: lambda s, e: (
        set_shock(s, e.unit, not e.passed, not e.passed) if not e.passed else s
    ),
    ev.ShockChanged: lambda s, e: set_shock(s, e.unit, e.battle_shocked),
    ev.AdvanceRolled: lambda s, e: s.with_status(e.unit, advance_roll=sum(e.dice)),
    ev.UnitMoved: _moved,
    ev.DesperateEscape: lambda s, e: remove_models(s, e.unit, e.destroyed),
    ev.ModelsDamaged: _damaged,
    ev.Embarked: _embarked,
    ev.AttacksDeclared: lambda s, e: _spend_one_shots(replace(s, attack=e.plan), e.plan),
    ev.AttackPaused: _attack_paused,
    ev.AllocationChosen: _allocation,
    ev.WeaponResolved: _nothing,
    ev.AttacksDone: _attacks_done,
    ev.MortalWoundsRolled: _mortal_rolled,
    ev.MortalQueued: lambda s, e: replace(s, mortal_queue=(*s.mortal_queue, *e.jobs)),
    ev.MortalPaused: _mortal_paused,
    ev.MortalChosen: _mortal_chosen,
    ev.AttachedUnitSplit: _nothing,
    ev.ChargeDeclared: _charge_declared,
    ev.ChargeEnded: _charge_ended,
    ev.FightSelected: lambda s, e: s.with_status(e.unit, fought=True),
    ev.FightTurn: lambda s, e: replace(
        s, fight=FightState(step=e.step, next_player=e.player, next_unit=e.unit)
    ),
    ev.StratagemUsed: _stratagem,
    ev.EffectAdded: _effect,
    ev.ControlChanged: lambda s, e: replace(s, control=e.control),
    ev.VpScored: lambda s, e: s.with_side(e.player, vp=s.side(e.player).vp + e.vp),
    ev.RuleWarning: _nothing,
    ev.Checkpoint: _checkpoint,
    ev.UndoRequested: _undo_requested,
    ev.UndoAnswered: _undo_answered,
    ev.FiringDeckEquipped: lambda s, e: firing_deck.equip(s, e.unit, e.weapons),
    ev.AircraftLeft: lambda s, e: aircraft.leave(s, e.unit),
    ev.ReservesDestroyed: _reserves_destroyed,
    ev.GameEnded: lambda s, e: replace(s, result=e.result, phase="over", pending=None),
    ev.Rerolled: _rerolled,
    ev.RerollDeclined: _rerolled,
    ev.RerollOffersSet: lambda s, e: s.with_side(e.player, reroll_offers=e.offer),
    ev.ReactionOffersSet: lambda s, e: s.with_side(e.player, reaction_offers=e.offer),
}

_CLEARS_UNDO: frozenset[type] = frozenset(
    {
        ev.RollOff,
        ev.BattleShockTested,
        ev.AdvanceRolled,
        ev.DesperateEscape,
        ev.AttackPaused,
        ev.WeaponResolved,
        ev.MortalWoundsRolled,
        ev.MortalPaused,
        ev.ChargeDeclared,
        ev.PhaseStarted,
        ev.StratagemUsed,
        ev.Rerolled,
        ev.GameEnded,
    }
)
