"""The scenario ``attack`` query for ``wh40k-9e`` and ``wh40k-8e``: the contract's input and
answer shapes and pool order, resolved by :mod:`vantage.rules.wh40k.classic_sequence` with the
edition's rules. Called by :func:`vantage.rules.wh40k.attack_query.answer_attack`.

Extensions of ``context``: ``advanced`` (Assault −1) and, in 9th, ``heavy_cover`` (the target
has heavy cover against melee attacks). See docs/scenario-format.md and rules-decisions D21-D33.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field, StrictBool

from vantage.rules.wh40k.abilities import AbilityError
from vantage.rules.wh40k.attack_query import MAX_ATTACKS
from vantage.rules.wh40k.classic_abilities import ClassicAbilities, parse_classic_abilities
from vantage.rules.wh40k.classic_sequence import (
    ClassicContext,
    ClassicResult,
    ClassicWeapon,
    resolve_classic_attack,
)
from vantage.rules.wh40k.dice_expr import DiceExpr
from vantage.rules.wh40k.dice_source import DicePools
from vantage.rules.wh40k.edition import Edition
from vantage.rules.wh40k.edition8 import EIGHTH
from vantage.rules.wh40k.edition9 import NINTH
from vantage.rules.wh40k.query_input import AttackQueryIn, ContextIn
from vantage.rules.wh40k.query_measure import (
    Cover,
    Distance,
    covered_models,
    dice_expr_at,
    half_range_attackers,
    query_units,
    resolution_errors,
    resolution_inputs,
    target_profile,
    validated,
)
from vantage.scenario.schema import Scenario, ScenarioError

EDITIONS: dict[str, Edition] = {NINTH.system: NINTH, EIGHTH.system: EIGHTH}


class ClassicContextIn(ContextIn):
    """``context`` with the 9th/8th extensions."""

    advanced: StrictBool = False
    heavy_cover: StrictBool = False


class ClassicAttackQueryIn(AttackQueryIn):
    """The ``attack`` query with :class:`ClassicContextIn`."""

    context: ClassicContextIn = Field(default_factory=ClassicContextIn)


def answer_classic_attack(
    edition: Edition,
    scenario: Scenario,
    query: Mapping[str, Any],
    index: int,
    distance: Distance,
    cover: Cover,
) -> dict[str, Any]:
    """The answer to one ``attack`` query of a 9th- or 8th-edition scenario."""
    at = f"queries[{index}]"
    q = validated(ClassicAttackQueryIn, query, at)
    table = scenario.table
    units = query_units(table, q.attacker, q.target, q.models_attacking, at)
    weapon = _weapon(q, edition, at)
    targets, n_attacking, measured_from = units.targets, units.n_attacking, units.measured_from
    most = weapon.attacks.maximum * (2 if weapon.abilities.rapid_fire else 1) + 3
    if n_attacking * most > MAX_ATTACKS:
        raise ScenarioError(f"{at}.weapon.attacks", f"more than {MAX_ATTACKS} attacks in one query")
    target = target_profile(q)

    measure = not weapon.is_melee and weapon.abilities.rapid_fire
    attackers = half_range_attackers(
        q.context.within_half_range,
        measure,
        n_attacking,
        q.weapon.range,
        targets,
        measured_from,
        distance,
        at,
    )
    could_apply = not weapon.is_melee and not weapon.abilities.ignores_cover
    covered = covered_models(q.context.cover, could_apply, targets, measured_from, cover)
    keywords = {k.upper() for k in table.units[q.attacker].keywords}
    ctx = ClassicContext(
        remained_stationary=q.context.remained_stationary,
        advanced=q.context.advanced,
        charged=q.context.charged,
        attacker_infantry="INFANTRY" in keywords,
        hit_modifier=q.context.hit_modifier,
        wound_modifier=q.context.wound_modifier,
        save_modifier=q.context.save_modifier,
        heavy_cover=q.context.heavy_cover,
        target_models=len(targets),
    )
    use = resolution_inputs(q, targets)
    with resolution_errors(at, lambda: use.defender.position):
        result = resolve_classic_attack(
            edition, weapon, attackers, target, use.unit, use.pools, ctx, use.defender, covered
        )
    return _answer(result, use.pools)


def _weapon(q: ClassicAttackQueryIn, edition: Edition, at: str) -> ClassicWeapon:
    w = q.weapon
    try:
        abilities = parse_classic_abilities(w.abilities, edition, melee=w.type == "melee")
    except AbilityError as exc:
        raise ScenarioError(f"{at}.weapon.abilities[{exc.index}]", exc.message) from None
    attacks = dice_expr_at(w.attacks, f"{at}.weapon.attacks")
    _check_type_number(abilities, attacks, at)
    if w.skill is None and not abilities.auto_hit:
        raise ScenarioError(f"{at}.weapon.skill", "is required")
    return ClassicWeapon(
        name=w.name,
        type=w.type,
        attacks=attacks,
        skill=w.skill,
        strength=w.strength,
        ap=w.ap,
        damage=dice_expr_at(w.damage, f"{at}.weapon.damage"),
        abilities=abilities,
    )


def _check_type_number(abilities: ClassicAbilities, attacks: DiceExpr, at: str) -> None:
    """A type written with its number (``HEAVY D6``) must agree with ``weapon.attacks``."""
    number = abilities.type_number
    if number is not None and number != attacks:
        raise ScenarioError(
            f"{at}.weapon.abilities[{abilities.type_index}]",
            f"the type's number {number} differs from weapon.attacks {attacks}",
        )


def _answer(result: ClassicResult, pools: DicePools) -> dict[str, Any]:
    return {
        "attacks": result.attacks,
        "hits": result.hits,
        "wounds": result.wounds,
        "mortal_wounds": result.mortal_wounds,
        "failed_saves": result.failed_saves,
        "damage_inflicted": result.damage_inflicted,
        "destroyed": list(result.unit.destroyed),
        "wounds_left": result.unit.wounds_left(),
        "wounds_ignored": result.wounds_ignored,
        "allocated": list(result.allocated),
        "dice_used": pools.used(),
    }
