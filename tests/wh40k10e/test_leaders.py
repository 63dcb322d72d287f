"""Leaders and Attached units (wh40k-10th §3.6, §8.3/§8.4 PRECISION, §6.2 Epic Challenge).

Both sides muster the demo Ashen Concord army: a Cinderwright Exarch (CHARACTER, Leader of
Ashguard Line and Kiln Breachers; T4 Sv3+ W5 Ld6, 4+ invulnerable) and an Ashguard Line of 9
Ashguard and 1 Warden (T3 Sv4+, Ld7). Expected values are worked out from the rules by hand.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.wh40k10e.arrange import row
from vantage.engine.dice import FixedDice
from vantage.engine.errors import Rejection
from vantage.rules.wh40k.allocation import FirstEligible, ModelState, UnitState
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e import leaders, views
from vantage.rules.wh40k10e.attacks import target_profile
from vantage.rules.wh40k10e.command import below_half, best_leadership
from vantage.rules.wh40k10e.damage import mortal_wounds
from vantage.rules.wh40k10e.decide import decide
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.events import (
    FirstTurn,
    FormationsDeclared,
    ModelsDamaged,
    PhaseStarted,
    Placed,
    RolesSet,
    UnitPlaced,
    Waiting,
)
from vantage.rules.wh40k10e.evolve import evolve
from vantage.rules.wh40k10e.leader_names import names_unit
from vantage.rules.wh40k10e.setup import initial_state, parse_setup, zones
from vantage.rules.wh40k10e.state import Pending, State

EXARCH, LINE, HOUNDS, BREACH = "ac-exarch", "ac-line", "ac-hounds", "ac-breach"
P1_LINE, P2_LINE = "p1-ac-line", "p2-ac-line"
P1_X, P2_X = "p1-ac-exarch-1", "p2-ac-exarch-1"
DEMO = Path(__file__).parents[2] / "backend/vantage/rosters/demo/ashen_concord.json"
MIRROR = {"p1": {"demo": 0}, "p2": {"demo": 0}}


def run(state: State, player: str, cmd: object, dice: list[int] | None = None) -> tuple:
    decision = decide(state, cmd, player, FixedDice(dice or []))
    if isinstance(decision, Rejection):
        return state, decision
    for e in decision.events:
        state = evolve(state, e)
    return state, decision


def battle(
    where: dict[str, list[tuple[float, float]]],
    attach: dict[str, dict[str, str]] | None = None,
    phase: str = "shooting",
    active: str = "p1",
    armies: dict[str, Any] | None = None,
) -> State:
    """Mirror demo armies, Leaders attached as given, units at the positions (unit order)."""
    setup = parse_setup({"layout": "empty", "objectives": "layout", "armies": armies or MIRROR})
    assert not isinstance(setup, Rejection), setup
    state = initial_state(setup)
    state = evolve(state, RolesSet(attacker="p1", defender="p2", zones=zones(60, 44, "p1", "p2")))
    for p in ("p1", "p2"):
        state = evolve(state, FormationsDeclared(player=p, attach=(attach or {}).get(p, {})))
    for unit, spots in where.items():
        ids = [mid for mid, m in state.offboard.items() if m.unit == unit]
        placed = tuple(Placed(model=m, x=x, y=y) for m, (x, y) in zip(ids, spots, strict=False))
        state = evolve(state, UnitPlaced(unit=unit, how="deploy", models=placed))
    for e in (
        FirstTurn(player="p1"),
        PhaseStarted(round=2, player=active, phase=phase),  # type: ignore[arg-type]
        Waiting(pending=None),
    ):
        state = evolve(state, e)
    return state


def both_led(phase: str = "shooting", gap: float = 8.0) -> State:
    """Each Exarch leads its Ashguard Line; the lines face each other ``gap``" apart."""
    return battle(
        {P1_LINE: row(10, 10, 11), P2_LINE: row(10, 10 + gap, 11)},
        {"p1": {"p1-ac-exarch": P1_LINE}, "p2": {"p2-ac-exarch": P2_LINE}},
        phase=phase,
    )


