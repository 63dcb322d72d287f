"""Rules bugs found by the QA walkthrough s13/wt10e, each pinned at the engine level."""

from __future__ import annotations

from dataclasses import replace

from tests.wh40k10e.arrange import arranged, row
from tests.wh40k10e.test_rules import BROOD, LINE, run, shift
from vantage.engine.decision import Accepted
from vantage.engine.errors import Rejection
from vantage.rosters import demo_armies
from vantage.rules import find_ruleset
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e.events import PhaseStarted, Waiting
from vantage.rules.wh40k10e.evolve import evolve
from vantage.rules.wh40k10e.sheets import unit_sheets
from vantage.rules.wh40k10e.state import RULES_REVISION, Pending, State


def test_command_reroll_on_an_advance_is_usable_again_in_a_later_phase() -> None:
    """wh40k-10th §6.2 item 1: one re-roll per roll; the marker must not outlive the phase
    (it did: the unit could never use Command Re-roll on an Advance or Charge roll again)."""
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)})
    s = s.with_side("p1", cp=3)
    s, _ = run(s, "p1", c.RollAdvance(unit=LINE), [1])
    s, d = run(s, "p1", c.UseStratagem(name="command_reroll", unit=LINE), [2])
    assert isinstance(d, Accepted)
    for e in (PhaseStarted(round=3, player="p1", phase="movement"), Waiting(pending=None)):
        s = evolve(s, e)
    assert "command_reroll" not in s.status[LINE].effects
    s, _ = run(s, "p1", c.RollAdvance(unit=LINE), [1])
    s, d = run(s, "p1", c.UseStratagem(name="command_reroll", unit=LINE), [6])
    assert isinstance(d, Accepted), d
    assert s.status[LINE].advance_roll == 6


BREACH = "p1-ac-breach"


def _arrived_breachers(strict: bool, revision: int = RULES_REVISION) -> State:
    request = {"strict": strict, "rules_revision": revision}
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)}, request=request)
    s = s.with_status(BREACH, location="reserves", reserve="deep_strike")
    ids = [mid for mid, m in s.offboard.items() if m.unit == BREACH]
    places = tuple(
        c.Place(model=mid, x=x, y=y) for mid, (x, y) in zip(ids, row(30, 20, 5), strict=True)
    )
    s, d = run(s, "p1", c.Arrive(unit=BREACH, models=places))
    assert isinstance(d, Accepted), d
    return s


def test_a_unit_set_up_from_reserves_cannot_move_further_this_phase() -> None:
    """wh40k-10th §4.5: it counts as having made a Normal move; it cannot move further this
    phase (a Normal move after arriving was accepted). Refused in casual games too, like any
    second move in a phase."""
    for strict in (True, False):
        s = _arrived_breachers(strict)
        assert s.status[BREACH].move == "normal" and s.status[BREACH].moved_this_phase
        for cmd in (
            c.Move(unit=BREACH, kind="normal", paths=shift(s, BREACH, 0, 3)),
            c.RollAdvance(unit=BREACH),
        ):
            _, d = run(s, "p1", cmd, [3])
            assert isinstance(d, Rejection) and d.code == "move/arrived", d
            assert "§4.5" in d.message


CARRIAGE = "p1-ac-carriage"


def _carriage_at(x: float, y: float, strict: bool = True) -> State:
    """The ruined city; the Pyre Carriage (oval 170 x 105 mm) at (x, y), its long axis along y."""
    s = arranged(
        {CARRIAGE: [(x, y)], BROOD: row(10, 39, 10)},
        request={"layout": "ruined-city", "strict": strict},
    )
    m = s.models_of(CARRIAGE)[0]
    return replace(s, table=s.table.with_models({m.id: m.placed(x, y, facing=90)}))


def _drive(s: State, x: float, y: float) -> c.Move:
    m = s.models_of(CARRIAGE)[0]
    return c.Move(unit=CARRIAGE, kind="advance", paths=(c.PathIn(model=m.id, path=((x, y),)),))


def test_a_move_may_not_end_on_a_barricade() -> None:
    """wh40k-10th §2.5 B (seed L3748-L3786): models may move over a barricade but not end any
    move on it. The walkthrough's carriage ended overlapping Barricade t8 (x 31-36, y 21.7-22.3)
    by about 0.3 sq in and was accepted."""
    s = _carriage_at(36, 7)
    s, _ = run(s, "p1", c.RollAdvance(unit=CARRIAGE), [5])
    _, d = run(s, "p1", _drive(s, 37, 19.7))
    assert isinstance(d, Rejection) and d.code == "rule/on_obstacle", d
    assert "end a move on Barricade (models" in d.message  # as players read it (QA s13 #2)
    assert dict(d.detail)["terrain"] == "t8"
    _, d = run(s, "p1", _drive(s, 37, 18.3))  # 18.3 + 3.35 < 21.7: short of it
    assert isinstance(d, Accepted), d
    casual = replace(s, options=replace(s.options, strict=False))
    _, d = run(casual, "p1", _drive(s, 37, 19.7))
    assert isinstance(d, Accepted) and [w.code for w in d.warnings] == ["rule/on_obstacle"]


