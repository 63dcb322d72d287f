"""The 11 core stratagems (wh40k-10th §6.2): costs as data, timing windows, effects.

Costs are the launch-era values the digest marks as outside the seed; they are data here.
Each stratagem at most once per phase per player, Fire Overwatch once per turn; a
Battle-shocked unit cannot be the target of its own side's stratagems but Insane Bravery.
"""

from __future__ import annotations

from collections.abc import Callable

from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e import geo, leaders
from vantage.rules.wh40k10e.commands import AttackIn, Shoot, UseStratagem
from vantage.rules.wh40k10e.emitter import Emitter, problem
from vantage.rules.wh40k10e.events import (
    AdvanceRolled,
    ChargeDeclared,
    EffectAdded,
    FightTurn,
    ShockChanged,
    StratagemUsed,
    Waiting,
)
from vantage.rules.wh40k10e.state import State

COSTS: dict[str, int] = {
    "command_reroll": 1,
    "counter_offensive": 2,
    "epic_challenge": 1,
    "insane_bravery": 1,
    "grenade": 1,
    "tank_shock": 1,
    "fire_overwatch": 1,
    "rapid_ingress": 1,
    "go_to_ground": 1,
    "smokescreen": 1,
    "heroic_intervention": 2,
}
GRENADE_RANGE = 8.0
TANK_SHOCK_MAX = 6


def can_afford(state: State, player: str, name: str) -> bool:
    """Enough CP and not used this phase (Fire Overwatch: this turn)."""
    side = state.side(player)
    if name == "fire_overwatch" and side.overwatch_turn:
        return False
    return side.cp >= COSTS[name] and name not in side.stratagems_phase


def _window(state: State, player: str, kind: str) -> str | None:
    """The open reaction window of this kind for ``player`` (its ``after``), if any."""
    p = state.pending
    if p and p.kind == "reaction" and p.player == player and kind in p.options:
        return str(p.detail.get("after", "active"))
    return None


def use(em: Emitter, cmd: UseStratagem) -> Rejection | None:
    """Check the stratagem's cost, timing and target, pay, and apply its effect."""
    state, player = em.state, em.actor or ""
    handler = _HANDLERS.get(cmd.name)
    if handler is None:
        return Rejection(
            "stratagem/unknown", f"no core stratagem {cmd.name!r}; one of {sorted(COSTS)}"
        )
    if not can_afford(state, player, cmd.name):
        return Rejection(
            "stratagem/cp",
            f"{cmd.name} needs {COSTS[cmd.name]} CP and may be used "
            "once per phase (Fire Overwatch once per turn) (§6.1)",
        )
    sheet = state.sheets.get(cmd.unit)
    if sheet is None or sheet.player != player:
        return Rejection("stratagem/unit", "choose one of your units")
    if state.status[cmd.unit].battle_shocked and cmd.name != "insane_bravery":
        rejected = em.rules(
            [
                problem(
                    "rule/battle_shocked",
                    "a Battle-shocked unit cannot be affected by your stratagems (§6.3)",
                )
            ]
        )
        if rejected:
            return rejected
    return handler(em, cmd)


def _pay(em: Emitter, cmd: UseStratagem) -> None:
    em.emit(
        StratagemUsed(
            player=em.actor or "",
            name=cmd.name,
            cp=COSTS[cmd.name],
            unit=cmd.unit,
            target=cmd.target,
        )
    )


def _when(ok: bool, message: str) -> Rejection | None:
    return None if ok else Rejection("stratagem/timing", message)


def _command_reroll(em: Emitter, cmd: UseStratagem) -> Rejection | None:
    """Re-roll this unit's Advance roll or Charge roll just made (§6.2 item 1)."""
    state = em.state
    s = state.status[cmd.unit]
    pending = state.pending
    if s.advance_roll is not None and not s.moved_this_phase and "command_reroll" not in s.effects:
        _pay(em, cmd)
        em.emit(EffectAdded(unit=cmd.unit, effect="command_reroll"))
        em.emit(AdvanceRolled(unit=cmd.unit, dice=em.roll(1), reroll=True))
        return None
    if (
        pending
        and pending.kind == "charge_move"
        and pending.unit == cmd.unit
        and ("command_reroll" not in s.effects)
    ):
        targets = tuple(str(t) for t in pending.options)
        _pay(em, cmd)
        em.emit(EffectAdded(unit=cmd.unit, effect="command_reroll"))
        em.emit(ChargeDeclared(unit=cmd.unit, targets=targets, dice=em.roll(2), reroll=True))
        em.emit(Waiting(pending=pending))
        return None
    return Rejection(
        "stratagem/timing",
        "Command Re-roll: this unit has no Advance or Charge roll to re-roll now (each roll once)",
    )


