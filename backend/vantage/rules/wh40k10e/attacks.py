"""Resolving declared attacks (shooting and fighting) with rules/wh40k's attack sequence.

The defender chooses where the rule lets them (wh40k-10th §8.3 step 3). Resolution is a pure
function of the state, the plan, the dice rolled so far and the choices made so far: when the
defender must choose, it stops and the game waits; the defender's answer re-runs it from the
start with the same dice (recorded in ``AttackPaused`` events) and one more choice.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from vantage.engine.dice import Dice
from vantage.engine.table import Model
from vantage.rules.common.measuring import distance
from vantage.rules.wh40k import (
    AttackContext,
    Attacker,
    AttackResult,
    ModelState,
    TargetProfile,
    UnitState,
    WeaponProfile,
    resolve_attack,
    roll_needs,
)
from vantage.rules.wh40k.allocation import AllocationKind
from vantage.rules.wh40k.dice_expr import RollKind
from vantage.rules.wh40k.rolls import choose_save, cover_applies
from vantage.rules.wh40k10e import leaders
from vantage.rules.wh40k10e.rerolls import NeedReroll, PlanRerolls
from vantage.rules.wh40k10e.sheets import profile
from vantage.rules.wh40k10e.state import Assignment, AttackPlan, Pending, State

HALF = "|"


class NeedChoice(Exception):
    """The defender has a real choice: ``eligible`` model ids; or (``precision``) the attacker
    may send the attack to one of ``eligible`` CHARACTERs or ``"none"`` (§8.4)."""

    def __init__(self, eligible: tuple[str, ...], precision: bool = False) -> None:
        super().__init__("allocation choice needed")
        self.eligible = eligible
        self.precision = precision


class Replay:
    """Dice already rolled for this plan first, then fresh dice from the game."""

    def __init__(self, recorded: tuple[int, ...], live: Dice) -> None:
        self._recorded = recorded
        self._pos = 0
        self._live = live
        self.fresh: list[int] = []
        self.by_kind: dict[str, list[int]] = defaultdict(list)
        self.rerolls: PlanRerolls | None = None
        """Command Re-roll windows of the plan being run (rerolls.py)."""

    def roll(self, kind: RollKind | str, count: int) -> tuple[int, ...]:
        """``count`` D6, labelled by kind for the log."""
        out = []
        for _ in range(count):
            if self._pos < len(self._recorded):
                value = self._recorded[self._pos]
                self._pos += 1
            else:
                value = self._live.roll(1, 6)[0]
                self.fresh.append(value)
            out.append(value)
        self.by_kind[kind].extend(out)
        return tuple(out)


class Chooser:
    """The defender's recorded choices; a real choice without one stops resolution.

    Models that are interchangeable (same profile, same wounds left) are not a real choice:
    the one farthest from the attacking unit takes it (rules decision R6). From rules revision
    5 a model with the Benefit of Cover against this attack and one without are not
    interchangeable when cover changes the save they would take (R43 a, §8.3 steps 3-4).
    """

    def __init__(self, state: State, choices: tuple[str, ...], attackers: list[Model]) -> None:
        self._state = state
        self._choices = choices
        self._next = 0
        self._attackers = attackers
        self.wounds: dict[str, int] = {}
        self.group: tuple[str, str, bool] = ("", "", False)
        """Target, weapon and whether the weapon has PRECISION, for ``pick``."""
        self._picked: dict[tuple[str, str], str | None] = {}
        self._distances: dict[str, float] = {}
        self.cover: LazyCover | None = None
        """The group's cover (``_resolve_group``), when cover can tell its models apart (R43 a):
        set only from rules revision 5, for a weapon whose save cover can change."""
        self.cover_counts: Callable[[str], bool] = lambda _model: False
        """Whether the Benefit of Cover changes the save this model would take (its own
        profile: a Leader's save may differ)."""
        self.left = 0
        """Wounding attacks of the group still to allocate, this one included (told by the
        attack sequence); with ``kind`` and ``ap``, what a pause shows (``Resolution.asking``)."""
        self.kind: AllocationKind = "attack"
        self.ap = 0
        """The group's AP as resolved (Plunging Fire included)."""
        self.plunge: bool | None = None
        """The group's Plunging Fire part, as ``_resolve_group`` was given it."""
        self.later = 0
        """Devastating Wounds: critical wounds whose mortal wounds come after these."""

    def tell(self, left: int, later: int = 0) -> None:
        """The attack sequence's count of wounding attacks (or a Devastating Wound's mortal
        wounds) left to allocate, and of critical wounds' mortal wounds still to come."""
        self.left = left
        self.later = later

    def pick(self, attacker: str, characters: tuple[str, ...]) -> str | None:
        """PRECISION (§8.4): the attacking player's recorded choice of a visible CHARACTER, asked
        once per weapon and target (rules decision R28), or stop to ask."""
        target, weapon, precise = self.group
        effects = self._state.status[self._state.table.models[attacker].unit].effects
        melee = self._state.sheets[self._state.table.models[attacker].unit].weapon(weapon)
        challenge = melee is not None and melee.kind == "melee"
        if not (precise or (challenge and f"epic_challenge:{attacker}" in effects)):
            return None
        seen = tuple(c for c in characters if self._sees(attacker, c))
        if not seen:
            return None
        key = (target, weapon)
        if key not in self._picked:
            if self._next >= len(self._choices):
                raise NeedChoice((*seen, "none"), precision=True)
            self._next += 1
            answer = self._choices[self._next - 1]
            self._picked[key] = None if answer == "none" else answer
        chosen = self._picked[key]
        return chosen if chosen in seen else None

    def _sees(self, attacker: str, model: str) -> bool:
        from vantage.rules.wh40k10e import geo

        table = self._state.table
        return geo.visible(table, table.models[attacker], table.models[model])

    def choose(self, eligible: tuple[str, ...], kind: AllocationKind) -> str:
        """The next recorded choice, or an automatic one, or stop."""
        if self._interchangeable(eligible, kind):
            return max(eligible, key=self._distance)
        if self._next < len(self._choices):
            self._next += 1
            return self._choices[self._next - 1]
        self.kind = kind
        raise NeedChoice(eligible)

    def _interchangeable(self, eligible: tuple[str, ...], kind: AllocationKind) -> bool:
        first = eligible[0]
        unit = self._state.table.models[first].unit
        sheet = self._state.sheets[unit]
        same = all(
            sheet.model(m) == sheet.model(first) and self.wounds.get(m) == self.wounds.get(first)
            for m in eligible
        )
        cover = self.cover
        if not same or cover is None or kind != "attack" or not self.cover_counts(first):
            return same
        # Cover is worked out only now, for models alike in every other way (R43 a).
        covered = first in cover
        return all((m in cover) == covered for m in eligible)

    def _distance(self, model_id: str) -> float:
        """Distance to the closest attacking model (remembered: asked for every allocation)."""
        if model_id not in self._distances:
            model = self._state.table.models[model_id]
            self._distances[model_id] = min(
                (distance(model, a) for a in self._attackers), default=0.0
            )
        return self._distances[model_id]


@dataclass(slots=True)
class Group:
    """One weapon profile against one target, resolved."""

    weapon: str
    target: str
    models: int
    dice: dict[str, tuple[int, ...]]
    result: AttackResult
    plunging: bool = False
    needs: dict[str, int] = field(default_factory=dict)
    """What the hit and wound rolls needed (``sequence.roll_needs``), for the log."""


@dataclass(slots=True)
class Resolution:
    """The outcome of running a plan: finished groups, or a pause for the defender."""

    groups: list[Group] = field(default_factory=list)
    wounds: dict[str, int] = field(default_factory=dict)
    allocated: set[str] = field(default_factory=set)
    fresh: tuple[int, ...] = ()
    need: tuple[str, ...] | None = None
    precision: bool = False
    """``need`` is the attacker's PRECISION choice, not the defender's allocation."""
    reroll: Pending | None = None
    """A Command Re-roll offer to make before going on (rerolls.py)."""
    asking: Asking | None = None
    """With ``need``: the weapon whose attack waits for the choice, for the view."""


@dataclass(frozen=True, slots=True)
class Asking:
    """What a paused allocation is about: the attacking ``weapon`` at ``target``, its AP as
    resolved, how many of its wounding attacks are left to allocate (this one included), and
    whether the choice is for the mortal wounds of DEVASTATING WOUNDS instead (then ``left``
    counts that wound's mortal wounds still to allocate)."""

    weapon: str
    target: str
    ap: int
    left: int
    mortal: bool = False
    plunge: bool | None = None
    later: int = 0
    """Mortal wounds: more critical wounds of this weapon whose mortal wounds come after."""
    """The group's Plunging Fire part (``_plunge_split``): ``None`` when the weapon's attacks at
    the target are one group."""


def target_profile(state: State, target: str) -> TargetProfile:
    """The target's T and Sv (its first model on the table), invulnerable save and FNP; for an
    attached unit, the Bodyguard's T and the Leader models' own saves (§3.6)."""
    sheet = state.sheets[target]
    mine = leaders.leader_models(state, target)
    first = next((m for m in state.models_of(target) if m.id not in mine), None)
    if first is None and mine:
        att = leaders.attachment(state, target)
        ms = att.bodyguard_sheet.models[0][1] if att else sheet.models[0][1]
    else:
        first = first or next(iter(state.models_of(target)), None)
        ms = sheet.model(first.id) if first else sheet.models[0][1]
    shelter = state.status[target].has_effect("go_to_ground")

    def invulnerable(value: int | None) -> int | None:
        return min(value or 6, 6) if shelter else value

    own = []
    for mid in sorted(mine):
        ls = leaders.model_sheet(state, mid, target)
        own.append((mid, ls.model(mid).save, invulnerable(ls.invulnerable), ls.feel_no_pain))
    return TargetProfile(
        toughness=leaders.bodyguard_toughness(state, target) or ms.toughness,
        save=ms.save,
        invulnerable=invulnerable(sheet.invulnerable),
        feel_no_pain=sheet.feel_no_pain,
        wounds=ms.wounds,
        keywords=frozenset(sheet.keywords),
        own=tuple(own),
    )


def hit_modifier(state: State, plan: AttackPlan, target: str, pistol: bool) -> int:
    """Stealth, Smokescreen and the declaration-time penalties (Big Guns, Indirect Fire); the
    attacker's Damaged profile (R39), in melee too."""
    own = damaged_penalty(state, plan.unit)
    if plan.melee:
        return own
    mod = plan.hit_modifiers.get(target, 0)
    if pistol:
        mod = plan.hit_modifiers.get(target + HALF + "pistol", mod)
    mod += own
    status = state.status[target]
    if state.sheets[target].has("STEALTH") or status.has_effect("smokescreen"):
        mod -= 1
    return mod


def damaged_penalty(state: State, unit: str) -> int:
    """-1 while the unit's one model has no more wounds left than its Damaged profile says
    (``UnitSheet.damaged``, R39); else 0."""
    limit = state.sheets[unit].damaged
    if not limit:
        return 0
    left = [m.wounds for m in state.models_of(unit)]
    return -1 if left and max(left) <= limit else 0


def run(state: State, plan: AttackPlan, dice: Dice) -> Resolution:
    """Resolve the whole plan (from the start, replaying recorded dice and choices)."""
    replay = Replay(plan.dice, dice)
    replay.rerolls = PlanRerolls(state, plan, replay.by_kind)
    attackers_models = [
        state.table.models[a.model] for a in plan.assignments if a.model in state.table.models
    ]
    chooser = Chooser(state, plan.choices, attackers_models)
    out = Resolution(allocated=set(state.allocated))
    for t in dict.fromkeys(a.target for a in plan.assignments):
        out.wounds.update({m.id: m.wounds for m in state.models_of(t)})
    chooser.wounds = out.wounds
    try:
        for target in dict.fromkeys(a.target for a in plan.assignments):
            for weapon in dict.fromkeys(a.weapon for a in plan.assignments if a.target == target):
                for plunge in _plunge_split(plan, target, weapon):
                    group = _resolve_group(
                        state, plan, target, weapon, replay, chooser, out, plunge
                    )
                    if group is not None:
                        out.groups.append(group)
    except NeedChoice as need:
        out.need = need.eligible
        out.precision = need.precision
        target, weapon, _ = chooser.group
        mortal = not need.precision and chooser.kind == "mortal"
        later = chooser.later if mortal else 0
        out.asking = Asking(weapon, target, chooser.ap, chooser.left, mortal, chooser.plunge, later)
    except NeedReroll as need:
        out.reroll = need.pending
    out.fresh = tuple(replay.fresh)
    return out


def _plunge_split(plan: AttackPlan, target: str, weapon: str) -> tuple[bool | None, ...]:
    """Models with Plunging Fire resolve first, as their own group (AP differs, §2.5 F);
    ``None``: the whole group, when none of its models has it."""
    keys = {
        a.model
        for a in plan.assignments
        if a.target == target and a.weapon == weapon and f"{a.model}{HALF}{target}" in plan.plunging
    }
    return (True, False) if keys else (None,)


def group_rows(plan: AttackPlan, target: str, weapon: str, plunge: bool | None) -> list[Assignment]:
    """The plan's attacks of ``weapon`` at ``target`` in one group: those with Plunging Fire
    (``plunge`` True), those without (False), or all (None)."""
    return [
        a
        for a in plan.assignments
        if a.target == target
        and a.weapon == weapon
        and (plunge is None or (f"{a.model}{HALF}{target}" in plan.plunging) == plunge)
    ]


def _resolve_group(
    state: State,
    plan: AttackPlan,
    target: str,
    weapon: str,
    replay: Replay,
    chooser: Chooser,
    out: Resolution,
    plunge: bool | None = None,
) -> Group | None:
    sheet = state.sheets[plan.unit]
    wsheet = sheet.weapon(weapon)
    assert wsheet is not None
    rows = [a for a in group_rows(plan, target, weapon, plunge) if a.model in state.table.models]
    alive = [m for m in state.models_of(target) if out.wounds.get(m.id, 0) > 0]
    if not rows or not alive:
        return None
    tp = target_profile(state, target)
    characters = leaders.protected(state, target)
    unit = UnitState(
        tuple(
            ModelState(
                m.id,
                out.wounds[m.id],
                wounded=out.wounds[m.id] < sheet_w(state, m),
                allocated=m.id in out.allocated,
                protected=m.id in characters,
            )
            for m in alive
        )
    )
    weapon_profile = profile(wsheet)
    chooser.group = (target, weapon, weapon_profile.abilities.precision)
    chooser.plunge = plunge
    if plunge:
        weapon_profile = replace(weapon_profile, ap=weapon_profile.ap - 1)
    chooser.ap = weapon_profile.ap
    overwatch = plan.overwatch and not plan.melee
    if overwatch:
        weapon_profile = replace(weapon_profile, skill=6)
    status = state.status[plan.unit]
    mod = hit_modifier(state, plan, target, wsheet.has("PISTOL"))
    ctx = AttackContext(
        remained_stationary=status.move == "stationary" and not overwatch,
        charged=status.charged,
        hit_modifier=min(mod, 0) if overwatch else mod,
        target_models=plan.blast_counts.get(target, len(alive)),
        lethal_damage_settles=state.options.since(3),
        hopeless_saves_settle=state.options.since(5),
    )
    attackers = [
        Attacker(a.model, f"{a.model}{HALF}{target}{HALF}{weapon}" in plan.half_range) for a in rows
    ]
    cover = LazyCover(state, plan, [state.table.models[a.model] for a in rows])
    chooser.cover = None
    if state.options.since(5) and cover_may_count(weapon_profile):
        chooser.cover = cover
        chooser.cover_counts = lambda model_id: cover_changes_save(
            tp.for_model(model_id), weapon_profile, ctx
        )
    replay.by_kind.clear()
    if replay.rerolls is not None:
        replay.rerolls.target, replay.rerolls.weapon = target, weapon
    result = resolve_attack(
        weapon_profile,
        attackers,
        tp,
        unit,
        replay,
        ctx,
        chooser,
        cover,  # type: ignore[arg-type]
        rerolls=replay.rerolls,
        precision=chooser,
        progress=chooser.tell,
    )
    for m in alive:
        out.wounds[m.id] = 0
    for ms in result.unit.models:
        out.wounds[ms.id] = ms.wounds
        if ms.allocated:
            out.allocated.add(ms.id)
    out.allocated.update(a.model for a in result.allocated)
    return Group(
        weapon,
        target,
        len(rows),
        {k: tuple(v) for k, v in replay.by_kind.items()},
        result,
        bool(plunge),
        roll_needs(weapon_profile, tp, ctx),
    )


def cover_may_count(weapon: WeaponProfile) -> bool:
    """Whether the Benefit of Cover can add to a save against this weapon (not melee, not
    IGNORES COVER, §8.3 step 4)."""
    return not weapon.is_melee and not weapon.abilities.ignores_cover


def cover_changes_save(target: TargetProfile, weapon: WeaponProfile, ctx: AttackContext) -> bool:
    """Whether a model of this profile takes a different save with the Benefit of Cover than
    without it (an invulnerable save it would take anyway, Sv 3+ against AP 0, or a save no
    die passes either way, 8+ against 7+: no; review s15)."""
    saves = []
    for covered in (False, True):
        applies = cover_applies(
            covered,
            melee=weapon.is_melee,
            ignores_cover=weapon.abilities.ignores_cover,
            save=target.save,
            ap=weapon.ap,
        )
        test = choose_save(
            target.save, weapon.ap, target.invulnerable, cover=applies,
            other_modifier=ctx.save_modifier,
        )  # fmt: skip
        saves.append(min(test.needed, 7))  # 7 and up: no die passes
    return saves[0] != saves[1]


class LazyCover:
    """``model in cover``: the benefit of cover, worked out only for models that take an
    allocation, from the closest attacking model (rules decision R7)."""

    def __init__(self, state: State, plan: AttackPlan, attackers: list[Model]) -> None:
        self._state = state
        self._plan = plan
        self._attackers = attackers
        self._known: dict[str, bool] = {}

    def __contains__(self, model_id: object) -> bool:
        """Worked out once per target model (it is asked at every allocation to it)."""
        assert isinstance(model_id, str)
        if model_id not in self._known:
            self._known[model_id] = self._in_cover(model_id)
        return self._known[model_id]

    def _in_cover(self, model_id: str) -> bool:
        from vantage.rules.wh40k10e import geo
        from vantage.rules.wh40k10e.shooting import terrain_near

        if self._plan.melee:
            return False
        if self._plan.cover.get(model_id):
            return True
        target = self._state.table.models.get(model_id)
        if target is None or not self._attackers:
            return False
        near = min(self._attackers, key=lambda a: distance(a, target))
        return terrain_near(self._state, near, target) and geo.has_cover(
            self._state.table, near, target
        )


def sheet_w(state: State, model: Model) -> int:
    """A model's Wounds characteristic."""
    return state.sheets[model.unit].model(model.id).wounds
