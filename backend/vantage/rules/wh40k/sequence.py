"""The 10th-edition attack sequence for one weapon profile against one target unit.

wh40k-10th §8.3-8.5: number of attacks, hit rolls, wound rolls (all made first, as fast
dice), then each wounding attack allocated, saved and damaged one at a time, then the mortal
wounds of DEVASTATING WOUNDS after all normal damage, spilling over from model to model.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from vantage.rules.wh40k.allocation import (
    Defender,
    FirstEligible,
    Precision,
    UnitState,
    allocate,
    inflict,
    precise,
)
from vantage.rules.wh40k.dice_expr import RollSource
from vantage.rules.wh40k.profiles import (
    AttackContext,
    Attacker,
    TargetProfile,
    WeaponProfile,
)
from vantage.rules.wh40k.rerolls import NoRerolls, RerollHook
from vantage.rules.wh40k.rolls import (
    capped,
    choose_save,
    cover_applies,
    hit_roll,
    wound_roll,
    wound_target,
)


@dataclass(frozen=True, slots=True)
class Hit:
    """A hit scored on the target: ``attacker`` indexes the attacking model that made it."""

    attacker: int
    critical: bool = False
    auto_wound: bool = False
    """LETHAL HITS: it wounds without a wound roll (and is not a critical wound)."""


@dataclass(frozen=True, slots=True)
class Wound:
    """A successful wound: ``mortal`` when DEVASTATING WOUNDS turned it into mortal wounds."""

    attacker: int
    critical: bool = False
    mortal: bool = False


@dataclass(frozen=True, slots=True)
class AllocatedAttack:
    """One wounding attack's fate: the model it went to, the save, the damage."""

    model: str
    save_roll: int
    saved: bool
    damage: int = 0
    lost: int = 0
    ignored: int = 0
    destroyed: bool = False


@dataclass(frozen=True, slots=True)
class AttackResult:
    """What happened, with the target unit afterwards (``unit``)."""

    attacks: int
    hits: int
    critical_hits: int
    wounds: int
    critical_wounds: int
    mortal_wounds: int
    failed_saves: int
    damage_inflicted: int
    wounds_ignored: int
    allocated: tuple[AllocatedAttack, ...]
    unit: UnitState


def attacks_per_model(
    weapon: WeaponProfile,
    attackers: Sequence[Attacker],
    ctx: AttackContext,
    dice: RollSource,
    rerolls: RerollHook | None = None,
) -> tuple[int, ...]:
    """Each attacking model's attacks: A (rolled per model), + RAPID FIRE X within half range,
    + 1 per 5 target models for BLAST; EXTRA ATTACKS weapons are never modified (§8.4, §8.5).
    A random A may be re-rolled just after all models have rolled it (§6.2 item 1)."""
    ab = weapon.abilities
    expr = weapon.attacks
    blast = ctx.target_models // 5 if ab.blast and not ab.extra_attacks else 0
    rolled = tuple(dice.roll("attacks", expr.count) if expr.count else () for _ in attackers)
    if expr.is_random and rolled:
        worth = tuple(expr.total(r) < expr.maximum for r in rolled)
        rolled = (rerolls or NoRerolls()).after("attacks", rolled, worth)
    out = []
    for model, results in zip(attackers, rolled, strict=True):
        n = expr.total(results)
        if not ab.extra_attacks:
            n += blast + (ab.rapid_fire if model.within_half_range else 0)
        out.append(n)
    return tuple(out)


def hit_modifier_of(weapon: WeaponProfile, ctx: AttackContext) -> int:
    """The hit roll's modifiers: the query's or the game's, and HEAVY after Remaining
    Stationary (§8.4); capped at +-1 where the roll is made."""
    return ctx.hit_modifier + (1 if weapon.abilities.heavy and ctx.remained_stationary else 0)


def wound_modifier_of(weapon: WeaponProfile, ctx: AttackContext) -> int:
    """The wound roll's modifiers, and LANCE after a charge (§8.4); capped where rolled."""
    return ctx.wound_modifier + (1 if weapon.abilities.lance and ctx.charged else 0)


def roll_needs(weapon: WeaponProfile, target: TargetProfile, ctx: AttackContext) -> dict[str, int]:
    """The unmodified D6 result a hit roll and a wound roll need to succeed (§8.3 steps 1-2):
    BS/WS or the S-against-T number, moved by the capped modifiers, never below 2+ (a 1 fails)
    nor above 6+ (a 6 succeeds); a wound roll succeeds from ANTI's X+ too. No hit roll for
    TORRENT. For the log: it says what the dice needed."""
    out: dict[str, int] = {}
    if not weapon.abilities.torrent:
        skill = weapon.skill if weapon.skill is not None else 7
        out["hit"] = min(6, max(2, skill - capped(hit_modifier_of(weapon, ctx))))
    wound = wound_target(weapon.strength, target.toughness) - capped(wound_modifier_of(weapon, ctx))
    anti = weapon.abilities.anti_threshold(target.keywords) if weapon.abilities.anti else None
    out["wound"] = min(6, max(2, wound), anti if anti is not None else 6)
    return out