def test_a_unit_may_not_be_set_up_on_debris() -> None:
    """wh40k-10th §2.5 C: nor set up on one (Statuary t10, x 8-11, y 11-13)."""
    s = arranged({LINE: row(30, 5, 10), BROOD: row(10, 39, 10)}, request={"layout": "ruined-city"})
    s = s.with_status(BREACH, location="reserves", reserve="deep_strike")
    ids = [mid for mid, m in s.offboard.items() if m.unit == BREACH]
    spots = row(7, 12, 5)
    places = tuple(c.Place(model=m, x=x, y=y) for m, (x, y) in zip(ids, spots, strict=True))
    _, d = run(s, "p1", c.Arrive(unit=BREACH, models=places))
    assert isinstance(d, Rejection) and d.code == "rule/on_obstacle", d


def test_an_oval_base_beside_the_woods_gets_no_woods_penalty() -> None:
    """wh40k-10th §2.5 E: -2" only when the base moves over the woods. The carriage's oval
    (2.07" across) goes up x = 36, so it reaches x = 33.93, clear of Ash wood (x 27-33); the
    circle of its largest radius (3.35") reached 32.65 and cost it 2"."""
    s = _carriage_at(36, 7)
    s, _ = run(s, "p1", c.RollAdvance(unit=CARRIAGE), [5])
    m = s.models_of(CARRIAGE)[0]
    dogleg = c.PathIn(model=m.id, path=((36, 18), (38.5, 18)))  # 13.5" of 10 + 5
    _, d = run(s, "p1", c.Move(unit=CARRIAGE, kind="advance", paths=(dogleg,)))
    assert isinstance(d, Accepted), d
    closer = c.PathIn(model=m.id, path=((35, 7), (35, 18), (36.5, 18)))  # reaches 32.93
    _, d = run(s, "p1", c.Move(unit=CARRIAGE, kind="advance", paths=(closer,)))
    assert isinstance(d, Rejection) and d.code == "rule/too_far" and '13"' in d.message, d


def test_a_unit_that_made_no_move_has_remained_stationary_for_heavy() -> None:
    """wh40k-10th §8.4 HEAVY, §4.4: a unit of the active player on the battlefield that made no
    move in its Movement phase has Remained Stationary when the phase ends (R37); it needed an
    explicit Remain Stationary command, or its HEAVY weapons lost the +1 to hit."""
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)})
    s = s.with_status(BREACH, location="reserves", reserve="deep_strike")
    s, d = run(s, "p1", c.EndPhase())
    assert isinstance(d, Accepted) and s.phase == "shooting", d
    assert s.status[LINE].move == "stationary"
    assert s.status[BROOD].move == "none"  # the other player's unit
    assert s.status[BREACH].move == "none"  # not on the battlefield


def test_a_unit_that_disembarked_has_not_remained_stationary() -> None:
    """wh40k-10th §3.7 Disembark item 3, §8.4 HEAVY: a unit that disembarked (even from a
    transport that did not move) cannot Remain Stationary, by choice or by making no move
    (found by review: R37 marked it, and HEAVY gave it +1)."""
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)})
    s = s.with_status(LINE, disembarked_now=True)
    _, d = run(s, "p1", c.Move(unit=LINE, kind="stationary", paths=()))
    assert isinstance(d, Rejection) and d.code == "move/disembarked", d
    s, d = run(s, "p1", c.EndPhase())
    assert isinstance(d, Accepted), d
    assert s.status[LINE].move == "none"


def test_a_game_of_rules_revision_1_is_decided_as_it_was_played() -> None:
    """R38: a game stored before revision 2 (its request has no ``rules_revision``) keeps the
    rules it was played under, so its log re-decides the same and its export still verifies."""
    s = _arrived_breachers(True, revision=1)  # R34: it could move on after arriving
    _, d = run(s, "p1", c.Move(unit=BREACH, kind="normal", paths=shift(s, BREACH, 0, 3)))
    assert isinstance(d, Accepted), d
    s = _carriage_at(36, 7)  # R35: a move could end on a barricade
    old = replace(s, options=replace(s.options, revision=1))
    old, _ = run(old, "p1", c.RollAdvance(unit=CARRIAGE), [5])
    _, d = run(old, "p1", _drive(old, 37, 19.7))
    assert isinstance(d, Accepted) and not d.warnings, d
    m = old.models_of(CARRIAGE)[0]  # R36: woods by the largest radius cost the oval 2"
    dogleg = c.PathIn(model=m.id, path=((36, 18), (38.5, 18)))
    _, d = run(old, "p1", c.Move(unit=CARRIAGE, kind="advance", paths=(dogleg,)))
    assert isinstance(d, Rejection) and d.code == "rule/too_far", d
    s = arranged(  # R37: a unit that made no move had not Remained Stationary
        {LINE: row(10, 5, 10), BROOD: row(10, 39, 10)}, request={"rules_revision": 1}
    )
    s, _ = run(s, "p1", c.EndPhase())
    assert s.status[LINE].move == "none"


