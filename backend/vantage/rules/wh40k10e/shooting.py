"""The Shooting phase (wh40k-10th §5.5, §8.1): eligible units, eligible targets per weapon, the
declaration checked per model, then resolution (which may wait for the defender's choices).
"""

from __future__ import annotations

from collections.abc import Sequence

from vantage.engine.errors import Rejection
from vantage.engine.table import Model
from vantage.rules.wh40k10e import geo
from vantage.rules.wh40k10e.attacks import HALF, run
from vantage.rules.wh40k10e.commands import AttackIn, Shoot
from vantage.rules.wh40k10e.emitter import Emitter, problem
from vantage.rules.wh40k10e.events import (
    AttackPaused,
    AttacksDeclared,
    AttacksDone,
    FiringDeckEquipped,
    Waiting,
)
from vantage.rules.wh40k10e.sheets import WeaponSheet
from vantage.rules.wh40k10e.state import Assignment, AttackPlan, Pending, State

LONE_OPERATIVE = 12.0
COVER_KINDS = frozenset(
    {"ruins", "woods", "crater", "barricade", "obstacle", "debris", "hill", "building"}
)


def big(state: State, unit: str) -> bool:
    """MONSTER or VEHICLE (Big Guns Never Tire, §8.1)."""
    return bool({"MONSTER", "VEHICLE"} & set(state.sheets[unit].keywords))


def shooting_weapons(state: State, unit: str) -> tuple[list[WeaponSheet], str | None]:
    """The ranged weapons the unit may fire now, or none and why (§5.5)."""
    s = state.status[unit]
    ranged = [w for w in state.sheets[unit].weapons if w.kind == "ranged"]
    if s.location != "table":
        return [], "the unit is not on the battlefield"
    if s.shot:
        return [], "the unit has shot this phase"
    if s.move == "fall_back":
        return [], "the unit Fell Back this turn (§5.5)"
    if s.move == "advance":
        ranged = [w for w in ranged if w.has("ASSAULT")]
        if not ranged:
            return [], "the unit Advanced and has no Assault weapons (§8.4)"
    if geo.engaged_enemies(state.table, unit) and not big(state, unit):
        ranged = [w for w in ranged if w.has("PISTOL")]
        if not ranged:
            return [], "the unit is within Engagement Range (§8.1)"
    return ranged, None


class Sight:
    """Visibility answers cached for one decision."""

    def __init__(self, state: State) -> None:
        self._state = state
        self._cache: dict[tuple[str, str], bool] = {}

    def sees(self, a: Model, b: Model) -> bool:
        """Model visible."""
        key = (a.id, b.id)
        if key not in self._cache:
            self._cache[key] = geo.visible(self._state.table, a, b)
        return self._cache[key]


def _target_ok(state: State, unit: str, target: str, weapon: WeaponSheet) -> str | None:
    """Unit-level target restrictions: engagement of friends, Blast (§8.1, §8.4)."""
    table = state.table
    engaged_with = geo.engaged_enemies(table, target)
    friends_engaged = {u for u in engaged_with if state.owner(u) == state.owner(unit)}
    if weapon.has("BLAST") and friends_engaged:
        return "BLAST weapons cannot target a unit within Engagement Range of your units (§8.4)"
    own_engaged = unit in friends_engaged
    if friends_engaged and not big(state, target):
        if own_engaged and (big(state, unit) or weapon.has("PISTOL")):
            return None
        return "a unit within Engagement Range of your units cannot be shot (§8.1)"
    if geo.engaged_enemies(table, unit) and weapon.has("PISTOL") and not own_engaged:
        return "a Pistol fired in Engagement Range must target a unit engaged with it (§8.1)"
    return None


def model_can_target(
    state: State, sight: Sight, model: Model, weapon: WeaponSheet, target: str
) -> str | None:
    """Some target model in range and visible to this model (Indirect Fire: range only),
    Lone Operative only from 12" (§8.1)."""
    if weapon.has("ONE SHOT") and _spent(state, model, weapon.name):
        label = state.model_label(model.id)
        return f"{label} has fired its ONE SHOT weapon {weapon.name} this battle (R19)"
    rng = weapon.range or 0.0
    sheet = state.sheets[target]
    in_range = [t for t in state.models_of(target) if geo.dist_within(model, t, rng)]
    if not in_range:
        return f'no model of {sheet.name} is within {rng:g}" of {state.model_label(model.id)}'
    if sheet.has("LONE OPERATIVE") and not any(
        geo.dist_within(model, t, LONE_OPERATIVE) for t in in_range
    ):
        return 'a Lone Operative can only be shot from within 12" (§8.1)'
    if weapon.has("INDIRECT FIRE") or any(sight.sees(model, t) for t in in_range):
        return None
    return f"no model of {sheet.name} in range is visible to {state.model_label(model.id)} (§8.1)"


