"""The defender's allocation prompt says what is coming (walkthrough s15/h4 #9): the view's
pending ``allocate`` names the weapon, its S, AP and D, and how many of its wounding attacks are
left to allocate (views.py ``_with_weapon``, derived for each view, not an event field)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.wh40k10e.arrange import arranged, row
from tests.wh40k10e.test_rerolls import shots
from tests.wh40k10e.test_rules import run
from vantage.engine.decision import Accepted
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e.attacks import HALF
from vantage.rules.wh40k10e.state import State
from vantage.rules.wh40k10e.views import project

LINE = "p1-ac-line"
BREACH = "p1-ac-breach"
BROOD = "p2-vh-brood"
SAPLINE = "p2-vh-sapline"
IN_WOOD = ("p2-vh-brood-1", "p2-vh-brood-2", "p2-vh-brood-3")


def _brood_half_in_the_wood(shooter: str) -> State:
    """Three Seedlings wholly within the West wood (cover), seven in the open: a real choice."""
    brood = [(13.0, 21.0), (14.5, 21.0), (16.0, 21.0), *row(22, 21, 7)]
    s = arranged(
        # The Line 15" away (no Rapid Fire), the Breachers 5" (Melt charge: range 6", no Melta).
        {shooter: row(10, 6, 10) if shooter == LINE else row(12, 16, 5), BROOD: brood},
        "shooting",
        request={"layout": "open-field"},
    )
    return s.with_side("p1", cp=0).with_side("p2", cp=0)


def _pending(s: State, viewer: str | None) -> dict:
    pending = project(s, viewer)["game"]["pending"]
    assert pending is not None
    return pending


def test_the_allocation_prompt_names_the_weapon_and_the_wounds_left() -> None:
    s = _brood_half_in_the_wood(LINE)
    # Three carbines: hits 4 4 4 (4+), wounds 3 3 3 (S4 v T3: 3+).
    s, d = run(s, "p1", shots(s, LINE, "Ember carbine", BROOD, n=3), [4, 4, 4, 3, 3, 3])
    assert isinstance(d, Accepted), d
    p = _pending(s, "p2")
    assert p["kind"] == "allocate"
    assert p["detail"] == {
        "weapon": "Ember carbine",
        "attacker": LINE,
        "strength": 4,
        "ap": 0,
        "damage": "1",
        "wounds_left": 3,
    }
    # The same for the attacker and a spectator (nothing about an attack is secret).
    assert _pending(s, "p1")["detail"] == p["detail"] == _pending(s, None)["detail"]
    # The first goes to a Seedling in the wood and fails its save (1): it dies, two are left.
    s, d = run(s, "p2", c.Allocate(model=IN_WOOD[0]), [1])
    assert isinstance(d, Accepted), d
    assert _pending(s, "p2")["detail"]["wounds_left"] == 2
    s, d = run(s, "p2", c.Allocate(model=IN_WOOD[1]), [1])
    assert isinstance(d, Accepted), d
    assert _pending(s, "p2")["detail"]["wounds_left"] == 1


def test_the_prompt_gives_ap_and_random_damage() -> None:
    # The Sapline's Acid lobber (A2 BS4+ Heavy, S8 AP-3 D D6) at Ashguard Line (Sv4+), three of
    # them in the West wood: 7+ in the open, 6+ in cover, a real choice (R43 a). 15" away: no
    # Melta. Hits 5 and 1 (4+, +1 Heavy: one hit), wound 2 (S8 v T3: 2+).
    line = [(13.0, 21.0), (14.5, 21.0), (16.0, 21.0), *row(22, 21, 7)]
    s = (
        arranged(
            {SAPLINE: row(14, 36, 3, dx=3.0), LINE: line},
            "shooting",
            active="p2",
            request={"layout": "open-field"},
        )
        .with_side("p1", cp=0)
        .with_side("p2", cp=0)
    )
    s, d = run(s, "p2", shots(s, SAPLINE, "Acid lobber", LINE, n=1), [5, 1, 2])
    assert isinstance(d, Accepted), d
    detail = _pending(s, "p1")["detail"]
    assert (detail["weapon"], detail["ap"], detail["damage"]) == ("Acid lobber", -3, "D6")
    assert detail["wounds_left"] == 1
    # The state's own pending is untouched: the detail is the view's.
    assert s.pending is not None and dict(s.pending.detail) == {}


def _sapline_at_the_line(sapline: list[tuple[float, float]]) -> State:
    """The Sapline (Acid lobber: 24", MELTA 1) shooting Ashguard Line, three of whose models are
    in the West wood: a real choice for the defender (R43 a)."""
    line = [(13.0, 21.0), (14.5, 21.0), (16.0, 21.0), *row(22, 21, 7)]
    s = arranged(
        {SAPLINE: sapline, LINE: line}, "shooting", active="p2", request={"layout": "open-field"}
    )
    return s.with_side("p1", cp=0).with_side("p2", cp=0)


def test_the_prompt_gives_melta_damage_within_half_range() -> None:
    """MELTA 1 adds 1 to the Damage of attacks made within half range (§2.5, wh40k-10th
    MELTA X): the prompt says D6+1, not the sheet's D6 (s15 leftover)."""
    s = _sapline_at_the_line(row(14, 28, 3, dx=3.0))  # about 6" away: within 12"
    # One lobber, two attacks: hits 5 and 1 (4+, Heavy +1), wound 2 (S8 v T3: 2+).
    s, d = run(s, "p2", shots(s, SAPLINE, "Acid lobber", LINE, n=1), [5, 1, 2])
    assert isinstance(d, Accepted), d
    detail = _pending(s, "p1")["detail"]
    assert (detail["damage"], detail["melta_damage"]) == ("D6", "D6+1")


def test_the_prompt_says_when_melta_adds_for_some_attackers_only() -> None:
    """Two Melt charges (6", MELTA 2) at the Sapline, whose three models differ in their weapons
    (a real choice): one thrown from within 3", the other from about 4": D6+2 for one of them."""
    where = {BREACH: [(14.0, 23.6), (24.0, 24.5)], SAPLINE: row(14, 21, 3, dx=3.0)}
    s = arranged(where, "shooting", request={"layout": "open-field"})
    s = s.with_side("p1", cp=0).with_side("p2", cp=0)
    s, d = run(s, "p1", shots(s, BREACH, "Melt charge", SAPLINE), [5, 5, 5, 5])  # 2 hits, 2 wounds
    assert isinstance(d, Accepted), d
    detail = _pending(s, "p2")["detail"]
    assert (detail["damage"], detail["melta_damage"]) == ("D6", "D6+2 for some")


def test_the_melta_damage_is_that_of_the_group_being_allocated() -> None:
    """Review s16 B #5: Plunging Fire models resolve as their own group (AP one better), and the
    detail counted every model of the weapon. Here the group asked about is the far Breacher's
    alone (its Plunging Fire set by hand on the plan): MELTA adds nothing to it."""
    where = {BREACH: [(14.0, 23.6), (24.0, 24.5)], SAPLINE: row(14, 21, 3, dx=3.0)}
    s = arranged(where, "shooting", request={"layout": "open-field"})
    s = s.with_side("p1", cp=0).with_side("p2", cp=0)
    s, d = run(s, "p1", shots(s, BREACH, "Melt charge", SAPLINE), [5, 5, 5, 5])
    assert isinstance(d, Accepted), d
    plan = s.attack
    assert plan is not None
    close = {k.split(HALF)[0] for k in plan.half_range}
    (far,) = [a.model for a in plan.assignments if a.model not in close]
    s = replace(s, attack=replace(plan, plunging=(f"{far}{HALF}{SAPLINE}",)))
    detail = _pending(s, "p2")["detail"]
    assert detail["ap"] == -5 and detail["wounds_left"] == 1  # the plunging group: AP-4, -1
    assert "melta_damage" not in detail


def test_the_prompt_gives_no_melta_damage_beyond_half_range() -> None:
    s = _sapline_at_the_line(row(14, 36, 3, dx=3.0))  # 15" away
    s, d = run(s, "p2", shots(s, SAPLINE, "Acid lobber", LINE, n=1), [5, 1, 2])
    assert isinstance(d, Accepted), d
    assert "melta_damage" not in _pending(s, "p1")["detail"]


def test_two_games_paused_at_once_re_run_each_attack_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The detail is remembered per paused attack, not for the last one only: two games asked
    for in turn did re-run each other's attack for every view (review s15: 0.1 s each)."""
    from vantage.rules.wh40k10e import attacks

    games = []
    for wounds in ([4, 4, 3, 3], [4, 4, 4, 3, 3, 3]):
        s = _brood_half_in_the_wood(LINE)
        n = len(wounds) // 2
        s, d = run(s, "p1", shots(s, LINE, "Ember carbine", BROOD, n=n), wounds)
        assert isinstance(d, Accepted), d
        games.append(s)
    runs = []
    real = attacks.run
    monkeypatch.setattr(attacks, "run", lambda *a, **k: runs.append(1) or real(*a, **k))
    for _ in range(3):
        for s, left in zip(games, (2, 3), strict=True):
            for viewer in ("p1", "p2", None):
                assert _pending(s, viewer)["detail"]["wounds_left"] == left
    assert len(runs) <= 2


def test_a_replay_that_fails_leaves_the_prompt_without_its_detail(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug in the replay must not break every view of the game (review s15)."""
    from vantage.rules.wh40k10e import attacks

    s = _brood_half_in_the_wood(LINE)
    s, d = run(s, "p1", shots(s, LINE, "Ember carbine", BROOD, n=1), [4, 3])
    assert isinstance(d, Accepted), d

    def broken(*_a: object, **_k: object) -> object:
        raise RuntimeError("a bug")

    monkeypatch.setattr(attacks, "run", broken)
    p = _pending(s, "p2")
    assert p["kind"] == "allocate" and p["detail"] == {}


def test_a_devastating_wounds_prompt_counts_the_mortal_wounds_left() -> None:
    """The mortal wounds of one DEVASTATING WOUNDS attack, allocated one at a time, say how many
    are left (s15 leftover: the prompt gave no count)."""
    from tests.wh40k10e.test_leaders import P1_LINE, P1_X, P2_LINE, fight_selection

    s = fight_selection(False).with_side("p1", cp=0).with_side("p2", cp=0)
    staff = c.AttackIn(model=P1_X, weapon="Kiln staff", target=P2_LINE)  # A4 S6 AP-1 D D3 DW
    # hits 3 3 3 3 (WS3+), wounds 6 2 2 2 (2+ v T3; the 6 is a critical: Devastating Wounds)
    s, d = run(s, "p1", c.Fight(unit=P1_LINE, attacks=(staff,)), [3, 3, 3, 3, 6, 2, 2, 2])
    assert isinstance(d, Accepted), d
    # the three ordinary wounds: saves of 1, damage 1 each; then the critical's D3 rolls 6: 3
    for model, dice in (
        ("p2-ac-line-1", [1, 1]),
        ("p2-ac-line-2", [1, 1]),
        ("p2-ac-line-3", [1, 1, 6]),
    ):
        s, d = run(s, "p2", c.Allocate(model=model), dice)
        assert isinstance(d, Accepted), d
    detail = _pending(s, "p2")["detail"]
    assert (detail["mortal"], detail["mortal_left"]) == (1, 3)
    assert "wounds_left" not in detail
    s, d = run(s, "p2", c.Allocate(model="p2-ac-line-4"))
    assert isinstance(d, Accepted), d
    assert _pending(s, "p2")["detail"]["mortal_left"] == 2


def test_a_devastating_wounds_prompt_says_more_critical_wounds_are_to_come() -> None:
    """Two critical wounds of DEVASTATING WOUNDS: the first's mortal wounds are allocated while
    the second's damage is not rolled yet; the prompt says one more is to come (review s16 r3 #4:
    it counted the first alone, as if that were all)."""
    from tests.wh40k10e.test_leaders import P1_LINE, P1_X, P2_LINE, fight_selection

    s = fight_selection(False).with_side("p1", cp=0).with_side("p2", cp=0)
    staff = c.AttackIn(model=P1_X, weapon="Kiln staff", target=P2_LINE)
    # hits 3 3 3 3, wounds 6 6 2 2: two criticals, two ordinary wounds
    s, d = run(s, "p1", c.Fight(unit=P1_LINE, attacks=(staff,)), [3, 3, 3, 3, 6, 6, 2, 2])
    assert isinstance(d, Accepted), d
    # the ordinary two: saves of 1, damage 1; then the first critical's D3 rolls 4: 2
    for model, dice in (("p2-ac-line-1", [1, 1]), ("p2-ac-line-2", [1, 1, 4])):
        s, d = run(s, "p2", c.Allocate(model=model), dice)
        assert isinstance(d, Accepted), d
    detail = _pending(s, "p2")["detail"]
    assert (detail["mortal_left"], detail["mortal_later"]) == (2, 1)
