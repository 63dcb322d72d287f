"""The single-die tests of the attack sequence: hit, wound and save (wh40k-10th §8.3).

Every function takes the unmodified D6 result and returns what it means; none rolls dice.
"""

from __future__ import annotations

from dataclasses import dataclass

MODIFIER_CAP = 1
"""Hit and wound rolls are never modified by more than ±1; a save never improved by more than 1."""


def capped(modifier: int) -> int:
    """The total modifier of a hit or wound roll after the ±1 cap (§8.3 steps 1-2)."""
    return max(-MODIFIER_CAP, min(MODIFIER_CAP, modifier))


def wound_target(strength: int, toughness: int) -> int:
    """The D6 result a wound roll needs, comparing S with T (§8.3 step 2 table)."""
    if strength >= 2 * toughness:
        return 2
    if strength > toughness:
        return 3
    if strength == toughness:
        return 4
    if 2 * strength <= toughness:
        return 6
    return 5


@dataclass(frozen=True, slots=True)
class RollOutcome:
    """A hit or wound roll's result: whether it succeeds and whether it is critical."""

    success: bool
    critical: bool


def hit_roll(unmodified: int, skill: int, modifier: int) -> RollOutcome:
    """A hit roll: an unmodified 6 is a critical hit, an unmodified 1 misses (§8.3 step 1)."""
    if unmodified == 6:
        return RollOutcome(True, True)
    if unmodified == 1:
        return RollOutcome(False, False)
    return RollOutcome(unmodified + capped(modifier) >= skill, False)


def wound_roll(unmodified: int, needed: int, modifier: int, critical_from: int = 6) -> RollOutcome:
    """A wound roll; ``critical_from`` is 6, or lower for a matching ANTI-KEYWORD X+ (§8.4)."""
    if unmodified >= critical_from or unmodified == 6:
        return RollOutcome(True, True)
    if unmodified == 1:
        return RollOutcome(False, False)
    return RollOutcome(unmodified + capped(modifier) >= needed, False)


def cover_applies(has_cover: bool, *, melee: bool, ignores_cover: bool, save: int, ap: int) -> bool:
    """Whether the benefit of cover adds 1 to this armour save (§8.3 step 4; terrain L3712).

    Never against melee attacks or IGNORES COVER, and not for a Sv 3+ or better against AP 0.
    """
    if not has_cover or melee or ignores_cover:
        return False
    return not (save <= 3 and ap == 0)


@dataclass(frozen=True, slots=True)
class SaveTest:
    """The save a defender makes: the characteristic used and the modifier applied to the die."""

    invulnerable: bool
    value: int
    modifier: int

    @property
    def needed(self) -> int:
        """The unmodified roll that passes (an unmodified 1 still fails)."""
        return max(2, self.value - self.modifier)

    def passes(self, unmodified: int) -> bool:
        """Whether this unmodified D6 passes the save."""
        return unmodified != 1 and unmodified + self.modifier >= self.value


def choose_save(
    save: int, ap: int, invulnerable: int | None, *, cover: bool, other_modifier: int = 0
) -> SaveTest:
    """The save the defender takes: armour (AP, cover, other modifiers, improvement capped at +1)
    or invulnerable (no AP, no cover) when it needs a strictly lower roll (§8.3 step 4)."""
    armour = SaveTest(False, save, min(MODIFIER_CAP, ap + (1 if cover else 0) + other_modifier))
    if invulnerable is None:
        return armour
    invuln = SaveTest(True, invulnerable, min(MODIFIER_CAP, other_modifier))
    return invuln if invuln.needed < armour.needed else armour
