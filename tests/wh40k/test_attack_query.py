"""The scenario ``attack`` adapter: validation errors, measured half range and cover, systems."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from vantage.rules.wh40k.attack_query import answer_attack
from vantage.scenario.schema import ScenarioError, parse_scenario


def _model(mid: str, unit: str, x: float, wounds: int = 1) -> dict[str, Any]:
    return {
        "id": mid,
        "unit": unit,
        "base": {"shape": "circle", "diameter_mm": 32},
        "x": x,
        "y": 10,
        "wounds": wounds,
    }


def scenario(system: str = "wh40k-10e") -> dict[str, Any]:
    return {
        "format": "vantage-scenario/1",
        "system": system,
        "table": {"width": 60, "depth": 44},
        "players": ["p1", "p2"],
        "units": [
            {"id": "A", "player": "p1"},
            {"id": "B", "player": "p2", "keywords": ["infantry"]},
        ],
        "models": [
            _model("a1", "A", 0),
            _model("a2", "A", 10),
            _model("b1", "B", 20, 2),
            _model("b2", "B", 21, 2),
        ],
        "queries": [],
    }


def query(**changes: Any) -> dict[str, Any]:
    q: dict[str, Any] = {
        "id": "q",
        "type": "attack",
        "attacker": "A",
        "target": "B",
        "weapon": {
            "name": "Gun",
            "type": "ranged",
            "range": 24,
            "attacks": "1",
            "skill": 3,
            "strength": 4,
            "ap": -1,
            "damage": "1",
            "abilities": [],
        },
        "models_attacking": 2,
        "target_profile": {"toughness": 4, "save": 4},
        "context": {"within_half_range": False, "cover": False},
        "dice": {"hit": [3, 3], "wound": [4, 4], "save": [1, 1]},
    }
    for key, value in changes.items():
        node = q
        *path, last = key.split("__")
        for part in path:
            node = node[part]
        if value is _DROP:
            node.pop(last, None)
        else:
            node[last] = value
    return q


_DROP = object()


def _distance(a: str, b: str) -> float:
    xs = {"a1": 0.0, "a2": 10.0, "b1": 20.0, "b2": 21.0}
    return abs(xs[a] - xs[b])


def ask(q: dict[str, Any], system: str = "wh40k-10e", cover: Any = None, index: int = 3) -> Any:
    raw = scenario(system)
    raw["queries"] = [q]
    sc = parse_scenario(raw)
    return answer_attack(sc, sc.queries[0], index, _distance, cover or (lambda a, b: False))


def error(q: dict[str, Any], **kw: Any) -> str:
    with pytest.raises(ScenarioError) as exc:
        ask(q, **kw)
    return str(exc.value)


def test_plain_answer_shape() -> None:
    answer = ask(query())
    assert {k: answer[k] for k in ("attacks", "hits", "wounds", "failed_saves")} == {
        "attacks": 2,
        "hits": 2,
        "wounds": 2,
        "failed_saves": 2,
    }
    assert answer["destroyed"] == ["b1"] and answer["wounds_left"] == {"b2": 2}
    assert answer["mortal_wounds"] == 0 and answer["damage_inflicted"] == 2


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"weapon__strength": _DROP}, "queries[3].weapon.strength: is required"),
        ({"weapon__skill": _DROP}, "queries[3].weapon.skill: is required"),
        ({"weapon__type": "psychic"}, "queries[3].weapon.type:"),
        ({"weapon__attacks": "D7"}, "queries[3].weapon.attacks: 'D7' is not"),
        ({"weapon__damage": "lots"}, "queries[3].weapon.damage:"),
        ({"weapon__ap": 2}, "queries[3].weapon.ap: must be <= 0"),
        ({"weapon__abilities": ["HEAVY", "FOO"]}, "queries[3].weapon.abilities[1]: unknown"),
        ({"target_profile__save": 1}, "queries[3].target_profile.save: must be >= 2"),
        ({"target_profile": _DROP}, "queries[3].target_profile: is required"),
        ({"attacker": "Z"}, "queries[3].attacker: unknown unit 'Z'"),
        ({"target": "Z"}, "queries[3].target: unknown unit 'Z'"),
        ({"dice__hit": [3, 7]}, "queries[3].dice.hit[1]: must be <= 6"),
        ({"dice__hit": [3, True]}, "queries[3].dice.hit[1]:"),
        ({"dice__hit": [3]}, "queries[3].dice.hit: pool ran out"),
        ({"dice__save": [1]}, "queries[3].dice.save: pool ran out"),
        ({"weapon__damage": "D3"}, "queries[3].dice.damage: pool ran out"),
        ({"weapon__attacks": "D6"}, "queries[3].dice.attacks: pool ran out"),
        ({"context__hit_modifier": "1"}, "queries[3].context.hit_modifier:"),
        ({"models_attacking": 0}, "queries[3].models_attacking: must be >= 1"),
        ({"allocate": ["a1"]}, "queries[3].allocate[0]: 'a1' is not one of the eligible"),
    ],
)
def test_errors_name_the_first_bad_field(changes: dict[str, Any], message: str) -> None:
    assert error(query(**changes)).startswith(message)


def test_second_allocate_entry_named() -> None:
    raw = scenario()
    raw["models"].append(_model("b3", "B", 22, 2))
    raw["queries"] = [query(allocate=["b2", "b2"], weapon__damage="2")]
    sc = parse_scenario(raw)
    with pytest.raises(ScenarioError) as exc:
        answer_attack(sc, sc.queries[0], 0, _distance, lambda a, b: False)
    assert str(exc.value).startswith("queries[0].allocate[1]: 'b2' is not one of the eligible")


def test_fnp_pool_ran_out() -> None:
    q = query(target_profile={"toughness": 4, "save": 4, "feel_no_pain": 5})
    assert error(q) == "queries[3].dice.feel_no_pain: pool ran out"


def test_extra_keys_ignored_and_leftover_dice_ignored() -> None:
    q = query(colour="red", dice__hit=[3, 3, 1, 1, 1])
    q["weapon"]["notes"] = "x"
    assert ask(q)["hits"] == 2


@pytest.mark.parametrize("system", ["deathmatch", "death-angel", "sandbox"])
def test_unsupported_systems(system: str) -> None:
    assert error(query(), system=system) == (
        f"queries[3].type: attack is not supported for system {system}"
    )


def test_torrent_needs_no_skill_and_no_hit_dice() -> None:
    q = query(weapon__skill=_DROP, weapon__abilities=["TORRENT"], dice__hit=[])
    assert ask(q)["hits"] == 2


def test_measured_half_range_per_model() -> None:
    """a1 is 20" from b1, a2 10": with range 24 only a2 is within 12" and gets RAPID FIRE."""
    q = query(context={}, weapon__abilities=["RAPID FIRE 1"], dice__hit=[1, 1, 1])
    assert ask(q)["attacks"] == 3
    q = query(context={}, weapon__range=40, weapon__abilities=["RAPID FIRE 1"], dice__hit=[1] * 4)
    assert ask(q)["attacks"] == 4
    q = query(context={}, weapon__range=20, weapon__abilities=["RAPID FIRE 1"], dice__hit=[1] * 3)
    assert ask(q)["attacks"] == 3  # a2 exactly at half range: within
    q = query(
        context={}, weapon__range=19.99, weapon__abilities=["RAPID FIRE 1"], dice__hit=[1] * 2
    )
    assert ask(q)["attacks"] == 2


