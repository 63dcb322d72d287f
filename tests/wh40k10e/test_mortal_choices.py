"""Mortal wounds outside attacks are allocated by the unit's controller (wh40k-10th §8.3, §8.4
Hazardous, §9 Deadly Demise; rules decision R30). Dice are fixed; the expected models are
worked out by hand from the demo datasheets: Ashguard Line = 9 Ashguard (W1) + 1 Ashguard
Warden (W2, other weapons); Cinderwright Exarch: CHARACTER, W5, Ember hex [HAZARDOUS, TORRENT].
"""

from __future__ import annotations

from dataclasses import replace

from tests.wh40k10e.arrange import row
from tests.wh40k10e.test_leaders import P1_LINE, P1_X, P2_LINE, P2_X, battle, both_led, run
from vantage.engine.decision import Accepted
from vantage.engine.dice import FixedDice
from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e import bot, mortals
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e.damage import apply_wounds
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.state import State

BREACH = "p1-ac-breach"
WARDEN = "p2-ac-line-10"


def _grenade_position() -> State:
    s = battle({BREACH: row(10, 10, 5), P2_LINE: row(10, 16, 10)})
    return s.with_side("p1", cp=2)


def _grenade() -> c.UseStratagem:
    return c.UseStratagem(name="grenade", unit=BREACH, target=P2_LINE)


def test_grenade_mortal_wounds_wait_for_the_defenders_choice() -> None:
    s = _grenade_position()
    assert s.sheets[P2_LINE].model(WARDEN).name == "Ashguard Warden"
    # six D6: two 4+ -> 2 mortal wounds; Ashguard and the Warden differ, so p2 chooses.
    s, d = run(s, "p1", _grenade(), [4, 4, 1, 1, 1, 1])
    assert isinstance(d, Accepted), d
    p = s.pending
    assert p is not None and (p.kind, p.player, p.unit) == ("allocate_mortal", "p2", P2_LINE)
    assert len(p.options) == 10 and p.detail["source"] == "grenade"
    _, bad = run(s, "p2", c.Allocate(model=P1_X))
    assert isinstance(bad, Rejection) and bad.code == "allocate/not_eligible"
    _, bad = run(s, "p1", c.Allocate(model=WARDEN))
    assert isinstance(bad, Rejection) and bad.code == "turn/waiting"
    # The Warden takes the first; now wounded, it must take the second (§8.3): destroyed.
    s, d = run(s, "p2", c.Allocate(model=WARDEN))
    assert isinstance(d, Accepted), d
    assert WARDEN not in s.table.models and len(s.models_of(P2_LINE)) == 9
    assert s.pending is None and not s.mortal_queue
    rolled = [e for e in d.events if e.type == "mortal_wounds_rolled"]
    assert [(e.source, e.mortal_wounds, e.dice) for e in rolled] == [
        ("grenade", 2, (4, 4, 1, 1, 1, 1))
    ]


def test_after_an_ashguard_the_choice_comes_again_then_the_active_player_goes_on() -> None:
    s = _grenade_position()
    s, _ = run(s, "p1", _grenade(), [4, 4, 1, 1, 1, 1])
    s, d = run(s, "p2", c.Allocate(model="p2-ac-line-1"))
    assert isinstance(d, Accepted)
    assert s.pending is not None and s.pending.kind == "allocate_mortal"
    assert "p2-ac-line-1" not in s.pending.options
    s, d = run(s, "p2", c.Allocate(model="p2-ac-line-2"))
    assert isinstance(d, Accepted)
    assert len(s.models_of(P2_LINE)) == 8 and s.table.models[WARDEN].wounds == 2
    assert s.pending is None  # back to p1's Shooting phase


def test_interchangeable_models_need_no_choice() -> None:
    s = battle({BREACH: row(10, 10, 5), "p2-ac-hounds": row(10, 16, 6)}).with_side("p1", cp=2)
    s, d = run(
        s,
        "p1",
        c.UseStratagem(name="grenade", unit=BREACH, target="p2-ac-hounds"),
        [5, 1, 1, 1, 1, 1],
    )
    assert isinstance(d, Accepted), d
    assert s.pending is None
    hounds = s.sheets["p2-ac-hounds"].models[0][1]
    expected = 6 - (1 if hounds.wounds == 1 else 0)
    assert len(s.models_of("p2-ac-hounds")) == expected


