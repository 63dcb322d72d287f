"""AIRCRAFT leftovers (wh40k-10th §4.9, seed L4094-L4107, L4159-L4161, L4217-L4251; rules
decision R32): returning from Strategic Reserves in the next turn, fighting only FLY units, no
pile in or consolidation, transports in Reserves. The Canopy Stalker (MONSTER, FLY) is made an
AIRCRAFT; the Ashguard Line has no FLY.
"""

from __future__ import annotations

from dataclasses import replace

from tests.wh40k10e.arrange import arranged, row
from tests.wh40k10e.test_floors_and_weapons import LINE, STALKER, _fly, _keywords, _plane
from tests.wh40k10e.test_rules import run
from vantage.engine.decision import Accepted
from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e.deployment import _formation_problems
from vantage.rules.wh40k10e.events import PhaseStarted, Waiting
from vantage.rules.wh40k10e.evolve import evolve
from vantage.rules.wh40k10e.fight import _aircraft_problems, fight_eligible
from vantage.rules.wh40k10e.flow import resume
from vantage.rules.wh40k10e.state import State

PLANE = f"{STALKER}-1"


def _left(round_: int = 2) -> State:
    """The AIRCRAFT flew off the table edge in p2's Movement phase of ``round_``."""
    s = _plane(arranged({STALKER: [(45, 22)], LINE: row(10, 5, 10)}, active="p2", round_=round_))
    s, d = run(s, "p2", _fly(PLANE, 65, 22))
    assert isinstance(d, Accepted), d
    return s


def _next_movement(s: State, round_: int) -> State:
    for e in (PhaseStarted(round=round_, player="p2", phase="movement"), Waiting(pending=None)):
        s = evolve(s, e)
    return s


def test_aircraft_that_left_must_arrive_in_the_next_turn() -> None:
    s = _left(2)
    _, d = run(s, "p2", c.EndPhase())  # the turn it left: nothing to do yet
    assert isinstance(d, Accepted), d
    s = _next_movement(s, 3)
    _, d = run(s, "p2", c.EndPhase())
    assert isinstance(d, Rejection) and d.code == "rule/aircraft_return"
    # arriving (wholly within 6" of an edge, more than 9" from enemies) lifts it
    arrive = c.Arrive(unit=STALKER, models=(c.Place(model=PLANE, x=57, y=30),))
    s, d = run(s, "p2", arrive)
    assert isinstance(d, Accepted), d
    assert not any(e.startswith("aircraft_returning") for e in s.status[STALKER].effects)
    _, d = run(s, "p2", c.EndPhase())
    assert isinstance(d, Accepted), d


def test_casual_game_only_warns_when_the_aircraft_stays_away() -> None:
    s = _next_movement(_left(2), 3)
    s = replace(s, options=replace(s.options, strict=False))
    _, d = run(s, "p2", c.EndPhase())
    assert isinstance(d, Accepted) and [w.code for w in d.warnings] == ["rule/aircraft_return"]


def _melee(fly_line: bool) -> State:
    s = _plane(arranged({LINE: row(20, 20, 10), STALKER: [(24, 22.8)]}, phase="fight"))
    if fly_line:
        s = _keywords(s, LINE, (*s.sheets[LINE].keywords, "FLY"))
    return s


def test_only_fly_units_fight_aircraft() -> None:
    s = _melee(fly_line=False)
    # in Engagement Range of each other, but neither may fight the other (§4.9)
    assert not fight_eligible(s, LINE) and not fight_eligible(s, STALKER)
    s = _melee(fly_line=True)
    assert fight_eligible(s, LINE) and fight_eligible(s, STALKER)


def test_only_fly_models_attack_aircraft_and_aircraft_attack_only_fly() -> None:
    s = _melee(fly_line=False)
    rows = (c.AttackIn(model=f"{LINE}-1", weapon="Bayonet", target=STALKER),)
    assert [p.code for p in _aircraft_problems(s, LINE, rows)] == ["rule/aircraft_melee"]
    back = (c.AttackIn(model=PLANE, weapon="x", target=LINE),)
    assert [p.code for p in _aircraft_problems(s, STALKER, back)] == ["rule/aircraft_melee"]
    s = _melee(fly_line=True)
    assert _aircraft_problems(s, LINE, rows) == [] and _aircraft_problems(s, STALKER, back) == []


def test_aircraft_do_not_consolidate() -> None:
    from vantage.engine.dice import FixedDice
    from vantage.rules.wh40k10e.emitter import Emitter

    s = _melee(fly_line=True)
    em = Emitter(s, FixedDice([]), "p2")
    resume(em, f"consolidate:{STALKER}")
    assert em.state.pending is None or em.state.pending.kind != "consolidate"
    em = Emitter(s, FixedDice([]), "p1")
    resume(em, f"consolidate:{LINE}")
    assert em.state.pending is not None and em.state.pending.kind == "consolidate"


def test_units_aboard_an_aircraft_transport_in_reserves_count_as_in_reserves() -> None:
    from vantage.rules.wh40k10e.setup import initial_state, parse_setup

    base = initial_state(parse_setup({"layout": "empty", "objectives": "layout"}))  # type: ignore[arg-type]
    base = replace(base, options=replace(base.options, reserve_points=50.0))
    carriage = "p1-ac-carriage"
    sheet = base.sheets[carriage]
    base = replace(
        base, sheets={**base.sheets, carriage: replace(sheet, abilities=("DEEP STRIKE",))}
    )
    cmd = c.DeclareFormations(reserves=(carriage,), embark={"p1-ac-exarch": carriage})
    assert _formation_problems(base, cmd) == []  # a plain Deep Strike transport
    plane = _keywords(base, carriage, (*sheet.keywords, "AIRCRAFT"))
    # aboard the AIRCRAFT in Reserves the Exarch (90 pts) is in Reserves: over the 50 pt cap
    assert [p.code for p in _formation_problems(plane, cmd)] == ["rule/reserve_cap"]


def test_an_aircraft_that_made_no_move_has_not_remained_stationary() -> None:
    """wh40k-10th §4.9: AIRCRAFT cannot Remain Stationary, so R37's end-of-phase mark skips it
    (found by review)."""
    s = _plane(arranged({STALKER: [(45, 22)], LINE: row(10, 5, 10)}, active="p2"))
    s, d = run(s, "p2", c.EndPhase())
    assert isinstance(d, Accepted), d
    assert s.status[STALKER].move == "none"
