"""The rules that differ between 9th and 8th edition in the attack sequence, as one strategy
object (:class:`Edition`) that :mod:`vantage.rules.wh40k.classic_sequence` takes.

The instances are :data:`vantage.rules.wh40k.edition9.NINTH` and
:data:`vantage.rules.wh40k.edition8.EIGHTH`; the 10th-edition sequence does not use this module.
Every function takes the unmodified D6 result and returns what it means; none rolls dice.
"""

from __future__ import annotations

from dataclasses import dataclass

from vantage.rules.wh40k.rolls import SaveTest


@dataclass(frozen=True, slots=True)
class Edition:
    """One edition's attack rules as data."""

    system: str
    """The scenario ``system`` (``wh40k-9e``)."""
    title: str
    """For messages: ``9th edition``."""
    modifier_cap: int | None
    """Hit and wound modifiers are capped at ±cap after summing; ``None``: not capped."""
    six_always_succeeds: bool
    """An unmodified 6 always hits and always wounds."""
    heavy_infantry_only: bool
    """HEAVY's −1 for moving applies only to INFANTRY models (else to every model)."""
    has_blast: bool
    """The BLAST weapon ability exists (minimum 3 / maximum attacks)."""
    allocated_takes_next: bool
    """A model that already had an attack allocated this phase must take the next one (else
    only a model that has lost wounds must)."""
    has_heavy_cover: bool
    """A heavy-cover terrain trait that improves saves against melee attacks."""

    def capped(self, modifier: int) -> int:
        """The total hit or wound modifier after this edition's cap."""
        if self.modifier_cap is None:
            return modifier
        return max(-self.modifier_cap, min(self.modifier_cap, modifier))

    def succeeds(self, unmodified: int, needed: int, modifier: int) -> bool:
        """A hit roll (``needed`` = BS/WS) or a wound roll (``needed`` from the S/T table).

        An unmodified 1 always fails; with ``six_always_succeeds`` an unmodified 6 always
        succeeds; a result modified below 1 counts as 1 (wh40k-9th §7.1, wh40k-8th-faq §2.2).
        """
        if unmodified == 1:
            return False
        if unmodified == 6 and self.six_always_succeeds:
            return True
        return max(1, unmodified + self.capped(modifier)) >= needed


def choose_save(
    save: int, ap: int, invulnerable: int | None, *, cover: bool, other_modifier: int = 0
) -> SaveTest:
    """The save the defender takes (wh40k-9th §8.6, wh40k-8th-faq §2.9): the armour save modified
    by AP, cover (+1) and other modifiers, without a cap; or the invulnerable save (other
    modifiers only, never AP or cover) when it needs a strictly lower roll. An unmodified 1
    always fails (:class:`SaveTest`)."""
    armour = SaveTest(False, save, ap + (1 if cover else 0) + other_modifier)
    if invulnerable is None:
        return armour
    invuln = SaveTest(True, invulnerable, other_modifier)
    return invuln if invuln.needed < armour.needed else armour


def cover_bonus(
    edition: Edition,
    *,
    cover: bool,
    heavy_cover: bool,
    melee: bool,
    ignores_cover: bool,
    charged: bool,
) -> bool:
    """Whether the benefit of cover adds 1 to this armour save.

    Cover (the ``cover`` query's benefit) helps against ranged attacks only; in 9th, heavy
    cover helps against melee attacks unless the attacking unit charged this turn (Core Book
    terrain traits, not in the seed). IGNORES COVER removes both.
    """
    if ignores_cover:
        return False
    if not melee:
        return cover
    return edition.has_heavy_cover and heavy_cover and not charged
