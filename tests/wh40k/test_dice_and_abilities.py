"""Dice expressions and weapon-ability parsing (wh40k-10th §7, §8.4)."""

from __future__ import annotations

import pytest

from vantage.rules.wh40k.abilities import AbilityError, Anti, parse_abilities, parse_ability
from vantage.rules.wh40k.dice_expr import DiceExpr, DiceExprError, RollKind, parse_dice_expr
from vantage.rules.wh40k.dice_source import DicePools, PoolExhausted


@pytest.mark.parametrize(
    ("text", "expr"),
    [
        ("2", DiceExpr(bonus=2)),
        (3, DiceExpr(bonus=3)),
        ("D3", DiceExpr(1, 3, 0)),
        ("d6", DiceExpr(1, 6, 0)),
        ("D6+3", DiceExpr(1, 6, 3)),
        ("2D6", DiceExpr(2, 6, 0)),
        ("2D3+1", DiceExpr(2, 3, 1)),
        (" D6 + 2 ", DiceExpr(1, 6, 2)),
    ],
)
def test_parse_dice_expr(text: str | int, expr: DiceExpr) -> None:
    assert parse_dice_expr(text) == expr


@pytest.mark.parametrize("text", ["", "D4", "D6-1", "X", "0D6", "-1", "1.5", "D"])
def test_bad_dice_expr(text: str) -> None:
    with pytest.raises(DiceExprError):
        parse_dice_expr(text)


def test_bool_is_not_a_number() -> None:
    with pytest.raises(DiceExprError):
        parse_dice_expr(True)


class _Listed:
    def __init__(self, *results: int) -> None:
        self.results = list(results)
        self.kinds: list[RollKind] = []

    def roll(self, kind: RollKind, count: int) -> tuple[int, ...]:
        self.kinds.append(kind)
        out, self.results = self.results[:count], self.results[count:]
        return tuple(out)


@pytest.mark.parametrize(
    ("expr", "dice", "value"),
    [
        ("D3", (1,), 1),
        ("D3", (2,), 1),
        ("D3", (3,), 2),
        ("D3", (4,), 2),
        ("D3", (5,), 3),
        ("D3", (6,), 3),
        ("D6+3", (4,), 7),
        ("2D6", (6, 5), 11),
        ("2D3+1", (1, 6), 5),
        ("4", (), 4),
    ],
)
def test_roll_takes_one_d6_per_die(expr: str, dice: tuple[int, ...], value: int) -> None:
    source = _Listed(*dice)
    assert parse_dice_expr(expr).roll(source, "damage") == value
    assert source.results == []


def test_expr_bounds_and_text() -> None:
    e = parse_dice_expr("2D6+1")
    assert (e.minimum, e.maximum, e.is_random, str(e)) == (3, 13, True, "2D6+1")
    assert str(parse_dice_expr("D3").plus(2)) == "D3+2"
    assert str(parse_dice_expr("5")) == "5"


def test_pools_are_separate_and_run_out() -> None:
    pools = DicePools({"hit": [6, 5], "wound": [1]})
    assert pools.roll("hit", 1) == (6,)
    assert pools.roll("wound", 1) == (1,)
    assert pools.roll("hit", 1) == (5,)
    with pytest.raises(PoolExhausted) as exc:
        pools.roll("hit", 1)
    assert exc.value.kind == "hit"
    assert pools.used()["hit"] == 2


def test_parse_every_ability() -> None:
    ab = parse_abilities(
        [
            "RAPID FIRE 2",
            "SUSTAINED HITS 1",
            "MELTA 4",
            "ANTI-INFANTRY 4+",
            "ANTI-MONSTER 5+",
            "ASSAULT",
            "BLAST",
            "DEVASTATING WOUNDS",
            "EXTRA ATTACKS",
            "HAZARDOUS",
            "HEAVY",
            "IGNORES COVER",
            "INDIRECT FIRE",
            "LANCE",
            "LETHAL HITS",
            "ONE SHOT",
            "PISTOL",
            "PRECISION",
            "PSYCHIC",
            "TORRENT",
            "TWIN-LINKED",
        ]
    )
    assert (ab.rapid_fire, ab.sustained_hits, ab.melta) == (2, 1, 4)
    assert ab.anti == (Anti("INFANTRY", 4), Anti("MONSTER", 5))
    flags = [
        ab.assault,
        ab.blast,
        ab.devastating_wounds,
        ab.extra_attacks,
        ab.hazardous,
        ab.heavy,
        ab.ignores_cover,
        ab.indirect_fire,
        ab.lance,
        ab.lethal_hits,
        ab.one_shot,
        ab.pistol,
        ab.precision,
        ab.psychic,
        ab.torrent,
        ab.twin_linked,
    ]
    assert all(flags)


def test_ability_spelling_is_lenient() -> None:
    ab = parse_abilities(
        ["[lethal hits]", "twin linked", " Sustained  Hits 2 ", "anti - vehicle 3+"]
    )
    assert ab.lethal_hits and ab.twin_linked and ab.sustained_hits == 2
    assert ab.anti == (Anti("VEHICLE", 3),)


def test_repeated_value_keeps_the_best() -> None:
    ab = parse_abilities(["SUSTAINED HITS 1", "SUSTAINED HITS 2", "ANTI-FLY 4+", "ANTI-FLY 2+"])
    assert ab.sustained_hits == 2
    assert ab.anti == (Anti("FLY", 2),)


def test_anti_threshold_matches_keywords() -> None:
    ab = parse_abilities(["ANTI-INFANTRY 4+", "ANTI-CHAOS SPACE MARINES 3+"])
    assert ab.anti_threshold({"INFANTRY"}) == 4
    assert ab.anti_threshold({"INFANTRY", "CHAOS SPACE MARINES"}) == 3
    assert ab.anti_threshold({"VEHICLE"}) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("FOO", "unknown weapon ability"),
        ("SUSTAINED HITS D3", "whole-number value"),
        ("RAPID FIRE", "whole-number value"),
        ("ANTI-INFANTRY", "whole-number value"),
        ("ANTI-INFANTRY 7+", "whole-number value"),
    ],
)
def test_bad_ability(text: str, message: str) -> None:
    with pytest.raises(AbilityError, match=message):
        parse_ability(text, 3)
    with pytest.raises(AbilityError) as exc:
        parse_abilities(["HEAVY", text])
    assert exc.value.index == 1
