"""The 9th- and 8th-edition attack sequence for one weapon against one target unit.

wh40k-9th §8.2-§8.11 and wh40k-8th-faq §2.9/§3, with the edition's differences in an
:class:`~vantage.rules.wh40k.edition.Edition`: number of attacks (Rapid Fire doubles, Blast's
minimum and maximum), hit and wound rolls for every attack first (fast dice), then each wounding
attack allocated, saved and damaged in turn, its extra mortal wounds right after it (9th L918,
8th L483/L503), spilling from model to model. Feel No Pain is rolled for each wound lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from vantage.rules.wh40k.allocation import (
    AllocationError,
    AllocationKind,
    Defender,
    FirstEligible,
    UnitState,
    allocate,
    inflict,
)
from vantage.rules.wh40k.classic_abilities import ClassicAbilities
from vantage.rules.wh40k.dice_expr import DiceExpr, RollSource
from vantage.rules.wh40k.edition import Edition, choose_save, cover_bonus
from vantage.rules.wh40k.profiles import Attacker, TargetProfile, WeaponType
from vantage.rules.wh40k.rolls import wound_target

BLAST_MINIMUM = 3
"""wh40k-9th §8.9.6: against 6-10 models a Blast weapon makes at least 3 attacks."""


@dataclass(frozen=True, slots=True)
class ClassicWeapon:
    """One weapon profile: A (the type's number, or the model's attacks in melee), BS/WS
    (``skill``), S (final), AP, D, and its type and abilities."""

    name: str
    type: WeaponType
    attacks: DiceExpr
    strength: int
    ap: int
    damage: DiceExpr
    skill: int | None = None
    abilities: ClassicAbilities = field(default_factory=ClassicAbilities)

    @property
    def is_melee(self) -> bool:
        """A melee weapon."""
        return self.type == "melee"


@dataclass(frozen=True, slots=True)
class ClassicContext:
    """What the dice do not tell (the query's ``context``); modifiers are sums of other rules."""

    remained_stationary: bool = False
    advanced: bool = False
    charged: bool = False
    attacker_infantry: bool = False
    hit_modifier: int = 0
    wound_modifier: int = 0
    save_modifier: int = 0
    heavy_cover: bool = False
    target_models: int = 0
    """Models in the target unit when the number of attacks is determined (Blast)."""


@dataclass(frozen=True, slots=True)
class ClassicWound:
    """A successful wound roll: ``six`` when its unmodified die was a 6."""

    attacker: int
    six: bool = False


@dataclass(frozen=True, slots=True)
class ClassicResult:
    """What happened, with the target unit afterwards (``unit``)."""

    attacks: int
    hits: int
    wounds: int
    mortal_wounds: int
    failed_saves: int
    damage_inflicted: int
    wounds_ignored: int
    allocated: tuple[str, ...]
    unit: UnitState


def classic_attacks(
    edition: Edition,
    weapon: ClassicWeapon,
    attackers: Sequence[Attacker],
    ctx: ClassicContext,
    dice: RollSource,
) -> tuple[int, ...]:
    """Each attacking model's attacks (wh40k-9th §8.2, §8.9.3, §8.9.6).

    Blast against 11+ models: the most the characteristic can be, without rolling. Rapid Fire
    doubles the number within half range. Blast against 6-10 models: at least 3 in the end.
    """
    ab = weapon.abilities
    blast = ab.blast and edition.has_blast
    out = []
    for model in attackers:
        if blast and ctx.target_models >= 11:
            n = weapon.attacks.maximum
        else:
            n = weapon.attacks.roll(dice, "attacks")
        if ab.rapid_fire and model.within_half_range:
            n *= 2
        if blast and 6 <= ctx.target_models <= 10:
            n = max(BLAST_MINIMUM, n)
        out.append(n)
    return tuple(out)


def hit_modifier(edition: Edition, weapon: ClassicWeapon, ctx: ClassicContext) -> int:
    """The hit modifier before the cap: the given sum, −1 for Heavy after moving (9th: INFANTRY
    only), −1 for Assault after Advancing (wh40k-9th §8.9.1-2, wh40k-8th-faq L147)."""
    ab = weapon.abilities
    modifier = ctx.hit_modifier
    moved = not ctx.remained_stationary
    if ab.heavy and moved and (ctx.attacker_infantry or not edition.heavy_infantry_only):
        modifier -= 1
    if ab.assault and ctx.advanced:
        modifier -= 1
    return modifier


def classic_hits(
    edition: Edition,
    weapon: ClassicWeapon,
    counts: Sequence[int],
    ctx: ClassicContext,
    dice: RollSource,
) -> list[int]:
    """The attacking model of each hit, in order; automatic hits roll nothing (§8.3)."""
    hits: list[int] = []
    modifier = hit_modifier(edition, weapon, ctx)
    skill = weapon.skill if weapon.skill is not None else 7
    for attacker, count in enumerate(counts):
        if weapon.abilities.auto_hit:
            hits.extend([attacker] * count)
            continue
        if count:
            rolled = dice.roll("hit", count)
            hits.extend(attacker for d in rolled if edition.succeeds(d, skill, modifier))
    return hits


def classic_wounds(
    edition: Edition,
    weapon: ClassicWeapon,
    hits: Sequence[int],
    target: TargetProfile,
    ctx: ClassicContext,
    dice: RollSource,
) -> list[ClassicWound]:
    """A wound roll for each hit, in order, against the S/T table (§8.4)."""
    needed = wound_target(weapon.strength, target.toughness)
    wounds = []
    for attacker in hits:
        die = dice.roll("wound", 1)[0]
        if edition.succeeds(die, needed, ctx.wound_modifier):
            wounds.append(ClassicWound(attacker, die == 6))
    return wounds


def resolve_classic_attack(
    edition: Edition,
    weapon: ClassicWeapon,
    attackers: Sequence[Attacker],
    target: TargetProfile,
    unit: UnitState,
    dice: RollSource,
    ctx: ClassicContext | None = None,
    defender: Defender | None = None,
    cover: frozenset[str] = frozenset(),
) -> ClassicResult:
    """Resolve every attack of one weapon by ``attackers`` against the target ``unit``.

    ``cover`` holds the target models with the benefit of cover. Hit and wound rolls are made
    for all attacks; allocation, saves, damage and mortal wounds stop once the unit is destroyed.
    """
    ctx = ctx or ClassicContext()
    defender = defender or FirstEligible()
    counts = classic_attacks(edition, weapon, attackers, ctx, dice)
    hits = classic_hits(edition, weapon, counts, ctx, dice)
    wounds = classic_wounds(edition, weapon, hits, target, ctx, dice)
    allocated: list[str] = []
    failed = lost = ignored = mortal = 0
    for wound in wounds:
        if unit.wiped_out:
            break
        unit, model_id = allocate_for(edition, unit, defender, "attack")
        allocated.append(model_id)
        has_cover = cover_bonus(
            edition,
            cover=model_id in cover,
            heavy_cover=ctx.heavy_cover,
            melee=weapon.is_melee,
            ignores_cover=weapon.abilities.ignores_cover,
            charged=ctx.charged,
        )
        save = choose_save(
            target.save,
            weapon.ap,
            target.invulnerable,
            cover=has_cover,
            other_modifier=ctx.save_modifier,
        )
        if not save.passes(dice.roll("save", 1)[0]):
            failed += 1
            damage = max(0, weapon.damage.roll(dice, "damage"))
            unit, out = inflict(unit, model_id, damage, target.feel_no_pain, dice)
            lost, ignored = lost + out.lost, ignored + out.ignored
        if wound.six and weapon.abilities.mortal_on_six and not unit.wiped_out:
            mortal += 1
            unit, m_lost, m_ignored = classic_mortal_wounds(
                edition, unit, 1, target, dice, defender
            )
            lost, ignored = lost + m_lost, ignored + m_ignored
    return ClassicResult(
        attacks=sum(counts),
        hits=len(hits),
        wounds=len(wounds),
        mortal_wounds=mortal,
        failed_saves=failed,
        damage_inflicted=lost,
        wounds_ignored=ignored,
        allocated=tuple(allocated),
        unit=unit,
    )


def classic_mortal_wounds(
    edition: Edition,
    unit: UnitState,
    points: int,
    target: TargetProfile,
    dice: RollSource,
    defender: Defender,
) -> tuple[UnitState, int, int]:
    """Mortal wounds one at a time: allocated like attacks, no saves of any kind, Feel No Pain
    per wound, the excess carried to the next model (wh40k-9th §8.11, L916-L923).
    Returns the unit, the wounds lost and the wounds ignored."""
    lost = ignored = 0
    for _ in range(points):
        if unit.wiped_out:
            break
        unit, model_id = allocate_for(edition, unit, defender, "mortal")
        unit, out = inflict(unit, model_id, 1, target.feel_no_pain, dice)
        lost, ignored = lost + out.lost, ignored + out.ignored
    return unit, lost, ignored


def allocate_for(
    edition: Edition, unit: UnitState, defender: Defender, kind: AllocationKind
) -> tuple[UnitState, str]:
    """Allocate one attack or mortal wound by the edition's rule: 9th forces a model that has
    lost wounds or had an attack allocated this phase (§8.5, L886); 8th only a model that has
    lost wounds (wh40k-8th-faq §3)."""
    if edition.allocated_takes_next:
        return allocate(unit, defender, kind)
    forced = tuple(m.id for m in unit.models if m.wounded)
    eligible = forced or tuple(m.id for m in unit.models)
    chosen = eligible[0] if len(eligible) == 1 else defender.choose(eligible, kind)
    if chosen not in eligible:
        raise AllocationError(f"{chosen!r} is not one of the eligible models {list(eligible)}")
    return unit, chosen
