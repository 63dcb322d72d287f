"""Benchmark: importing army lists, a large legal one and the shapes that were once slow.

Run: ``python bench/roster_import.py [--runs N]``. Prints JSON with the median and slowest import
time (ms) of each generated .ros file, its size and whether it was accepted:

- ``clashing_weapons``: one model carrying 3,000 weapons all named "Gun" with different
  profiles (each must get a name of its own: "Gun (2)", ...), once quadratic (13-18 s);
- ``many_groups``: one unit of 1,000 model groups of one model each (the unit limit);
- ``large_army``: 100 units of 20 models with 3 weapons each (2,000 models, the army limit).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from vantage.rosters.errors import RosterError
from vantage.rosters.importer import import_roster

ROSTER = (
    '<roster id="r" name="Bench" gameSystemId="sys-352e-adc2-7639-d6a9"><forces>'
    '<force id="f" name="Force" entryId="e" catalogueId="c"><selections>{}</selections>'
    "</force></forces></roster>"
)
STATS = (
    "<profiles><profile id='{id}' name='{name}' typeName='Unit'><characteristics>"
    "<characteristic name='M'>6\"</characteristic><characteristic name='T'>4</characteristic>"
    "<characteristic name='SV'>3+</characteristic><characteristic name='W'>2</characteristic>"
    "<characteristic name='LD'>6+</characteristic><characteristic name='OC'>1</characteristic>"
    "</characteristics></profile></profiles>"
)
KEYWORDS = "<categories><category id='k{u}' name='Infantry' entryId='ki'/></categories>"


def _weapon(i: int, name: str, rng: int) -> str:
    return (
        f"<selection id='w{i}' name='{name}' entryId='ew{i}' number='1' type='upgrade'>"
        f"<profiles><profile id='p{i}' name='{name}' typeName='Ranged Weapons'><characteristics>"
        f"<characteristic name='Range'>{rng}\"</characteristic>"
        "<characteristic name='A'>2</characteristic><characteristic name='BS'>3+</characteristic>"
        "<characteristic name='S'>4</characteristic><characteristic name='AP'>0</characteristic>"
        "<characteristic name='D'>1</characteristic>"
        "<characteristic name='Keywords'>-</characteristic>"
        "</characteristics></profile></profiles></selection>"
    )


def clashing_weapons() -> bytes:
    guns = "".join(_weapon(i, "Gun", 6 + i) for i in range(3000))
    model = (
        f"<selection id='m' name='Walker' entryId='em' number='1' type='model'>"
        f"{STATS.format(id='s', name='Walker')}<selections>{guns}</selections>"
        f"{KEYWORDS.format(u='m')}</selection>"
    )
    return ROSTER.format(model).encode()


def _unit(u: int, groups: int, per_group: int, weapons: int) -> str:
    def guns(g: int) -> str:
        return "".join(_weapon(u * 10_000 + g * 10 + w, f"Gun {w}", 24) for w in range(weapons))

    models = "".join(
        f"<selection id='u{u}g{g}' name='Trooper' entryId='et' number='{per_group}' type='model'>"
        f"<selections>{guns(g)}</selections></selection>"
        for g in range(groups)
    )
    return (
        f"<selection id='u{u}' name='Squad {u}' entryId='eu' number='1' type='unit'>"
        f"{STATS.format(id=f's{u}', name='Trooper')}<selections>{models}</selections>"
        f"{KEYWORDS.format(u=u)}</selection>"
    )


def many_groups() -> bytes:
    return ROSTER.format(_unit(0, 1000, 1, 1)).encode()


def large_army() -> bytes:
    return ROSTER.format("".join(_unit(u, 4, 5, 3) for u in range(100))).encode()


def _time(doc: bytes, runs: int) -> dict[str, object]:
    took: list[float] = []
    result: object = None
    for _ in range(runs):
        start = time.perf_counter()
        result = import_roster("bench.ros", doc, {"Trooper": 32, "Walker": 60})
        took.append((time.perf_counter() - start) * 1000)
    out: dict[str, object] = {
        "bytes": len(doc),
        "median_ms": round(statistics.median(took), 1),
        "max_ms": round(max(took), 1),
        "accepted": not isinstance(result, RosterError),
    }
    if isinstance(result, RosterError):
        out["refused"] = result.code
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    cases: dict[str, Callable[[], bytes]] = {
        "clashing_weapons": clashing_weapons,
        "many_groups": many_groups,
        "large_army": large_army,
    }
    print(json.dumps({name: _time(make(), args.runs) for name, make in cases.items()}, indent=2))


if __name__ == "__main__":
    main()
