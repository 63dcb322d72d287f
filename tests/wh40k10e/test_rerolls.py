"""Command Re-roll offered after failed rolls, and the players' own choices (issue #4).

Dice are fixed; every expected number is worked out by hand from wh40k-10th §6.2 item 1, §7,
§8.3 and the demo datasheets (Ashguard Line: 9 x Ember carbine A1 BS4+ S4 AP0 D1, the tenth
model has a pistol; Seedling Brood: T3 Sv5+ W1; Sapline Launchers: T4 Sv4+ W3, three different
models).
"""

from __future__ import annotations

from typing import Any

from tests.wh40k10e.arrange import arranged, row
from tests.wh40k10e.test_rules import run
from vantage.engine.decision import Accepted
from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e.bot import choose
from vantage.rules.wh40k10e.state import State

LINE = "p1-ac-line"
BREACH = "p1-ac-breach"
EXARCH = "p1-ac-exarch"
BROOD = "p2-vh-brood"
SAPLINE = "p2-vh-sapline"


def shots(state: State, unit: str, weapon: str, target: str, n: int = 99) -> c.Shoot:
    sheet = state.sheets[unit]
    models = [m.id for m in state.models_of(unit) if weapon in sheet.model(m.id).weapons][:n]
    return c.Shoot(
        unit=unit, attacks=tuple(c.AttackIn(model=m, weapon=weapon, target=target) for m in models)
    )


def events(decision: Any, kind: str) -> list[Any]:
    return [e for e in decision.events if getattr(e, "type", "") == kind]


def shooting(where: dict[str, list[tuple[float, float]]], cp1: int, cp2: int) -> State:
    s = arranged(where, phase="shooting")
    return s.with_side("p1", cp=cp1).with_side("p2", cp=cp2)


def test_missed_hit_is_offered_and_rerolled_once() -> None:
    s = shooting({LINE: row(10, 5, 10), BROOD: row(10, 25, 10)}, cp1=2, cp2=0)
    hits = [1, 4, 4, 4, 4, 4, 4, 4, 4]
    s, d = run(s, "p1", shots(s, LINE, "Ember carbine", BROOD), hits)
    assert isinstance(d, Accepted)
    p = s.pending
    assert p is not None and (p.kind, p.player, p.unit) == ("reroll", "p1", LINE)
    assert p.detail["failed"] == ("0",) and p.detail["roll"] == "hit" and p.detail["point"] == 0
    assert p.options == tuple(str(i) for i in range(9)), "any hit roll may be re-rolled"
    assert p.detail["dice"] == ("1", "4", "4", "4", "4", "4", "4", "4", "4")
    _, bad = run(s, "p1", c.Reroll(roll=9), [5])
    assert isinstance(bad, Rejection) and bad.code == "reroll/not_offered"
    # re-roll 5 hits: 9 hits; 9 wound rolls of 3 wound T3 (3+); 9 saves of 1 fail (5+).
    s, d = run(s, "p1", c.Reroll(roll=0), [5] + [3] * 9 + [1] * 9)
    assert isinstance(d, Accepted)
    (rr,) = events(d, "rerolled")
    assert (rr.roll, rr.index, rr.old, rr.new) == ("hit", 0, (1,), (5,))
    (w,) = events(d, "weapon_resolved")
    assert (w.hits, w.wounds, w.failed_saves) == (9, 9, 9)
    assert w.dice["reroll_hit"] == (5,)
    assert s.side("p1").cp == 1 and "command_reroll" in s.side("p1").stratagems_phase
    assert s.pending is None and len(s.models_of(BROOD)) == 1 and s.attack is None


def test_no_offer_without_cp_when_switched_off_or_battle_shocked() -> None:
    base = shooting({LINE: row(10, 5, 10), BROOD: row(10, 25, 10)}, cp1=0, cp2=0)
    dice = [1] * 9
    for s in (
        base,
        base.with_side("p1", cp=1, reroll_offers=False),
        base.with_side("p1", cp=1).with_status(LINE, battle_shocked=True),
    ):
        after, d = run(s, "p1", shots(s, LINE, "Ember carbine", BROOD), dice)
        assert isinstance(d, Accepted) and after.pending is None
        assert not events(d, "rerolled") and len(events(d, "weapon_resolved")) == 1


