"""What a hit and a wound roll need (``sequence.roll_needs``, shown in the game's log), worked
out from wh40k-10th §8.3 steps 1-2 and §8.4: BS/WS or the S-against-T table, moved by the
modifiers capped at +-1, never easier than 2+ (a 1 fails) or harder than 6+ (a 6 succeeds);
HEAVY after Remaining Stationary, LANCE after charging, ANTI's X+ succeeds too; TORRENT has no
hit roll."""

from __future__ import annotations

import pytest

from tests.wh40k.test_sequence import TARGET, weapon
from vantage.rules.wh40k import AttackContext, TargetProfile, roll_needs


@pytest.mark.parametrize(
    ("abilities", "kw", "ctx", "needs"),
    [
        ((), {}, AttackContext(), {"hit": 3, "wound": 4}),  # BS 3+, S4 against T4
        (("HEAVY",), {}, AttackContext(remained_stationary=True), {"hit": 2, "wound": 4}),
        (("HEAVY",), {}, AttackContext(), {"hit": 3, "wound": 4}),  # moved: no HEAVY
        ((), {}, AttackContext(hit_modifier=-3), {"hit": 4, "wound": 4}),  # capped at -1
        ((), {"skill": 2}, AttackContext(hit_modifier=1), {"hit": 2, "wound": 4}),  # never 1+
        ((), {"skill": 6}, AttackContext(hit_modifier=-1), {"hit": 6, "wound": 4}),  # a 6 hits
        ((), {"skill": None}, AttackContext(), {"hit": 6, "wound": 4}),
        (("TORRENT",), {"skill": None}, AttackContext(), {"wound": 4}),
        ((), {"strength": 8}, AttackContext(), {"hit": 3, "wound": 2}),  # S >= 2T
        ((), {"strength": 2}, AttackContext(wound_modifier=-1), {"hit": 3, "wound": 6}),
        (("LANCE",), {}, AttackContext(charged=True), {"hit": 3, "wound": 3}),
        (("ANTI-INFANTRY 4+",), {"strength": 3}, AttackContext(), {"hit": 3, "wound": 4}),
        (("ANTI-INFANTRY 2+",), {"strength": 3}, AttackContext(), {"hit": 3, "wound": 2}),
    ],
)
def test_roll_needs(
    abilities: tuple[str, ...], kw: dict[str, object], ctx: AttackContext, needs: dict[str, int]
) -> None:
    assert roll_needs(weapon("2", "1", *abilities, **kw), TARGET, ctx) == needs


def test_anti_does_not_apply_to_other_keywords() -> None:
    vehicle = TargetProfile(toughness=4, save=3, wounds=2, keywords=frozenset({"VEHICLE"}))
    gun = weapon("2", "1", "ANTI-INFANTRY 2+", strength=3)
    assert roll_needs(gun, vehicle, AttackContext()) == {"hit": 3, "wound": 5}
