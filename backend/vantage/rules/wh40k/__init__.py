"""Warhammer 40,000 rules shared by the editions: dice expressions, weapon profiles and
abilities, and the attack sequence (hit, wound, allocation, save, damage, Feel No Pain).

The core is pure: dice come from a :class:`RollSource` (``GameDice`` for a live game,
``DicePools`` for the scenario query) and the defender's allocation choices from a
:class:`Defender`.
"""

from vantage.rules.wh40k.abilities import Anti, WeaponAbilities, parse_abilities
from vantage.rules.wh40k.allocation import (
    Defender,
    FirstEligible,
    ModelState,
    UnitState,
    unit_state,
)
from vantage.rules.wh40k.dice_expr import DiceExpr, RollKind, RollSource, parse_dice_expr
from vantage.rules.wh40k.dice_source import DicePools, GameDice, PoolExhausted
from vantage.rules.wh40k.profiles import (
    AttackContext,
    Attacker,
    TargetProfile,
    WeaponProfile,
)
from vantage.rules.wh40k.sequence import (
    AttackResult,
    attacks_per_model,
    resolve_attack,
    roll_hits,
    roll_needs,
    roll_wounds,
    suffer_mortal_wounds,
)

__all__ = [
    "Anti",
    "AttackContext",
    "AttackResult",
    "Attacker",
    "Defender",
    "DiceExpr",
    "DicePools",
    "FirstEligible",
    "GameDice",
    "ModelState",
    "PoolExhausted",
    "RollKind",
    "RollSource",
    "TargetProfile",
    "UnitState",
    "WeaponAbilities",
    "WeaponProfile",
    "attacks_per_model",
    "parse_abilities",
    "parse_dice_expr",
    "resolve_attack",
    "roll_hits",
    "roll_needs",
    "roll_wounds",
    "suffer_mortal_wounds",
    "unit_state",
]