def test_switching_offers_off_declines_the_waiting_offer() -> None:
    s = shooting({LINE: row(10, 5, 10), BROOD: row(10, 25, 10)}, cp1=1, cp2=0)
    s, _ = run(s, "p1", shots(s, LINE, "Ember carbine", BROOD), [1] * 9)
    assert s.pending is not None and s.pending.kind == "reroll"
    assert len(s.pending.options) == 9
    s, d = run(s, "p1", c.RerollOffers(offer=False))
    assert isinstance(d, Accepted) and events(d, "reroll_declined")
    assert s.pending is None and s.side("p1").cp == 1 and not s.side("p1").reroll_offers
    (w,) = events(d, "weapon_resolved")
    assert w.hits == 0


def test_defender_rerolls_a_failed_save_after_allocating() -> None:
    s = shooting({LINE: row(10, 5, 10), SAPLINE: row(10, 25, 3, dx=2.0)}, cp1=1, cp2=1)
    s = s.with_side("p1", reroll_offers=False)
    s, d = run(s, "p1", shots(s, LINE, "Ember carbine", SAPLINE))
    assert s.pending is not None and s.pending.kind == "reaction"  # Go to Ground
    # 9 hits (4s), S4 v T4 wounds on 4+: one wound; three different models: p2 allocates.
    s, d = run(s, "p2", c.Pass(), [4] * 9 + [4] + [1] * 8)
    assert s.pending is not None and s.pending.kind == "allocate"
    _, d = run(s, "p1", c.RerollOffers(offer=True))
    assert isinstance(d, Rejection) and d.code == "reroll_offers/attack"
    # save 1 fails (Sv4+, AP0): Command Re-roll offered to the defender at point 2.
    s, d = run(s, "p2", c.Allocate(model=f"{SAPLINE}-2"), [1])
    p = s.pending
    assert p is not None and (p.kind, p.player, p.unit) == ("reroll", "p2", SAPLINE)
    assert p.detail["roll"] == "save" and p.detail["point"] == 2 and p.options == ("0",)
    declined, d = run(s, "p2", c.Pass())
    assert isinstance(d, Accepted) and declined.pending is None
    assert declined.table.models[f"{SAPLINE}-2"].wounds == 2 and declined.side("p2").cp == 1
    assert declined.side("p1").cp == 1
    saved, d = run(s, "p2", c.Reroll(roll=0), [4])
    assert isinstance(d, Accepted) and saved.pending is None
    assert saved.table.models[f"{SAPLINE}-2"].wounds == 3 and saved.side("p2").cp == 0
    (w,) = events(d, "weapon_resolved")
    assert (w.wounds, w.failed_saves, w.dice["save"], w.dice["reroll_save"]) == (1, 0, (1,), (4,))


def test_random_number_of_attacks_is_rerolled() -> None:
    s = shooting({BREACH: row(10, 15, 5), BROOD: row(10, 22, 10)}, cp1=1, cp2=0)
    # Kiln torch: D6 attacks (TORRENT); a 2 is below the maximum, so it is offered.
    s, d = run(s, "p1", shots(s, BREACH, "Kiln torch", BROOD, n=1), [2])
    p = s.pending
    assert p is not None and p.detail["roll"] == "attacks" and p.detail["dice"] == ("2",)
    # re-rolled 6: six automatic hits; S5 v T3 wounds on 3+, six 1s: no wound.
    s, d = run(s, "p1", c.Reroll(roll=0), [6] + [1] * 6)
    (w,) = events(d, "weapon_resolved")
    assert (w.attacks, w.hits, w.wounds) == (6, 6, 0) and s.pending is None


