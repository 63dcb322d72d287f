"""Declare Battle Formations is secret (wh40k-10th §5.1 step 5, rules decision R10): before both
players have declared, the opponent's and a spectator's view of the game and of the events must
not depend on what was declared (Leaders, Deep Strike, Strategic Reserves, transports, Hover).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from tests.wh40k10e.test_leaders import P1_LINE, formations, run
from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e import views
from vantage.rules.wh40k10e.state import State

CHOICES = [
    c.DeclareFormations(),
    c.DeclareFormations(attach={"p1-ac-exarch": P1_LINE}),
    c.DeclareFormations(attach={"p1-ac-exarch": "p1-ac-breach"}),
    c.DeclareFormations(reserves=("p1-ac-breach",)),
    c.DeclareFormations(strategic_reserves=("p1-ac-hounds",)),
    c.DeclareFormations(embark={"p1-ac-exarch": "p1-ac-carriage"}),
    c.DeclareFormations(
        attach={"p1-ac-exarch": P1_LINE},
        reserves=("p1-ac-breach",),
        strategic_reserves=("p1-ac-hounds",),
    ),
]


def _seen(state: State, events: Any, viewer: str | None) -> str:
    """Everything ``viewer`` receives: the projection and the redacted events."""
    after = state
    shown = [views.redact(e, after, viewer) for e in events]
    return json.dumps([views.project(state, viewer), shown], sort_keys=True)


def _declared(state: State, cmd: c.DeclareFormations) -> tuple[State, Any]:
    s, d = run(state, "p1", cmd)
    assert not isinstance(d, Rejection), (cmd, d)
    return s, d.events


@pytest.mark.parametrize("viewer", ["p2", None])
def test_opponent_and_spectator_see_the_same_whatever_was_declared(viewer: str | None) -> None:
    start = formations()
    seen = {_seen(*_declared(start, cmd), viewer) for cmd in CHOICES}
    assert len(seen) == 1


def test_the_opponent_sees_exactly_what_a_spectator_sees() -> None:
    s, events = _declared(start := formations(), CHOICES[-1])
    opponent = json.loads(_seen(s, events, "p2"))
    spectator = json.loads(_seen(s, events, None))
    assert opponent == spectator
    # and what both saw before p1 declared, apart from p1 now having declared
    before = views.project(start, "p2")
    after = views.project(s, "p2")
    assert after["game"]["units"] == before["game"]["units"]
    assert after["units"] == before["units"] and after["models"] == before["models"]


def test_the_declaring_player_sees_their_own_formation_and_all_see_it_after_the_reveal() -> None:
    s, _ = _declared(formations(), CHOICES[-1])
    mine = views.project(s, "p1")["game"]["units"]
    assert mine["p1-ac-exarch"]["location"] == "attached"
    assert mine[P1_LINE]["models_left"] == 11  # 10 Bodyguard models + the Exarch
    assert mine["p1-ac-breach"]["location"] == "reserves"
    assert mine["p1-ac-hounds"]["reserve"] == "strategic"
    hidden = views.project(s, "p2")["game"]["units"]
    assert hidden[P1_LINE]["models_left"] == 10 and hidden["p1-ac-exarch"]["models_left"] == 1
    s, _ = run(s, "p2", c.DeclareFormations())
    for viewer in ("p2", None):
        units = views.project(s, viewer)["game"]["units"]
        assert units[P1_LINE]["models_left"] == 11
        assert units["p1-ac-exarch"]["location"] == "attached"
        assert units["p1-ac-hounds"]["reserve"] == "strategic"


def _with_plane(state: State) -> State:
    """p1's Pyre Carriage as an AIRCRAFT with Hover."""
    unit = "p1-ac-carriage"
    sheet = state.sheets[unit]
    plane = replace(
        sheet, keywords=(*sheet.keywords, "AIRCRAFT"), abilities=(*sheet.abilities, "HOVER")
    )
    tu = replace(state.table.units[unit], keywords=plane.keywords)
    table = replace(state.table, units={**state.table.units, unit: tu})
    return replace(state, sheets={**state.sheets, unit: plane}, table=table)


