"""The ``attack`` query for 9th and 8th edition: edition rules, input errors, measuring, and the
websocket table query path. Golden files: tests/scenarios/wh40k-9e/attack, wh40k-8e/attack."""

from __future__ import annotations

from typing import Any

import pytest

from tests.wh40k.test_attack_query import ask, error, query, scenario
from vantage.engine.errors import Rejection
from vantage.rules.common.table_queries import answer_table_query
from vantage.rules.wh40k.classic_sequence import ClassicContext, ClassicWeapon, classic_attacks
from vantage.rules.wh40k.dice_expr import parse_dice_expr
from vantage.rules.wh40k.dice_source import DicePools
from vantage.rules.wh40k.edition import choose_save
from vantage.rules.wh40k.edition8 import EIGHTH
from vantage.rules.wh40k.edition9 import NINTH
from vantage.rules.wh40k.profiles import Attacker
from vantage.scenario.schema import parse_scenario

BOTH = ["wh40k-9e", "wh40k-8e"]


@pytest.mark.parametrize(
    ("die", "needed", "modifier", "ninth", "eighth"),
    [
        (6, 6, -1, True, False),  # 9th: an unmodified 6 always succeeds
        (1, 2, 3, False, False),  # both: an unmodified 1 always fails
        (4, 3, -2, True, False),  # 9th caps -2 at -1
        (3, 5, 2, False, True),  # 8th: +2 is not capped
        (5, 6, 1, True, True),
        (2, 1, -3, True, True),  # below 1 counts as 1
    ],
)
def test_succeeds(die: int, needed: int, modifier: int, ninth: bool, eighth: bool) -> None:
    assert NINTH.succeeds(die, needed, modifier) is ninth
    assert EIGHTH.succeeds(die, needed, modifier) is eighth


def test_choose_save_is_not_capped_and_cover_skips_invulnerable() -> None:
    assert choose_save(4, 0, None, cover=True, other_modifier=1).needed == 2
    assert choose_save(6, -2, 5, cover=True).invulnerable
    assert choose_save(3, -4, None, cover=False).needed == 7


def _weapon(attacks: str, *abilities: str) -> ClassicWeapon:
    from vantage.rules.wh40k.classic_abilities import parse_classic_abilities

    return ClassicWeapon(
        name="w",
        type="ranged",
        attacks=parse_dice_expr(attacks),
        strength=4,
        ap=0,
        damage=parse_dice_expr("1"),
        skill=3,
        abilities=parse_classic_abilities(abilities, NINTH, melee=False),
    )


@pytest.mark.parametrize(
    ("models", "rolls", "half", "expected"),
    [(5, [1], False, 1), (6, [1], False, 3), (10, [2], True, 4), (11, [], False, 6)],
)
def test_blast_numbers(models: int, rolls: list[int], half: bool, expected: int) -> None:
    weapon = _weapon("D6", "RAPID FIRE D6", "BLAST")
    dice = DicePools({"attacks": rolls})
    ctx = ClassicContext(target_models=models)
    assert classic_attacks(NINTH, weapon, [Attacker("a", half)], ctx, dice) == (expected,)
    assert dice.used()["attacks"] == len(rolls)


@pytest.mark.parametrize("system", BOTH)
def test_plain_answer(system: str) -> None:
    answer = ask(query(), system=system)
    assert answer["failed_saves"] == 2 and answer["destroyed"] == ["b1"]
    assert "critical_hits" not in answer