def test_hazardous_test_rerolled_or_not() -> None:
    s = shooting({EXARCH: [(20, 15)], BROOD: row(10, 25, 10)}, cp1=1, cp2=0)
    # Ember hex: D6 attacks (6, the maximum: no offer), TORRENT, S6 v T3 wounds on 2+;
    # AP-1 against Sv5+ saves on 6+: six 6s save. Then the Hazardous test: a 1.
    s, _ = run(s, "p1", shots(s, EXARCH, "Ember hex", BROOD), [6] + [2] * 6 + [6] * 6 + [1])
    p = s.pending
    assert p is not None and (p.kind, p.player, p.detail["roll"]) == ("reroll", "p1", "hazardous")
    kept, _ = run(s, "p1", c.Pass())
    # a CHARACTER suffers 3 mortal wounds instead of being destroyed: W5 -> 2.
    assert kept.table.models[f"{EXARCH}-1"].wounds == 2 and kept.attack is None
    again, _ = run(s, "p1", c.Reroll(roll=0), [3])
    assert again.table.models[f"{EXARCH}-1"].wounds == 5 and again.attack is None
    assert again.pending is None and again.status[EXARCH].shot


def test_desperate_escape_test_rerolled() -> None:
    s = arranged({LINE: row(10, 20, 3, dx=2.0), BROOD: row(10, 21.9, 3, dx=2.0)})
    s = s.with_side("p1", cp=1).with_status(LINE, battle_shocked=False)
    shocked = s.with_status(LINE, battle_shocked=True)
    move = c.Move(
        unit=LINE,
        kind="fall_back",
        paths=tuple(c.PathIn(model=m.id, path=((m.x, m.y - 4),)) for m in s.models_of(LINE)),
        casualties=(f"{LINE}-1",),
    )
    # Battle-shocked: every model tests and no stratagem may help the unit (§6.3).
    after, d = run(shocked, "p1", move, [1, 6, 6])
    assert after.pending is None or after.pending.kind != "reroll"
    assert len(after.models_of(LINE)) == 2 and f"{LINE}-1" not in after.table.models
    crossing = c.Move(
        unit=LINE,
        kind="fall_back",
        paths=tuple(c.PathIn(model=m.id, path=((m.x, m.y + 5),)) for m in s.models_of(LINE)),
        casualties=(f"{LINE}-2",),
    )
    s, d = run(s, "p1", crossing, [6, 2, 6])
    assert isinstance(d, Accepted), d
    p = s.pending
    assert p is not None and p.detail["roll"] == "desperate_escape"
    assert p.detail["failed"] == ("1",)
    lost, d = run(s, "p1", c.Pass())
    assert f"{LINE}-2" not in lost.table.models and len(lost.models_of(LINE)) == 2
    kept, d = run(s, "p1", c.Reroll(roll=1), [4])
    assert len(kept.models_of(LINE)) == 3 and kept.side("p1").cp == 0
    (esc,) = events(d, "desperate_escape")
    assert esc.dice == (6, 4, 6) and esc.destroyed == ()


def test_bot_answers_reroll_and_coherency() -> None:
    s = shooting({LINE: row(10, 5, 10), BROOD: row(10, 25, 10)}, cp1=1, cp2=0)
    s, _ = run(s, "p1", shots(s, LINE, "Ember carbine", BROOD), [1] * 9)
    assert choose(s, "p1") == c.Reroll(roll=0)


