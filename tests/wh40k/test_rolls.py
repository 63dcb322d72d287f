"""Hit, wound and save tests of single dice (wh40k-10th §8.3)."""

from __future__ import annotations

import pytest

from vantage.rules.wh40k.rolls import (
    capped,
    choose_save,
    cover_applies,
    hit_roll,
    wound_roll,
    wound_target,
)


@pytest.mark.parametrize(
    ("s", "t", "needed"),
    [
        (8, 4, 2),
        (9, 4, 2),
        (5, 4, 3),
        (9, 5, 3),
        (4, 4, 4),
        (3, 4, 5),
        (5, 8, 5),
        (2, 4, 6),
        (4, 8, 6),
        (1, 10, 6),
        (12, 6, 2),
        (11, 6, 3),
    ],
)
def test_wound_table(s: int, t: int, needed: int) -> None:
    assert wound_target(s, t) == needed


def test_modifier_cap() -> None:
    assert [capped(m) for m in (-5, -1, 0, 1, 3)] == [-1, -1, 0, 1, 1]


def test_hit_roll() -> None:
    assert hit_roll(6, 6, -1).critical and hit_roll(6, 6, -1).success
    assert not hit_roll(1, 2, 1).success
    assert hit_roll(3, 4, 2).success  # +2 capped to +1
    assert not hit_roll(4, 4, -3).success
    assert not hit_roll(5, 4, 0).critical


def test_wound_roll_critical_threshold() -> None:
    assert wound_roll(4, 5, 0, critical_from=4).critical
    assert wound_roll(6, 6, -1).success
    assert not wound_roll(1, 2, 1, critical_from=2).success
    assert wound_roll(1, 2, 0, critical_from=7).success is False


def test_cover_exceptions() -> None:
    assert cover_applies(True, melee=False, ignores_cover=False, save=4, ap=0)
    assert not cover_applies(False, melee=False, ignores_cover=False, save=4, ap=0)
    assert not cover_applies(True, melee=True, ignores_cover=False, save=4, ap=-1)
    assert not cover_applies(True, melee=False, ignores_cover=True, save=4, ap=-1)
    assert not cover_applies(True, melee=False, ignores_cover=False, save=3, ap=0)
    assert not cover_applies(True, melee=False, ignores_cover=False, save=2, ap=0)
    assert cover_applies(True, melee=False, ignores_cover=False, save=3, ap=-1)


def test_choose_save() -> None:
    armour = choose_save(3, -2, 4, cover=False)
    assert armour.invulnerable and armour.needed == 4
    assert not choose_save(2, -1, 4, cover=False).invulnerable
    assert not choose_save(3, -1, 4, cover=False).invulnerable  # equal: armour
    assert not choose_save(4, -2, 5, cover=True).invulnerable  # cover makes armour 5+ = 5+
    capped_save = choose_save(5, 0, None, cover=True, other_modifier=1)
    assert capped_save.modifier == 1 and capped_save.needed == 4
    assert not choose_save(2, 0, None, cover=False, other_modifier=1).passes(1)
