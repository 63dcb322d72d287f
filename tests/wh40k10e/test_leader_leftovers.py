"""Attached units: ANTI against the unit's keywords, the split event, the bot's Leaders
(wh40k-10th §3.6, §8.4 Anti; rules decisions R29, R31). Fixed dice, worked out by hand:
Ember carbine 24" A1 BS4+ S4 AP0 D1 [RAPID FIRE 1]; Ashguard T3 Sv4+ W1; the Exarch is a PSYKER.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.wh40k10e.arrange import row
from tests.wh40k10e.test_leaders import P1_LINE, P2_LINE, P2_X, battle, both_led, formations, run
from vantage.engine.decision import Accepted
from vantage.engine.dice import FixedDice
from vantage.rules.wh40k10e import bot
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e.damage import apply_wounds
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.state import State


def _anti_psyker(attach: dict[str, dict[str, str]]) -> State:
    s = battle({P1_LINE: row(10, 5, 10), P2_LINE: row(10, 20, 11)}, attach)  # 15": no Rapid Fire
    sheet = s.sheets[P1_LINE]
    weapons = tuple(
        replace(w, abilities=(*w.abilities, "ANTI-PSYKER 2+")) if w.name == "Ember carbine" else w
        for w in sheet.weapons
    )
    return replace(s, sheets={**s.sheets, P1_LINE: replace(sheet, weapons=weapons)})


def _one_shot() -> c.Shoot:
    return c.Shoot(
        unit=P1_LINE,
        attacks=(c.AttackIn(model="p1-ac-line-1", weapon="Ember carbine", target=P2_LINE),),
    )


def _wounds(decision: Any) -> int:
    return sum(e.wounds for e in decision.events if e.type == "weapon_resolved")


def test_anti_keyword_counts_the_leaders_keywords_while_attached() -> None:
    # Hit 4 (BS4+); wound roll 2: fails S4 vs T3 (3+), but ANTI-PSYKER 2+ makes it a critical
    # wound because the attached unit has the Exarch's PSYKER keyword (R31).
    s, d = run(_anti_psyker({"p2": {"p2-ac-exarch": P2_LINE}}), "p1", _one_shot(), [4, 2])
    assert isinstance(d, Accepted), d
    assert s.pending is not None and s.pending.kind == "allocate"  # Ashguard or Warden
    s, d = run(s, "p2", c.Allocate(model="p2-ac-line-1"), [1])
    assert isinstance(d, Accepted), d
    assert _wounds(d) == 1 and "p2-ac-line-1" not in s.table.models
    # Without the Exarch the unit is no PSYKER: the 2 fails.
    s, d = run(_anti_psyker({}), "p1", _one_shot(), [4, 2])
    assert isinstance(d, Accepted) and _wounds(d) == 0


def test_the_split_of_an_attached_unit_is_an_event() -> None:
    s = both_led()
    em = Emitter(s, FixedDice([]), "p1")
    before = {m.id: m.wounds for m in s.models_of(P2_LINE)}
    apply_wounds(em, P2_LINE, before, {**before, P2_X: 0}, "test")
    (split,) = [e for e in em.events if e.type == "attached_unit_split"]
    assert (split.unit, split.leader, split.destroyed, split.survivor) == (
        P2_LINE,
        "p2-ac-exarch",
        "p2-ac-exarch",
        P2_LINE,
    )
    em = Emitter(s, FixedDice([]), "p1")
    guards = {m: 0 for m in before if m != P2_X}
    apply_wounds(em, P2_LINE, before, {**before, **guards}, "test")
    (split,) = [e for e in em.events if e.type == "attached_unit_split"]
    assert (split.destroyed, split.survivor) == (P2_LINE, "p2-ac-exarch")
    assert em.state.models_of("p2-ac-exarch")[0].id == P2_X
    # both parts at once: no split, the unit is simply destroyed
    em = Emitter(s, FixedDice([]), "p1")
    apply_wounds(em, P2_LINE, before, dict.fromkeys(before, 0), "test")
    assert not [e for e in em.events if e.type == "attached_unit_split"]


def test_the_bot_attaches_its_leaders() -> None:
    s = formations()
    cmd = bot.choose(s, "p1")
    assert isinstance(cmd, c.DeclareFormations)
    assert cmd.attach == {"p1-ac-exarch": P1_LINE}
    assert "p1-ac-breach" in cmd.reserves
