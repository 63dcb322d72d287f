"""Big but legal shapes import correctly (the work is linear; no timing is asserted here)."""

from __future__ import annotations

from vantage.rosters import Army, import_roster

HEAD = '<roster id="r" name="n" gameSystemId="sys-352e-adc2-7639-d6a9"><forces><force id="f">'
TAIL = "</force></forces></roster>"


def _gun(i: int, rng: str) -> str:
    return (
        f'<selection id="w{i}" name="Gun" number="1" type="upgrade"><profiles>'
        f'<profile id="p{i}" name="Gun" typeName="Ranged Weapons"><characteristics>'
        f'<characteristic name="Range">{rng}</characteristic>'
        "</characteristics></profile></profiles></selection>"
    )


def test_clashing_weapon_names_are_numbered_and_equal_profiles_shared() -> None:
    """``_Armoury`` remembers each name's next suffix: Gun, Gun (2), Gun (3), and a repeat of a
    profile already seen reuses its name (audit: 3,000 such guns took 25 s, quadratic)."""
    ranges = ['12"', '18"', '12"', '24"', '18"'] + [f'{i}"' for i in range(100, 400)]
    guns = "".join(_gun(i, r) for i, r in enumerate(ranges))
    data = (
        f'{HEAD}<selections><selection id="u" name="U" number="1" type="model">'
        f"<selections>{guns}</selections></selection></selections>{TAIL}"
    ).encode()
    army = import_roster("guns.ros", data)
    assert isinstance(army, Army)
    (unit,) = army.units
    names = [w.name for w in unit.weapons]
    assert names[:3] == ["Gun", "Gun (2)", "Gun (3)"]
    assert len(names) == len(set(names)) == 303
    assert names[-1] == "Gun (303)"
    loadout = {c.weapon: c.total for c in unit.models[0].loadout}
    assert loadout["Gun"] == 2 and loadout["Gun (2)"] == 2 and loadout["Gun (3)"] == 1


def test_many_model_groups_each_find_their_own_profile() -> None:
    """One unit of many groups and many stat profiles (audit: 15,000 groups took 4.4 s)."""
    n = 1000  # the most models one unit may have
    profiles = "".join(
        f'<profile id="p{i}" name="M{i}" typeName="Unit"><characteristics>'
        f'<characteristic name="W">{i % 999 + 1}</characteristic></characteristics></profile>'
        for i in range(n)
    )
    groups = "".join(
        f'<selection id="m{i}" name="m{i}" number="1" type="model"/>' for i in range(n)
    )
    data = (
        f'{HEAD}<selections><selection id="u" name="U" number="1" type="unit">'
        f"<profiles>{profiles}</profiles><selections>{groups}</selections>"
        f"</selection></selections>{TAIL}"
    ).encode()
    army = import_roster("groups.ros", data)
    assert isinstance(army, Army)
    models = army.units[0].models
    assert len(models) == n
    assert all(
        g.profile is not None and g.profile.stat("W") == str(i % 999 + 1)
        for i, g in enumerate(models)
    )
