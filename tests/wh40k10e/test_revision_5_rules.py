"""Rules bugs found by the QA walkthrough s15/h4, fixed in rules revision 5 (rules decision R43);
each next to the revision-4 game that keeps the old decision (R38).

Demo datasheets used: Ashguard Line (Ember carbine A1 BS4+ S4 AP0 D1, 24"), Seedling Brood
(T3 Sv5+ W1), Kiln Breachers (Melt charge A1 BS3+ S9 AP-4 D6 MELTA 2), Briarback Swarm (T2 Sv6+
W4). The open-field layout's West wood is the rectangle 12..18 x 18..24 (§2.5 E: a model wholly
within woods has the Benefit of Cover).
"""

from __future__ import annotations

from dataclasses import replace

from tests.wh40k10e.arrange import arranged, row
from tests.wh40k10e.test_rerolls import events, shots
from tests.wh40k10e.test_rules import run, shift
from vantage.engine.decision import Accepted
from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e.events import Waiting
from vantage.rules.wh40k10e.evolve import evolve
from vantage.rules.wh40k10e.state import Pending, State

LINE = "p1-ac-line"
BREACH = "p1-ac-breach"
BROOD = "p2-vh-brood"
SWARM = "p2-vh-swarm"
IN_WOOD = ("p2-vh-brood-1", "p2-vh-brood-2", "p2-vh-brood-3")


def _request(revision: int | None, **more: object) -> dict[str, object]:
    return {**more, **({} if revision is None else {"rules_revision": revision})}


# -- R43 a: models that differ only in cover are not interchangeable (§8.3 steps 3-4) -------------


def _brood_half_in_the_wood(revision: int | None = None) -> State:
    """Three Seedlings wholly within the West wood, seven in the open; the Line 13" away."""
    brood = [(13.0, 21.0), (14.5, 21.0), (16.0, 21.0), *row(22, 21, 7)]
    s = arranged(
        {LINE: row(10, 8, 10), BROOD: brood},
        "shooting",
        request=_request(revision, layout="open-field"),
    )
    return s.with_side("p1", cp=0).with_side("p2", cp=0)


def test_the_defender_chooses_between_models_in_and_out_of_cover() -> None:
    s = _brood_half_in_the_wood()
    # One carbine: hit 4 (4+), wound 3 (S4 v T3: 3+). Every Seedling is alike but for cover.
    s, d = run(s, "p1", shots(s, LINE, "Ember carbine", BROOD, n=1), [4, 3])
    assert isinstance(d, Accepted), d
    p = s.pending
    assert p is not None and (p.kind, p.player) == ("allocate", "p2"), p
    assert set(IN_WOOD) < set(p.options) and len(p.options) == 10
    # The Seedling in the wood saves on 4+ (Sv5+, +1 for cover): a 4 passes.
    s, d = run(s, "p2", c.Allocate(model=IN_WOOD[0]), [4])
    assert isinstance(d, Accepted), d
    (w,) = events(d, "weapon_resolved")
    assert w.failed_saves == 0 and len(s.models_of(BROOD)) == 10


def test_no_choice_when_cover_cannot_change_the_save() -> None:
    # IGNORES COVER: the Exarch's Ember hex is no different for the Seedlings in the wood.
    s = arranged(
        {"p1-ac-exarch": [(14.0, 8.0)], BROOD: [(13.0, 21.0), (14.5, 21.0), *row(22, 21, 8)]},
        "shooting",
        request=_request(None, layout="open-field"),
    ).with_side("p1", cp=0)
    # D6 attacks 1, Torrent hits, wound 2 (S6 v T3: 2+), save 6 passes (Sv5+ AP-1: 6+).
    s, d = run(s, "p1", shots(s, "p1-ac-exarch", "Ember hex", BROOD), [1, 2, 6, 1])
    assert isinstance(d, Accepted), d
    assert s.pending is None or s.pending.kind != "allocate", s.pending


def test_no_choice_when_no_die_passes_the_save_in_cover_or_out() -> None:
    """Melt charge AP-4 against Sv5+: 9+ in the open, 8+ in the wood: both hopeless, so the
    Seedlings are alike (review s15)."""
    brood = [(13.0, 21.0), (14.5, 21.0), (16.0, 21.0), *row(22, 21, 7)]
    s = arranged(
        {BREACH: row(13, 16, 5), BROOD: brood},
        "shooting",
        request=_request(None, layout="open-field"),
    ).with_side("p1", cp=0)
    # hit 4 (3+), wound 2 (S9 v T3: 2+), save 6 (fails), damage 3
    s, d = run(s, "p1", shots(s, BREACH, "Melt charge", BROOD, n=1), [4, 2, 6, 3])
    assert isinstance(d, Accepted), d
    assert s.pending is None or s.pending.kind != "allocate", s.pending


def test_no_choice_when_every_model_has_the_same_cover() -> None:
    s = arranged(
        {LINE: row(10, 8, 10), BROOD: row(22, 21, 10)},
        "shooting",
        request=_request(None, layout="open-field"),
    ).with_side("p2", cp=0)
    s, d = run(s, "p1", shots(s, LINE, "Ember carbine", BROOD, n=1), [4, 3, 5])
    assert isinstance(d, Accepted), d
    assert s.pending is None or s.pending.kind != "allocate", s.pending