def test_coherency_cleanup_is_the_controllers_choice() -> None:
    # p2's Fight phase ends round 2; p1's line has one model 5" away from the others.
    spots = [*row(10, 5, 4), (20.0, 5.0)]
    s = arranged({LINE: spots, BROOD: row(10, 39, 10)}, phase="fight", active="p2")
    s, d = run(s, "p2", c.EndPhase())
    p = s.pending
    assert p is not None and (p.kind, p.player, p.unit) == ("coherency", "p1", LINE)
    assert p.detail["suggested"] == (f"{LINE}-5",)
    _, bad = run(s, "p1", c.RemoveModels(unit=LINE, models=(f"{LINE}-1",)))
    assert isinstance(bad, Rejection) and bad.code == "coherency/still_broken"
    # Models go one at a time until the unit is coherent: the near ones may go first while the
    # far one stays, but never the last model (one model alone is coherent).
    too_many = tuple(f"{LINE}-{i}" for i in range(1, 6))
    _, bad = run(s, "p1", c.RemoveModels(unit=LINE, models=too_many))
    assert isinstance(bad, Rejection) and bad.code == "rule/coherency_too_many"
    _, bad = run(s, "p2", c.RemoveModels(unit=LINE, models=(f"{LINE}-5",)))
    assert isinstance(bad, Rejection) and bad.code == "turn/waiting"
    # Four models in a row 1.3" apart and one far away: removing the far one is the only
    # single removal that restores coherency (each model needs one neighbour within 2").
    near_first, d = run(
        s, "p1", c.RemoveModels(unit=LINE, models=(f"{LINE}-1", f"{LINE}-5")), [6] * 8
    )
    assert isinstance(d, Accepted) and len(near_first.models_of(LINE)) == 3
    s, d = run(s, "p1", c.RemoveModels(unit=LINE, models=(f"{LINE}-5",)), [6] * 8)
    assert isinstance(d, Accepted)
    assert (s.round, s.active, s.phase) == (3, "p1", "command")
    assert len(s.models_of(LINE)) == 4 and s.destroyed[LINE] == 1


def test_declined_windows_stay_closed_when_the_attack_resumes() -> None:
    s = shooting({LINE: row(10, 5, 10), SAPLINE: row(10, 25, 3, dx=2.0)}, cp1=1, cp2=0)
    # one miss among 9 hit rolls: offered to p1 (point 0), declined.
    s, _ = run(s, "p1", shots(s, LINE, "Ember carbine", SAPLINE), [1] + [4] * 8)
    assert s.pending is not None and s.pending.detail["point"] == 0
    # 8 wound rolls, one 4 (S4 v T4): seven failures offered to p1 (point 1), declined.
    s, _ = run(s, "p1", c.Pass(), [4] + [1] * 7)
    assert s.pending is not None and s.pending.detail["point"] == 1
    assert len(s.pending.detail["failed"]) == 7 and len(s.pending.options) == 8
    s, _ = run(s, "p1", c.Pass())
    assert s.pending is not None and s.pending.kind == "allocate"
    # resuming replays both declined windows without asking again; the save of 2 fails.
    s, d = run(s, "p2", c.Allocate(model=f"{SAPLINE}-3"), [2])
    assert isinstance(d, Accepted) and s.pending is None and s.attack is None
    (w,) = events(d, "weapon_resolved")
    assert (w.hits, w.wounds, w.failed_saves, w.damage) == (8, 1, 1, 1)
    assert s.side("p1").cp == 1 and s.table.models[f"{SAPLINE}-3"].wounds == 2


def test_a_successful_hit_may_be_rerolled_in_the_window_for_a_six() -> None:
    """§6.2 item 1 re-rolls "a Hit roll", not only a failed one: fishing for a critical 6."""
    s = shooting({LINE: row(10, 5, 10), BROOD: row(10, 25, 10)}, cp1=2, cp2=0)
    s, _ = run(s, "p1", shots(s, LINE, "Ember carbine", BROOD), [1, 4, 4, 4, 4, 4, 4, 4, 4])
    # re-roll the hit 4 at index 3 (a 6), keep the miss: 8 hits; 8 wounds (3+); 8 saves fail.
    s, d = run(s, "p1", c.Reroll(roll=3), [6] + [3] * 8 + [1] * 8)
    assert isinstance(d, Accepted), d
    (rr,) = events(d, "rerolled")
    assert (rr.roll, rr.index, rr.old, rr.new) == ("hit", 3, (4,), (6,))
    (w,) = events(d, "weapon_resolved")
    assert w.hits == 8 and s.side("p1").cp == 1