def _spent(state: State, model: Model, weapon: str) -> bool:
    """A ONE SHOT weapon already fired (a lent FIRING DECK weapon: by its owner, R19, R21)."""
    from vantage.rules.wh40k10e.firing_deck import source

    lent = source(weapon)
    owner, name = lent if lent else (model.id, weapon)
    carrier = state.offboard.get(owner) or state.table.models.get(owner)
    return carrier is not None and f"{owner}|{name}" in state.status[carrier.unit].spent


def eligible_targets(
    state: State, unit: str, overwatch_target: str | None = None
) -> dict[str, list[str]]:
    """Each weapon the unit may fire → the enemy units it may target (for the UI and bots)."""
    weapons, _ = shooting_weapons(state, unit)
    sight = Sight(state)
    player = state.owner(unit)
    enemies = [u for u in state.units_of(state.opponent(player)) if overwatch_target in (None, u)]
    out: dict[str, list[str]] = {}
    for w in weapons:
        carriers = [
            m for m in state.models_of(unit) if w.name in state.sheets[unit].model(m.id).weapons
        ]
        ok = [
            t
            for t in enemies
            if _target_ok(state, unit, t, w) is None
            and any(model_can_target(state, sight, m, w, t) is None for m in carriers)
        ]
        if ok:
            out[w.name] = ok
    return out


def declare(
    em: Emitter, cmd: Shoot, overwatch_target: str | None = None, after: str = "active"
) -> Rejection | None:
    """Check the declaration, then resolve (after any reaction window)."""
    state, player = em.state, em.actor or ""
    if overwatch_target is None and (state.phase != "shooting" or state.active != player):
        return Rejection("phase/not_shooting", "units shoot in your Shooting phase")
    if state.sheets.get(cmd.unit) is None or state.owner(cmd.unit) != player:
        return Rejection("unit/not_yours", "select one of your units")
    if cmd.firing_deck:
        from vantage.rules.wh40k10e.firing_deck import problems as deck_problems

        rejected = em.rules(deck_problems(state, cmd.unit, cmd.firing_deck))
        if rejected:
            return rejected
        em.emit(
            FiringDeckEquipped(
                unit=cmd.unit, weapons=tuple(f"{p.model}|{p.weapon}" for p in cmd.firing_deck)
            )
        )
        state = em.state
    weapons, why = shooting_weapons(state, cmd.unit)
    if why:
        rejected = em.rules(
            [problem("rule/cannot_shoot", f"{state.sheets[cmd.unit].name} cannot shoot: {why}")]
        )
        if rejected:
            return rejected
        weapons = [w for w in state.sheets[cmd.unit].weapons if w.kind == "ranged"]
    bad = _check_rows(state, cmd.unit, cmd.attacks, {w.name for w in weapons}, overwatch_target)
    if bad:
        return bad
    rejected = em.rules(_target_problems(state, cmd.unit, cmd.attacks))
    if rejected:
        return rejected
    plan = build_plan(state, cmd.unit, player, cmd.attacks, overwatch_target is not None, after)
    em.emit(AttacksDeclared(plan=plan))
    from vantage.rules.wh40k10e.reactions import after_targets

    if not after_targets(em, plan):
        continue_attack(em)
    return None


def _check_rows(
    state: State, unit: str, rows: Sequence[AttackIn], usable: set[str], only_target: str | None
) -> Rejection | None:
    if not rows:
        return Rejection("shoot/empty", "declare at least one attack")
    seen: set[tuple[str, str]] = set()
    pistols: dict[str, set[bool]] = {}
    for r in rows:
        model = state.table.models.get(r.model)
        if model is None or model.unit != unit:
            return Rejection("shoot/unknown_model", f"{r.model} is not a model of that unit")
        label = state.model_label(r.model)
        if r.weapon not in state.sheets[unit].model(r.model).weapons or r.weapon not in usable:
            return Rejection("shoot/weapon", f"{label} cannot fire {r.weapon!r} now")
        if (r.model, r.weapon) in seen:
            return Rejection("shoot/duplicate", f"{label} fires {r.weapon} once, at one target")
        seen.add((r.model, r.weapon))
        if r.target not in state.sheets or state.owner(r.target) == state.owner(unit):
            return Rejection("shoot/target", f"{r.target!r} is not an enemy unit")
        if only_target is not None and r.target != only_target:
            return Rejection("shoot/target", "Fire Overwatch shoots the unit that moved")
        w = state.sheets[unit].weapon(r.weapon)
        assert w is not None
        pistols.setdefault(r.model, set()).add(w.has("PISTOL"))
    if not big(state, unit) and any(len(v) > 1 for v in pistols.values()):
        return Rejection(
            "shoot/pistol", "a model fires either its Pistols or its other weapons (§8.1)"
        )
    return None


