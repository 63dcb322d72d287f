"""Ruin floors (climbing, who may stand there, overhang), Plunging Fire, ONE SHOT weapons and
reserves that never arrived (wh40k-10th §2.4, §2.5 F, §4.5, §10; rules decisions R18-R20).

Expected values are worked out by hand from the rules in each test's comment.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.wh40k10e.arrange import arranged, row
from tests.wh40k10e.test_rules import run
from vantage.engine.decision import Accepted
from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e import geo
from vantage.rules.wh40k10e.events import ReservesDestroyed, WeaponResolved
from vantage.rules.wh40k10e.shooting import eligible_targets
from vantage.rules.wh40k10e.state import State

EXARCH = "p1-ac-exarch"
LINE = "p1-ac-line"
CARRIAGE = "p1-ac-carriage"
BREACH = "p1-ac-breach"
BROOD = "p2-vh-brood"
MOTHER = "p2-vh-mother"
RUIN: dict[str, Any] = {
    "id": "r1",
    "kind": "ruins",
    "polygon": [[21, 8], [33, 8], [33, 16], [21, 16]],
    "height": 9,
    "floors": [3, 6],
}
LAYOUT = {"layout": {"terrain": [RUIN], "objectives": []}, "objectives": "layout"}


def _at(where: dict[str, list[tuple[float, float]]], **kw: Any) -> State:
    return arranged(where, request={**LAYOUT, **kw.pop("request", {})}, **kw)


def _up(state: State, model: str, z: float) -> State:
    """The model lifted to height ``z`` where it stands (arranging only)."""
    m = state.table.models[model]
    return replace(state, table=state.table.with_models({model: replace(m, z=z)}))


def _keywords(state: State, unit: str, keywords: tuple[str, ...]) -> State:
    """The unit with other keywords, on its sheet and on the table."""
    sheets = {**state.sheets, unit: replace(state.sheets[unit], keywords=keywords)}
    units = {**state.table.units, unit: replace(state.table.units[unit], keywords=keywords)}
    return replace(state, sheets=sheets, table=replace(state.table, units=units))


def _climb(model: str, x: float, y: float, z: float) -> c.Move:
    return c.Move(
        unit=model.rsplit("-", 1)[0],
        kind="normal",
        paths=(c.PathIn(model=model, path=((x, y),), z=z),),
    )


def test_climbing_onto_a_floor_counts_the_vertical_distance() -> None:
    # Exarch (INFANTRY, M6) at (20, 12): 3" across to (23, 12) + 3" up to the first floor = 6".
    s = _at({EXARCH: [(20, 12)], BROOD: row(10, 39, 10)})
    s2, d = run(s, "p1", _climb(f"{EXARCH}-1", 23, 12, 3))
    assert isinstance(d, Accepted), d
    assert s2.table.models[f"{EXARCH}-1"].z == 3
    moved = next(e for e in d.events if getattr(e, "type", "") == "unit_moved")
    assert moved.models[0].distance == 6.0
    # 4" across + 3" up = 7" > 6": the refusal says how much of it is climbing (QA s13 #6).
    _, d = run(s, "p1", _climb(f"{EXARCH}-1", 24, 12, 3))
    assert isinstance(d, Rejection) and d.code == "rule/too_far"
    assert d.message.startswith('Cinderwright Exarch #1 moves 7.00" (3.00" of it climbing, §2.4), ')


def test_a_refused_move_over_tall_terrain_names_the_climbing_in_it() -> None:
    # A non-INFANTRY model crossing the 9" ruin climbs it up and down: 14" across + 18" = 32".
    s = _keywords(_at({EXARCH: [(20, 12)], BROOD: row(10, 39, 10)}), EXARCH, ("MONSTER",))
    _, d = run(s, "p1", _climb(f"{EXARCH}-1", 34, 12, 0))
    assert isinstance(d, Rejection) and d.code == "rule/too_far"
    assert '(18.00" of it climbing, §2.4)' in d.message, d.message
    # A flat move too far says nothing of climbing.
    _, d = run(s, "p1", _climb(f"{EXARCH}-1", 20, 19, 0))
    assert isinstance(d, Rejection) and d.code == "rule/too_far"
    assert "climbing" not in d.message, d.message


def test_a_move_cannot_end_mid_climb_even_in_casual_mode() -> None:
    # No floor at 2" (floors are at 3" and 6"); outside the ruin there is no floor at all.
    s = _at({EXARCH: [(20, 12)], BROOD: row(10, 39, 10)}, request={"strict": False})
    _, d = run(s, "p1", _climb(f"{EXARCH}-1", 23, 12, 2))
    assert isinstance(d, Rejection) and d.code == "setup/no_floor"
    _, d = run(s, "p1", _climb(f"{EXARCH}-1", 18, 12, 1))
    assert isinstance(d, Rejection) and d.code == "setup/no_floor"


def test_overhanging_the_floor_edge_breaks_the_rule() -> None:
    # A 40 mm base has radius 0.787": centred 0.5" inside the footprint edge it overhangs.
    # From (19.5, 12): 2" across + 3" up = 5", within M6.
    s = _at({EXARCH: [(19.5, 12)], BROOD: row(10, 39, 10)})
    _, d = run(s, "p1", _climb(f"{EXARCH}-1", 21.5, 12, 0))
    assert isinstance(d, Accepted), d  # on the ground, overhang does not matter
    _, d = run(s, "p1", _climb(f"{EXARCH}-1", 21.5, 12, 3))
    assert isinstance(d, Rejection) and d.code == "rule/overhang"


def test_only_infantry_beast_and_fly_stand_on_upper_floors() -> None:
    # The Pyre Carriage (VEHICLE, M10) may enter the ruin's ground floor but not its 3" floor.
    # From (18.5, 12): 6.5" across + 3" up = 9.5"; the oval (semi-axis 3.35" along x) fits.
    s = _at({CARRIAGE: [(18.5, 12)], BROOD: row(10, 39, 10)})
    _, d = run(s, "p1", _climb(f"{CARRIAGE}-1", 25, 12, 0))
    assert isinstance(d, Accepted), d
    _, d = run(s, "p1", _climb(f"{CARRIAGE}-1", 25, 12, 3))
    assert isinstance(d, Rejection) and d.code == "rule/ruin_floor"
    flying = _keywords(s, CARRIAGE, ("VEHICLE", "FLY"))
    _, d = run(flying, "p1", _climb(f"{CARRIAGE}-1", 25, 12, 3))
    assert isinstance(d, Accepted), d


def test_fly_measures_through_the_air() -> None:
    # FLY: 4" across and 3" up is the diagonal sqrt(16 + 9) = 5", not 7" (§4.4 FLY).
    s = _at({EXARCH: [(20, 12)], BROOD: row(10, 39, 10)})
    s = _keywords(s, EXARCH, ("INFANTRY", "FLY"))
    _, d = run(s, "p1", _climb(f"{EXARCH}-1", 24, 12, 3))
    assert isinstance(d, Accepted), d
    moved = next(e for e in d.events if getattr(e, "type", "") == "unit_moved")
    assert moved.models[0].distance == 5.0


def test_engagement_range_uses_elevation() -> None:
    # Horizontally touching, but 6" up: more than 5" vertically, so not engaged (§4.2).
    s = _at({EXARCH: [(22, 12)], BROOD: [(23.4, 12)]})
    ex, brood = s.table.models[f"{EXARCH}-1"], s.table.models[f"{BROOD}-1"]
    assert geo.engaged(ex, brood)
    assert not geo.engaged(replace(ex, z=6.0), brood)
    assert geo.engaged(replace(ex, z=3.0), brood)


def _pistol(s: State) -> c.Shoot:
    return c.Shoot(
        unit=EXARCH,
        attacks=(c.AttackIn(model=f"{EXARCH}-1", weapon="Scorch pistol", target=BROOD),),
    )


def test_plunging_fire_improves_ap_from_six_inches_up_at_ground_targets() -> None:
    # Scorch pistol S5 AP-1 D1 (BS3+) at the Seedling Brood (T3, Sv5+): hit 3, wound 3 (S5 > T3
    # needs 3+), save 6. Without Plunging Fire 6 - 1 = 5 saves; from the 6" floor AP-2 gives 4:
    # the save fails and one Seedling dies.
    where = {EXARCH: [(27, 12)], BROOD: row(24, 22, 5)}
    low = _at(where, phase="shooting")
    s2, d = run(low, "p1", _pistol(low), [3, 3, 6])
    assert isinstance(d, Accepted), d
    assert len(s2.models_of(BROOD)) == 5
    high = _up(low, f"{EXARCH}-1", 6.0)
    s2, d = run(high, "p1", _pistol(high), [3, 3, 6])
    assert isinstance(d, Accepted), d
    assert len(s2.models_of(BROOD)) == 4
    resolved = [e for e in d.events if isinstance(e, WeaponResolved)]
    assert resolved[0].plunging and resolved[0].failed_saves == 1
    # On the 3" floor: not 6" up, no Plunging Fire.
    mid = _up(low, f"{EXARCH}-1", 3.0)
    s2, _ = run(mid, "p1", _pistol(mid), [3, 3, 6])
    assert len(s2.models_of(BROOD)) == 5


def test_no_plunging_fire_unless_every_target_model_is_on_the_ground() -> None:
    # One Seedling stands on the 3" floor: the target unit is not all at ground level.
    where = {EXARCH: [(27, 12)], BROOD: [(22.2, 12.5), *row(22.2, 18.2, 4, 1.2)]}
    s = _up(_up(_at(where, phase="shooting"), f"{EXARCH}-1", 6.0), f"{BROOD}-1", 3.0)
    s2, d = run(s, "p1", _pistol(s), [3, 3, 6])
    assert isinstance(d, Accepted), d
    assert len(s2.models_of(BROOD)) == 5
    assert not any(isinstance(e, WeaponResolved) and e.plunging for e in d.events)


def test_one_shot_weapon_fires_once_per_battle() -> None:
    # Melt charge (6", ONE SHOT) on breachers 1 and 2; the Thornmother is 3" away.
    s = arranged({BREACH: row(20, 20, 5), MOTHER: [(22, 24.5)]}, phase="shooting")
    shot = c.Shoot(
        unit=BREACH,
        attacks=(c.AttackIn(model=f"{BREACH}-1", weapon="Melt charge", target=MOTHER),),
    )
    s2, d = run(s, "p1", shot, [1])  # the hit roll misses: the charge is spent all the same
    assert isinstance(d, Accepted), d
    assert s2.status[BREACH].spent == (f"{BREACH}-1|Melt charge",)
    # A later turn: breacher 1 may not fire it again, breacher 2 still may.
    from vantage.rules.wh40k10e.events import PhaseStarted
    from vantage.rules.wh40k10e.evolve import evolve

    later = evolve(s2, PhaseStarted(round=3, player="p1", phase="shooting"))
    assert later.status[BREACH].spent == (f"{BREACH}-1|Melt charge",)
    _, d = run(later, "p1", shot, [1])
    assert isinstance(d, Rejection) and d.code == "rule/target" and "ONE SHOT" in d.message
    again = c.Shoot(
        unit=BREACH,
        attacks=(c.AttackIn(model=f"{BREACH}-2", weapon="Melt charge", target=MOTHER),),
    )
    _, d = run(later, "p1", again, [1])
    assert isinstance(d, Accepted), d
    assert "Melt charge" in eligible_targets(later, BREACH)


def test_reserves_that_never_arrived_count_as_destroyed_at_the_end() -> None:
    # Round 5, the second player's Fight phase ends the battle; the breachers never arrived.
    s = arranged({EXARCH: [(10, 5)], BROOD: row(10, 39, 10)}, phase="fight", active="p2", round_=5)
    s = s.with_status(BREACH, location="reserves", reserve="deep_strike")
    ids = [mid for mid, m in s.offboard.items() if m.unit == BREACH]
    assert len(ids) == 5
    s = replace(s, pending=None)
    s2, d = run(s, "p2", c.EndPhase())
    assert isinstance(d, Accepted), d
    gone = [e for e in d.events if isinstance(e, ReservesDestroyed)]
    assert gone and BREACH in gone[0].units
    assert s2.status[BREACH].location == "destroyed"
    assert s2.destroyed[BREACH] == 5
    assert s2.result is not None and s2.result.reason != "army_destroyed"


def _deck_state() -> State:
    """The Pyre Carriage as a TRANSPORT with FIRING DECK 2, the Kiln Breachers embarked."""
    s = arranged({CARRIAGE: [(20, 20)], BROOD: row(17, 24.5, 5)}, phase="shooting")
    sheet = replace(s.sheets[CARRIAGE], firing_deck=2, keywords=("VEHICLE", "TRANSPORT"))
    s = replace(s, sheets={**s.sheets, CARRIAGE: sheet})
    return s.with_status(BREACH, location="embarked", transport=CARRIAGE)


def _deck_shot(*picks: tuple[str, str], fire: tuple[str, str] | None = None) -> c.Shoot:
    model, weapon = fire or picks[0]
    return c.Shoot(
        unit=CARRIAGE,
        attacks=(
            c.AttackIn(model=f"{CARRIAGE}-1", weapon=f"{weapon} [deck {model}]", target=BROOD),
        ),
        firing_deck=tuple(c.DeckIn(model=m, weapon=w) for m, w in picks),
    )


def test_firing_deck_lends_embarked_weapons_until_the_attacks_are_resolved() -> None:
    # Melt charge (S9 AP-4, BS3+) from the carriage at the Seedling Brood (T3, Sv5+): hit 3,
    # wound 2 (S9 >= 2 x T3 needs 2+), save 6 - 4 = 2 fails, damage D6 (1, +2 Melta): one dies.
    s = _deck_state()
    s2, d = run(s, "p1", _deck_shot((f"{BREACH}-1", "Melt charge")), [3, 2, 6, 1])
    assert isinstance(d, Accepted), d
    assert len(s2.models_of(BROOD)) == 4
    assert [w.name for w in s2.sheets[CARRIAGE].weapons] == [
        w.name for w in s.sheets[CARRIAGE].weapons
    ]
    # ONE SHOT: the breacher's own Melt charge is spent, whoever fired it.
    assert s2.status[BREACH].spent == (f"{BREACH}-1|Melt charge",)


def test_firing_deck_limits() -> None:
    s = _deck_state()
    three = _deck_shot(
        (f"{BREACH}-1", "Kiln torch"), (f"{BREACH}-2", "Kiln torch"), (f"{BREACH}-3", "Kiln torch")
    )
    _, d = run(s, "p1", three, [3, 2, 6, 1])
    assert isinstance(d, Rejection) and d.code == "rule/firing_deck_count"
    _, d = run(s, "p1", _deck_shot((f"{BREACH}-4", "Melt charge")), [3, 2, 6, 1])
    assert isinstance(d, Rejection) and d.code == "rule/firing_deck_weapon"
    _, d = run(s, "p1", _deck_shot((f"{BROOD}-1", "Barb spitter")), [3, 2, 6, 1])
    assert isinstance(d, Rejection) and d.code == "rule/firing_deck_model"
    # A weapon not lent this time cannot be fired.
    shot = _deck_shot((f"{BREACH}-1", "Kiln torch"), fire=(f"{BREACH}-2", "Melt charge"))
    _, d = run(s, "p1", shot, [3, 2, 6, 1])
    assert isinstance(d, Rejection) and d.code == "shoot/weapon"
    no_deck = replace(s, sheets={**s.sheets, CARRIAGE: replace(s.sheets[CARRIAGE], firing_deck=0)})
    _, d = run(no_deck, "p1", _deck_shot((f"{BREACH}-1", "Melt charge")), [3, 2, 6, 1])
    assert isinstance(d, Rejection) and d.code == "rule/no_firing_deck"


STALKER = "p2-vh-stalker"


def _plane(state: State, unit: str = STALKER, hover: bool = False) -> State:
    """The Canopy Stalker as an AIRCRAFT (with Hover if asked)."""
    s = _keywords(state, unit, ("MONSTER", "FLY", "AIRCRAFT"))
    if hover:
        sheet = s.sheets[unit]
        s = replace(
            s, sheets={**s.sheets, unit: replace(sheet, abilities=(*sheet.abilities, "HOVER"))}
        )
    return s


def _fly(model: str, x: float, y: float, facing: float | None = None) -> c.Move:
    return c.Move(
        unit=model.rsplit("-", 1)[0],
        kind="normal",
        paths=(c.PathIn(model=model, path=((x, y),), facing=facing),),
    )


def test_aircraft_move_straight_forward_at_least_20_inches_then_pivot() -> None:
    # The Stalker faces +x (facing 0) at (10, 22); p2 moves in round 2.
    s = _plane(arranged({STALKER: [(10, 22)], LINE: row(10, 5, 10)}, active="p2"))
    m = f"{STALKER}-1"
    _, d = run(s, "p2", _fly(m, 29, 22))  # 19" forward
    assert isinstance(d, Rejection) and d.code == "rule/aircraft_min"
    _, d = run(s, "p2", _fly(m, 30, 24))  # sideways drift
    assert isinstance(d, Rejection) and d.code == "rule/aircraft_straight"
    _, d = run(s, "p2", _fly(m, 40, 22, facing=100))  # pivot more than 90 degrees
    assert isinstance(d, Rejection) and d.code == "rule/aircraft_pivot"
    s2, d = run(s, "p2", _fly(m, 40, 22, facing=90))  # 30" (no maximum), pivot 90
    assert isinstance(d, Accepted), d
    assert s2.table.models[m].x == 40 and s2.table.models[m].facing == 90
    _, d = run(s, "p2", c.Move(unit=STALKER, kind="stationary"))
    assert isinstance(d, Rejection) and d.code == "rule/aircraft_move"


def test_aircraft_crossing_the_edge_goes_into_strategic_reserves() -> None:
    s = _plane(arranged({STALKER: [(45, 22)], LINE: row(10, 5, 10)}, active="p2"))
    s2, d = run(s, "p2", _fly(f"{STALKER}-1", 65, 22))  # the table is 60" wide
    assert isinstance(d, Accepted), d
    st = s2.status[STALKER]
    assert st.location == "reserves" and st.reserve == "strategic"
    assert f"{STALKER}-1" in s2.offboard and not s2.models_of(STALKER)


def test_other_units_may_move_within_engagement_range_of_aircraft() -> None:
    # The Exarch is within 1" of the enemy AIRCRAFT: it may still make a Normal move (§4.9),
    # passing within Engagement Range of it, but it may not end there.
    s = _plane(arranged({EXARCH: [(20, 20)], STALKER: [(20, 22.8)], BROOD: row(10, 39, 10)}))
    ex = f"{EXARCH}-1"
    assert geo.engaged(s.table.models[ex], s.table.models[f"{STALKER}-1"])
    _, d = run(s, "p1", _climb(ex, 20, 15, 0))
    assert isinstance(d, Accepted), d
    _, d = run(s, "p1", _climb(ex, 21.5, 20.5, 0))
    assert isinstance(d, Rejection) and d.code == "rule/end_engagement"
    plain = _keywords(s, STALKER, ("MONSTER", "FLY"))
    _, d = run(plain, "p1", _climb(ex, 20, 15, 0))
    assert isinstance(d, Rejection) and d.code == "rule/engaged"


def test_aircraft_start_in_reserves_unless_hovering() -> None:
    from vantage.rules.wh40k10e.setup import initial_state, parse_setup

    base = initial_state(parse_setup({"layout": "empty", "objectives": "layout"}))  # type: ignore[arg-type]
    s = _plane(base)
    s = replace(s, step="formations", pending=None)
    from vantage.rules.wh40k10e.aircraft import formation_problems

    assert [p.code for p in formation_problems(s, "p2", [], [])] == ["rule/aircraft_reserves"]
    assert formation_problems(s, "p2", [STALKER], []) == []
    assert [p.code for p in formation_problems(s, "p2", [], [STALKER])] == ["rule/hover"]
    hovering = _plane(base, hover=True)
    assert formation_problems(hovering, "p2", [], [STALKER]) == []
    from vantage.rules.wh40k10e.aircraft import hover

    after = hover(hovering, [STALKER])
    assert "AIRCRAFT" not in after.sheets[STALKER].keywords
    assert all(ms.move == 20 for _, ms in after.sheets[STALKER].models)