def test_hover_mode_is_secret_too() -> None:
    start = _with_plane(formations())
    hovering = _declared(start, c.DeclareFormations(hover=("p1-ac-carriage",)))
    held = _declared(start, c.DeclareFormations(strategic_reserves=("p1-ac-carriage",)))
    assert _seen(*hovering, "p2") == _seen(*held, "p2")
    mine = views.project(hovering[0], "p1")["game"]["units"]["p1-ac-carriage"]
    assert "AIRCRAFT" not in mine["sheet"]["keywords"]


def _casual(revision: int | None = None) -> State:
    s = formations()
    options = replace(s.options, strict=False)
    return replace(s, options=options if revision is None else replace(options, revision=revision))


BROKEN = c.DeclareFormations(attach={"p1-ac-exarch": "p1-ac-hounds"})


def test_rule_warnings_about_a_secret_formation_reach_only_the_declaring_player() -> None:
    after, events = _declared(_casual(), BROKEN)
    assert not [e for e in events if e.type == "rule_warning"]
    (declared,) = [e for e in events if e.type == "formations_declared"]
    assert declared.warnings and {w.player for w in declared.warnings} == {"p1"}
    mine = views.redact(declared, after, "p1")
    assert mine is not None and mine["warnings"][0]["code"] == declared.warnings[0].code
    for viewer in ("p2", None):
        assert views.redact(declared, after, viewer) == {
            "type": "formations_declared",
            "player": "p1",
        }


@pytest.mark.parametrize("viewer", ["p2", None])
def test_the_opponent_cannot_count_the_rules_a_secret_formation_broke(viewer: str | None) -> None:
    """R42: the warnings were events of their own, so the opponent's log (and its versions)
    grew by one per broken rule; from rules revision 5 a declaration is the same events."""
    start = _casual()
    assert _seen(*_declared(start, BROKEN), viewer) == _seen(*_declared(start, CHOICES[0]), viewer)


def test_the_rules_both_declarations_broke_are_told_to_all_from_the_reveal() -> None:
    """Casual: "a broken rule is allowed and logged for both" (walkthrough s15 #7): secret until
    the reveal, then the reveal repeats the first declaration with its warnings, and the second
    declaration, public at once, carries its own."""
    s, events = _declared(_casual(), BROKEN)
    (first,) = [e for e in events if e.type == "formations_declared"]
    after, d = run(s, "p2", c.DeclareFormations(attach={"p2-ac-exarch": "p2-ac-hounds"}))
    assert not isinstance(d, Rejection)
    (second,) = [e for e in d.events if e.type == "formations_declared"]
    (revealed,) = [e for e in d.events if e.type == "formations_revealed"]
    assert first.warnings and second.warnings
    for viewer in ("p1", "p2", None):
        shown = views.redact(second, after, viewer)
        assert shown is not None and shown["warnings"][0]["player"] == "p2"
        told = views.redact(revealed, after, viewer)
        assert told is not None
        (again,) = told["declared"]
        assert [w["code"] for w in again["warnings"]] == [w.code for w in first.warnings]


def test_a_game_of_revision_4_keeps_its_warnings_as_events_of_their_own() -> None:
    after, events = _declared(_casual(revision=4), BROKEN)
    warnings = [e for e in events if e.type == "rule_warning"]
    assert warnings
    assert all(views.redact(w, after, "p2") is None for w in warnings)
    assert all(views.redact(w, after, "p1") is not None for w in warnings)
    (declared,) = [e for e in events if e.type == "formations_declared"]
    assert declared.warnings == ()


@pytest.mark.parametrize("viewer", ["p2", None])
def test_the_reveal_tells_every_log_what_was_declared_in_secret(viewer: str | None) -> None:
    s, events = _declared(formations(), CHOICES[-1])
    (stub,) = [views.redact(e, s, viewer) for e in events if e.type == "formations_declared"]
    assert stub == {"type": "formations_declared", "player": "p1"}
    s, d = run(s, "p2", c.DeclareFormations())
    assert not isinstance(d, Rejection)
    (revealed,) = [views.redact(e, s, viewer) for e in d.events if e.type == "formations_revealed"]
    assert revealed is not None
    (p1,) = revealed["declared"]
    assert p1["player"] == "p1" and p1["attach"] == {"p1-ac-exarch": P1_LINE}
    assert p1["reserves"] == ["p1-ac-breach"] and p1["strategic_reserves"] == ["p1-ac-hounds"]
