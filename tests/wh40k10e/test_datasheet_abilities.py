"""Datasheet abilities the referee applies, and the ones it marks for the players (R39).

Dice are fixed; the numbers are worked out from wh40k-10th §8.3, §8.4 SUSTAINED HITS and the
demo datasheets (Ashguard Line: 9 x Ember carbine A1 BS4+ S4, the tenth model a pistol;
Seedling Brood: T3 Sv5+ W1; Pyre Carriage: W12, Twin ember repeater A4 BS4+ 24").
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tests.wh40k10e.arrange import arranged, row
from tests.wh40k10e.test_rerolls import events, shots
from tests.wh40k10e.test_rules import run
from vantage.engine.decision import Accepted
from vantage.engine.errors import Rejection
from vantage.rosters import Army, demo_armies, import_roster
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e.sheets import unit_sheets
from vantage.rules.wh40k10e.state import RULES_REVISION, State
from vantage.rules.wh40k10e.views import project

LINE = "p1-ac-line"
EXARCH = "p1-ac-exarch"
CARRIAGE = "p1-ac-carriage"
BROOD = "p2-vh-brood"
SAPLINE = "p2-vh-sapline"
FIXTURES = Path(__file__).parent.parent / "rosters" / "fixtures"


def battle(
    where: dict[str, list[tuple[float, float]]],
    phase: str = "shooting",
    active: str = "p1",
    attach: dict[str, str] | None = None,
    revision: int = RULES_REVISION,
) -> State:
    """A new game's demo armies (stamped), p1's Leaders attached, units at the positions."""
    state = arranged(
        where, phase, active, request={"rules_revision": revision}, attach={"p1": attach or {}}
    )
    return state.with_side("p1", cp=0).with_side("p2", cp=0)


def _led_line_hits(revision: int) -> int:
    s = battle(
        {LINE: row(10, 5, 11), BROOD: row(10, 25, 10)}, attach={EXARCH: LINE}, revision=revision
    )
    # two 6s among nine hit rolls, then every wound roll fails
    _, d = run(s, "p1", shots(s, LINE, "Ember carbine", BROOD), [6, 6] + [1] * 7 + [1] * 9)
    assert isinstance(d, Accepted), d
    (w,) = events(d, "weapon_resolved")
    return int(w.hits)


def test_a_leader_gives_the_unit_it_leads_its_weapon_ability() -> None:
    """Stoke the Pyre: "While leading a unit, its ranged weapons have [SUSTAINED HITS 1]"
    (QA s13 #9: two 6s gave no extra hits). Each Critical Hit scores one more hit (§8.4)."""
    assert _led_line_hits(RULES_REVISION) == 4
    assert _led_line_hits(2) == 2  # a game created before keeps its rules (R38)
    s = battle({LINE: row(10, 5, 11)}, attach={EXARCH: LINE})
    sheet = s.sheets[LINE]
    assert "SUSTAINED HITS 1" in sheet.weapon("Ember carbine").abilities  # type: ignore[union-attr]
    assert "SUSTAINED HITS 1" not in sheet.weapon("Bayonet").abilities  # type: ignore[union-attr]
    assert "SUSTAINED HITS 1" in sheet.weapon("Ember hex").abilities  # type: ignore[union-attr]


def test_a_unit_that_cannot_advance_is_refused_its_advance_roll() -> None:
    """Rooted: "This unit cannot Advance" (QA s13 #9: the Launchers rolled to Advance)."""
    where = {LINE: row(10, 5, 10), SAPLINE: row(10, 39, 3, dx=2.0)}
    s = battle(where, phase="movement", active="p2")
    _, d = run(s, "p2", c.RollAdvance(unit=SAPLINE), [3])
    assert isinstance(d, Rejection) and d.code == "rule/cannot_advance", d
    assert "Sapline Launchers cannot Advance" in d.message
    casual = replace(s, options=replace(s.options, strict=False))
    _, d = run(casual, "p2", c.RollAdvance(unit=SAPLINE), [3])
    assert isinstance(d, Accepted) and [w.code for w in d.warnings] == ["rule/cannot_advance"]
    old = battle(where, phase="movement", active="p2", revision=2)
    _, d = run(old, "p2", c.RollAdvance(unit=SAPLINE), [3])
    assert isinstance(d, Accepted) and not d.warnings, d


def _repeater_needs(wounds: int, revision: int = RULES_REVISION) -> int:
    s = battle({CARRIAGE: [(30, 10)], BROOD: row(24, 25, 10)}, revision=revision)
    m = s.models_of(CARRIAGE)[0]
    s = replace(s, table=s.table.with_models({m.id: replace(m, wounds=wounds)}))
    _, d = run(s, "p1", shots(s, CARRIAGE, "Twin ember repeater", BROOD), [1] * 40)
    assert isinstance(d, Accepted), d
    (w,) = events(d, "weapon_resolved")
    return int(w.needs["hit"])


def test_a_damaged_vehicle_subtracts_one_from_its_hit_rolls() -> None:
    """Pyre Carriage "Damaged: 1-4 Wounds Remaining: subtract 1 from this model's hit rolls"."""
    assert _repeater_needs(12) == 4
    assert _repeater_needs(5) == 4
    assert _repeater_needs(4) == 5
    assert _repeater_needs(1) == 5
    assert _repeater_needs(4, revision=2) == 4


def _notes(army: Army, revision: int = RULES_REVISION) -> dict[str, bool]:
    return {
        f"{s.name}: {n.name}": n.refereed
        for s in unit_sheets(army, "p1", revision)
        for n in s.datasheet
    }


def test_every_demo_ability_says_whether_the_referee_applies_it() -> None:
    """The audit of QA s13 #9: what the browser marks "not refereed"."""
    ashen, verdant = demo_armies()
    unrefereed = [k for k, ok in {**_notes(ashen), **_notes(verdant)}.items() if not ok]
    assert unrefereed == [
        "Ashguard Line: Hold the Ember Line",
        "Soot Hounds: Ember Trail",
        "Thornmother: Synaptic Bloom",
        "Seedling Brood: Endless Growth",
        "Canopy Stalker: Drifting Shadow",
    ]
    assert not _notes(ashen, 2)["Cinderwright Exarch: Stoke the Pyre"]
    assert not _notes(verdant, 2)["Sapline Launchers: Rooted"]


def test_an_imported_armys_abilities_are_marked_too() -> None:
    army = import_roster("glasswright.ros", (FIXTURES / "glasswright.ros").read_bytes())
    assert isinstance(army, Army)
    assert _notes(army) == {
        "Shard Wardens: Refracted Guard": False,
        "Shard Wardens: Deep Strike": True,
        "Luminarch Veyra: Invulnerable Save": True,
        "Old Glimmer: Transport": True,  # the Prism Strider, named by its player
        "Glint Riders: Mirror shield": False,
    }
    strider = next(s for s in unit_sheets(army, "p1") if s.name == "Old Glimmer")
    cannon = strider.weapon("Twin refractor cannon")
    assert cannon is not None and cannon.unrefereed == ("Sustained Hits D3",)
    assert "SUSTAINED HITS D3" not in cannon.abilities


def test_the_browser_gets_each_ability_with_its_mark() -> None:
    s = battle({LINE: row(10, 5, 11)}, attach={EXARCH: LINE})
    units = project(s, "p1")["game"]["units"]
    notes = {n["name"]: n for n in units[LINE]["sheet"]["datasheet"]}
    assert notes["Hold the Ember Line"] == {
        "name": "Hold the Ember Line",
        "text": "Once per battle, this unit can shoot as if it had Remained Stationary.",
        "refereed": False,
        "enhancement": False,
    }
    assert notes["Stoke the Pyre"]["refereed"] is True
