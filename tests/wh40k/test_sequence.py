"""The attack sequence as the live game drives it: a seeded dice source and defender choices."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.dice import SeededDice
from vantage.rules.wh40k import (
    AttackContext,
    Attacker,
    DicePools,
    GameDice,
    TargetProfile,
    UnitState,
    WeaponProfile,
    parse_abilities,
    parse_dice_expr,
    resolve_attack,
    unit_state,
)
from vantage.rules.wh40k.allocation import AllocationKind, ModelState


def weapon(attacks: str = "2", damage: str = "1", *abilities: str, **kw: object) -> WeaponProfile:
    fields: dict[str, object] = {
        "name": "Gun",
        "type": "ranged",
        "range": 24.0,
        "skill": 3,
        "strength": 4,
        "ap": -1,
    } | kw
    return WeaponProfile(
        attacks=parse_dice_expr(attacks),
        damage=parse_dice_expr(damage),
        abilities=parse_abilities(abilities),
        **fields,  # type: ignore[arg-type]
    )


TARGET = TargetProfile(toughness=4, save=3, wounds=2, keywords=frozenset({"INFANTRY"}))


def squad(n: int = 10, wounds: int = 2) -> UnitState:
    return unit_state([(f"m{i}", wounds) for i in range(n)], wounds)


def test_seeded_dice_are_deterministic() -> None:
    attackers = [Attacker(f"a{i}") for i in range(20)]
    w = weapon("2", "D3", "SUSTAINED HITS 1", "DEVASTATING WOUNDS")
    one = resolve_attack(w, attackers, TARGET, squad(), GameDice(SeededDice(b"seed")))
    two = resolve_attack(w, attackers, TARGET, squad(), GameDice(SeededDice(b"seed")))
    assert one == two
    assert one.attacks == 40


class Recorder:
    """A defender that records each choice it is asked for and always picks the last model."""

    def __init__(self) -> None:
        self.asked: list[tuple[tuple[str, ...], AllocationKind]] = []

    def choose(self, eligible: tuple[str, ...], kind: AllocationKind) -> str:
        self.asked.append((eligible, kind))
        return eligible[-1]


def test_defender_is_asked_only_for_free_choices() -> None:
    pools = DicePools({"hit": [3, 3, 3], "wound": [4, 4, 6], "save": [1, 6]})
    defender = Recorder()
    w = weapon("3", "1", "DEVASTATING WOUNDS")
    result = resolve_attack(w, [Attacker("a")], TARGET, squad(3), pools, defender=defender)
    # attack 1: free -> m2 (fails, 2->1); attack 2: forced onto m2 (passes);
    # then the mortal wound: forced onto m2 (wounded) -> destroyed.
    assert defender.asked == [(("m0", "m1", "m2"), "attack")]
    assert result.unit.destroyed == ("m2",)
    assert result.mortal_wounds == 1 and result.damage_inflicted == 2


def test_allocation_this_phase_carries_between_attacks() -> None:
    """A model allocated an attack earlier in the phase keeps taking them (UnitState carries it)."""
    unit = UnitState((ModelState("m0", 2), ModelState("m1", 2, allocated=True)))
    pools = DicePools({"hit": [3], "wound": [4], "save": [1]})
    result = resolve_attack(weapon("1"), [Attacker("a")], TARGET, unit, pools)
    assert result.unit.wounds_left() == {"m0": 2, "m1": 1}


def test_extra_attacks_are_never_modified() -> None:
    ctx = AttackContext(target_models=10)
    w = weapon("2", "1", "EXTRA ATTACKS", "BLAST", "RAPID FIRE 1", type="melee")
    pools = DicePools({"hit": [1, 1]})
    result = resolve_attack(w, [Attacker("a", True)], TARGET, squad(), pools, ctx)
    assert result.attacks == 2


def test_zero_damage_and_zero_attacks() -> None:
    pools = DicePools({})
    result = resolve_attack(weapon("0"), [Attacker("a")], TARGET, squad(), pools)
    assert (result.attacks, result.hits, result.damage_inflicted) == (0, 0, 0)


@settings(max_examples=150, deadline=None)
@given(
    seed=st.binary(min_size=1, max_size=8),
    models=st.integers(1, 12),
    wounds=st.integers(1, 4),
    attacks=st.sampled_from(["1", "2", "D3", "D6", "2D6"]),
    damage=st.sampled_from(["1", "2", "D3", "D6+1"]),
    abilities=st.lists(
        st.sampled_from(
            [
                "SUSTAINED HITS 2",
                "LETHAL HITS",
                "DEVASTATING WOUNDS",
                "TORRENT",
                "MELTA 2",
                "ANTI-INFANTRY 3+",
                "BLAST",
                "IGNORES COVER",
            ]
        ),
        max_size=4,
    ),
    fnp=st.sampled_from([None, 5, 6]),
    invulnerable=st.sampled_from([None, 4, 5]),
)
def test_invariants(
    seed: bytes,
    models: int,
    wounds: int,
    attacks: str,
    damage: str,
    abilities: list[str],
    fnp: int | None,
    invulnerable: int | None,
) -> None:
    target = TargetProfile(
        toughness=4,
        save=3,
        invulnerable=invulnerable,
        feel_no_pain=fnp,
        wounds=wounds,
        keywords=frozenset({"INFANTRY"}),
    )
    unit = squad(models, wounds)
    ctx = AttackContext(target_models=models)
    attackers = [Attacker(f"a{i}", i % 2 == 0) for i in range(5)]
    result = resolve_attack(
        weapon(attacks, damage, *abilities),
        attackers,
        target,
        unit,
        GameDice(SeededDice(seed)),
        ctx,
        cover=frozenset({"m0"}),
    )
    left = result.unit.wounds_left()
    assert set(left) | set(result.unit.destroyed) == {f"m{i}" for i in range(models)}
    assert not set(left) & set(result.unit.destroyed)
    assert result.damage_inflicted == models * wounds - sum(left.values())
    assert all(0 < w <= wounds for w in left.values())
    assert result.wounds <= result.hits
    assert result.failed_saves == sum(1 for a in result.allocated if not a.saved)
    wounded = [m for m in result.unit.models if m.wounds < wounds]
    assert len(wounded) <= 1  # allocation never spreads damage over two surviving models