def _counter_offensive(em: Emitter, cmd: UseStratagem) -> Rejection | None:
    """Your unit in Engagement Range that has not fought fights next (§6.2 item 2)."""
    from vantage.rules.wh40k10e.fight import fight_eligible

    state = em.state
    bad = _when(
        _window(state, em.actor or "", "counter_offensive") is not None,
        "Counter-offensive is used just after an enemy unit has fought",
    )
    if bad:
        return bad
    if not (fight_eligible(state, cmd.unit) and geo.engaged_enemies(state.table, cmd.unit)):
        return Rejection(
            "stratagem/target",
            "the unit must be within Engagement Range and not have fought this phase",
        )
    _pay(em, cmd)
    fs = state.fight
    step = fs.step if fs else "remaining"
    em.emit(FightTurn(step=step, player=em.actor or "", unit=cmd.unit))
    from vantage.rules.wh40k10e.fight import next_selection

    next_selection(em)
    return None


def _epic_challenge(em: Emitter, cmd: UseStratagem) -> Rejection | None:
    """When a unit of yours in Engagement Range of an enemy Attached unit is selected to fight:
    one CHARACTER model of it has PRECISION on its melee attacks this phase (§6.2 item 3,
    seed L3370-L3384; the attacks pick a CHARACTER in ``attacks.Chooser.pick``)."""
    state = em.state
    pending = state.pending
    bad = _when(
        state.phase == "fight"
        and pending is not None
        and pending.kind == "fight"
        and pending.player == em.actor
        and cmd.unit in pending.options,
        "Epic Challenge: when the unit is selected to fight (§6.2)",
    )
    if bad:
        return bad
    if (
        not cmd.model
        or cmd.model not in {m.id for m in state.models_of(cmd.unit)}
        or not leaders.is_character(state, cmd.model, cmd.unit)
    ):
        return Rejection("stratagem/target", "name a CHARACTER model of the unit")
    attached = [u for u in geo.engaged_enemies(state.table, cmd.unit) if u in state.attached]
    rejected = em.rules(
        []
        if attached
        else [
            problem(
                "rule/no_attached_unit",
                "Epic Challenge needs an enemy Attached unit in Engagement Range (§6.2)",
            )
        ]
    )
    if rejected:
        return rejected
    _pay(em, cmd)
    em.emit(EffectAdded(unit=cmd.unit, effect=f"epic_challenge:{cmd.model}"))
    return None


def _insane_bravery(em: Emitter, cmd: UseStratagem) -> Rejection | None:
    """A unit that just failed its Battle-shock test counts as having passed (§6.2 item 4)."""
    state = em.state
    s = state.status[cmd.unit]
    bad = _when(
        state.phase == "command" and state.active == em.actor and s.failed_shock_now,
        "Insane Bravery: after a unit of yours fails a Battle-shock test this phase",
    )
    if bad:
        return bad
    _pay(em, cmd)
    em.emit(ShockChanged(unit=cmd.unit, battle_shocked=False, reason="insane_bravery"))
    return None


def _grenade(em: Emitter, cmd: UseStratagem) -> Rejection | None:
    """Six D6 at an enemy unit within 8" and visible; each 4+ is a mortal wound (§6.2 item 5)."""
    from vantage.rules.wh40k10e.damage import mortal_wounds

    state = em.state
    s = state.status[cmd.unit]
    bad = _when(
        state.phase == "shooting" and state.active == em.actor,
        "Grenade is used in your Shooting phase",
    )
    if bad:
        return bad
    target = cmd.target or ""
    if target not in state.sheets or state.owner(target) == em.actor or not state.models_of(target):
        return Rejection("stratagem/target", "choose an enemy unit on the battlefield")
    problems = []
    if "GRENADES" not in state.sheets[cmd.unit].keywords:
        problems.append(problem("rule/grenades", "only a GRENADES unit can throw a Grenade"))
    if s.shot or geo.engaged_enemies(state.table, cmd.unit):
        problems.append(
            problem(
                "rule/grenade_unit",
                "the unit must not be in Engagement Range or have been selected to shoot",
            )
        )
    if any(state.owner(u) == em.actor for u in geo.engaged_enemies(state.table, target)):
        problems.append(
            problem("rule/grenade_target", "the target is in Engagement Range of your units")
        )
    if not geo.units_within(state.table, cmd.unit, target, GRENADE_RANGE) or not any(
        geo.visible(state.table, a, b)
        for a in state.models_of(cmd.unit)
        for b in state.models_of(target)
    ):
        problems.append(problem("rule/grenade_range", 'the target must be within 8" and visible'))
    rejected = em.rules(problems)
    if rejected:
        return rejected
    _pay(em, cmd)
    dice = em.roll(6)
    if mortal_wounds(em, target, sum(1 for d in dice if d >= 4), "grenade", dice):
        em.emit(Waiting(pending=None))
    return None


