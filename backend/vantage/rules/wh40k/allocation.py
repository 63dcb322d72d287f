"""The target unit during an attack: allocation, lost wounds and Feel No Pain (wh40k-10th §8.3).

A model that has lost wounds, or has had an attack allocated to it this phase, must take the
next allocation (step 3); otherwise the defender chooses. Mortal wounds are allocated the same
way, one at a time. Each wound that would be lost may be ignored by Feel No Pain x+.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, Protocol

from vantage.rules.wh40k.dice_expr import RollSource

AllocationKind = Literal["attack", "mortal"]


class AllocationError(ValueError):
    """The defender named a model that may not take this allocation."""


@dataclass(frozen=True, slots=True)
class ModelState:
    """A model of the target unit still on the table."""

    id: str
    wounds: int
    wounded: bool = False
    """It has lost wounds (before this attack or during it)."""
    allocated: bool = False
    """An attack or a mortal wound has been allocated to it this phase."""
    protected: bool = False
    """A CHARACTER of an attached unit: it takes allocations only once no unprotected model is
    left, or by PRECISION (wh40k-10th §3.6)."""

    @property
    def must_take_next(self) -> bool:
        """Whether the allocation rule forces the next allocation onto it."""
        return self.wounded or self.allocated


@dataclass(frozen=True, slots=True)
class UnitState:
    """The target unit: its models on the table, in order, and those destroyed so far."""

    models: tuple[ModelState, ...]
    destroyed: tuple[str, ...] = ()

    @property
    def wiped_out(self) -> bool:
        """No model of the unit is left."""
        return not self.models

    def eligible(self) -> tuple[str, ...]:
        """The models the next allocation may go to (§8.3 step 3), in order; protected
        CHARACTERs only when nothing else is left, wounded or not (§3.6)."""
        pool = tuple(m for m in self.models if not m.protected) or self.models
        forced = tuple(m.id for m in pool if m.must_take_next)
        return forced or tuple(m.id for m in pool)

    def model(self, model_id: str) -> ModelState:
        """The model with this id (it must be on the table)."""
        for m in self.models:
            if m.id == model_id:
                return m
        raise KeyError(model_id)

    def with_model(self, changed: ModelState) -> UnitState:
        """This unit with one model replaced, or removed when it has no wounds left."""
        if changed.wounds > 0:
            models = tuple(changed if m.id == changed.id else m for m in self.models)
            return replace(self, models=models)
        models = tuple(m for m in self.models if m.id != changed.id)
        return UnitState(models, (*self.destroyed, changed.id))

    def wounds_left(self) -> dict[str, int]:
        """Every model on the table → its wounds left."""
        return {m.id: m.wounds for m in self.models}


def unit_state(wounds: Sequence[tuple[str, int]], characteristic: int | None = None) -> UnitState:
    """A unit from (model id, wounds left) pairs; with the Wounds ``characteristic`` known,
    a model with fewer wounds left has already lost wounds. Models at 0 are not on the table."""
    return UnitState(
        tuple(
            ModelState(mid, w, wounded=characteristic is not None and w < characteristic)
            for mid, w in wounds
            if w > 0
        )
    )


class Defender(Protocol):
    """The defending player's allocation choices."""

    def choose(self, eligible: tuple[str, ...], kind: AllocationKind) -> str:
        """Pick one of ``eligible`` (at least two models) for the next allocation."""
        ...


class Precision(Protocol):
    """The attacking player's PRECISION choice (wh40k-10th §8.4)."""

    def pick(self, attacker: str, characters: tuple[str, ...]) -> str | None:
        """One of ``characters`` for this wounding attack by model ``attacker``, or ``None``
        to allocate as normal (also when the attack has no PRECISION or sees none of them)."""
        ...


def precise(
    unit: UnitState, precision: Precision | None, attacker: str
) -> tuple[UnitState, str] | None:
    """Allocate a wounding attack to a protected CHARACTER the attacker picks by PRECISION, or
    ``None`` when it picks none (§8.4)."""
    characters = tuple(m.id for m in unit.models if m.protected)
    if precision is None or not characters:
        return None
    chosen = precision.pick(attacker, characters)
    if chosen is None:
        return None
    if chosen not in characters:
        raise AllocationError(f"{chosen!r} is not one of the CHARACTER models {list(characters)}")
    model = unit.model(chosen)
    if not model.allocated:
        unit = unit.with_model(replace(model, allocated=True))
    return unit, chosen


class FirstEligible:
    """A defender that always takes the first eligible model in unit order."""

    def choose(self, eligible: tuple[str, ...], kind: AllocationKind) -> str:
        """The first eligible model."""
        return eligible[0]


def allocate(unit: UnitState, defender: Defender, kind: AllocationKind) -> tuple[UnitState, str]:
    """Allocate one attack or mortal wound: the defender is asked only when it has a choice."""
    eligible = unit.eligible()
    chosen = eligible[0] if len(eligible) == 1 else defender.choose(eligible, kind)
    if chosen not in eligible:
        raise AllocationError(f"{chosen!r} is not one of the eligible models {list(eligible)}")
    model = unit.model(chosen)
    if not model.allocated:
        unit = unit.with_model(replace(model, allocated=True))
    return unit, chosen


@dataclass(frozen=True, slots=True)
class DamageOutcome:
    """Wounds lost and ignored by one model from one attack (or one mortal wound)."""

    lost: int
    ignored: int
    destroyed: bool


def inflict(
    unit: UnitState, model_id: str, points: int, feel_no_pain: int | None, dice: RollSource
) -> tuple[UnitState, DamageOutcome]:
    """Apply damage to one model a point at a time, each point taking a Feel No Pain roll when
    the model has it; when the model is destroyed the rest is lost without rolls (§8.3 step 5)."""
    model = unit.model(model_id)
    wounds, lost, ignored = model.wounds, 0, 0
    for _ in range(points):
        if feel_no_pain is not None and dice.roll("feel_no_pain", 1)[0] >= feel_no_pain:
            ignored += 1
            continue
        wounds -= 1
        lost += 1
        if wounds <= 0:
            break
    if lost:
        unit = unit.with_model(replace(model, wounds=wounds, wounded=True))
    return unit, DamageOutcome(lost, ignored, wounds <= 0)
