"""A charge roll that cannot reach a target (wh40k-10th §4.6): the view of a waiting charge move
names the targets out of reach (``detail.out_of_reach``), so the player is told the charge fails
instead of being asked to drag it. Ashguard (28 mm bases) 10" in front of the Seedling Brood
(32 mm): the gap is 10 - (28 + 32) / 50.8 = 8.82", Engagement Range needs 7.82" of it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tests.wh40k10e.arrange import arranged, row
from tests.wh40k10e.test_rules import BROOD, LINE, run
from vantage.engine.decision import Accepted
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e.bot import choose
from vantage.rules.wh40k10e.charge import could_engage
from vantage.rules.wh40k10e.state import State
from vantage.rules.wh40k10e.views import project


def _charged(dice: list[int]) -> State:
    """LINE declared a charge on BROOD with these dice; the charge move waits."""
    s = arranged({LINE: row(10, 10, 5), BROOD: row(10, 20, 5)}, phase="charge")
    s = s.with_side("p1", cp=3)
    s, d = run(s, "p1", c.DeclareCharge(unit=LINE, targets=(BROOD,)), dice)
    assert isinstance(d, Accepted)
    if s.pending is not None and s.pending.kind == "reaction":
        s, _ = run(s, "p2", c.Pass())
    assert s.pending is not None and s.pending.kind == "charge_move"
    return s


def _waiting(s: State, viewer: str) -> dict[str, Any]:
    pending: dict[str, Any] = project(s, viewer)["game"]["pending"]
    return pending


def test_a_roll_short_of_engagement_range_is_out_of_reach_for_every_viewer() -> None:
    s = _charged([3, 4])
    for viewer in ("p1", "p2", None):
        assert _waiting(s, viewer)["detail"]["out_of_reach"] == [BROOD]


def test_a_roll_that_reaches_names_no_target() -> None:
    s = _charged([4, 4])
    assert _waiting(s, "p1")["detail"]["out_of_reach"] == []


def test_a_command_reroll_changes_the_answer() -> None:
    s = _charged([3, 4])
    s, d = run(s, "p1", c.UseStratagem(name="command_reroll", unit=LINE), [6, 5])
    assert isinstance(d, Accepted) and s.charge_roll == 11
    assert _waiting(s, "p1")["detail"]["out_of_reach"] == []


def test_climbing_counts_towards_the_reach() -> None:
    s = arranged({LINE: row(10, 10, 1), BROOD: row(10, 12, 1)}, phase="charge")
    (low,) = s.models_of(LINE)
    (target,) = s.models_of(BROOD)
    above = target.placed(target.x, target.y, z=8.0)  # on a floor 8" up: 3" above 5" vertically
    assert could_engage(low, target, 1.0)
    assert not could_engage(low, above, 2.9)  # at least 3" of climbing (within 5" vertically)
    assert could_engage(low, above, 3.5)


@pytest.mark.parametrize("strict", [True, False])
def test_the_computer_player_gives_up_a_charge_it_cannot_reach(strict: bool) -> None:
    """With 7" rolled against 7.82" needed it makes no charge move (the charge fails), also in
    a casual game, whose referee would accept a short move with a warning; with 8" it moves
    into Engagement Range."""
    for dice, moves in (([3, 4], False), ([4, 4], True)):
        s = _charged(dice)
        s = replace(s, options=replace(s.options, strict=strict))
        chosen = choose(s, "p1")
        assert isinstance(chosen, c.ChargeMove) and bool(chosen.paths) is moves