def roll_hits(
    weapon: WeaponProfile,
    counts: Sequence[int],
    ctx: AttackContext,
    dice: RollSource,
    rerolls: RerollHook | None = None,
) -> list[Hit]:
    """The hits, in the order made; SUSTAINED HITS' extra hits follow the hit that made them.

    TORRENT hits automatically and never critically; HEAVY adds 1 after Remaining Stationary;
    an unmodified 6 is critical, and with LETHAL HITS it wounds automatically (§8.4). All hit
    rolls are made first; then one of them may be re-rolled (§6.2 item 1, before modifiers).
    """
    ab = weapon.abilities
    modifier = hit_modifier_of(weapon, ctx)
    skill = weapon.skill if weapon.skill is not None else 7
    rolled: list[tuple[int, int]] = []
    if not ab.torrent:
        for attacker, count in enumerate(counts):
            if count:
                rolled.extend((attacker, die) for die in dice.roll("hit", count))
    if rolled:
        worth = tuple(not hit_roll(d, skill, modifier).success for _, d in rolled)
        again = (rerolls or NoRerolls()).after("hit", tuple((d,) for _, d in rolled), worth)
        rolled = [(a, r[0]) for (a, _), r in zip(rolled, again, strict=True)]
    hits: list[Hit] = []
    for attacker, count in enumerate(counts):
        if ab.torrent:
            hits.extend(Hit(attacker) for _ in range(count))
            continue
        for die in (d for a, d in rolled if a == attacker):
            outcome = hit_roll(die, skill, modifier)
            if not outcome.success:
                continue
            hits.append(Hit(attacker, outcome.critical, outcome.critical and ab.lethal_hits))
            if outcome.critical and ab.sustained_hits:
                hits.extend(Hit(attacker) for _ in range(ab.sustained_hits))
    return hits


def roll_wounds(
    weapon: WeaponProfile,
    hits: Sequence[Hit],
    target: TargetProfile,
    ctx: AttackContext,
    dice: RollSource,
    rerolls: RerollHook | None = None,
) -> list[Wound]:
    """The wounds, in the order of the hits: a wound roll for each hit that needs one.

    LANCE adds 1 after a charge; ANTI-KEYWORD X+ makes X+ critical; a critical wound of a
    DEVASTATING WOUNDS weapon becomes mortal wounds (§8.4). All wound rolls are made first;
    then one of them may be re-rolled (§6.2 item 1).
    """
    ab = weapon.abilities
    needed = wound_target(weapon.strength, target.toughness)
    modifier = wound_modifier_of(weapon, ctx)
    anti = ab.anti_threshold(target.keywords) if ab.anti else None
    critical_from = anti if anti is not None else 6
    rolled = [dice.roll("wound", 1)[0] for hit in hits if not hit.auto_wound]
    if rolled:
        worth = tuple(not wound_roll(d, needed, modifier, critical_from).success for d in rolled)
        again = (rerolls or NoRerolls()).after("wound", tuple((d,) for d in rolled), worth)
        rolled = [r[0] for r in again]
    pending = iter(rolled)
    wounds: list[Wound] = []
    for hit in hits:
        if hit.auto_wound:
            wounds.append(Wound(hit.attacker))
            continue
        outcome = wound_roll(next(pending), needed, modifier, critical_from)
        if outcome.success:
            mortal = outcome.critical and ab.devastating_wounds
            wounds.append(Wound(hit.attacker, outcome.critical, mortal))
    return wounds


