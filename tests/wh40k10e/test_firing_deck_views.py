"""FIRING DECK in the `targets` query and embarked units' models in the projection (wh40k-10th
§3.7, rules decision R21, docs/protocol.md). Positions are worked out by hand: the Pyre Carriage
(oval 170 x 105 mm: half-width 2.067") at (20, 20), facing along x; Sapline Launchers (oval
60 x 35 mm: half-width 0.689") with a model at (20, 30): 10 - 2.067 - 0.689 = 7.24" from the
carriage, beyond the Melt charge's 6" and within the Kiln torch's 12"; the Seedling Brood
(32 mm) at y 24.5: 24.5 - 20 - 2.067 - 0.63 = 1.80" away. Kiln Breachers: models 1-2 carry
Kiln torch and Melt charge, 3 only the torch, 4-5 neither.
"""

from __future__ import annotations

from dataclasses import replace

from tests.wh40k10e.arrange import arranged, row
from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e.queries import live_query
from vantage.rules.wh40k10e.state import State
from vantage.rules.wh40k10e.views import project

CARRIAGE = "p1-ac-carriage"
BREACH = "p1-ac-breach"
BROOD = "p2-vh-brood"
SAPLINE = "p2-vh-sapline"


def _deck_state() -> State:
    s = arranged(
        {CARRIAGE: [(20, 20)], BROOD: row(17, 24.5, 5), SAPLINE: row(20, 30, 3, dx=3.0)},
        phase="shooting",
    )
    sheet = replace(s.sheets[CARRIAGE], firing_deck=2, keywords=("VEHICLE", "TRANSPORT"))
    s = replace(s, sheets={**s.sheets, CARRIAGE: sheet})
    return s.with_status(BREACH, location="embarked", transport=CARRIAGE)


def _deck(*picks: tuple[str, str]) -> list[dict[str, str]]:
    return [{"model": m, "weapon": w} for m, w in picks]


def test_targets_query_answers_for_the_lent_weapons_from_the_transport() -> None:
    s = _deck_state()
    plain = live_query(s, {"kind": "targets", "unit": CARRIAGE})
    assert isinstance(plain, dict) and not any("[deck" in w for w in plain)
    deck = _deck((f"{BREACH}-1", "Melt charge"), (f"{BREACH}-3", "Kiln torch"))
    answer = live_query(s, {"kind": "targets", "unit": CARRIAGE, "firing_deck": deck})
    assert isinstance(answer, dict), answer
    # Melt charge 6": only the Brood (1.80"); Kiln torch 12": the Brood and the Launchers.
    assert answer[f"Melt charge [deck {BREACH}-1]"] == [BROOD]
    assert sorted(answer[f"Kiln torch [deck {BREACH}-3]"]) == sorted([BROOD, SAPLINE])
    # The transport's own weapons are answered as before; the query changes no state.
    assert {w: t for w, t in answer.items() if "[deck" not in w} == plain
    assert not any("[deck" in w.name for w in s.sheets[CARRIAGE].weapons)


def test_targets_query_refuses_a_deck_the_shoot_command_would_refuse() -> None:
    s = _deck_state()

    def ask(deck: object) -> object:
        return live_query(s, {"kind": "targets", "unit": CARRIAGE, "firing_deck": deck})

    cases = {
        "rule/firing_deck_weapon": _deck((f"{BREACH}-4", "Melt charge")),
        "rule/firing_deck_model": _deck((f"{BROOD}-1", "Barb spitter")),
        "rule/firing_deck_count": _deck(*((f"{BREACH}-{i}", "Kiln torch") for i in (1, 2, 3))),
    }
    for code, deck in cases.items():
        bad = ask(deck)
        assert isinstance(bad, Rejection) and bad.code == "query/firing_deck", (code, bad)
        assert bad.detail["code"] == code
    bad = ask([{"model": f"{BREACH}-1"}])
    assert isinstance(bad, Rejection) and bad.code == "query/firing_deck"


def test_projection_lists_the_living_models_of_embarked_units() -> None:
    s = _deck_state()
    # Two Breachers (W2) were lost earlier and one is wounded: the cargo shows who is left.
    offboard = dict(s.offboard)
    for gone in (f"{BREACH}-1", f"{BREACH}-4"):
        del offboard[gone]
    offboard[f"{BREACH}-2"] = replace(offboard[f"{BREACH}-2"], wounds=1)
    s = replace(s, offboard=offboard)
    for viewer in ("p1", "p2", None):  # public information once formations are revealed
        units = project(s, viewer)["game"]["units"]
        assert units[BREACH]["embarked_models"] == [
            {"id": f"{BREACH}-2", "wounds": 1},
            {"id": f"{BREACH}-3", "wounds": 2},
            {"id": f"{BREACH}-5", "wounds": 2},
        ]
        assert units[BREACH]["models_left"] == 3
        assert units[CARRIAGE]["embarked_models"] == []
        assert units[BROOD]["embarked_models"] == []


def test_an_unknown_kind_is_unsupported_whatever_the_unit() -> None:
    """Found by a docs audit: ``{"kind": "bogus"}`` was refused as ``query/unit``."""
    s = _deck_state()
    for query in ({"kind": "bogus"}, {"kind": "bogus", "unit": CARRIAGE}, {}):
        answer = live_query(s, query)
        assert isinstance(answer, Rejection) and answer.code == "query/unsupported", query
    answer = live_query(s, {"kind": "targets", "unit": "nobody"})
    assert isinstance(answer, Rejection) and answer.code == "query/unit"


def test_the_view_says_whether_an_embarked_unit_may_disembark_this_phase() -> None:
    """QA s13: the browser offered Disembark to a unit that had embarked this phase. The view
    carries ``started_embarked``; the server refuses exactly those that are not."""
    from vantage.engine.dice import FixedDice
    from vantage.rules.wh40k10e import commands as c
    from vantage.rules.wh40k10e.decide import decide
    from vantage.rules.wh40k10e.evolve import evolve

    s = arranged({CARRIAGE: [(20, 20)], BREACH: row(20, 24, 5, dx=1.3)})
    sheet = replace(s.sheets[CARRIAGE], keywords=("VEHICLE", "TRANSPORT"))
    s = replace(s, sheets={**s.sheets, CARRIAGE: sheet})
    paths = tuple(
        c.PathIn(model=m.id, path=((m.x, m.y), (m.x, m.y - 0.5))) for m in s.models_of(BREACH)
    )
    move = c.Move(unit=BREACH, kind="normal", paths=paths, embark=CARRIAGE)
    d = decide(s, move, "p1", FixedDice([]))
    assert not isinstance(d, Rejection), d
    for e in d.events:
        s = evolve(s, e)
    seen = project(s, "p1")["game"]["units"][BREACH]
    assert (seen["location"], seen["started_embarked"]) == ("embarked", False)
    places = tuple(c.Place(model=f"{BREACH}-{i}", x=16 + 1.5 * i, y=23.5) for i in range(1, 6))
    d = decide(s, c.Disembark(unit=BREACH, models=places), "p1", FixedDice([]))
    assert isinstance(d, Rejection) and d.code == "rule/disembark_start", d