def test_the_bot_answers_a_mortal_wound_choice() -> None:
    s = _grenade_position()
    s, _ = run(s, "p1", _grenade(), [4, 1, 1, 1, 1, 1])
    assert s.pending is not None and s.pending.kind == "allocate_mortal"
    cmd = bot.choose(s, "p2")
    assert isinstance(cmd, c.Allocate)
    s, d = run(s, "p2", cmd)
    assert isinstance(d, Accepted) and s.pending is None


def _hazardous_line() -> State:
    """p1's Exarch leads its Ashguard Line, whose Ember carbines are made HAZARDOUS too."""
    s = battle(
        {P1_LINE: row(10, 10, 11), "p2-ac-hounds": row(10, 20, 6)},
        {"p1": {"p1-ac-exarch": P1_LINE}},
    )
    sheet = s.sheets[P1_LINE]
    weapons = tuple(
        replace(w, abilities=(*w.abilities, "HAZARDOUS")) if w.name == "Ember carbine" else w
        for w in sheet.weapons
    )
    return replace(s, sheets={**s.sheets, P1_LINE: replace(sheet, weapons=weapons)})


def _hex() -> c.Shoot:
    return c.Shoot(
        unit=P1_LINE,
        attacks=(c.AttackIn(model=P1_X, weapon="Ember hex", target="p2-ac-hounds"),),
    )


def test_hazardous_the_controller_chooses_which_bearer_suffers() -> None:
    # D6 attacks: 1; Torrent hits; wound roll 1 fails; Hazardous test 1 fails. Bearers: the
    # Exarch (Ember hex) and 9 Ashguard (carbines): p1 chooses (seed L2342-L2345).
    s, d = run(_hazardous_line(), "p1", _hex(), [1, 1, 1])
    assert isinstance(d, Accepted), d
    p = s.pending
    assert p is not None and (p.kind, p.player) == ("hazardous", "p1")
    assert P1_X in p.options and "p1-ac-line-1" in p.options and len(p.options) == 10
    assert "p1-ac-line-10" not in p.options  # the Warden carries no Hazardous weapon
    done, d = run(s, "p1", c.Allocate(model="p1-ac-line-3"))
    assert isinstance(d, Accepted), d
    assert "p1-ac-line-3" not in done.table.models and done.table.models[P1_X].wounds == 5
    assert done.attack is None and done.status[P1_LINE].shot
    # or the Exarch: a CHARACTER suffers 3 mortal wounds, allocated to it first.
    done, d = run(s, "p1", c.Allocate(model=P1_X))
    assert isinstance(d, Accepted), d
    assert done.table.models[P1_X].wounds == 2 and len(done.models_of(P1_LINE)) == 11
    (rolled,) = [e for e in d.events if e.type == "mortal_wounds_rolled"]
    assert (rolled.source, rolled.model, rolled.mortal_wounds) == ("hazardous", P1_X, 3)


def test_deadly_demise_in_an_attached_unit_uses_the_models_own_value() -> None:
    s = both_led()
    leader = s.sheets["p2-ac-exarch"]
    s = replace(s, sheets={**s.sheets, "p2-ac-exarch": replace(leader, deadly_demise="2")})
    # An Ashguard (its Bodyguard datasheet has no Deadly Demise) dies: no die is rolled.
    em = Emitter(s, FixedDice([]), "p1")
    before = {m.id: m.wounds for m in s.models_of(P2_LINE)}
    apply_wounds(em, P2_LINE, before, {**before, "p2-ac-line-1": 0}, "test")
    assert not em.state.mortal_queue
    # The Exarch dies: its own Deadly Demise 2; a 6 -> 2 mortal wounds to each unit within 6"
    # (only its own Ashguard Line: p1's line is 8" away), queued for p2's choice.
    em = Emitter(s, FixedDice([6]), "p1")
    apply_wounds(em, P2_LINE, before, {**before, P2_X: 0}, "test")
    (job,) = em.state.mortal_queue
    assert (job.unit, job.points, job.source, job.dice) == (P2_LINE, 2, "deadly_demise", (6,))
    assert not mortals.drain(em, "active")
    assert em.state.pending is not None and em.state.pending.player == "p2"
