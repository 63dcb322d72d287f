"""The scenario ``attack`` query: resolve one weapon's attacks with the dice the query gives.

scenario-format "Query type `attack`" and its Clarifications. The runner calls
:func:`answer_attack` with the system's ``distance`` and ``cover`` measures; they are used only
for ``within_half_range`` and ``cover`` left out of ``context``. Bad input raises
``ScenarioError`` naming the first bad field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from vantage.rules.wh40k.abilities import AbilityError, parse_abilities
from vantage.rules.wh40k.dice_source import DicePools
from vantage.rules.wh40k.profiles import (
    AttackContext,
    WeaponProfile,
)
from vantage.rules.wh40k.query_input import AttackQueryIn
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
from vantage.rules.wh40k.rolls import cover_applies
from vantage.rules.wh40k.sequence import AttackResult, resolve_attack
from vantage.scenario.schema import Scenario, ScenarioError

SUPPORTED_SYSTEMS = ("wh40k-10e",)
CLASSIC_SYSTEMS = ("wh40k-9e", "wh40k-8e")
"""Resolved by :mod:`vantage.rules.wh40k.classic_query` with their edition's rules."""
MAX_ATTACKS = 20_000
"""A bound on one query's work (the server answers the same query over the websocket)."""


def answer_attack(
    scenario: Scenario,
    query: Mapping[str, Any],
    index: int,
    distance: Distance,
    cover: Cover,
) -> dict[str, Any]:
    """The answer to one ``attack`` query (``index`` is its position in ``queries``)."""
    at = f"queries[{index}]"
    if scenario.system in CLASSIC_SYSTEMS:  # 9th and 8th edition: their own sequence
        from vantage.rules.wh40k.classic_query import EDITIONS, answer_classic_attack

        edition = EDITIONS[scenario.system]
        return answer_classic_attack(edition, scenario, query, index, distance, cover)
    if scenario.system not in SUPPORTED_SYSTEMS:
        raise ScenarioError(f"{at}.type", f"attack is not supported for system {scenario.system}")
    q = validated(AttackQueryIn, query, at)
    table = scenario.table
    units = query_units(table, q.attacker, q.target, q.models_attacking, at)
    weapon = _weapon(q, at)
    targets, n_attacking, measured_from = units.targets, units.n_attacking, units.measured_from
    most = weapon.attacks.maximum + weapon.abilities.rapid_fire + len(targets) // 5
    if n_attacking * most > MAX_ATTACKS:
        raise ScenarioError(f"{at}.weapon.attacks", f"more than {MAX_ATTACKS} attacks in one query")
    keywords = frozenset(table.units[q.target].keywords)
    target = target_profile(q, keywords | {k.upper() for k in q.target_profile.keywords})

    ab = weapon.abilities
    measure = not weapon.is_melee and bool(ab.rapid_fire or ab.melta)
    attackers = half_range_attackers(
        q.context.within_half_range,
        measure,
        n_attacking,
        weapon.range,
        targets,
        measured_from,
        distance,
        at,
    )
    could_apply = cover_applies(
        True, melee=weapon.is_melee, ignores_cover=ab.ignores_cover, save=target.save, ap=weapon.ap
    )
    covered = covered_models(q.context.cover, could_apply, targets, measured_from, cover)
    ctx = AttackContext(
        remained_stationary=q.context.remained_stationary,
        charged=q.context.charged,
        hit_modifier=q.context.hit_modifier,
        wound_modifier=q.context.wound_modifier,
        save_modifier=q.context.save_modifier,
        target_models=len(targets),
    )
    use = resolution_inputs(q, targets)
    with resolution_errors(at, lambda: use.defender.position):
        result = resolve_attack(
            weapon, attackers, target, use.unit, use.pools, ctx, use.defender, covered
        )
    return _answer(result, use.pools)


def query_model(system: str) -> type[BaseModel] | None:
    """The input model of ``system``'s ``attack`` query (what its keys are), or ``None``."""
    if system in CLASSIC_SYSTEMS:
        from vantage.rules.wh40k.classic_query import ClassicAttackQueryIn

        return ClassicAttackQueryIn
    return AttackQueryIn if system in SUPPORTED_SYSTEMS else None


def range_warnings(query: Mapping[str, Any], at: str) -> list[tuple[str, str]]:
    """``(path, message)`` where a valid query's weapon goes against "`range` is given for ranged
    weapons only" (scenario-format, Clarifications): a ranged weapon without it (refused only when
    half range is measured: the answer does not need it otherwise), a melee weapon with it."""
    weapon = query.get("weapon")
    if not isinstance(weapon, Mapping):
        return []
    if weapon.get("type") == "ranged" and weapon.get("range") is None:
        return [(f"{at}.weapon.range", "not given for a ranged weapon; not needed for this answer")]
    if weapon.get("type") == "melee" and weapon.get("range") is not None:
        return [(f"{at}.weapon.range", "a melee weapon has no range, ignored")]
    return []


def _weapon(q: AttackQueryIn, at: str) -> WeaponProfile:
    w = q.weapon
    try:
        abilities = parse_abilities(w.abilities)
    except AbilityError as exc:
        raise ScenarioError(f"{at}.weapon.abilities[{exc.index}]", exc.message) from None
    if w.skill is None and not abilities.torrent:
        raise ScenarioError(f"{at}.weapon.skill", "is required")
    return WeaponProfile(
        name=w.name,
        type=w.type,
        range=w.range,
        attacks=dice_expr_at(w.attacks, f"{at}.weapon.attacks"),
        skill=w.skill,
        strength=w.strength,
        ap=w.ap,
        damage=dice_expr_at(w.damage, f"{at}.weapon.damage"),
        abilities=abilities,
    )


def _answer(result: AttackResult, pools: DicePools) -> dict[str, Any]:
    return {
        "attacks": result.attacks,
        "hits": result.hits,
        "wounds": result.wounds,
        "mortal_wounds": result.mortal_wounds,
        "failed_saves": result.failed_saves,
        "damage_inflicted": result.damage_inflicted,
        "destroyed": list(result.unit.destroyed),
        "wounds_left": result.unit.wounds_left(),
        "critical_hits": result.critical_hits,
        "critical_wounds": result.critical_wounds,
        "wounds_ignored": result.wounds_ignored,
        "allocated": [a.model for a in result.allocated],
        "dice_used": pools.used(),
    }