def test_a_game_of_revision_4_allocates_as_if_cover_made_no_difference() -> None:
    s = _brood_half_in_the_wood(revision=4)
    s, d = run(s, "p1", shots(s, LINE, "Ember carbine", BROOD, n=1), [4, 3, 4])
    assert isinstance(d, Accepted), d
    assert s.pending is None or s.pending.kind != "allocate", s.pending
    # The Seedling farthest from the Line took it, in the open: a 4 fails on 5+.
    (w,) = events(d, "weapon_resolved")
    assert w.failed_saves == 1 and "p2-vh-brood-10" not in s.table.models


# -- R43 b: consolidating out of base contact is not a move to an objective (§4.7) --------------


def _consolidating(brood_y: float, revision: int | None = None, strict: bool = True) -> State:
    """Kiln Breachers at y 19 near objective o2 (30, 15) consolidate; the Brood at ``brood_y``."""
    s = arranged(
        {BREACH: row(24, 19, 5), BROOD: row(24, brood_y, 10)},
        "fight",
        request=_request(revision, strict=strict),
    )
    return evolve(s, Waiting(pending=Pending(player="p1", kind="consolidate", unit=BREACH)))


AWAY = (1.5, -2.0)  # away from the Brood, towards o2, ending in its range


def test_a_unit_in_base_contact_may_not_consolidate_away_to_an_objective() -> None:
    s = _consolidating(19 + 0.63 + 0.55)  # 32 mm and 28 mm bases touching
    _, d = run(s, "p1", c.Consolidate(unit=BREACH, paths=shift(s, BREACH, *AWAY)))
    assert isinstance(d, Rejection) and d.code == "rule/in_contact", d


def test_a_unit_in_engagement_range_may_not_consolidate_away_to_an_objective() -> None:
    s = _consolidating(20.7)  # about 0.5" apart: in Engagement Range, not in base contact
    _, d = run(s, "p1", c.Consolidate(unit=BREACH, paths=shift(s, BREACH, *AWAY)))
    assert isinstance(d, Rejection) and d.code == "rule/not_closer", d


def test_casual_warns_that_the_consolidation_left_engagement_range() -> None:
    s = _consolidating(20.7, strict=False)
    _, d = run(s, "p1", c.Consolidate(unit=BREACH, paths=shift(s, BREACH, *AWAY)))
    assert isinstance(d, Accepted), d
    codes = [e.code for e in events(d, "rule_warning")]
    assert codes == ["rule/not_closer", "rule/no_engagement"], codes


def test_a_unit_that_cannot_reach_the_enemy_still_consolidates_to_an_objective() -> None:
    s = _consolidating(24.5)  # the Brood more than 4" away: no end in Engagement Range
    _, d = run(s, "p1", c.Consolidate(unit=BREACH, paths=shift(s, BREACH, *AWAY)))
    assert isinstance(d, Accepted), d
    assert not events(d, "rule_warning")


def _with_a_plane(brood_y: float, swarm_y: float, revision: int | None = None) -> State:
    """Kiln Breachers at y 19 consolidate; the Brood at ``brood_y``, the Swarm made an AIRCRAFT
    at ``swarm_y``."""
    s = arranged(
        {BREACH: row(24, 19, 5), BROOD: row(24, brood_y, 10), SWARM: row(24, swarm_y, 3, dx=2.5)},
        "fight",
        request=_request(revision),
    )
    plane = s.sheets[SWARM]
    plane = replace(plane, keywords=(*plane.keywords, "AIRCRAFT"))
    table = replace(
        s.table,
        units={**s.table.units, SWARM: replace(s.table.units[SWARM], keywords=plane.keywords)},
    )
    s = replace(s, sheets={**s.sheets, SWARM: plane}, table=table)
    return evolve(s, Waiting(pending=Pending(player="p1", kind="consolidate", unit=BREACH)))


def test_an_enemy_aircraft_nearby_does_not_stop_a_move_to_an_objective() -> None:
    """A unit that cannot FLY never ends in Engagement Range of an AIRCRAFT it could fight
    (§4.7, §4.9): a plane 2" away leaves only the objective (review s15)."""
    s = _with_a_plane(brood_y=35, swarm_y=23)
    _, d = run(s, "p1", c.Consolidate(unit=BREACH, paths=shift(s, BREACH, *AWAY)))
    assert isinstance(d, Accepted), d
    assert not events(d, "rule_warning")


def _plane_behind(revision: int | None = None) -> State:
    """The Brood 3.2" ahead, the plane 2.5" behind: nearer than the Brood."""
    return _with_a_plane(brood_y=22.2, swarm_y=16.5, revision=revision)