def _tank_shock(em: Emitter, cmd: UseStratagem) -> Rejection | None:
    """After a VEHICLE's charge move: D6 equal to a melee weapon's S (+2 if S > T); each 5+
    is a mortal wound, at most 6 (§6.2 item 6)."""
    from vantage.rules.wh40k10e.attacks import target_profile
    from vantage.rules.wh40k10e.damage import mortal_wounds

    state = em.state
    s = state.status[cmd.unit]
    bad = _when(
        state.phase == "charge"
        and state.active == em.actor
        and s.charged
        and state.pending is None,
        "Tank Shock: in your Charge phase, after this unit's charge move",
    )
    if bad:
        return bad
    weapon = state.sheets[cmd.unit].weapon(cmd.weapon or "")
    target = cmd.target or ""
    if weapon is None or weapon.kind != "melee":
        return Rejection("stratagem/weapon", "name one of the unit's melee weapons")
    problems = []
    if "VEHICLE" not in state.sheets[cmd.unit].keywords:
        problems.append(problem("rule/vehicle", "Tank Shock targets a VEHICLE unit"))
    if target not in geo.engaged_enemies(state.table, cmd.unit):
        return Rejection("stratagem/target", "choose an enemy unit in Engagement Range")
    rejected = em.rules(problems)
    if rejected:
        return rejected
    _pay(em, cmd)
    extra = 2 if weapon.strength > target_profile(state, target).toughness else 0
    dice = em.roll(weapon.strength + extra)
    points = min(TANK_SHOCK_MAX, sum(1 for d in dice if d >= 5))
    if mortal_wounds(em, target, points, "tank_shock", dice):
        em.emit(Waiting(pending=None))
    return None


def _fire_overwatch(em: Emitter, cmd: UseStratagem) -> Rejection | None:
    """Shoot the enemy unit that moved, as in your Shooting phase; only 6s hit (§6.2 item 7)."""
    from vantage.rules.wh40k10e.reactions import overwatch_units
    from vantage.rules.wh40k10e.shooting import declare, eligible_targets

    state = em.state
    after = _window(state, em.actor or "", "fire_overwatch")
    pending = state.pending
    if after is None or pending is None or pending.unit is None:
        return Rejection(
            "stratagem/timing",
            "Fire Overwatch: just after an enemy unit moves, "
            "is set up or charges, in their Movement or Charge phase",
        )
    enemy = pending.unit
    if cmd.unit not in overwatch_units(state, enemy):
        return Rejection("stratagem/target", 'that unit cannot shoot the enemy unit (24")')
    attacks = cmd.attacks or _all_weapons(state, cmd.unit, enemy, eligible_targets)
    _pay(em, cmd)
    em.emit(EffectAdded(unit=cmd.unit, effect="overwatch"))
    return declare(em, Shoot(unit=cmd.unit, attacks=attacks), overwatch_target=enemy, after=after)


def _all_weapons(
    state: State,
    unit: str,
    enemy: str,
    eligible: Callable[[State, str, str | None], dict[str, list[str]]],
) -> tuple[AttackIn, ...]:
    """Every model's weapons that may target ``enemy`` (Pistols only if it has no others)."""
    from vantage.rules.wh40k10e.shooting import Sight, model_can_target

    allowed = {w for w, ts in eligible(state, unit, enemy).items() if enemy in ts}
    sheet = state.sheets[unit]
    sight = Sight(state)
    rows = []
    for m in state.models_of(unit):
        carried = [w for w in sheet.model(m.id).weapons if w in allowed]
        carried = [
            w
            for w in carried
            if (ws := sheet.weapon(w)) is not None
            and model_can_target(state, sight, m, ws, enemy) is None
        ]
        non_pistol = [w for w in carried if not (ws := sheet.weapon(w)) or not ws.has("PISTOL")]
        for w in non_pistol or carried:
            rows.append(AttackIn(model=m.id, weapon=w, target=enemy))
    return tuple(rows)


