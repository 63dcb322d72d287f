"""Mortal wounds outside attacks: Grenade, Tank Shock, Hazardous, Deadly Demise (wh40k-10th
§8.3 "Mortal wounds", §8.4 [HAZARDOUS], §9 Deadly Demise, §6.2 items 5-6).

Mortal wounds are allocated one at a time like attacks, so the controller of the unit chooses
the model whenever the allocation rules leave a choice that can matter (rules decision R30):
more than one eligible model and not all of them the same profile with the same wounds left.
A failed Hazardous test destroys one model of the unit equipped with a Hazardous weapon, chosen
by its controller (seed L2342-L2352); a CHARACTER, MONSTER or VEHICLE takes 3 mortal wounds
instead, allocated to it first.

Every source queues a :class:`MortalJob` (``MortalQueued``); ``drain`` resolves the queue in
order. A job is a pure function of the state, its recorded choices and the Feel No Pain dice
rolled so far: when a choice is needed it stops (``MortalPaused`` keeps the fresh dice and the
continuation), the game waits for the controller (pending ``allocate_mortal`` or ``hazardous``,
answered with ``allocate``), and the answer (``MortalChosen``) runs the job again from its start.
Deadly Demise of a model destroyed by a job queues new jobs behind the current ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from vantage.engine.dice import Dice
from vantage.engine.errors import Rejection
from vantage.rules.wh40k import ModelState, UnitState
from vantage.rules.wh40k.allocation import AllocationKind, allocate, inflict
from vantage.rules.wh40k10e import leaders
from vantage.rules.wh40k10e.attacks import Replay, sheet_w, target_profile
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.events import (
    MortalChosen,
    MortalPaused,
    MortalQueued,
    MortalWoundsRolled,
    Waiting,
)
from vantage.rules.wh40k10e.state import MortalJob, Pending, State

BIG = frozenset({"CHARACTER", "MONSTER", "VEHICLE"})
HAZARDOUS_WOUNDS = 3


class NeedPick(Exception):
    """The controller must choose one of ``eligible`` (``kind``: the pending decision)."""

    def __init__(self, eligible: tuple[str, ...], kind: str) -> None:
        super().__init__("mortal wound choice needed")
        self.eligible = eligible
        self.kind = kind


@dataclass(slots=True)
class Outcome:
    """A job run: wounds left per model, or the choice it stopped at."""

    before: dict[str, int]
    left: dict[str, int] = field(default_factory=dict)
    points: int = 0
    bearer: str | None = None
    feel_no_pain: tuple[int, ...] = ()
    allocated: tuple[str, ...] = ()
    fresh: tuple[int, ...] = ()
    need: NeedPick | None = None


def _likeness(state: State, unit: str, model: str, wounds: int) -> tuple[object, ...]:
    """What makes two models different targets: datasheet keywords, profile, wounds left."""
    sheet = leaders.model_sheet(state, model, unit)
    return (sheet.keywords, sheet.feel_no_pain, sheet.model(model), wounds)


def interchangeable(
    state: State, unit: str, eligible: tuple[str, ...], wounds: Mapping[str, int]
) -> bool:
    """Choosing among these models cannot matter (rules decision R30, as R6 for attacks)."""
    first = _likeness(state, unit, eligible[0], wounds.get(eligible[0], 0))
    return all(_likeness(state, unit, m, wounds.get(m, 0)) == first for m in eligible[1:])


class Picker:
    """The controller's recorded choices for one job, replayed in order; a real choice without
    one stops the job (:class:`NeedPick`). Also the allocation ``Defender``."""

    def __init__(self, state: State, job: MortalJob) -> None:
        self._state = state
        self._job = job
        self._next = 0
        self.wounds: dict[str, int] = {}

    def pick(self, eligible: tuple[str, ...], kind: str, default: str | None = None) -> str:
        """The model chosen among ``eligible``."""
        if len(eligible) == 1:
            return eligible[0]
        if interchangeable(self._state, self._job.unit, eligible, self.wounds):
            return default if default in eligible else eligible[0]
        if self._next < len(self._job.choices):
            self._next += 1
            return self._job.choices[self._next - 1]
        raise NeedPick(eligible, kind)

    def choose(self, eligible: tuple[str, ...], kind: AllocationKind) -> str:
        """``Defender``: the next mortal wound's model."""
        return self.pick(eligible, "allocate_mortal")


def hazardous_bearers(state: State, unit: str) -> tuple[str, ...]:
    """Models of the unit on the table equipped with a Hazardous weapon (seed L2342-L2345)."""
    sheet = state.sheets[unit]
    out = []
    for m in state.models_of(unit):
        for name in sheet.model(m.id).weapons:
            w = sheet.weapon(name)
            if w is not None and w.has("HAZARDOUS"):
                out.append(m.id)
                break
    return tuple(out)