def _target_problems(state: State, unit: str, rows: Sequence[AttackIn]) -> list[Rejection]:
    """The first row whose target is not allowed; the unit-level checks (engagement, Blast)
    are made once per weapon and target, not once per model."""
    sight = Sight(state)
    out = []
    unit_level: dict[tuple[str, str], str | None] = {}
    for r in rows:
        w = state.sheets[unit].weapon(r.weapon)
        assert w is not None
        key = (r.target, r.weapon)
        if key not in unit_level:
            unit_level[key] = _target_ok(state, unit, r.target, w)
        why = unit_level[key] or model_can_target(
            state, sight, state.table.models[r.model], w, r.target
        )
        if why:
            out.append(
                problem(
                    "rule/target",
                    f"{state.model_label(r.model)} cannot target {state.sheets[r.target].name} "
                    f"with {r.weapon}: {why}",
                    model=r.model,
                    target=r.target,
                )
            )
            break
    return out


def build_plan(
    state: State,
    unit: str,
    player: str,
    rows: Sequence[AttackIn],
    overwatch: bool,
    after: str,
    melee: bool = False,
) -> AttackPlan:
    """The plan with everything fixed when targets are selected (§6.5 "Per attack batch")."""
    table = state.table
    assignments = tuple(Assignment(model=r.model, weapon=r.weapon, target=r.target) for r in rows)
    targets = list(dict.fromkeys(r.target for r in rows))
    sight = Sight(state)
    mods: dict[str, int] = {}
    half: list[str] = []
    visible: list[str] = []
    for t in targets:
        attackers = [table.models[r.model] for r in rows if r.target == t]
        seen = any(sight.sees(a, m) for a in attackers for m in state.models_of(t))
        if seen:
            visible.append(t)
        mods.update(_penalties(state, unit, t, seen, rows) if not melee else {})
    for r in rows:
        w = state.sheets[unit].weapon(r.weapon)
        if w and w.range and not melee:
            m = table.models[r.model]
            if any(geo.dist_within(m, x, w.range / 2) for x in state.models_of(r.target)):
                half.append(f"{r.model}{HALF}{r.target}{HALF}{r.weapon}")
    cover = {} if melee else _cover(state, rows, visible)
    plunging = () if melee else _plunging(state, rows)
    return AttackPlan(
        unit=unit,
        player=player,
        melee=melee,
        assignments=assignments,
        hit_modifiers=mods,
        blast_counts={t: len(state.models_of(t)) for t in targets},
        visible_targets=tuple(visible),
        half_range=tuple(half),
        cover=cover,
        plunging=plunging,
        overwatch=overwatch,
        after=after,
    )


def _penalties(
    state: State, unit: str, target: str, seen: bool, rows: Sequence[AttackIn]
) -> dict[str, int]:
    """Big Guns Never Tire (both), Indirect Fire unseen; Pistols exempt from Big Guns."""
    own_engaged = bool(geo.engaged_enemies(state.table, unit))
    friends = {
        u for u in geo.engaged_enemies(state.table, target) if state.owner(u) == state.owner(unit)
    }
    bgnt = (big(state, unit) and own_engaged) or (big(state, target) and bool(friends))
    indirect = not seen and any(
        (w := state.sheets[unit].weapon(r.weapon)) is not None and w.has("INDIRECT FIRE")
        for r in rows
        if r.target == target
    )
    base = -1 if indirect else 0
    return {target: max(-1, base - (1 if bgnt else 0)), target + HALF + "pistol": base}


def _plunging(state: State, rows: Sequence[AttackIn]) -> tuple[str, ...]:
    """Attacking models with Plunging Fire against their target, fixed when targets are chosen
    (§2.5 F, rules decision R18)."""
    from vantage.rules.wh40k10e.floors import plunging

    table = state.table
    keys = {
        f"{r.model}{HALF}{r.target}"
        for r in rows
        if r.model in table.models
        and plunging(table, table.models[r.model], state.models_of(r.target))
    }
    return tuple(sorted(keys))