# -- naming the Bodyguard units ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "named"),
    [
        ("Can lead Ashguard Line and Kiln Breachers.", "Ashguard Line", True),
        ("Can lead Ashguard Line and Kiln Breachers.", "Kiln Breachers", True),
        ("Can lead Ashguard Line and Kiln Breachers.", "Soot Hounds", False),
        (
            "This model can be attached to the following units: ■ Assault Intercessor Squad "
            "■ Hellblaster Squad",
            "Intercessor Squad",
            False,
        ),
        (
            "This model can be attached to the following units:\n■ Assault Intercessor Squad\n"
            "■ Intercessor Squad",
            "intercessor squad",
            True,
        ),
        (
            "This model can be attached to the following unit: Terminator Squad",
            "Terminator Squad",
            True,
        ),
        ("Can lead Ashguard Line.", "Line", False),
    ],
)
def test_leader_text_names_bodyguard_units_by_whole_datasheet_name(
    text: str, name: str, named: bool
) -> None:
    assert names_unit(text, name) is named


def test_roster_sheets_carry_the_units_a_leader_can_lead() -> None:
    s = battle({})
    assert s.sheets["p1-ac-exarch"].leads == (P1_LINE, "p1-ac-breach")
    assert s.sheets[P1_LINE].leads == ()


# -- Declare Battle Formations -----------------------------------------------------------------


def formations() -> State:
    from tests.wh40k10e.harness import new_game
    from vantage.rules.wh40k10e import bot

    g = new_game({"layout": "empty", "objectives": "layout", "armies": MIRROR})
    while g.state.pending is not None and g.state.pending.kind != "declare_formations":
        player = g.state.pending.player
        g.submit(player, bot.choose(g.state, player))
    return g.state


def revealed(state: State, cmd: c.DeclareFormations) -> tuple:
    """p1 declares ``cmd``, then p2 declares nothing: both formations are revealed."""
    state, d = run(state, "p1", cmd)
    if isinstance(d, Rejection):
        return state, d
    state, d2 = run(state, "p2", c.DeclareFormations())
    assert not isinstance(d2, Rejection), d2
    return state, d


def test_attaching_makes_one_unit_with_the_combined_starting_strength() -> None:
    s, d = revealed(formations(), c.DeclareFormations(attach={"p1-ac-exarch": P1_LINE}))
    assert not isinstance(d, Rejection), d
    assert s.status["p1-ac-exarch"].location == "attached"
    assert s.status["p1-ac-exarch"].attached_to == P1_LINE
    assert s.status[P1_LINE].leader == "p1-ac-exarch"
    assert s.sheets[P1_LINE].starting_strength == 11  # 10 Ashguard + 1 Exarch (seed L792-L806)
    assert s.table.units[P1_LINE].starting_strength == 11
    assert s.offboard[P1_X].unit == P1_LINE
    assert "p1-ac-exarch" not in s.units_of("p1", "undeployed")


def test_secret_formation_hides_the_attachment_from_the_opponent() -> None:
    s, _ = run(formations(), "p1", c.DeclareFormations(attach={"p1-ac-exarch": P1_LINE}))
    seen_by_p2 = views.project(s, "p2")["game"]["units"]
    assert seen_by_p2[P1_LINE]["sheet"]["name"] == "Ashguard Line"
    assert seen_by_p2["p1-ac-exarch"]["location"] == "undeployed"
    seen_by_p1 = views.project(s, "p1")["game"]["units"]
    assert seen_by_p1[P1_LINE]["sheet"]["name"] == "Ashguard Line + Cinderwright Exarch"


