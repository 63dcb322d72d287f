"""What the `attack` scenario query works out from the table when the query leaves it out, the
same in every edition (scenario-format "Clarifications of the attack query"): each attacking
model's half range and each target model's benefit of cover, and dice expressions read with the
JSON path of a bad one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vantage.engine.table import Model
from vantage.rules.wh40k.dice_expr import DiceExpr, DiceExprError, parse_dice_expr
from vantage.rules.wh40k.profiles import Attacker
from vantage.scenario.schema import ScenarioError

TOLERANCE = 1e-6
"""Half range is "within": a distance up to the limit plus this counts."""
Distance = Callable[[str, str], float]
Cover = Callable[[str, str], bool]


def dice_expr_at(value: str | int, path: str) -> DiceExpr:
    """``value`` as a dice expression; a bad one is an input error at ``path``."""
    try:
        return parse_dice_expr(value)
    except DiceExprError as exc:
        raise ScenarioError(path, str(exc)) from None


def half_range_attackers(
    given: bool | None,
    measure: bool,
    n_attacking: int,
    weapon_range: float | None,
    targets: Sequence[Model],
    measured_from: Callable[[], list[Model]],
    distance: Distance,
    at: str,
) -> list[Attacker]:
    """The attacking models, each within half range or not: as given for all, or (``measure``:
    the weapon has a half-range ability) per model, from its closest target model."""
    if given is not None or not measure or not targets:
        return [Attacker(f"#{i + 1}", bool(given)) for i in range(n_attacking)]
    if weapon_range is None:
        raise ScenarioError(f"{at}.weapon.range", "is required to measure half range")
    limit = weapon_range / 2 + TOLERANCE
    return [
        Attacker(m.id, min(distance(m.id, t.id) for t in targets) <= limit) for m in measured_from()
    ]


def covered_models(
    given: bool | None,
    could_apply: bool,
    targets: Sequence[Model],
    measured_from: Callable[[], list[Model]],
    cover: Cover,
) -> frozenset[str]:
    """The target models with the benefit of cover: as given for all, or, where cover could
    apply to this attack, each model that has it from any attacking model."""
    if given is not None:
        return frozenset(m.id for m in targets) if given else frozenset()
    if not could_apply or not targets:
        return frozenset()
    shooters = measured_from()
    return frozenset(t.id for t in targets if any(cover(a.id, t.id) for a in shooters))
