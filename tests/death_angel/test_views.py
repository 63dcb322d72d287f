"""What each viewer sees (death-angel §10.3): hands, selections, piles, decks, event cards."""

from __future__ import annotations

import json

from tests.death_angel.games import hidden, leaks
from tests.death_angel.helpers import R, do, face, fresh, of, settle, table
from vantage.engine.context import Viewer
from vantage.rules.death_angel import events as ev
from vantage.rules.death_angel.state import clone


def test_project__hand_only_for_its_owner() -> None:
    s = table([("castor", "L"), ("maro", "L"), ("oren", "R"), ("sael", "R")])
    mine = R.project(s, Viewer("p1"))
    assert {c["id"] for c in mine["hand"]} == {"ember-hold", "ember-volley", "ember-drill"}
    assert mine["pending"]["options"]["teams"][0]["team"] == "ember"
    for viewer in ("p2", None):
        view = R.project(s, Viewer(viewer))
        assert "ember-volley" not in json.dumps(view)
        assert view["players"][0]["hand_size"] == 3
    spectator = R.project(s, Viewer(None))
    assert spectator["hand"] == [] and spectator["pending"]["options"] is None


def test_project__piles_and_decks_are_counts_only() -> None:
    s = fresh(4)
    for viewer in ("p1", "p3", None):
        view = R.project(s, Viewer(viewer))
        assert not leaks(view, hidden(s, viewer))
        assert view["blips"] == {"L": len(s.blips["L"]), "R": len(s.blips["R"])}
        assert view["location_deck"]["labels"] == [s.ix.places[c].label for c in s.location_deck]  # type: ignore[union-attr]


def test_redact__setup_deal_hides_every_order() -> None:
    s = R.initial_state(R.parse_setup({"seats": 3}))
    from tests.death_angel.helpers import NOW
    from vantage.engine.context import Ctx
    from vantage.engine.dice import SeededDice

    events = list(R.opening(s, Ctx(Viewer(None), NOW, SeededDice(b"x"))))
    dealt = events[0]
    assert isinstance(dealt, ev.SetupDealt)
    for viewer in ("p1", None):
        out = R.redact(dealt, s, Viewer(viewer))
        assert out is not None
        assert out["genestealer_deck"] == 36 and out["event_deck"] == len(s.pack.events)
        assert out["location_deck"] == len(dealt.location_deck)
        assert out["formation"] == list(dealt.formation)  # the formation is public


def test_redact__own_selection_visible_to_its_player_only() -> None:
    s = table([("castor", "L"), ("maro", "L"), ("oren", "R"), ("sael", "R")])
    s, events = do(s, "p1", {"type": "select_actions", "round": 1, "cards": ["ember-drill"]})
    assert R.redact(events[0], s, Viewer("p1"))["cards"] == ["ember-drill"]  # type: ignore[index]
    assert R.redact(events[0], s, Viewer("p2")) == {"type": "actions_selected", "player": "p1"}


def test_summary__public_lobby_line() -> None:
    summary = R.summary(fresh(2))
    assert summary["round"] == 1 and summary["players"] == 2 and summary["marines"] == 8


def test_redact__a_defence_roll_names_its_modifiers_and_the_swarm() -> None:
    """The log line of a defence roll can show why he lives or dies (Hold the Line +1, -1 per
    broodlord, the swarm's size): words added for the viewer, never stored in the log."""
    rows = [("castor", "L"), ("halvar", "R"), ("maro", "L"), ("tiber", "R")]
    s = table(rows, swarms={(2, "R"): ["talon-1", "pale-tyrant"]})
    s.phase, s.revealed, s.selection = "attack", True, {"ember": "ember-hold"}
    s.event_deck = ["swarm-surge", *[c for c in s.event_deck if c != "swarm-surge"]]
    _, events = settle(s, [face(3)])
    roll = next(e for e in events if isinstance(e, ev.DieRolled) and e.purpose == "defence")
    state = clone(s)
    for e in events[: events.index(roll) + 1]:
        state = R.evolve(state, e)
    shown = R.redact(roll, state, Viewer("p2"))
    assert shown is not None
    assert shown["modifiers"] == [
        {"label": "Hold the Line", "value": 1},
        {"label": "The Pale Tyrant", "value": -1},
    ]
    assert shown["against"] == 2
    assert of(events, ev.SwarmAttackFinished)[0].survived  # 3 + 1 - 1 = 3 > 2
    assert "modifiers" not in R.events.encode(roll)  # the stored event is unchanged
