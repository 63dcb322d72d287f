"""The data an attack is resolved from: weapon, target characteristics and circumstances.

wh40k-10th §3.2 (datasheet fields) and §8.3-8.5. All frozen; the attack sequence never
reads the table itself, so the live game and the scenario query build these the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from vantage.rules.wh40k.abilities import WeaponAbilities
from vantage.rules.wh40k.dice_expr import DiceExpr

WeaponType = Literal["ranged", "melee"]


@dataclass(frozen=True, slots=True)
class WeaponProfile:
    """One weapon profile: A, BS/WS (``skill``, 3 for 3+), S, AP (0 or negative), D, abilities."""

    name: str
    type: WeaponType
    attacks: DiceExpr
    strength: int
    ap: int
    damage: DiceExpr
    skill: int | None = None
    range: float | None = None
    abilities: WeaponAbilities = field(default_factory=WeaponAbilities)

    @property
    def is_melee(self) -> bool:
        """A melee weapon (its range is "Melee")."""
        return self.type == "melee"


@dataclass(frozen=True, slots=True)
class TargetProfile:
    """The target unit's characteristics that matter for an attack (§3.2)."""

    toughness: int
    save: int
    invulnerable: int | None = None
    feel_no_pain: int | None = None
    wounds: int | None = None
    keywords: frozenset[str] = frozenset()
    own: tuple[tuple[str, int, int | None, int | None], ...] = ()
    """(model, Sv, invulnerable, Feel No Pain) for models whose own differ from the unit's:
    an attached unit's Leader models (wh40k-10th §3.6; T stays the Bodyguard's)."""

    def for_model(self, model_id: str) -> TargetProfile:
        """The profile a save or Feel No Pain roll of this model uses."""
        for mid, save, invulnerable, fnp in self.own:
            if mid == model_id:
                return replace(self, save=save, invulnerable=invulnerable, feel_no_pain=fnp)
        return self


@dataclass(frozen=True, slots=True)
class Attacker:
    """One attacking model: whether the target is within half the weapon's range for it."""

    id: str
    within_half_range: bool = False


@dataclass(frozen=True, slots=True)
class AttackContext:
    """What the dice do not tell: the turn's circumstances and the modifiers from other rules.

    ``hit_modifier``, ``wound_modifier`` and ``save_modifier`` are the sums of every modifier
    not derived from the weapon (Stealth, Big Guns Never Tire, ...); HEAVY and LANCE are added
    by the sequence itself, and hit and wound totals are capped at ±1 (§8.3).
    """

    remained_stationary: bool = False
    charged: bool = False
    hit_modifier: int = 0
    wound_modifier: int = 0
    save_modifier: int = 0
    target_models: int = 0
    """Models in the target unit when it was chosen as the target (for BLAST)."""
    lethal_damage_settles: bool = False
    """Whether a random Damage roll that already destroys the model it is allocated to (no Feel
    No Pain, not mortal wounds) is settled: no re-roll is worth it, as no other result could
    change what happens (10th edition rules revision 3, rules decision R40)."""
    hopeless_saves_settle: bool = False
    """Whether a failed save that no roll of the die could pass (it needs 7+: an unmodified 6
    does not always pass a save) is settled: no re-roll is worth it (10th edition rules
    revision 5, rules decision R43)."""


@dataclass(frozen=True, slots=True)
class TargetModel:
    """A model of the target unit that can be allocated attacks, with its wounds left."""

    id: str
    wounds: int
    cover: bool = False
    """It has the benefit of cover against this attack (before the attack's own exceptions)."""
