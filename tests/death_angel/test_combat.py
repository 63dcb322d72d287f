"""Attacks, kills, re-rolls and defence (death-angel §5.3, §6.2-§6.5, §6.9, §6.11, §11.12-16)."""

from __future__ import annotations

import pytest

from tests.death_angel.helpers import (
    do,
    face,
    of,
    prompt,
    reject,
    settle,
    start_resolve,
    swarm_at,
    table,
    types,
)
from vantage.rules.death_angel import events as ev
from vantage.rules.death_angel.formation import attack_targets
from vantage.rules.death_angel.state import State

ROWS = [("maro", "L"), ("tiber", "R"), ("castor", "L"), ("halvar", "R")]


def test_legal_targets__digest_example_noctis_claudio_scipio() -> None:
    # §6.5: Noctis (range 1, facing L), Claudio (range 0, L) below him, Scipio (range 2, R)
    s = table(
        [("vask", "L"), ("tiber", "L"), ("maro", "R"), ("castor", "L")],
        swarms={(1, "L"): ["talon-1"], (1, "R"): ["talon-2"], (2, "L"): ["talon-3"]},
    )
    assert attack_targets(s, "vask") == [(1, "L"), (2, "L")]
    assert attack_targets(s, "tiber") == [(2, "L")]
    assert attack_targets(s, "maro") == [(1, "R")]


def _attack_table(cards: list[str], tokens: int = 0) -> State:
    rows = [("maro", "L", tokens), ("tiber", "R"), ("castor", "L"), ("halvar", "R")]
    s = table(rows, swarms={(1, "L"): cards})
    s, _ = start_resolve(s, ["cobalt-longshot", "ember-drill"])
    assert prompt(s).kind == "attack" and prompt(s).players == ("p2",)
    return s


ATTACK = {"type": "attack", "marine": "maro", "position": 1, "side": "L"}


def test_attack__skull_slays_the_chosen_card() -> None:
    s = _attack_table(["talon-1", "maw-1"])
    s, events = do(s, "p2", ATTACK, dice=[face(2)])
    assert of(events, ev.AttackResolved)[0].hit
    assert prompt(s).kind == "choose_kill"
    assert prompt(s).options["p2"]["cards"] == ["talon-1", "maw-1"]
    s, _ = do(s, "p2", {"type": "choose_kill", "card": "maw-1"})
    assert swarm_at(s, 1, "L") == ["talon-1"]
    assert "maw-1" in s.gs_discard
    assert prompt(s).kind == "move_activate"  # the next card (Advance Drill) resolves


def test_attack__no_skull_misses() -> None:
    s = _attack_table(["talon-1", "maw-1"])
    s, events = do(s, "p2", ATTACK, dice=[face(4)])
    assert types(events)[:3] == ["attack_declared", "die_rolled", "attack_resolved"]
    assert not of(events, ev.AttackResolved)[0].hit
    assert swarm_at(s, 1, "L") == ["talon-1", "maw-1"]
    assert prompt(s).kind == "move_activate"


def test_attack__illegal_target_and_wrong_marine_rejected() -> None:
    s = _attack_table(["talon-1"])
    reject(s, "p2", {**ATTACK, "side": "R"}, "attack/illegal_target")
    reject(s, "p2", {**ATTACK, "marine": "castor"}, "attack/not_team_marine")
    reject(s, "p1", ATTACK, "turn/not_your_turn")
    reject(s, None, ATTACK, "intent/spectator")
    reject(s, "p2", {"type": "flip_marine", "marine": "maro"}, "turn/unexpected_command")


def test_attack__broodlord_dies_last() -> None:
    s = _attack_table(["talon-1", "pale-tyrant", "maw-1"])
    s, _ = do(s, "p2", ATTACK, dice=[face(1)])
    assert prompt(s).options["p2"]["cards"] == ["talon-1", "maw-1"]
    reject(s, "p2", {"type": "choose_kill", "card": "pale-tyrant"}, "kill/not_eligible")


def test_attack__lone_broodlord_is_slain_and_set_aside() -> None:
    s = _attack_table(["pale-tyrant"])
    s, events = do(s, "p2", ATTACK, dice=[face(3)])
    assert of(events, ev.GenestealerSlain)[0].card == "pale-tyrant"
    assert s.broodlords_slain == ["pale-tyrant"] and "pale-tyrant" not in s.gs_discard


def test_attack__identical_candidates_need_no_choice() -> None:
    s = _attack_table(["talon-1", "talon-2"])
    s, events = do(s, "p2", ATTACK, dice=[face(1)])
    assert of(events, ev.GenestealerSlain)[0].card == "talon-1"
    assert prompt(s).kind == "move_activate"