@pytest.mark.parametrize(
    ("attach", "code"),
    [
        ({"p1-ac-exarch": "p1-ac-hounds"}, "rule/not_bodyguard"),
        ({P1_LINE: "p1-ac-breach"}, "rule/not_leader"),
        ({"p1-ac-exarch": "p2-ac-line"}, "setup/unknown_unit"),
        ({"p1-ac-exarch": "p1-ac-exarch"}, "setup/attach_chain"),
    ],
)
def test_a_leader_joins_only_a_unit_its_ability_names(attach: dict[str, str], code: str) -> None:
    _, d = run(formations(), "p1", c.DeclareFormations(attach=attach))
    assert isinstance(d, Rejection) and d.code == code


def test_one_leader_per_bodyguard_unit() -> None:
    army = json.loads(DEMO.read_text())
    second = copy.deepcopy(next(u for u in army["units"] if u["id"] == EXARCH))
    second["id"] = "ac-exarch2"
    army["units"].append(second)
    setup = parse_setup({"layout": "empty", "armies": {"p1": army}})
    assert not isinstance(setup, Rejection)
    s = formations()
    s = replace(
        initial_state(setup),
        step=s.step,
        pending=s.pending,
        attacker=s.attacker,
        zones=s.zones,
        phase="setup",
    )
    both = {"p1-ac-exarch": P1_LINE, "p1-ac-exarch2": P1_LINE}
    _, d = run(s, "p1", c.DeclareFormations(attach=both))
    assert isinstance(d, Rejection) and d.code == "setup/one_leader"
    split = {"p1-ac-exarch": P1_LINE, "p1-ac-exarch2": "p1-ac-breach"}
    s2, d2 = revealed(s, c.DeclareFormations(attach=split))
    assert not isinstance(d2, Rejection), d2
    assert s2.status["p1-ac-breach"].leader == "p1-ac-exarch2"


def test_casual_game_warns_about_an_unnamed_bodyguard_and_attaches() -> None:
    s = replace(formations(), options=replace(formations().options, strict=False))
    s, d = revealed(s, c.DeclareFormations(attach={"p1-ac-exarch": "p1-ac-hounds"}))
    assert not isinstance(d, Rejection)
    assert [w.code for w in d.warnings] == ["rule/not_bodyguard"]
    assert s.status["p1-ac-hounds"].leader == "p1-ac-exarch"


def test_the_attached_unit_is_named_in_reserves_and_needs_deep_strike_on_both_parts() -> None:
    s = formations()
    _, d = run(
        s,
        "p1",
        c.DeclareFormations(attach={"p1-ac-exarch": "p1-ac-breach"}, reserves=("p1-ac-exarch",)),
    )
    assert isinstance(d, Rejection) and d.code == "setup/attached_leader"
    # Kiln Breachers have Deep Strike, the Exarch does not: the attached unit does not (R27).
    _, d = run(
        s,
        "p1",
        c.DeclareFormations(attach={"p1-ac-exarch": "p1-ac-breach"}, reserves=("p1-ac-breach",)),
    )
    assert isinstance(d, Rejection) and d.code == "rule/deep_strike"
    s, d = run(s, "p1", c.DeclareFormations(attach={"p1-ac-exarch": "p1-ac-breach"}))
    assert not isinstance(d, Rejection)


def test_lone_operative_is_lost_while_attached() -> None:
    s = battle({})
    bodyguard = s.sheets[P1_LINE]
    leader = replace(s.sheets["p1-ac-exarch"], abilities=("LEADER", "LONE OPERATIVE", "STEALTH"))
    merged = leaders.combined_sheet(replace(bodyguard, abilities=("STEALTH",)), leader)
    assert merged.abilities == ("STEALTH",)
    merged = leaders.combined_sheet(bodyguard, leader)
    assert not merged.has("LONE OPERATIVE") and not merged.has("STEALTH")


# -- one unit for every rule ---------------------------------------------------------------


