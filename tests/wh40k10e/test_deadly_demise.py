"""Deadly Demise outside attacks (wh40k-10th §9 "Deadly Demise", §4.4 Desperate Escape, §3.4
end-of-turn coherency; rules decision R33). Dice are fixed; the expected models are worked out
by hand: Ashguard Line = 9 Ashguard (W1) + 1 Ashguard Warden (W2); Seedling Brood = 10
interchangeable Seedlings (W1). The Line is given Deadly Demise 1 for these tests.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.wh40k10e.arrange import arranged, row
from tests.wh40k10e.test_rules import run
from vantage.engine.decision import Accepted
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e.state import State

LINE = "p1-ac-line"
BROOD = "p2-vh-brood"
WARDEN = f"{LINE}-10"


def _with_demise(s: State, value: str = "1") -> State:
    return replace(s, sheets={**s.sheets, LINE: replace(s.sheets[LINE], deadly_demise=value)})


def _events(decision: Any, kind: str) -> list[Any]:
    return [e for e in decision.events if getattr(e, "type", "") == kind]


def _fall_back_position() -> State:
    # The Line (y 20) is 1.9" from the Brood (y 21.9): in Engagement Range; Battle-shocked, so
    # every one of its ten models takes a Desperate Escape test (§4.4).
    s = arranged({LINE: row(10, 20, 10), BROOD: row(10, 21.9, 10)})
    return _with_demise(s).with_status(LINE, battle_shocked=True)


def _fall_back(s: State, casualties: tuple[str, ...]) -> c.Move:
    paths = tuple(c.PathIn(model=m.id, path=((m.x, m.y - 5),)) for m in s.models_of(LINE))
    return c.Move(unit=LINE, kind="fall_back", paths=paths, casualties=casualties)


def test_models_lost_to_desperate_escape_roll_deadly_demise() -> None:
    s = _fall_back_position()
    # Ten tests: two 1s -> two models destroyed, line-1 and the Warden (named). Then one
    # Deadly Demise die each, in that order: 6 for line-1 (at x 10, y 20), 2 for the Warden.
    # Within 6" of (10, 20): the Line's own models (line-2 at 1.3") and the Brood (1.9"):
    # 1 mortal wound each. The Line's eight Ashguard are interchangeable: line-2 goes first;
    # the Brood's Seedlings too: brood-1. line-2 has Deadly Demise too: its die, a 1, does
    # nothing. 10 - 2 - 1 = 7 Ashguard fall back 5"; the Brood 9.
    dice = [1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 6, 2, 1]
    s, d = run(s, "p1", _fall_back(s, (f"{LINE}-1", WARDEN)), dice)
    assert isinstance(d, Accepted), d
    (esc,) = _events(d, "desperate_escape")
    assert esc.destroyed == (f"{LINE}-1", WARDEN)
    rolled = [(e.unit, e.dice, e.mortal_wounds) for e in _events(d, "mortal_wounds_rolled")]
    assert rolled == [(LINE, (2,), 0), (LINE, (6,), 1), (LINE, (1,), 0), (BROOD, (6,), 1)]
    assert [m.id for m in s.models_of(LINE)] == [f"{LINE}-{i}" for i in range(3, 10)]
    assert all(m.y == 15 for m in s.models_of(LINE))
    assert len(s.models_of(BROOD)) == 9 and f"{BROOD}-1" not in s.table.models
    (moved,) = _events(d, "unit_moved")
    assert [p.model for p in moved.models] == [f"{LINE}-{i}" for i in range(3, 10)]
    assert s.pending is None and not s.mortal_queue
    assert s.destroyed[LINE] == 3 and s.destroyed[BROOD] == 1


def test_deadly_demise_wounds_that_need_a_choice_pause_then_the_move_goes_on() -> None:
    s = _fall_back_position()
    # line-1 and line-2 fail; line-1's die is a 6, line-2's a 1. The Line's survivors are
    # seven Ashguard and the Warden: not interchangeable, so p1 allocates the mortal wound.
    dice = [1, 2, 3, 3, 3, 3, 3, 3, 3, 3, 6, 1]
    s, d = run(s, "p1", _fall_back(s, (f"{LINE}-1", f"{LINE}-2")), dice)
    assert isinstance(d, Accepted), d
    p = s.pending
    assert p is not None and (p.kind, p.player, p.unit) == ("allocate_mortal", "p1", LINE)
    assert p.detail["source"] == "deadly_demise"
    assert len(s.models_of(LINE)) == 8 and all(m.y == 15 for m in s.models_of(LINE))
    # The Warden (W2) takes it: 1 wound left; then the Brood's wound needs no choice.
    s, d = run(s, "p1", c.Allocate(model=WARDEN))
    assert isinstance(d, Accepted), d
    assert s.table.models[WARDEN].wounds == 1 and len(s.models_of(LINE)) == 8
    assert len(s.models_of(BROOD)) == 9
    assert s.pending is None and not s.mortal_queue and s.phase == "movement"


def test_models_removed_for_coherency_never_trigger_deadly_demise() -> None:
    # p2's Fight phase ends round 2: the Line's fifth model is 8.7" from the fourth, so it is
    # removed at the end of the turn (§3.4, seed L325-L332: such models count as destroyed but
    # trigger no "when destroyed" rule). The Brood 1" from it suffers nothing, no die rolled.
    spots = [*row(10, 5, 4), (20.0, 5.0)]
    s = arranged({LINE: spots, BROOD: row(21, 5, 10)}, phase="fight", active="p2")
    s = _with_demise(s)
    s, d = run(s, "p2", c.EndPhase())
    assert s.pending is not None and s.pending.kind == "coherency"
    s, d = run(s, "p1", c.RemoveModels(unit=LINE, models=(f"{LINE}-5",)), [6] * 8)
    assert isinstance(d, Accepted), d
    assert not _events(d, "mortal_wounds_rolled") and not _events(d, "mortal_queued")
    assert len(s.models_of(LINE)) == 4 and len(s.models_of(BROOD)) == 10
    assert s.destroyed[LINE] == 1


def test_rerolled_desperate_escape_still_rolls_deadly_demise() -> None:
    s = arranged({LINE: row(10, 20, 3, dx=2.0), BROOD: row(10, 21.9, 3, dx=2.0)})
    s = _with_demise(s).with_side("p1", cp=1)
    crossing = c.Move(
        unit=LINE,
        kind="fall_back",
        paths=tuple(c.PathIn(model=m.id, path=((m.x, m.y + 5),)) for m in s.models_of(LINE)),
        casualties=(f"{LINE}-2",),
    )
    # Only the middle model crosses an enemy base (§4.4): one test, a 2; p1 could re-roll.
    s, d = run(s, "p1", crossing, [6, 2, 6])
    assert s.pending is not None and s.pending.detail["roll"] == "desperate_escape"
    # Declined: line-2 is destroyed and its Deadly Demise die (6) hits every unit within 6"
    # of where it stands: the Line's two others and the three Seedlings' Brood, 1 each.
    # line-1 takes the Line's (first of two interchangeable) and rolls its own: a 3.
    s, d = run(s, "p1", c.Pass(), [6, 3])
    assert isinstance(d, Accepted), d
    rolled = [(e.unit, e.mortal_wounds) for e in _events(d, "mortal_wounds_rolled")]
    assert rolled == [(LINE, 1), (LINE, 0), (BROOD, 1)]
    assert f"{LINE}-3" in s.table.models
    assert len(s.models_of(LINE)) == 1 and len(s.models_of(BROOD)) == 2
    assert s.pending is None