def test_reroll__attack_miss_with_token_offers_reroll() -> None:
    s = _attack_table(["talon-1"], tokens=1)
    s, _ = do(s, "p2", ATTACK, dice=[face(0)])
    p = prompt(s)
    assert p.kind == "reroll" and p.info["value"] == 0 and "defence" not in p.info
    pool = s.pool
    s, events = do(s, "p2", {"type": "reroll"}, dice=[face(2)])
    assert types(events)[:2] == ["token_spent", "die_rolled"]
    assert of(events, ev.DieRolled)[0].reroll
    assert s.pool == pool + 1 and swarm_at(s, 1, "L") == []


def test_reroll__refused_for_an_ability_roll() -> None:
    # Purge Volley's rolls are not attacks: no re-roll offered though Castor has tokens (§6.2)
    s = table([("castor", "L", 2), ("halvar", "R")], swarms={(1, "L"): ["talon-1"]})
    s, events = start_resolve(s, ["ember-volley", "cobalt-leapfrog"], dice=[face(0), face(2)])
    rolls = of(events, ev.DieRolled)
    assert [r.purpose for r in rolls] == ["ability", "ability"]
    assert prompt(s).kind == "attack"  # straight to the attack, no re-roll prompt
    assert s.formation[0].marine.tokens == 2


def test_flame_sweep__skull_slays_in_front() -> None:
    s = table([("castor", "L"), ("halvar", "R")], swarms={(1, "L"): ["talon-1"]})
    s, events = start_resolve(s, ["ember-volley", "cobalt-leapfrog"], dice=[face(1), face(0)])
    assert of(events, ev.GenestealerSlain)[0].card == "talon-1"
    assert prompt(s).kind == "move_activate"  # nothing left to attack


def test_double_kill__two_slays_per_hit() -> None:
    s = table([("sael", "L"), ("quill", "R")], swarms={(1, "L"): ["talon-1", "maw-1", "maw-2"]})
    s, _ = start_resolve(s, ["ivory-twin", "cobalt-leapfrog"])
    s, events = do(
        s, "p4", {"type": "attack", "marine": "sael", "position": 1, "side": "L"}, dice=[face(2)]
    )
    assert of(events, ev.KillRequested)[0].count == 2
    s, _ = do(s, "p4", {"type": "choose_kill", "card": "talon-1"})
    assert swarm_at(s, 1, "L") == ["maw-2"]  # the second slay needed no choice


def test_extra_hit_face__a_four_hits() -> None:
    s = table([("vask", "L"), ("oren", "R")], swarms={(1, "L"): ["talon-1"]})
    s, _ = start_resolve(s, ["verdant-hail", "cobalt-leapfrog"])
    s, events = do(
        s, "p3", {"type": "attack", "marine": "vask", "position": 1, "side": "L"}, dice=[face(4)]
    )
    assert of(events, ev.AttackResolved)[0].hit and swarm_at(s, 1, "L") == []


def test_range_bonus__extends_reach() -> None:
    s = table(ROWS, swarms={(2, "R"): ["talon-1"]})
    s, _ = start_resolve(s, ["cobalt-longshot", "ember-drill"])
    # Tiber has range 0: with Long Shot he reaches his own and the adjacent positions
    attacks = prompt(s).options["p2"]["attacks"]
    assert {"marine": "tiber", "position": 2, "side": "R"} in attacks


def _defend(
    cards: list[str], value: int, rows: list = ROWS, selection: dict | None = None
) -> tuple[State, list]:
    s = table(rows, swarms={(2, "R"): cards})
    s.phase, s.revealed, s.selection = "attack", True, selection or {}
    s.event_deck = ["swarm-surge", *[c for c in s.event_deck if c != "swarm-surge"]]
    return settle(s, [face(value)])


@pytest.mark.parametrize(
    ("cards", "value", "survives"),
    [
        (["talon-1"], 1, False),
        (["talon-1"], 2, True),
        (["talon-1", "talon-2"], 2, False),
        (["talon-1", "talon-2"], 3, True),
        (["talon-1", "talon-2", "maw-1"], 3, False),
        (["talon-1", "talon-2", "maw-1"], 4, True),
        (["talon-1", "talon-2", "maw-1", "maw-2"], 4, False),
        (["talon-1", "talon-2", "maw-1", "maw-2"], 5, True),
        (["pale-tyrant"], 2, False),
        (["pale-tyrant"], 3, True),
        (["talon-1", "pale-tyrant"], 3, False),
        (["talon-1", "pale-tyrant"], 4, True),
        (["talon-1", "talon-2", "pale-tyrant"], 4, False),
        (["talon-1", "talon-2", "pale-tyrant"], 5, True),
        (["talon-1", "talon-2", "maw-1", "pale-tyrant"], 5, False),
        (["pale-tyrant", "hollow-king"], 4, False),
        (["pale-tyrant", "hollow-king"], 5, True),
        (["talon-1"], 0, False),
    ],
)
def test_defence__survives_iff_roll_minus_broodlords_exceeds_swarm(
    cards: list[str], value: int, survives: bool
) -> None:
    s, events = _defend(cards, value)
    finished = of(events, ev.SwarmAttackFinished)[0]
    assert finished.survived is survives
    assert ("tiber" in s.dead_marines) is not survives


