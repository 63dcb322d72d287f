"""Benchmark: one shooting attack of 20 models with 40 attacks, resolved a few thousand times.

Run: ``python bench/attack.py [--runs N]``. Prints JSON with p50/p99 in milliseconds for the
attack sequence alone (seeded game dice) and for the whole scenario query (parse + resolve).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from vantage.engine.dice import SeededDice
from vantage.rules.wh40k import (
    AttackContext,
    Attacker,
    GameDice,
    TargetProfile,
    WeaponProfile,
    parse_abilities,
    parse_dice_expr,
    resolve_attack,
    unit_state,
)
from vantage.rules.wh40k.attack_query import answer_attack
from vantage.scenario.schema import parse_scenario

WEAPON = WeaponProfile(
    name="Bolt rifle",
    type="ranged",
    range=24.0,
    attacks=parse_dice_expr("1"),
    skill=3,
    strength=4,
    ap=-1,
    damage=parse_dice_expr("D3"),
    abilities=parse_abilities(["RAPID FIRE 1", "SUSTAINED HITS 1", "DEVASTATING WOUNDS"]),
)
TARGET = TargetProfile(
    toughness=4, save=3, invulnerable=5, feel_no_pain=6, wounds=2, keywords=frozenset({"INFANTRY"})
)
ATTACKERS = [Attacker(f"a{i}", within_half_range=True) for i in range(20)]


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)

    def pick(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {
        "p50_ms": round(pick(0.50) * 1000, 4),
        "p99_ms": round(pick(0.99) * 1000, 4),
        "mean_ms": round(statistics.fmean(ordered) * 1000, 4),
        "max_ms": round(ordered[-1] * 1000, 4),
    }


def bench_sequence(runs: int) -> dict[str, Any]:
    """The core attack sequence with the game's seeded dice (HMAC per die)."""
    samples = []
    attacks = 0
    for i in range(runs):
        unit = unit_state([(f"t{j}", 2) for j in range(10)], 2)
        dice = GameDice(SeededDice(i.to_bytes(4, "big")))
        start = time.perf_counter()
        result = resolve_attack(
            WEAPON, ATTACKERS, TARGET, unit, dice, AttackContext(target_models=10)
        )
        samples.append(time.perf_counter() - start)
        attacks += result.attacks
    return {"runs": runs, "attacks_per_run": attacks / runs, **_percentiles(samples)}


def _scenario(seed: int) -> dict[str, Any]:
    dice = SeededDice(seed.to_bytes(4, "big"))
    base = {"shape": "circle", "diameter_mm": 32}
    models = [{"id": f"a{i}", "unit": "A", "base": base, "x": 1 + i, "y": 5} for i in range(20)]
    models += [
        {"id": f"t{i}", "unit": "T", "base": base, "x": 1 + i, "y": 15, "wounds": 2}
        for i in range(10)
    ]
    return {
        "format": "vantage-scenario/1",
        "system": "wh40k-10e",
        "table": {"width": 60, "depth": 44},
        "players": ["p1", "p2"],
        "units": [
            {"id": "A", "player": "p1"},
            {"id": "T", "player": "p2", "keywords": ["INFANTRY"]},
        ],
        "models": models,
        "queries": [
            {
                "id": "q",
                "type": "attack",
                "attacker": "A",
                "target": "T",
                "weapon": {
                    "name": "Bolt rifle",
                    "type": "ranged",
                    "range": 24,
                    "attacks": "1",
                    "skill": 3,
                    "strength": 4,
                    "ap": -1,
                    "damage": "D3",
                    "abilities": ["RAPID FIRE 1", "SUSTAINED HITS 1", "DEVASTATING WOUNDS"],
                },
                "models_attacking": 20,
                "target_profile": {
                    "toughness": 4,
                    "save": 3,
                    "invulnerable": 5,
                    "feel_no_pain": 6,
                    "wounds": 2,
                },
                "context": {"within_half_range": True, "cover": False},
                "dice": {
                    k: list(dice.roll(200))
                    for k in ("attacks", "hit", "wound", "save", "damage", "feel_no_pain")
                },
            }
        ],
    }


def bench_query(runs: int) -> dict[str, Any]:
    """The scenario query end to end: validation, conversion, resolution, answer."""
    samples = []
    for i in range(runs):
        raw = _scenario(i)
        scenario = parse_scenario(raw)
        start = time.perf_counter()
        answer_attack(scenario, scenario.queries[0], 0, lambda a, b: 0.0, lambda a, b: False)
        samples.append(time.perf_counter() - start)
    return {"runs": runs, **_percentiles(samples)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3000)
    args = parser.parse_args()
    out = {
        "case": "20 models, 40 attacks (RAPID FIRE 1 at half range, SUSTAINED HITS 1, "
        "DEVASTATING WOUNDS, D3 damage) vs 10 x W2, Sv3+/5++, FNP 6+",
        "sequence_seeded_dice": bench_sequence(args.runs),
        "scenario_query": bench_query(max(1, args.runs // 3)),
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
