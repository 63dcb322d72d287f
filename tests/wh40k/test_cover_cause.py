"""What gives a target its cover (``GeometryRules.cover_and_cause``), shown by the line-of-sight
tool: checked on the golden scenarios, whose lanes each hold one case with its own terrain."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from vantage.rules.common.cover import CoverCause
from vantage.rules.common.systems import geometry_for
from vantage.scenario.queries import with_system_defaults
from vantage.scenario.schema import Scenario, parse_scenario

GOLDEN = Path(__file__).parents[1] / "scenarios"
COVER_FILES = sorted(p for p in GOLDEN.rglob("*.json") if '"type": "cover"' in p.read_text())


def _load(path: Path) -> tuple[Scenario, dict[str, Any]]:
    raw = json.loads(path.read_text())
    return with_system_defaults(parse_scenario(raw)), raw


def _cause(scenario: Scenario, observer: str, target: str) -> tuple[bool | str, CoverCause | None]:
    return geometry_for(scenario.system).cover_and_cause(scenario.table, observer, target)


@pytest.mark.parametrize("path", COVER_FILES, ids=lambda p: str(p.relative_to(GOLDEN)))
def test_a_cause_exactly_when_there_is_cover_and_it_is_the_lanes_own(path: Path) -> None:
    """Every golden cover query: the cover state is the expected answer, there is a cause iff
    there is cover, and the cause is on the table. In the lane files (queries ``l<N>_...``),
    each lane's terrain ends in its number, so the cause is that lane's piece or model."""
    scenario, raw = _load(path)
    ids = {p.id for p in scenario.table.terrain} | set(scenario.table.models)
    for q in (q for q in raw["queries"] if q["type"] == "cover"):
        cover, cause = _cause(scenario, q["observer"], q["target"])
        if q["id"] in raw["expect"]:  # a conformance file may leave an answer open
            assert cover == raw["expect"][q["id"]], q["id"]
        assert (cause is None) == (cover in (False, "none")), q["id"]
        if cause is None:
            continue
        assert cause.source in ids
        lane = re.fullmatch(r"l(\d+)_.*", q["id"])
        if lane:
            assert re.search(rf"\D{lane[1]}$", cause.source), (q["id"], cause)


def test_tenth_edition_names_the_piece_and_whether_within_or_obscuring() -> None:
    """wh40k-10th §2.5, lanes of ``sight-and-cover.json`` (target tN, terrain named N): wholly
    within a ruin, a crater (INFANTRY) or woods; otherwise not fully visible because of it."""
    scenario, _ = _load(GOLDEN / "wh40k-10e" / "sight-and-cover.json")
    expected = {
        1: ("ruin1", "obscured"),
        2: ("ruin2", "within"),
        4: ("ruin4", "obscured"),
        6: ("barricade6", "obscured"),  # INFANTRY wholly within 3" of the barricade
        8: ("building8", "obscured"),
        9: ("crater9", "within"),
        16: ("woods16", "within"),
    }
    for lane, (source, why) in expected.items():
        assert _cause(scenario, f"o{lane}", f"t{lane}") == (True, CoverCause(source, why))
    assert _cause(scenario, "o7", "t7") == (False, None)  # barricade more than 3" away


def test_deathmatch_names_the_nearest_kind_of_source() -> None:
    """deathmatch §5.3.4 (``cover-melee-objectives.json``): k1 stands 0.32" from t1, so hard
    cover from k1; a forest the target stands wholly in gives hard cover."""
    scenario, _ = _load(GOLDEN / "deathmatch" / "cover-melee-objectives.json")
    assert _cause(scenario, "s1", "t1") == ("hard", CoverCause("k1", "between"))
    assert _cause(scenario, "s5", "t5") == ("hard", CoverCause("forest5", "forest"))
    assert _cause(scenario, "s3", "t3") == ("none", None)  # the source is at the shooter


def test_ninth_edition_tells_heavy_cover_from_light() -> None:
    """9th edition (``sight-terrain-kinds.json``): the `cover` answer is true for light or heavy
    cover (scenario-format Conventions), but heavy cover's benefit is against melee attacks only
    ([GK9], rules decision D29), so its cause is ``heavy``, not ``touching``; a target touching
    both kinds is named for the light cover, the one that helps against a shot."""
    scenario, _ = _load(GOLDEN / "wh40k-9e" / "sight-terrain-kinds.json")
    assert _cause(scenario, "o3", "t3") == (True, CoverCause("obstacle3", "heavy"))
    assert _cause(scenario, "o9", "t9") == (True, CoverCause("crater9", "heavy"))
    assert _cause(scenario, "o8", "t8") == (True, CoverCause("woods8", "touching"))
    table = scenario.table
    heavy = next(p for p in table.terrain if p.id == "obstacle3")
    light = replace(heavy, id="light3", traits=("light cover",))  # after it in table order
    both = replace(table, terrain=(*table.terrain, light))
    assert geometry_for("wh40k-9e").cover_and_cause(both, "o3", "t3") == (
        True,
        CoverCause("light3", "touching"),
    )