def test_defence__bonus_from_chosen_card() -> None:
    rows = [("castor", "L"), ("halvar", "R"), ("maro", "L"), ("tiber", "R")]
    s = table(rows, swarms={(2, "R"): ["talon-1", "talon-2"]})
    s.phase, s.revealed, s.selection = "attack", True, {"ember": "ember-hold"}
    s, events = settle(s, [face(2)])
    assert of(events, ev.SwarmAttackFinished)[0].survived  # 2 + 1 > 2


def test_defence__order_head_first_left_before_right() -> None:
    s = table(ROWS, swarms={(1, "R"): ["talon-1"], (1, "L"): ["talon-2"], (2, "L"): ["talon-3"]})
    s.phase, s.revealed = "attack", True
    s.event_deck = ["swarm-surge", *[c for c in s.event_deck if c != "swarm-surge"]]
    s, events = settle(s, [face(5)] * 3)
    assert [(e.position, e.side) for e in of(events, ev.SwarmAttackStarted)] == [
        (1, "L"),
        (1, "R"),
        (2, "L"),
    ]


def test_reroll__defence_facing_the_swarm() -> None:
    rows = [("maro", "L"), ("tiber", "R", 1), ("castor", "L"), ("halvar", "R")]
    s, _ = _defend(["talon-1"], 0, rows)
    p = prompt(s)
    assert p.kind == "reroll" and p.players == ("p2",) and p.info["purpose"] == "defence"
    # what the roll is measured by, for the page to say what he needs (QA s14): a swarm of one,
    # no modifier, so a 2 or more saves him
    assert p.info["defence"] == {"modifiers": [], "against": 1}
    s, events = do(s, "p2", {"type": "reroll"}, dice=[face(5)])
    assert of(events, ev.SwarmAttackFinished)[0].survived
    assert s.formation[1].marine.tokens == 0


def test_reroll__again_then_keep() -> None:
    rows = [("maro", "L"), ("tiber", "R", 2), ("castor", "L"), ("halvar", "R")]
    s, _ = _defend(["talon-1"], 0, rows)
    s, _ = do(s, "p2", {"type": "reroll"}, dice=[face(1)])
    assert prompt(s).kind == "reroll" and prompt(s).options["p2"]["tokens"] == 1
    s, events = do(s, "p2", {"type": "keep_roll"})
    assert not of(events, ev.SwarmAttackFinished)[0].survived
    assert "tiber" in s.dead_marines


def test_reroll__a_defence_prompt_names_the_card_bonus_and_broodlords() -> None:
    """§6.9, §6.11: the card's +1 and each broodlord's -1, labelled as the log labels them."""
    rows = [("maro", "L"), ("tiber", "R", 1), ("castor", "L"), ("halvar", "R")]
    s, _ = _defend(["talon-1", "pale-tyrant"], 0, rows)
    defence = prompt(s).info["defence"]
    assert defence["against"] == 2
    assert {"label": "The Pale Tyrant", "value": -1} in defence["modifiers"]


def test_reroll__refused_when_attacked_from_behind() -> None:
    rows = [("maro", "L"), ("tiber", "L", 1), ("castor", "L"), ("halvar", "R")]
    s, events = _defend(["talon-1"], 0, rows)
    assert "tiber" in s.dead_marines and not of(events, ev.TokenSpent)
    assert prompt(s).kind == "select_actions"
    reject(s, "p2", {"type": "reroll"}, "turn/unexpected_command")


def test_reroll__refused_without_tokens() -> None:
    s, _ = _defend(["talon-1"], 1)
    assert "tiber" in s.dead_marines and prompt(s).kind == "select_actions"


def test_last_stand__a_dying_marine_takes_one_with_him() -> None:
    s, events = _defend(["talon-1", "maw-1"], 0, selection={"cobalt": "cobalt-oath"})
    slain = of(events, ev.GenestealerSlain)[0]
    assert slain.card == "maw-1" and not slain.requested
    assert "tiber" in s.dead_marines


def test_attack__optional_end_action_passes() -> None:
    # §12.14: each team marine may attack once or pass
    s = _attack_table(["talon-1"])
    s, events = do(s, "p2", {"type": "end_action"})
    assert types(events)[0] == "action_finished" and swarm_at(s, 1, "L") == ["talon-1"]
    assert prompt(s).kind == "move_activate"
