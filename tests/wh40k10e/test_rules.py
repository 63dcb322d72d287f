"""Rules checks on arranged positions (strict rejects naming the rule; casual warns)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from tests.wh40k10e.arrange import arranged, row
from vantage.engine.decision import Accepted
from vantage.engine.dice import FixedDice
from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e.decide import decide
from vantage.rules.wh40k10e.evolve import evolve
from vantage.rules.wh40k10e.state import State

LINE = "p1-ac-line"
BROOD = "p2-vh-brood"
NOW = datetime(2026, 1, 1, tzinfo=UTC)


def run(state: State, player: str, cmd: object, dice: list[int] | None = None) -> tuple:
    decision = decide(state, cmd, player, FixedDice(dice or []))
    if isinstance(decision, Rejection):
        return state, decision
    for e in decision.events:
        state = evolve(state, e)
    return state, decision


def shift(state: State, unit: str, dx: float, dy: float = 0.0) -> tuple[c.PathIn, ...]:
    return tuple(c.PathIn(model=m.id, path=((m.x + dx, m.y + dy),)) for m in state.models_of(unit))


def test_normal_move_too_far_is_rejected_naming_the_rule() -> None:
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)})
    _, d = run(s, "p1", c.Move(unit=LINE, kind="normal", paths=shift(s, LINE, 0, 6.5)))
    assert isinstance(d, Rejection) and d.code == "rule/too_far"
    assert d.message.startswith('Ashguard #1 (Ashguard Line) moves 6.50", more than 6" allowed')
    assert d.detail["model"] == "p1-ac-line-1"
    s2, d = run(s, "p1", c.Move(unit=LINE, kind="normal", paths=shift(s, LINE, 0, 5.9)))
    assert isinstance(d, Accepted)
    assert s2.status[LINE].move == "normal"


def test_overlapping_bases_are_named_readably_with_ids_in_the_detail() -> None:
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)})
    first, second = s.models_of(LINE)[:2]
    onto = (c.PathIn(model=first.id, path=((second.x - 0.5, second.y),)),)
    _, d = run(s, "p1", c.Move(unit=LINE, kind="normal", paths=onto))
    assert isinstance(d, Rejection) and d.code == "setup/overlap"
    assert d.message == "Ashguard #1 (Ashguard Line) would overlap Ashguard #2 (Ashguard Line)"
    assert dict(d.detail) == {"model": first.id, "other": second.id}


def test_casual_mode_warns_and_logs() -> None:
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)}, request={"strict": False})
    _s2, d = run(s, "p1", c.Move(unit=LINE, kind="normal", paths=shift(s, LINE, 0, 6.5)))
    assert isinstance(d, Accepted) and d.warnings[0].code == "rule/too_far"
    assert any(getattr(e, "type", "") == "rule_warning" for e in d.events)


def test_path_may_not_cross_enemy_or_enter_engagement_range() -> None:
    s = arranged({LINE: row(10, 20, 10), BROOD: row(10, 23, 10)})
    _, d = run(s, "p1", c.Move(unit=LINE, kind="normal", paths=shift(s, LINE, 0, 5.5)))
    assert isinstance(d, Rejection)
    assert d.code in ("rule/through_enemy", "rule/path_engagement", "rule/too_far")


def test_advance_needs_its_roll_and_adds_it() -> None:
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)})
    _, d = run(s, "p1", c.Move(unit=LINE, kind="advance", paths=shift(s, LINE, 0, 8)))
    assert isinstance(d, Rejection) and d.code == "move/advance_roll"
    s, d = run(s, "p1", c.RollAdvance(unit=LINE), [3])
    assert s.status[LINE].advance_roll == 3
    _, d = run(s, "p1", c.Move(unit=LINE, kind="advance", paths=shift(s, LINE, 0, 9.5)))
    assert isinstance(d, Rejection) and d.code == "rule/too_far"
    s, d = run(s, "p1", c.Move(unit=LINE, kind="advance", paths=shift(s, LINE, 0, 8.9)))
    assert isinstance(d, Accepted) and s.status[LINE].move == "advance"


def test_fall_back_with_desperate_escape_when_battle_shocked() -> None:
    s = arranged({LINE: row(10, 20, 10), BROOD: row(10, 21.9, 10)})
    s = s.with_status(LINE, battle_shocked=True)
    s, d = run(
        s,
        "p1",
        c.Move(unit=LINE, kind="fall_back", paths=shift(s, LINE, 0, -5)),
        [1, 2, 3, 4, 5, 6, 6, 6, 6, 6],
    )
    assert isinstance(d, Accepted)
    assert len(s.models_of(LINE)) == 8


def test_undo_casual_is_immediate_and_strict_needs_the_opponent() -> None:
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)}, request={"strict": False})
    moved, _ = run(s, "p1", c.Move(unit=LINE, kind="normal", paths=shift(s, LINE, 0, 3)))
    back, d = run(moved, "p1", c.UndoLast())
    assert isinstance(d, Accepted) and back.models_of(LINE)[0].y == 5
    strict = replace(s, options=replace(s.options, strict=True))
    moved, _ = run(strict, "p1", c.Move(unit=LINE, kind="normal", paths=shift(s, LINE, 0, 3)))
    asked, _ = run(moved, "p1", c.UndoLast())
    _, d = run(asked, "p1", c.EndPhase())
    assert isinstance(d, Rejection) and d.code == "turn/waiting"
    back, d = run(asked, "p2", c.AnswerUndo(accept=True))
    assert back.models_of(LINE)[0].y == 5


def test_no_undo_after_dice() -> None:
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)}, request={"strict": False})
    s, _ = run(s, "p1", c.RollAdvance(unit=LINE), [4])
    _, d = run(s, "p1", c.UndoLast())
    assert isinstance(d, Rejection) and d.code == "undo/none"


def test_command_phase_cp_battle_shock_insane_bravery_and_scoring() -> None:
    s = arranged({LINE: row(14, 20, 4), BROOD: row(40, 39, 10)}, phase="fight", active="p2")
    s = s.with_side("p1", cp=0)
    s, d = run(s, "p2", c.EndPhase(), [3, 3])
    assert isinstance(d, Accepted)
    assert (s.round, s.active, s.phase) == (3, "p1", "command")
    assert s.side("p1").cp == 1 and s.status[LINE].battle_shocked
    failed = [e for e in d.events if getattr(e, "type", "") == "battle_shock_tested"]
    assert failed[0].dice == (3, 3) and not failed[0].passed
    shocked, d = run(s, "p1", c.EndPhase())
    assert shocked.control["o1"] is None and shocked.side("p1").vp == 0
    s, d = run(s, "p1", c.UseStratagem(name="insane_bravery", unit=LINE))
    assert isinstance(d, Accepted) and not s.status[LINE].battle_shocked
    s, d = run(s, "p1", c.EndPhase())
    assert s.control["o1"] == "p1" and s.side("p1").vp == 1


def test_charge_needs_targets_within_12() -> None:
    s = arranged({LINE: row(10, 10, 10), BROOD: row(10, 30, 10)}, phase="charge")
    _, d = run(s, "p1", c.DeclareCharge(unit=LINE, targets=(BROOD,)), [6, 6])
    assert isinstance(d, Rejection) and d.code == "rule/charge_range"


def test_charge_roll_then_move_into_engagement() -> None:
    s = arranged({LINE: row(10, 10, 5), BROOD: row(10, 15, 5)}, phase="charge")
    s, d = run(s, "p1", c.DeclareCharge(unit=LINE, targets=(BROOD,)), [4, 5])
    assert isinstance(d, Accepted) and s.charge_roll == 9
    assert s.pending is not None and s.pending.kind in ("charge_move", "reaction")
    if s.pending.kind == "reaction":
        s, _ = run(s, "p2", c.Pass())
    _short, d = run(s, "p1", c.ChargeMove(unit=LINE, paths=shift(s, LINE, 0, 2)))
    assert isinstance(d, Rejection) and d.code == "rule/charge_not_engaged"
    gap = 5 - 28 / 25.4
    s, d = run(s, "p1", c.ChargeMove(unit=LINE, paths=shift(s, LINE, 0, gap - 0.01)))
    assert isinstance(d, Accepted) and s.status[LINE].charged


def test_stratagem_costs_cp_and_once_per_phase() -> None:
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)})
    s = s.with_side("p1", cp=3)
    s, _ = run(s, "p1", c.RollAdvance(unit=LINE), [1])
    s, d = run(s, "p1", c.UseStratagem(name="command_reroll", unit=LINE), [5])
    assert isinstance(d, Accepted)
    assert s.side("p1").cp == 2 and s.status[LINE].advance_roll == 5
    _, d = run(s, "p1", c.UseStratagem(name="command_reroll", unit=LINE), [5])
    assert isinstance(d, Rejection) and d.code == "stratagem/cp"


def test_shooting_only_eligible_targets() -> None:
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)}, phase="shooting")
    rows = tuple(
        c.AttackIn(model=m.id, weapon="Ember carbine", target=BROOD) for m in s.models_of(LINE)[:9]
    )
    _, d = run(s, "p1", c.Shoot(unit=LINE, attacks=rows))
    assert isinstance(d, Rejection) and d.code == "rule/target"


def test_an_answer_with_nothing_pending_is_refused_not_a_crash() -> None:
    """Found by an audit: pass, allocate, reroll and remove_models in a phase that waited for
    nothing hit an assertion, and the server dropped the player's connection."""
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)})
    assert s.pending is None and s.active == "p1"
    for cmd in (
        c.Pass(),
        c.Allocate(model="p2-vh-brood-1"),
        c.Reroll(roll=0),
        c.RemoveModels(unit=LINE, models=("p1-ac-line-1",)),
    ):
        _, d = run(s, "p1", cmd)
        assert isinstance(d, Rejection) and d.code == "turn/nothing_pending", cmd