def test_a_new_game_is_stamped_with_this_codes_rules_revision() -> None:
    """R38: the server stores the revision with a new game's request; a client cannot give one
    (it is no option of a new game), and a stored request without one is revision 1."""
    rs = find_ruleset("wh40k-10e")
    assert rs is not None and "rules_revision" not in (rs.create_options or ())
    stamped = dict(rs.new_game_options({"strict": False, "armies": {"p2": {"demo": 0}}}))
    armies = stamped.pop("armies")
    assert stamped == {"strict": False, "rules_revision": RULES_REVISION}
    # the demo armies themselves are stored, so a change to them never changes a stored game
    demos = demo_armies()
    assert armies == {"p1": demos[0].content_json(), "p2": demos[0].content_json()}
    setup = rs.parse_setup({})
    assert not isinstance(setup, Rejection) and setup.options.revision == 1
    for bad in (0, RULES_REVISION + 1, "2", True):
        refused = rs.parse_setup({"rules_revision": bad})
        assert isinstance(refused, Rejection) and refused.detail["field"] == "rules_revision"


def test_a_stored_game_naming_a_demo_army_by_index_gets_the_first_release() -> None:
    """R38: games of revision 1 stored only the index of a demo army, and were played with the
    armies as first shipped; the demo armies changed since (QA s13 #15: whole loadouts), and a
    QA game of the first release re-decides only with those."""
    rs = find_ruleset("wh40k-10e")
    assert rs is not None
    old = rs.parse_setup({"armies": {"p1": {"demo": 0}}})
    new = rs.parse_setup(rs.new_game_options({"armies": {"p1": {"demo": 0}}}))
    assert not isinstance(old, Rejection) and not isinstance(new, Rejection)
    first, now = demo_armies(1)[0], demo_armies()[0]
    assert first.digest() != now.digest()
    assert [s.name for s in old.sheets] == [s.name for s in new.sheets]
    assert old.sheets == tuple(
        unit_sheets(first, "p1", 1) + unit_sheets(demo_armies(1)[1], "p2", 1)
    )
    assert new.sheets == tuple(unit_sheets(now, "p1") + unit_sheets(demo_armies()[1], "p2"))


def test_checks_added_for_new_games_do_not_lock_out_stored_ones() -> None:
    """An army for no player and a demo index of true were accepted before the security
    audit's checks: stored games with them still load, and only a new game is refused."""
    rs = find_ruleset("wh40k-10e")
    assert rs is not None
    for request, field in (
        ({"armies": {"p3": {"demo": 0}}}, "armies.p3"),
        ({"armies": {"p1": {"demo": True}}}, "armies.p1.demo"),
    ):
        stored = rs.parse_setup(request)
        assert not isinstance(stored, Rejection), stored
        refusal = rs.check_new_setup(rs.parse_setup(rs.new_game_options(request)))
        assert refusal is not None and refusal.detail["field"] == field


def test_a_snapshot_stored_before_revisions_decodes_as_revision_1() -> None:
    """Found by review: ``Options.revision`` defaulted to this code's revision, so an old game
    reloaded from a snapshot (every 200 events) took up the new rules mid-game."""
    rs = find_ruleset("wh40k-10e")
    assert rs is not None
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)})
    assert s.options.revision == RULES_REVISION
    stored = rs.state_codec.encode(s)
    assert rs.state_codec.decode(stored).options.revision == RULES_REVISION
    del stored["options"]["revision"]
    assert not rs.state_codec.decode(stored).options.since(2)


def test_a_casual_scouts_move_onto_a_barricade_is_warned_once() -> None:
    """Found by review: a Scouts move's end was checked for obstacles by its path and again by
    the set-up checks, so a casual game logged ``rule/on_obstacle`` twice."""
    hounds = "p1-ac-hounds"
    s = arranged(
        {hounds: [(31.8, 17), (35, 17)], BROOD: row(10, 39, 10)},
        request={"layout": "ruined-city", "strict": False},
    )
    s = replace(s, pending=Pending(player="p1", kind="scouts", options=(hounds,)))
    onto = tuple(
        c.PathIn(model=m.id, path=((m.x, 22),)) for m in s.models_of(hounds)
    )  # Barricade t8: x 31-36, y 21.7-22.3
    _, d = run(s, "p1", c.Move(unit=hounds, kind="scouts", paths=onto), [3] * 20)
    assert isinstance(d, Accepted), d
    assert [w.code for w in d.warnings].count("rule/on_obstacle") == 1, d.warnings