def _cover(state: State, rows: Sequence[AttackIn], visible: list[str]) -> dict[str, bool]:
    """Benefit of cover per target model, from the closest attacking model (R7); quick when no
    cover terrain lies near the line between them."""
    out: dict[str, bool] = {}
    table = state.table
    for t in dict.fromkeys(r.target for r in rows):
        [table.models[r.model] for r in rows if r.target == t]
        status = state.status[t]
        forced = status.has_effect("go_to_ground") or status.has_effect("smokescreen")
        for m in state.models_of(t):
            if forced or t not in visible:
                out[m.id] = True
                continue
    return out


def terrain_near(state: State, a: Model, b: Model) -> bool:
    """Some terrain that can give cover lies near the line between two models."""
    from shapely.geometry import LineString, Polygon

    line = LineString([(a.x, a.y), (b.x, b.y)]).buffer(geo.radius(a) + geo.radius(b) + 3.0)
    return any(
        p.kind in COVER_KINDS and line.intersects(Polygon(p.polygon)) for p in state.table.terrain
    )


def continue_attack(em: Emitter) -> None:
    """Run the declared plan; pause for the defender or finish and move on."""
    from vantage.rules.wh40k10e.damage import emit_resolution

    plan = em.state.attack
    assert plan is not None
    res = run(em.state, plan, em.dice)
    if res.need is not None:
        em.emit(AttackPaused(dice=res.fresh))
        target = em.state.table.models[res.need[0]].unit
        chooser = plan.player if res.precision else em.state.owner(target)
        kind = "precision" if res.precision else "allocate"
        em.emit(Waiting(pending=Pending(player=chooser, kind=kind, unit=target, options=res.need)))
        return
    if res.reroll is not None:
        from vantage.rules.wh40k10e.rerolls import wait

        em.emit(AttackPaused(dice=res.fresh))
        wait(em, res.reroll)
        return
    emit_resolution(em, plan.unit, res, "melee" if plan.melee else "shooting")
    from vantage.rules.wh40k10e.mortals import drain

    if drain(em, "attack_resolved"):
        after_resolution(em, plan)


def after_resolution(em: Emitter, plan: AttackPlan) -> None:
    """All attacks and their Deadly Demise resolved: Hazardous tests, then go on (§8.4)."""
    if not hazardous(em, plan):
        finish_attack(em, plan)


def finish_attack(em: Emitter, plan: AttackPlan) -> None:
    """The attacks are done: go on where the game was (``plan.after``)."""
    em.emit(AttacksDone(unit=plan.unit))
    from vantage.rules.wh40k10e.flow import resume

    resume(em, plan.after)


def _hazardous_rows(state: State, plan: AttackPlan) -> list[Assignment]:
    return [
        a
        for a in plan.assignments
        if (w := state.sheets[plan.unit].weapon(a.weapon)) is not None
        and w.has("HAZARDOUS")
        and a.model in state.table.models
    ]


def hazardous(em: Emitter, plan: AttackPlan) -> bool:
    """One test per Hazardous weapon used (§8.4); ``True`` when the tests were made (and the
    attack finished, or the game now waits for a Command Re-roll or a controller's choice)."""
    from vantage.rules.wh40k10e import rerolls

    rows = _hazardous_rows(em.state, plan)
    if not rows:
        return False
    dice = em.roll(len(rows))
    worth = tuple(d == 1 for d in dice)
    if rerolls.offerable(em.state, plan.player, plan.unit, worth):
        rerolls.wait(
            em, rerolls.offer(plan.player, plan.unit, "hazardous", tuple((d,) for d in dice), worth)
        )
        return True
    hazardous_results(em, plan, dice)
    return True


def hazardous_results(em: Emitter, plan: AttackPlan, dice: tuple[int, ...]) -> None:
    """Each 1: one model equipped with a Hazardous weapon, chosen by the controller, is
    destroyed, or suffers 3 mortal wounds if a CHARACTER, MONSTER or VEHICLE (§8.4, R30);
    then the attack is finished (once every choice is made)."""
    from vantage.rules.wh40k10e.events import MortalWoundsRolled
    from vantage.rules.wh40k10e.mortals import drain, queue
    from vantage.rules.wh40k10e.state import MortalJob

    rows = _hazardous_rows(em.state, plan)
    for row, die in zip(rows, dice, strict=True):
        if die != 1:
            em.emit(
                MortalWoundsRolled(source="hazardous", unit=plan.unit, dice=(die,), mortal_wounds=0)
            )
            continue
        queue(
            em,
            MortalJob(
                unit=plan.unit, source="hazardous", dice=(die,), first=row.model, hazardous=True
            ),
        )
    if drain(em, "attack_done"):
        finish_attack(em, plan)