def test_measured_melta_only_for_the_model_at_half_range() -> None:
    """Hits in model order: a1's attack (20", no Melta), then a2's (10", Melta 2)."""
    q = query(
        context={"cover": False},
        weapon__abilities=["MELTA 2"],
        weapon__damage="1",
        target_profile={"toughness": 4, "save": 4, "wounds": 5},
    )
    raw = scenario()
    raw["models"][2]["wounds"] = 5
    raw["models"][3]["wounds"] = 5
    raw["queries"] = [q]
    sc = parse_scenario(raw)
    answer = answer_attack(sc, sc.queries[0], 0, _distance, lambda a, b: False)
    assert answer["damage_inflicted"] == 1 + 3
    assert answer["wounds_left"] == {"b1": 1, "b2": 5}


def test_given_half_range_is_used_as_given() -> None:
    def boom(a: str, b: str) -> float:
        raise AssertionError("must not measure")

    raw = scenario()
    raw["queries"] = [
        query(
            weapon__abilities=["RAPID FIRE 1"], context__within_half_range=True, dice__hit=[1] * 4
        )
    ]
    sc = parse_scenario(raw)
    assert answer_attack(sc, sc.queries[0], 0, boom, lambda a, b: False)["attacks"] == 4


def test_measuring_needs_range_and_enough_models() -> None:
    q = query(context={}, weapon__range=_DROP, weapon__abilities=["MELTA 1"])
    assert error(q) == "queries[3].weapon.range: is required to measure half range"
    q = query(context={}, models_attacking=3, weapon__abilities=["MELTA 1"], dice__hit=[1] * 3)
    assert error(q).startswith("queries[3].models_attacking: unit 'A' has only 2 models")