@pytest.mark.parametrize(
    ("abilities", "system", "message"),
    [
        (["BLAST"], "wh40k-8e", "[0]: BLAST is not a weapon ability of 8th edition"),
        (["HEAVY 1", "LETHAL HITS"], "wh40k-9e", "[1]: 'LETHAL HITS' is a 10th-edition ability"),
        (["SUSTAINED HITS 1"], "wh40k-8e", "[0]: 'SUSTAINED HITS 1' is a 10th-edition ability"),
        (["ANTI-INFANTRY 4+"], "wh40k-9e", "[0]: 'ANTI-INFANTRY 4+' is a 10th-edition ability"),
        (["MELTA 2"], "wh40k-9e", "[0]: 'MELTA 2' is a 10th-edition ability"),
        (["FROBNICATE"], "wh40k-9e", "[0]: unknown weapon ability 'FROBNICATE'"),
        (["HEAVY 1", "ASSAULT 1"], "wh40k-9e", "[1]: a weapon has one type"),
        (["RAPID FIRE 2"], "wh40k-9e", "[0]: the type's number 2 differs from weapon.attacks 1"),
        (["HEAVY X"], "wh40k-8e", "[0]: 'HEAVY X': the type's number must be"),
        (["MELEE"], "wh40k-9e", "[0]: MELEE is the type of a melee weapon"),
    ],
)
def test_ability_errors(abilities: list[str], system: str, message: str) -> None:
    got = error(query(weapon__abilities=abilities), system=system)
    assert got.startswith(f"queries[3].weapon.abilities{message}"), got


def test_ranged_type_on_a_melee_weapon_is_an_error() -> None:
    q = query(weapon__type="melee", weapon__abilities=["PISTOL 1"])
    assert "ranged weapon type" in error(q, system="wh40k-9e")


@pytest.mark.parametrize("system", BOTH)
def test_type_number_may_be_left_out_or_match(system: str) -> None:
    q = query(weapon__attacks="D3", weapon__abilities=["assault d3"], dice__attacks=[6, 6])
    q["dice"]["hit"] = [1] * 6
    assert ask(q, system=system)["attacks"] == 6


@pytest.mark.parametrize("system", BOTH)
def test_skill_and_pools(system: str) -> None:
    q = query(weapon__skill=None)
    q["weapon"].pop("skill")
    assert error(q, system=system) == "queries[3].weapon.skill: is required"
    assert error(query(dice__wound=[4]), system=system) == "queries[3].dice.wound: pool ran out"


def test_bad_allocate_entry() -> None:
    q = query(allocate=["a1"])
    assert error(q, system="wh40k-8e").startswith("queries[3].allocate[0]: 'a1' is not one")


def test_measured_half_range_for_rapid_fire() -> None:
    """a1 is 20" from b1, a2 10": with range 24 only a2 is within 12" and doubles."""
    q = query(context={"cover": False}, weapon__abilities=["RAPID FIRE 1"], dice__hit=[1, 1, 1])
    assert ask(q, system="wh40k-9e")["attacks"] == 3


def test_measured_cover_per_model_and_not_in_melee() -> None:
    seen: list[tuple[str, str]] = []

    def cover(a: str, b: str) -> bool:
        seen.append((a, b))
        return b == "b1"

    q = query(context={"within_half_range": False}, dice__save=[4, 4])
    assert ask(q, system="wh40k-8e", cover=cover)["failed_saves"] == 0  # 4-1+1 passes Sv4+
    assert ("a1", "b1") in seen
    seen.clear()
    q = query(context={}, weapon__type="melee", dice__save=[4, 4])
    assert ask(q, system="wh40k-9e", cover=cover)["failed_saves"] == 2
    assert not seen


def test_websocket_table_query_answers_attack_for_9e_and_8e() -> None:
    raw = scenario("wh40k-9e")
    table = parse_scenario(raw, with_queries=False).table
    q: dict[str, Any] = query(weapon__abilities=["HEAVY 1"])
    q.pop("id")
    ninth = answer_table_query("wh40k-9e", table, {**q, "context": {"cover": False}})
    assert not isinstance(ninth, Rejection) and ninth["hits"] == 2  # A is not INFANTRY
    bad = answer_table_query(
        "wh40k-8e", table, {**q, "weapon": {**q["weapon"], "abilities": ["BLAST"]}}
    )
    assert isinstance(bad, Rejection) and bad.code == "query/invalid"
    assert bad.message.startswith("weapon.abilities[0]: BLAST is not")