def _rapid_ingress(em: Emitter, cmd: UseStratagem) -> Rejection | None:
    """At the end of the opponent's Movement phase a unit arrives from Reserves (§6.2 item 8)."""
    from vantage.rules.wh40k10e.commands import Arrive
    from vantage.rules.wh40k10e.flow import resume
    from vantage.rules.wh40k10e.movement import arrive
    from vantage.rules.wh40k10e.reactions import rapid_ingress_units

    state = em.state
    after = _window(state, em.actor or "", "rapid_ingress")
    if after is None:
        return Rejection(
            "stratagem/timing", "Rapid Ingress: at the end of the opponent's Movement phase"
        )
    if cmd.unit not in rapid_ingress_units(state, em.actor or ""):
        return Rejection("stratagem/target", "that unit cannot arrive now (§4.5)")
    _pay(em, cmd)
    bad = arrive(em, Arrive(unit=cmd.unit, models=cmd.models), rapid_ingress=True)
    if bad:
        return bad
    resume(em, after)
    return None


def _cover_effect(effect: str, keyword: str) -> Callable[[Emitter, UseStratagem], Rejection | None]:
    def handler(em: Emitter, cmd: UseStratagem) -> Rejection | None:
        """Go to Ground (INFANTRY) or Smokescreen (SMOKE) for a unit just targeted."""
        from vantage.rules.wh40k10e.flow import resume

        state = em.state
        after = _window(state, em.actor or "", effect)
        plan = state.attack
        if after is None or plan is None:
            return Rejection(
                "stratagem/timing",
                f"{effect}: just after an enemy unit selects its targets in the Shooting phase",
            )
        if cmd.unit not in {a.target for a in plan.assignments}:
            return Rejection("stratagem/target", "the unit must be a target of those attacks")
        if keyword not in state.sheets[cmd.unit].keywords:
            return Rejection("stratagem/target", f"{effect} needs a {keyword} unit")
        _pay(em, cmd)
        em.emit(EffectAdded(unit=cmd.unit, effect=effect))
        _refresh_cover(em, cmd.unit)
        resume(em, after)
        return None

    return handler


def _refresh_cover(em: Emitter, unit: str) -> None:
    """The declared plan's cover for this unit's models (the effect gives cover)."""
    from dataclasses import replace

    from vantage.rules.wh40k10e.events import AttacksDeclared

    plan = em.state.attack
    assert plan is not None
    cover = {**plan.cover, **{m.id: True for m in em.state.models_of(unit)}}
    em.emit(AttacksDeclared(plan=replace(plan, cover=cover)))


def _heroic_intervention(em: Emitter, cmd: UseStratagem) -> Rejection | None:
    """Charge the enemy unit that just charged, without the Charge Bonus (§6.2 item 11)."""
    from vantage.rules.wh40k10e.reactions import heroic_units

    state = em.state
    after = _window(state, em.actor or "", "heroic_intervention")
    pending = state.pending
    if after is None or pending is None or pending.unit is None:
        return Rejection(
            "stratagem/timing", "Heroic Intervention: just after an enemy unit ends a charge move"
        )
    if cmd.unit not in heroic_units(state, pending.unit):
        return Rejection(
            "stratagem/target",
            'the unit must be within 6" and able to charge it (VEHICLES only if WALKER)',
        )
    _pay(em, cmd)
    em.emit(ChargeDeclared(unit=cmd.unit, targets=(pending.unit,), dice=em.roll(2), heroic=True))
    from vantage.rules.wh40k10e.state import Pending

    em.emit(
        Waiting(
            pending=Pending(
                player=em.actor or "",
                kind="charge_move",
                unit=cmd.unit,
                options=(pending.unit,),
                detail={"heroic": 1},
            )
        )
    )
    return None


_HANDLERS: dict[str, Callable[[Emitter, UseStratagem], Rejection | None]] = {
    "command_reroll": _command_reroll,
    "counter_offensive": _counter_offensive,
    "epic_challenge": _epic_challenge,
    "insane_bravery": _insane_bravery,
    "grenade": _grenade,
    "tank_shock": _tank_shock,
    "fire_overwatch": _fire_overwatch,
    "rapid_ingress": _rapid_ingress,
    "go_to_ground": _cover_effect("go_to_ground", "INFANTRY"),
    "smokescreen": _cover_effect("smokescreen", "SMOKE"),
    "heroic_intervention": _heroic_intervention,
}