def test_measured_cover_per_target_model_from_any_attacker() -> None:
    calls: list[tuple[str, str]] = []

    def cover(observer: str, target: str) -> bool:
        calls.append((observer, target))
        return (observer, target) == ("a2", "b2")

    # two wounds on b1 (no cover) then one on b2 (cover from a2): AP-1, Sv4+, rolls of 4.
    q = query(
        context={"within_half_range": False},
        weapon__attacks="3",
        models_attacking=1,
        dice__hit=[3, 3, 3],
        dice__wound=[4, 4, 4],
        dice__save=[1, 1, 4],
    )
    q["models_attacking"] = 2
    q["weapon"]["attacks"] = "D3"
    q["dice"]["attacks"] = [3, 1]
    answer = ask(q, cover=cover)
    assert answer["attacks"] == 3
    assert answer["destroyed"] == ["b1"] and answer["wounds_left"] == {"b2": 2}  # 4-1+1 = 4 saves
    assert ("a2", "b2") in calls


def test_cover_not_measured_when_it_cannot_apply() -> None:
    def boom(a: str, b: str) -> bool:
        raise AssertionError("must not measure cover")

    q = query(context={"within_half_range": False}, weapon__ap=0)
    q["target_profile"] = {"toughness": 4, "save": 3}
    assert ask(q, cover=boom)["wounds"] == 2
    melee = query(context={}, weapon__type="melee", weapon__range=_DROP)
    assert ask(melee, cover=boom)["failed_saves"] == 2


def test_keywords_for_anti_come_from_the_unit_and_the_profile() -> None:
    q = query(
        weapon__abilities=["ANTI-INFANTRY 2+"],
        dice__wound=[2, 2],
        weapon__strength=1,
        target_profile={"toughness": 8, "save": 4},
    )
    assert ask(q)["critical_wounds"] == 2
    q = query(
        weapon__abilities=["ANTI-PSYKER 2+"],
        dice__wound=[2, 2],
        weapon__strength=1,
        target_profile={"toughness": 8, "save": 4, "keywords": ["psyker"]},
    )
    assert ask(q)["critical_wounds"] == 2


def test_models_attacking_defaults_to_the_unit() -> None:
    q = query(models_attacking=_DROP)
    assert ask(q)["attacks"] == 2


def test_query_is_not_changed() -> None:
    q = query(allocate=["b2"])
    before = copy.deepcopy(q)
    ask(q)
    assert q == before


def test_dead_models_are_not_on_the_table() -> None:
    """Decision D10: a model with wounds 0 in the file is not on the table (not counted, listed)."""
    raw = scenario()
    raw["models"][2]["wounds"] = 0
    raw["queries"] = [query(weapon__abilities=["BLAST"], dice__hit=[1, 1])]
    sc = parse_scenario(raw)
    answer = answer_attack(sc, sc.queries[0], 0, _distance, lambda a, b: False)
    assert answer["attacks"] == 2 and answer["wounds_left"] == {"b2": 2}


def test_sustained_extra_hits_come_right_after_their_hit() -> None:
    """a1 (20" away, no Melta) rolls a critical hit with SUSTAINED HITS 1; a2 (10", MELTA 2) hits.

    Wound and allocation order a1, a1's extra hit, a2 gives damage 1, 1, 3 against W2 models: b1
    destroyed by the two 1s, b2 destroyed by the 3 (damage 4). Were the extra hit put last (1, 3,
    1), b1 would die to the 3 and b2 keep 1 wound (damage 3).
    """
    q = query(
        context={"cover": False},
        weapon__abilities=["MELTA 2", "SUSTAINED HITS 1"],
        dice__hit=[6, 3],
        dice__wound=[4, 4, 4],
        dice__save=[1, 1, 1],
    )
    answer = ask(q)
    assert answer["hits"] == 3
    assert answer["damage_inflicted"] == 4
    assert answer["destroyed"] == ["b1", "b2"]


def test_too_many_attacks_is_refused() -> None:
    q = query(models_attacking=1000, weapon__attacks="99")
    assert error(q) == "queries[3].weapon.attacks: more than 20000 attacks in one query"
