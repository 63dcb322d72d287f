"""A Command Re-roll window opens only when another result could change what happens (QA s13
#13; rules revision 3, R40): a random Damage roll that already destroys the model it is
allocated to (no Feel No Pain, not mortal wounds) is settled. Games of an earlier revision keep
the window (R38).

Kiln Breachers' Melt charge: A1 BS3+ S9 AP-4 D6 MELTA 2; Seedling Brood: T3 Sv5+ W1. Dice:
hit 4, wound 2 (S9 v T3: 2+), save 1 (5+ AP-4: fails), damage 1 (below the maximum 6).
"""

from __future__ import annotations

from dataclasses import replace

from tests.wh40k10e.arrange import arranged, row
from tests.wh40k10e.test_rerolls import events, shots
from tests.wh40k10e.test_rules import run
from vantage.engine.decision import Accepted
from vantage.rules.wh40k10e.state import State

BREACH = "p1-ac-breach"
BROOD = "p2-vh-brood"
DICE = [4, 2, 1, 1]


def _shooting(revision: int | None = None) -> State:
    request = {} if revision is None else {"rules_revision": revision}
    s = arranged({BREACH: row(10, 15, 5), BROOD: row(10, 19, 10)}, "shooting", request=request)
    return s.with_side("p1", cp=1).with_side("p2", cp=0)


def test_no_window_for_a_damage_roll_that_already_destroys_the_model() -> None:
    s = _shooting()
    s, d = run(s, "p1", shots(s, BREACH, "Melt charge", BROOD, n=1), DICE)
    assert isinstance(d, Accepted), d
    assert s.pending is None or s.pending.kind != "reroll", s.pending
    (w,) = events(d, "weapon_resolved")
    assert (w.failed_saves, w.dice["damage"]) == (1, (1,))
    assert len(s.models_of(BROOD)) == 9 and s.side("p1").cp == 1


def test_the_window_still_opens_when_more_damage_could_matter() -> None:
    # Feel No Pain: each point of damage is a roll to ignore it, so more damage is more rolls.
    s = _shooting()
    s = replace(s, sheets={**s.sheets, BROOD: replace(s.sheets[BROOD], feel_no_pain=5)})
    s, _ = run(s, "p1", shots(s, BREACH, "Melt charge", BROOD, n=1), DICE)
    p = s.pending
    assert p is not None and (p.kind, p.detail["roll"]) == ("reroll", "damage"), p


def test_a_game_of_rules_revision_2_keeps_the_window() -> None:
    s = _shooting(revision=2)
    s, _ = run(s, "p1", shots(s, BREACH, "Melt charge", BROOD, n=1), DICE)
    p = s.pending
    assert p is not None and (p.kind, p.detail["roll"], p.detail["dice"]) == (
        "reroll",
        "damage",
        ("1",),
    )
