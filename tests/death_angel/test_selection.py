"""Secret simultaneous selection and the reveal (death-angel §5.1-§5.2, §3.2, §11.8-9, §12.7)."""

from __future__ import annotations

import json
from importlib import resources

from tests.death_angel.helpers import R, do, fresh, prompt, reject, table
from vantage.rules.death_angel import commands as cm
from vantage.rules.death_angel import events as ev
from vantage.rules.death_angel.selection import reveal
from vantage.rules.death_angel.state import STATE_CODEC, State
from vantage.rules.death_angel.views import project, redact

ROWS = [("castor", "L"), ("maro", "L"), ("oren", "R"), ("sael", "R")]
PICKS = {"p1": "ember-drill", "p2": "cobalt-leapfrog", "p3": "verdant-resupply", "p4": "ivory-ward"}


def _select(player: str, *cards: str, round_: int = 1) -> dict:
    return {"type": "select_actions", "round": round_, "cards": list(cards)}


def test_selection__reveal_when_all_have_chosen_in_initiative_order() -> None:
    s = table(ROWS)
    for player, card in PICKS.items():
        assert not s.revealed
        s, events = do(s, player, _select(player, card))
    reveal_event = next(e for e in events if isinstance(e, ev.ActionsRevealed))
    assert reveal_event.order == (
        "verdant-resupply",
        "ivory-ward",
        "ember-drill",
        "cobalt-leapfrog",
    )
    assert reveal_event.active_player == "p3" and s.active_player == "p3"
    assert prompt(s).kind == "give_support" and prompt(s).players == ("p3",)


def test_selection__hidden_from_others_until_the_reveal() -> None:
    s = table(ROWS)
    s, events = do(s, "p1", _select("p1", "ember-drill"))
    for viewer in ("p2", None):
        assert "ember-drill" not in json.dumps(project(s, viewer))
        assert "ember-drill" not in json.dumps(redact(events[0], viewer))
    assert project(s, "p1")["teams"][0]["chosen"]["id"] == "ember-drill"
    assert [t["has_chosen"] for t in project(s, "p2")["teams"]] == [True, False, False, False]
    assert prompt(s).players == ("p2", "p3", "p4")


def test_selection__may_change_until_all_have_chosen_then_never() -> None:
    s = table(ROWS)
    s, _ = do(s, "p1", _select("p1", "ember-drill"))
    s, _ = do(s, "p1", _select("p1", "ember-hold"))
    assert s.selection["ember"] == "ember-hold"
    for player in ("p2", "p3", "p4"):
        s, _ = do(s, player, _select(player, PICKS[player]))
    reject(s, "p1", _select("p1", "ember-volley"), "select/not_selecting")


def test_selection__same_card_as_last_round_refused() -> None:
    s = table(ROWS)
    s.round, s.last_round = 2, {"ember": "ember-drill"}
    reject(s, "p1", _select("p1", "ember-drill", round_=2), "card/same_as_last_round")
    assert "ember-drill" not in prompt(s).options["p1"]["teams"][0]["cards"]


def test_selection__invalid_choices_refused() -> None:
    s = table(ROWS)
    reject(s, "p1", _select("p1", "cobalt-oath"), "select/not_your_card")
    reject(s, "p1", _select("p1", "ember-drill", round_=2), "select/wrong_round")
    reject(s, "p1", _select("p1", "ember-drill", "ember-hold"), "select/one_per_team")
    reject(s, "p1", _select("p1"), "select/one_per_team")
    reject(s, None, _select("p1", "ember-drill"), "intent/spectator")
    reject(s, "p1", {"type": "give_support", "marine": "castor"}, "turn/unexpected_command")


def test_selection__two_players_choose_one_card_per_team() -> None:
    s = table([("castor", "L"), ("maro", "L"), ("oren", "R"), ("sael", "R")], seats=2)
    assert [t for t, p in s.teams.items() if p == "p1"] == ["ember", "verdant"]
    reject(s, "p1", _select("p1", "ember-drill"), "select/one_per_team")
    s, _ = do(s, "p1", _select("p1", "ember-drill", "verdant-hail"))
    assert s.selection == {"ember": "ember-drill", "verdant": "verdant-hail"}


def test_selection__solo_player_chooses_three() -> None:
    s = table([("castor", "L"), ("maro", "L"), ("oren", "R"), ("tiber", "R")], seats=1)
    s, events = do(s, "p1", _select("p1", "ember-drill", "cobalt-oath", "verdant-resupply"))
    revealed = next(e for e in events if isinstance(e, ev.ActionsRevealed))
    assert revealed.order == ("verdant-resupply", "cobalt-oath", "ember-drill")


def _encoded(s: State) -> dict:
    return STATE_CODEC.encode(s)


def test_selection__simultaneous_choices_commute() -> None:
    start = table(ROWS)
    results = []
    for players in (["p1", "p2", "p3", "p4"], ["p4", "p2", "p3", "p1"], ["p3", "p1", "p4", "p2"]):
        s = start
        for player in players:
            s, _ = do(s, player, _select(player, PICKS[player]))
        results.append(_encoded(s))
    assert results[0] == results[1] == results[2]
    assert R.is_version_free(cm.SelectActions(round=1, cards=("ember-drill",)))
    assert not R.is_version_free(cm.EndAction())


def test_reveal__initiative_ties_go_clockwise_from_the_first_player() -> None:
    raw = json.loads(
        resources.files("vantage.rules.death_angel").joinpath("packs/demo.json").read_text()
    )
    raw["teams"][1]["actions"][0]["initiative"] = 2  # cobalt-oath ties ember-hold
    s = fresh(4, pack=raw)
    s.teams = {"ember": "p1", "cobalt": "p2", "verdant": "p3", "ivory": "p4"}
    selection = {
        "ember": "ember-hold",
        "cobalt": "cobalt-oath",
        "verdant": "verdant-hail",
        "ivory": "ivory-scout",
    }
    s.first_player = "p3"
    assert reveal(s, selection).order[:2] == ("ember-hold", "cobalt-oath")
    s.first_player = "p2"
    assert reveal(s, selection).order[:2] == ("cobalt-oath", "ember-hold")