def test_a_consolidation_ignores_an_enemy_aircraft_when_finding_the_closest_enemy() -> None:
    """§4.7: a model that cannot FLY ignores AIRCRAFT when it finds the closest enemy model
    (review s15): moving at the Brood, away from the nearer plane, is closer."""
    s = _plane_behind()
    _, d = run(s, "p1", c.Consolidate(unit=BREACH, paths=shift(s, BREACH, 0, 1.2)))
    assert isinstance(d, Accepted), d
    assert not events(d, "rule_warning")


def test_a_game_of_revision_4_counts_the_aircraft_as_the_closest_enemy() -> None:
    s = _plane_behind(revision=4)
    _, d = run(s, "p1", c.Consolidate(unit=BREACH, paths=shift(s, BREACH, 0, 1.2)))
    assert isinstance(d, Rejection) and d.code == "rule/not_closer", d


def test_a_game_of_revision_4_judges_it_as_a_move_to_the_objective() -> None:
    s = _consolidating(20.7, revision=4)
    _, d = run(s, "p1", c.Consolidate(unit=BREACH, paths=shift(s, BREACH, *AWAY)))
    assert isinstance(d, Accepted), d


# -- R43 c: no Command Re-roll for a save no die can pass (§8.3 step 4, §6.2 item 1) -------------


def _melt_on_the_swarm(revision: int | None = None) -> State:
    s = arranged(
        {BREACH: row(10, 15, 5), SWARM: row(10, 19, 3, dx=2.5)},
        "shooting",
        request=_request(revision),
    )
    return s.with_side("p1", cp=0).with_side("p2", cp=1)


# Melt charge: hit 4 (3+), wound 2 (S9 v T2: 2+), save 6 (Sv6+ AP-4: needs 10+), damage 6.
MELT_DICE = [4, 2, 6, 6]


def test_no_reroll_offered_for_a_save_that_needs_more_than_six() -> None:
    s = _melt_on_the_swarm()
    s, d = run(s, "p1", shots(s, BREACH, "Melt charge", SWARM, n=1), MELT_DICE)
    assert isinstance(d, Accepted), d
    assert s.pending is None or s.pending.kind != "reroll", s.pending
    (w,) = events(d, "weapon_resolved")
    assert w.failed_saves == 1 and s.side("p2").cp == 1


def test_a_save_that_could_pass_is_still_offered() -> None:
    # Ember carbine AP0 (14" away: one shot; the Swarm has Stealth, so it hits on 5+) against
    # Sv6+: a 1 fails, a re-rolled 6 would pass.
    s = arranged({LINE: row(10, 5, 10), SWARM: row(10, 19, 3, dx=2.5)}, "shooting")
    s = s.with_side("p1", cp=0).with_side("p2", cp=1)
    s, _ = run(s, "p1", shots(s, LINE, "Ember carbine", SWARM, n=1), [5, 2, 1])
    p = s.pending
    assert p is not None and (p.kind, p.player, p.detail["roll"]) == ("reroll", "p2", "save"), p


def test_a_game_of_revision_4_offers_the_hopeless_save() -> None:
    s = _melt_on_the_swarm(revision=4)
    s, _ = run(s, "p1", shots(s, BREACH, "Melt charge", SWARM, n=1), MELT_DICE)
    p = s.pending
    assert p is not None and (p.kind, p.player, p.detail["roll"]) == ("reroll", "p2", "save"), p


# -- R43 d: no disembarking from a transport that is not on the battlefield (§3.7, §4.5) --------

CARRIAGE = "p1-ac-carriage"


def _aboard_a_transport_in_reserves(revision: int | None = None) -> State:
    """Round 1, p1's Movement phase, casual: the Pyre Carriage in Strategic Reserves with the
    Kiln Breachers embarked in it since the battle began."""
    s = arranged(
        {LINE: row(10, 5, 10), BROOD: row(10, 39, 10)},
        round_=1,
        request=_request(revision, strict=False),
    )
    status = {
        **s.status,
        CARRIAGE: replace(s.status[CARRIAGE], location="reserves", reserve="strategic"),
        BREACH: replace(
            s.status[BREACH], location="embarked", transport=CARRIAGE, started_embarked=True
        ),
    }
    return replace(s, status=status)


def _disembark() -> c.Disembark:
    return c.Disembark(
        unit=BREACH,
        models=tuple(c.Place(model=f"{BREACH}-{i}", x=20 + 1.5 * i, y=8) for i in range(1, 6)),
    )


def test_a_unit_aboard_a_transport_in_reserves_cannot_disembark_even_in_casual() -> None:
    s = _aboard_a_transport_in_reserves()
    assert not s.options.strict
    _, d = run(s, "p1", _disembark())
    assert isinstance(d, Rejection) and d.code == "transport/not_on_table", d
    assert d.message.startswith("Pyre Carriage is not on the battlefield"), d.message


def test_a_game_of_revision_4_warns_only_that_it_is_too_far_from_the_transport() -> None:
    s = _aboard_a_transport_in_reserves(revision=4)
    s, d = run(s, "p1", _disembark())
    assert isinstance(d, Accepted), d
    assert [e.code for e in events(d, "rule_warning")] == ["rule/disembark_range"]
    assert s.status[BREACH].location == "table"