def run_job(state: State, job: MortalJob, dice: Dice) -> Outcome:
    """Resolve one job from its start with its recorded choices and dice."""
    models = state.models_of(job.unit)
    out = Outcome(before={m.id: m.wounds for m in models})
    roller = Replay(job.rolled, dice)
    picker = Picker(state, job)
    picker.wounds = dict(out.before)
    first, points = job.first, job.points
    try:
        if job.hazardous:
            bearers = hazardous_bearers(state, job.unit)
            if not bearers:
                out.left = dict(out.before)
                return out
            out.bearer = picker.pick(bearers, "hazardous", default=job.first)
            if not BIG & set(leaders.model_sheet(state, out.bearer, job.unit).keywords):
                out.left = {**out.before, out.bearer: 0}
                return out
            first, points = out.bearer, HAZARDOUS_WOUNDS
        out.points = points
        out.left, out.feel_no_pain, out.allocated = _suffer(
            state, job.unit, points, picker, roller, first
        )
    except NeedPick as need:
        out.need = need
    finally:
        out.fresh = tuple(roller.fresh)
    return out


def _suffer(
    state: State, unit_id: str, points: int, picker: Picker, roller: Replay, first: str | None
) -> tuple[dict[str, int], tuple[int, ...], tuple[str, ...]]:
    """``points`` mortal wounds one at a time: allocated like attacks, Feel No Pain per wound,
    the excess carried over (§8.3); ``first`` takes them while it lives (§8.4 Hazardous)."""
    protected = leaders.protected(state, unit_id)
    unit = UnitState(
        tuple(
            ModelState(
                m.id,
                m.wounds,
                wounded=m.wounds < sheet_w(state, m),
                allocated=m.id in state.allocated,
                protected=m.id in protected,
            )
            for m in state.models_of(unit_id)
        )
    )
    profile = target_profile(state, unit_id)
    for _ in range(points):
        if unit.wiped_out:
            break
        picker.wounds = unit.wounds_left()
        if first is not None and any(m.id == first for m in unit.models):
            model_id = first
        else:
            unit, model_id = allocate(unit, picker, "mortal")
        unit, _ = inflict(unit, model_id, 1, profile.for_model(model_id).feel_no_pain, roller)
    left = unit.wounds_left()
    allocated = tuple(m.id for m in unit.models if m.allocated and m.id not in state.allocated)
    return left, tuple(roller.by_kind.get("feel_no_pain", ())), allocated


def queue(em: Emitter, *jobs: MortalJob) -> None:
    """Mortal wounds waiting their turn."""
    if jobs:
        em.emit(MortalQueued(jobs=jobs))


def drain(em: Emitter, after: str) -> bool:
    """Resolve the queued jobs in order. ``True``: all done, the caller carries on; ``False``:
    the game waits for a controller's choice and goes on with ``after`` once the queue is empty.
    """
    from vantage.rules.wh40k10e.damage import apply_wounds

    while em.state.mortal_queue:
        state = em.state
        job = state.mortal_queue[0]
        out = run_job(state, job, em.dice)
        if out.need is not None:
            em.emit(MortalPaused(dice=out.fresh, after=after))
            em.emit(Waiting(pending=_pending(state, job, out.need)))
            return False
        em.emit(
            MortalWoundsRolled(
                source=job.source,
                unit=job.unit,
                dice=job.dice,
                mortal_wounds=out.points,
                feel_no_pain=out.feel_no_pain,
                queued=True,
                model=out.bearer,
            )
        )
        if out.before:
            apply_wounds(em, job.unit, out.before, out.left, job.source, out.allocated)
    return True


def _pending(state: State, job: MortalJob, need: NeedPick) -> Pending:
    return Pending(
        player=state.owner(job.unit),
        kind=need.kind,
        unit=job.unit,
        options=need.eligible,
        detail={
            "source": job.source,
            "mortal_wounds": job.points,
            "dice": tuple(str(d) for d in job.dice),
        },
    )


def answer(em: Emitter, model: str) -> Rejection | None:
    """The controller's choice (``allocate``): record it, go on with the queue, then resume."""
    pending = em.state.pending
    assert pending is not None
    if model not in pending.options:
        what = "the Hazardous bearer" if pending.kind == "hazardous" else "the mortal wound"
        return Rejection(
            "allocate/not_eligible",
            f"{em.state.model_label(model)} cannot take {what}; eligible: "
            f"{', '.join(em.state.model_label(m) for m in pending.options)} (§8.3, §8.4)",
            {"model": model, "options": list(pending.options)},
        )
    em.emit(MortalChosen(player=em.actor or "", model=model))
    if drain(em, em.state.mortal_after):
        from vantage.rules.wh40k10e.flow import resume

        resume(em, em.state.mortal_after)
    return None