def test_battle_shock_uses_the_best_leadership_and_the_combined_starting_strength() -> None:
    s = both_led()
    assert best_leadership(s, P1_LINE) == 6  # the Exarch's 6+ beats the Ashguard's 7+
    gone = tuple(m.id for m in s.models_of(P1_LINE) if m.id != P1_X)[:5]
    s = evolve(s, ModelsDamaged(unit=P1_LINE, destroyed=gone, reason="test"))
    # 6 models left of 11: not below half (12 >= 11); one more and it is (10 < 11).
    assert not below_half(s, P1_LINE)
    s = evolve(s, ModelsDamaged(unit=P1_LINE, destroyed=(f"{P1_LINE}-6",), reason="test"))
    assert below_half(s, P1_LINE)


def test_attacks_use_the_bodyguard_toughness_and_the_leaders_own_save() -> None:
    s = battle(
        {P2_LINE: [(30, 30), *row(10, 30, 10)]},
        {"p2": {"p2-ac-exarch": P2_LINE}},
    )
    assert s.models_of(P2_LINE)[0].id == P2_X  # the Exarch stands first on the table
    tp = target_profile(s, P2_LINE)
    assert (tp.toughness, tp.save, tp.invulnerable) == (3, 4, None)
    own = tp.for_model(P2_X)
    assert (own.toughness, own.save, own.invulnerable) == (3, 3, 4)


# -- allocation ------------------------------------------------------------------------------


def test_allocation_skips_protected_characters_even_when_wounded() -> None:
    unit = UnitState(
        (
            ModelState("c", 3, wounded=True, allocated=True, protected=True),
            ModelState("g1", 1),
            ModelState("g2", 2, wounded=True),
        )
    )
    assert unit.eligible() == ("g2",)
    unit = UnitState((ModelState("c", 3, wounded=True, protected=True), ModelState("g1", 1)))
    assert unit.eligible() == ("g1",)
    assert UnitState((ModelState("c", 3, protected=True),)).eligible() == ("c",)


def test_shooting_an_attached_unit_cannot_allocate_to_the_leader() -> None:
    s = both_led()
    hurt = replace(s.table.models[P2_X], wounds=3)
    s = replace(s, table=s.table.with_models({P2_X: hurt}))
    rows = tuple(
        c.AttackIn(model=m, weapon="Ember carbine", target=P2_LINE)
        for m in (f"{P1_LINE}-1", f"{P1_LINE}-2")
    )
    # Rapid Fire 1 within 12": 2 attacks each. Hits 4+: 4 hits; S4 v T3 wounds on 3+.
    s, d = run(s, "p1", c.Shoot(unit=P1_LINE, attacks=rows), [4, 4, 4, 4, 3, 3, 3, 3])
    assert not isinstance(d, Rejection), d
    assert s.pending is not None and s.pending.kind == "allocate" and s.pending.player == "p2"
    assert P2_X not in s.pending.options
    assert set(s.pending.options) == {f"{P2_LINE}-{i}" for i in range(1, 11)}


def test_last_bodyguard_gone_then_the_remaining_attacks_reach_the_leader() -> None:
    s = both_led(gap=15.0)  # beyond half range: 1 attack per carbine
    guards = [m.id for m in s.models_of(P2_LINE) if m.id != P2_X]
    s = evolve(s, ModelsDamaged(unit=P2_LINE, destroyed=tuple(guards[1:]), reason="test"))
    rows = tuple(
        c.AttackIn(model=m, weapon="Ember carbine", target=P2_LINE)
        for m in (f"{P1_LINE}-1", f"{P1_LINE}-2")
    )
    # hits 5 5, wounds 5 5 (T3 of the Bodyguard throughout), then the Ashguard's save 1 (dies),
    # then the Exarch's save 1 (Sv 3+ or 4+ invulnerable: fails): 1 damage, W 5 -> 4.
    s, d = run(s, "p1", c.Shoot(unit=P1_LINE, attacks=rows), [5, 5, 5, 5, 1, 1])
    assert not isinstance(d, Rejection), d
    assert s.status[P2_LINE].location == "destroyed"
    assert s.status["p2-ac-exarch"].location == "table"
    assert s.table.models[P2_X].unit == "p2-ac-exarch" and s.table.models[P2_X].wounds == 4
    assert s.sheets["p2-ac-exarch"].starting_strength == 1
    assert s.table.units["p2-ac-exarch"].starting_strength == 1
    assert P2_LINE not in s.attached
    assert s.destroyed == {P2_LINE: 10}