def resolve_attack(
    weapon: WeaponProfile,
    attackers: Sequence[Attacker],
    target: TargetProfile,
    unit: UnitState,
    dice: RollSource,
    ctx: AttackContext | None = None,
    defender: Defender | None = None,
    cover: frozenset[str] = frozenset(),
    rerolls: RerollHook | None = None,
    precision: Precision | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> AttackResult:
    """Resolve every attack of one weapon profile by ``attackers`` against the target ``unit``.

    ``cover`` holds the target models that have the benefit of cover. Hit and wound rolls are
    made for all attacks; allocation, saves and damage stop once the unit is destroyed.
    ``rerolls`` is asked just after each attacks, hit, wound, save and damage roll.
    ``precision`` may send a wounding attack to a protected CHARACTER (§3.6, §8.4); saves and
    Feel No Pain use the allocated model's own profile (``TargetProfile.for_model``).
    ``progress`` is told, just before each wounding attack is allocated, how many wounding
    attacks (this one included) are left to allocate, and before each mortal wound of
    DEVASTATING WOUNDS how many of that wound's mortal wounds are left and how many critical
    wounds' mortal wounds come after (their damage not rolled yet); it changes nothing.
    """
    ctx = ctx or AttackContext()
    defender = defender or FirstEligible()
    hook = rerolls or NoRerolls()
    counts = attacks_per_model(weapon, attackers, ctx, dice, hook)
    hits = roll_hits(weapon, counts, ctx, dice, hook)
    wounds = roll_wounds(weapon, hits, target, ctx, dice, hook)
    log: list[AllocatedAttack] = []
    failed = lost = ignored = 0
    left = sum(1 for w in wounds if not w.mortal)
    for wound in wounds:
        if wound.mortal or unit.wiped_out:
            continue
        if progress is not None:
            progress(left, 0)
        left -= 1
        picked = precise(unit, precision, attackers[wound.attacker].id)
        unit, model_id = picked or allocate(unit, defender, "attack")
        own = target.for_model(model_id)
        has_cover = cover_applies(
            model_id in cover,
            melee=weapon.is_melee,
            ignores_cover=weapon.abilities.ignores_cover,
            save=own.save,
            ap=weapon.ap,
        )
        test = choose_save(
            own.save,
            weapon.ap,
            own.invulnerable,
            cover=has_cover,
            other_modifier=ctx.save_modifier,
        )
        roll = dice.roll("save", 1)[0]
        hopeless = ctx.hopeless_saves_settle and not any(test.passes(d) for d in range(1, 7))
        roll = hook.after("save", ((roll,),), (not test.passes(roll) and not hopeless,))[0][0]
        if test.passes(roll):
            log.append(AllocatedAttack(model_id, roll, True))
            continue
        failed += 1
        lethal_at = (
            unit.model(model_id).wounds
            if ctx.lethal_damage_settles and own.feel_no_pain is None
            else None
        )
        damage = _damage(weapon, attackers[wound.attacker], dice, hook, lethal_at)
        unit, out = inflict(unit, model_id, damage, own.feel_no_pain, dice)
        lost, ignored = lost + out.lost, ignored + out.ignored
        log.append(
            AllocatedAttack(model_id, roll, False, damage, out.lost, out.ignored, out.destroyed)
        )
    mortal = 0
    criticals = sum(1 for w in wounds if w.mortal)
    for wound in wounds:
        if not wound.mortal or unit.wiped_out:
            continue
        criticals -= 1
        points = _damage(weapon, attackers[wound.attacker], dice, hook)
        mortal += points
        told = None if progress is None else _telling(progress, criticals)
        unit, m_lost, m_ignored = suffer_mortal_wounds(
            unit, points, target, dice, defender, progress=told
        )
        lost, ignored = lost + m_lost, ignored + m_ignored
    return AttackResult(
        attacks=sum(counts),
        hits=len(hits),
        critical_hits=sum(1 for h in hits if h.critical),
        wounds=len(wounds),
        critical_wounds=sum(1 for w in wounds if w.critical),
        mortal_wounds=mortal,
        failed_saves=failed,
        damage_inflicted=lost,
        wounds_ignored=ignored,
        allocated=tuple(log),
        unit=unit,
    )


def _telling(progress: Callable[[int, int], None], later: int) -> Callable[[int], None]:
    """``progress`` told each mortal wound left, with the critical wounds still to come."""
    return lambda left: progress(left, later)


def suffer_mortal_wounds(
    unit: UnitState,
    points: int,
    target: TargetProfile,
    dice: RollSource,
    defender: Defender,
    first: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[UnitState, int, int]:
    """Mortal wounds, one at a time: each allocated like an attack, no save, Feel No Pain per
    wound; the excess spills over to the next model until the unit is destroyed (§8.3).
    ``first``: a model that takes them while it lives (a CHARACTER's failed Hazardous test,
    §8.4). ``progress`` is told before each how many (this one included) are left. Returns the
    unit, the wounds lost and the wounds ignored."""
    lost = ignored = 0
    for done in range(points):
        if unit.wiped_out:
            break
        if progress is not None:
            progress(points - done)
        if first is not None and any(m.id == first for m in unit.models):
            model_id = first
        else:
            unit, model_id = allocate(unit, defender, "mortal")
        unit, out = inflict(unit, model_id, 1, target.for_model(model_id).feel_no_pain, dice)
        lost, ignored = lost + out.lost, ignored + out.ignored
    return unit, lost, ignored


def _damage(
    weapon: WeaponProfile,
    attacker: Attacker,
    dice: RollSource,
    rerolls: RerollHook,
    lethal_at: int | None = None,
) -> int:
    """The attack's damage, rolled per attack (a random D may be re-rolled just after), + MELTA
    X within half range (§8.4, §6.2 item 1). ``lethal_at``: the wounds left of the model it is
    allocated to, when damage beyond them changes nothing (no Feel No Pain, no spill-over): a
    roll that already reaches them is not worth re-rolling."""
    melta = weapon.abilities.melta if attacker.within_half_range else 0
    expr = weapon.damage
    rolled = dice.roll("damage", expr.count) if expr.count else ()
    if expr.is_random:
        worth = expr.total(rolled) < expr.maximum and (
            lethal_at is None or expr.total(rolled) + melta < lethal_at
        )
        rolled = rerolls.after("damage", (rolled,), (worth,))[0]
    return max(0, expr.total(rolled) + melta)
