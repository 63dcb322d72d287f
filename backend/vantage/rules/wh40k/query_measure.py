"""What the `attack` scenario query works out from the table when the query leaves it out, the
same in every edition (scenario-format "Clarifications of the attack query"): each attacking
model's half range and each target model's benefit of cover, and dice expressions read with the
JSON path of a bad one; and what an attack is resolved with in every edition (the target's
profile, the dice pools, the ``allocate`` list).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from vantage.engine.codec import first_error
from vantage.engine.table import Model, Table
from vantage.rules.wh40k.allocation import AllocationError, AllocationKind, UnitState, unit_state
from vantage.rules.wh40k.dice_expr import ROLL_KINDS, DiceExpr, DiceExprError, parse_dice_expr
from vantage.rules.wh40k.dice_source import DicePools, PoolExhausted
from vantage.rules.wh40k.profiles import Attacker, TargetProfile
from vantage.rules.wh40k.query_input import AttackQueryIn
from vantage.scenario.schema import ScenarioError

TOLERANCE = 1e-6
"""Half range is "within": a distance up to the limit plus this counts."""
Distance = Callable[[str, str], float]
Cover = Callable[[str, str], bool]
Q = TypeVar("Q", bound=BaseModel)


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


@dataclass(frozen=True, slots=True)
class QueryUnits:
    """The attacking and target models on the table (those with wounds left) and how many of
    the attackers attack (``models_attacking``, default all)."""

    attacker: str
    attacking: list[Model]
    targets: list[Model]
    n_attacking: int
    at: str

    def measured_from(self) -> list[Model]:
        """The attacking models distances are measured from: the first ``n_attacking``."""
        if self.n_attacking > len(self.attacking):
            raise ScenarioError(
                f"{self.at}.models_attacking",
                f"unit {self.attacker!r} has only {len(self.attacking)} models to measure from",
            )
        return self.attacking[: self.n_attacking]


def query_units(
    table: Table, attacker: str, target: str, models_attacking: int | None, at: str
) -> QueryUnits:
    """The query's two units; an unknown id is an input error at its field."""
    for field, unit_id in (("attacker", attacker), ("target", target)):
        if unit_id not in table.units:
            raise ScenarioError(f"{at}.{field}", f"unknown unit {unit_id!r}")
    attacking = [m for m in table.unit_models(attacker) if m.wounds > 0]
    targets = [m for m in table.unit_models(target) if m.wounds > 0]
    n = models_attacking if models_attacking is not None else len(attacking)
    return QueryUnits(attacker, attacking, targets, n, at)


def validated(model: type[Q], query: Mapping[str, Any], at: str) -> Q:
    """The query read into ``model``; the first bad field is an input error at its JSON path."""
    try:
        return model.model_validate(query)
    except ValidationError as exc:
        path, msg = first_error(exc, query, at)
        raise ScenarioError(path, msg) from None


@contextmanager
def resolution_errors(at: str, allocate_position: Callable[[], int]) -> Iterator[None]:
    """A dice pool that runs out, or an ``allocate`` entry that is not eligible, is an input
    error of the query (``allocate_position``: 1-based index of the entry last read)."""
    try:
        yield
    except PoolExhausted as exc:
        raise ScenarioError(f"{at}.dice.{exc.kind}", "pool ran out") from None
    except AllocationError as exc:
        raise ScenarioError(f"{at}.allocate[{allocate_position() - 1}]", str(exc)) from None


def target_profile(q: AttackQueryIn, keywords: frozenset[str] = frozenset()) -> TargetProfile:
    """The query's ``target_profile`` (with the target unit's ``keywords`` where they count)."""
    p = q.target_profile
    return TargetProfile(
        toughness=p.toughness,
        save=p.save,
        invulnerable=p.invulnerable,
        feel_no_pain=p.feel_no_pain,
        wounds=p.wounds,
        keywords=keywords,
    )


class ListedDefender:
    """The defender's choices from the query's ``allocate`` list, then the first eligible."""

    def __init__(self, choices: Sequence[str]) -> None:
        self._choices = tuple(choices)
        self.position = 0

    def choose(self, eligible: tuple[str, ...], kind: AllocationKind) -> str:
        """The next listed model, or the first eligible one when the list has run out."""
        if self.position >= len(self._choices):
            return eligible[0]
        self.position += 1
        return self._choices[self.position - 1]


@dataclass(frozen=True, slots=True)
class ResolutionInputs:
    """What an attack is resolved with: the query's dice pools, its defender's choices and the
    target unit's models with the wounds they have left."""

    pools: DicePools
    defender: ListedDefender
    unit: UnitState


def resolution_inputs(q: AttackQueryIn, targets: Sequence[Model]) -> ResolutionInputs:
    """The dice, allocation list and target unit of the query ``q``."""
    return ResolutionInputs(
        pools=DicePools({kind: getattr(q.dice, kind) for kind in ROLL_KINDS}),
        defender=ListedDefender(q.allocate),
        unit=unit_state([(m.id, m.wounds) for m in targets], q.target_profile.wounds),
    )