def test_precision_lets_the_attacker_pick_the_visible_leader() -> None:
    s = both_led()
    rows = (c.AttackIn(model=P1_X, weapon="Scorch pistol", target=P2_LINE),)
    # BS 3+: hit 4; S5 v T3 wounds on 3+: 5. The attacker now chooses.
    s, d = run(s, "p1", c.Shoot(unit=P1_LINE, attacks=rows), [4, 5])
    assert not isinstance(d, Rejection), d
    assert s.pending is not None
    assert (s.pending.kind, s.pending.player) == ("precision", "p1")
    assert s.pending.options == (P2_X, "none")
    _, d = run(s, "p2", c.Allocate(model=P2_X))
    assert isinstance(d, Rejection)  # the attacker chooses, not the defender
    # Exarch: Sv 3+ with AP-1 needs 4+, 4+ invulnerable: a 3 fails; D1: W 5 -> 4.
    s, d = run(s, "p1", c.Allocate(model=P2_X), [3])
    assert not isinstance(d, Rejection), d
    assert s.table.models[P2_X].wounds == 4


def test_precision_declined_goes_to_the_bodyguard() -> None:
    s = both_led()
    rows = (c.AttackIn(model=P1_X, weapon="Scorch pistol", target=P2_LINE),)
    s, _ = run(s, "p1", c.Shoot(unit=P1_LINE, attacks=rows), [4, 5])
    s, d = run(s, "p1", c.Allocate(model="none"))
    assert not isinstance(d, Rejection), d
    assert s.pending is not None and s.pending.kind == "allocate" and s.pending.player == "p2"
    assert P2_X not in s.pending.options


def test_mortal_wounds_go_to_the_bodyguard_first() -> None:
    s = both_led()
    em = Emitter(s, FixedDice([]), "p1")
    assert not mortal_wounds(em, P2_LINE, 2, "test")
    # Ashguard and the Warden differ: p2 chooses (R30), never the Exarch (§3.6).
    assert em.state.pending is not None and em.state.pending.kind == "allocate_mortal"
    assert em.state.pending.player == "p2" and P2_X not in em.state.pending.options
    ashguard = [m for m in em.state.pending.options if s.table.models[m].name == "Ashguard"]
    s, d = run(em.state, "p2", c.Allocate(model=ashguard[0]))
    s, d = run(s, "p2", c.Allocate(model=ashguard[1]))
    assert not isinstance(d, Rejection), d
    assert s.pending is None and not s.mortal_queue
    assert s.table.models[P2_X].wounds == 5
    assert len(s.models_of(P2_LINE)) == 9  # two 1-wound Ashguard gone


def test_hazardous_on_an_attached_character_puts_the_mortal_wounds_on_it() -> None:
    s = battle(
        {P1_LINE: row(10, 10, 11), "p2-ac-hounds": row(10, 20, 6)},
        {"p1": {"p1-ac-exarch": P1_LINE}},
    )
    rows = (c.AttackIn(model=P1_X, weapon="Ember hex", target="p2-ac-hounds"),)
    # D6 attacks: 1; Torrent hits; the wound roll 1 fails; the Hazardous test 1 fails:
    # a CHARACTER suffers 3 mortal wounds, on the Exarch first (seed L2349-L2354).
    s, d = run(s, "p1", c.Shoot(unit=P1_LINE, attacks=rows), [1, 1, 1])
    assert not isinstance(d, Rejection), d
    assert s.table.models[P1_X].wounds == 2
    assert len(s.models_of(P1_LINE)) == 11


def test_losing_the_leader_gives_the_bodyguard_its_own_starting_strength_back() -> None:
    s = both_led()
    s = evolve(s, ModelsDamaged(unit=P2_LINE, destroyed=(P2_X,), reason="test"))
    assert s.status["p2-ac-exarch"].location == "destroyed"
    assert s.sheets[P2_LINE].starting_strength == 10
    assert s.sheets[P2_LINE].name == "Ashguard Line"
    assert s.status[P2_LINE].leader is None
    assert s.destroyed == {"p2-ac-exarch": 1}


# -- Epic Challenge -----------------------------------------------------------------------------


def fight_selection(bodyguard_led: bool) -> State:
    attach = {"p1": {"p1-ac-exarch": P1_LINE}}
    if bodyguard_led:
        attach["p2"] = {"p2-ac-exarch": P2_LINE}
    s = battle({P1_LINE: row(10, 10, 11), P2_LINE: row(10, 11.5, 11)}, attach, phase="fight")
    s = s.with_side("p1", cp=2)
    return evolve(s, Waiting(pending=Pending(player="p1", kind="fight", options=(P1_LINE,))))


def test_epic_challenge_needs_an_attached_enemy_in_engagement_range() -> None:
    cmd = c.UseStratagem(name="epic_challenge", unit=P1_LINE, model=P1_X)
    _, d = run(fight_selection(False), "p1", cmd)
    assert isinstance(d, Rejection) and d.code == "rule/no_attached_unit"
    _, d = run(fight_selection(True), "p1", replace(cmd, model=f"{P1_LINE}-1"))
    assert isinstance(d, Rejection) and d.code == "stratagem/target"  # not a CHARACTER


def test_epic_challenge_gives_the_characters_melee_attacks_precision() -> None:
    s = fight_selection(True)
    cmd = c.UseStratagem(name="epic_challenge", unit=P1_LINE, model=P1_X)
    s, d = run(s, "p1", cmd)
    assert not isinstance(d, Rejection), d
    assert f"epic_challenge:{P1_X}" in s.status[P1_LINE].effects
    assert s.side("p1").cp == 1
    fight = c.Fight(
        unit=P1_LINE, attacks=(c.AttackIn(model=P1_X, weapon="Kiln staff", target=P2_LINE),)
    )
    # A4 WS3+: hits 3 3 3 3; S6 v T3 wounds on 2+: 2 2 2 2 (no critical: no Devastating).
    s, d = run(s, "p1", fight, [3, 3, 3, 3, 2, 2, 2, 2])
    assert not isinstance(d, Rejection), d
    assert s.pending is not None and s.pending.kind == "precision"
    assert s.pending.options == (P2_X, "none")


def test_the_view_names_exactly_the_models_epic_challenge_accepts() -> None:
    """The browser lists ``character_models`` in the Epic Challenge form (QA s13 #11): the
    Exarch of the attached unit, no Ashguard; every model listed is accepted, no other is."""
    s = fight_selection(True)
    listed = views.project(s, "p1")["game"]["units"][P1_LINE]["character_models"]
    assert listed == [P1_X]
    for mid in [m.id for m in s.models_of(P1_LINE)]:
        _, d = run(s, "p1", c.UseStratagem(name="epic_challenge", unit=P1_LINE, model=mid))
        assert (not isinstance(d, Rejection)) is (mid in listed), (mid, d)
    assert views.project(s, "p1")["game"]["units"]["p1-ac-hounds"]["character_models"] == []


def test_first_eligible_defender_never_picks_a_protected_character() -> None:
    unit = UnitState((ModelState("c", 5, protected=True), ModelState("g", 1)))
    assert FirstEligible().choose(unit.eligible(), "attack") == "g"
