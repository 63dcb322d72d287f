"""Weapon keyword text into structured abilities (wh40k-10th.md §8.4)."""

from __future__ import annotations

from typing import Any

import pytest

from vantage.rosters.abilities import parse_abilities, parse_ability, split_keywords


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Rapid Fire 1", {"name": "RAPID FIRE", "value": 1}),
        ("[RAPID FIRE 2]", {"name": "RAPID FIRE", "value": 2}),
        ("Rapid Fire D6", {"name": "RAPID FIRE", "value": "D6"}),
        ("Sustained Hits 2", {"name": "SUSTAINED HITS", "value": 2}),
        ("sustained hits d3", {"name": "SUSTAINED HITS", "value": "D3"}),
        ("Melta 2", {"name": "MELTA", "value": 2}),
        ("Melta D3+1", {"name": "MELTA", "value": "D3+1"}),
        ("Anti-Infantry 4+", {"name": "ANTI", "keyword": "INFANTRY", "threshold": 4}),
        ("[ANTI-FLY 2+]", {"name": "ANTI", "keyword": "FLY", "threshold": 2}),
        (
            "Anti-Walking Fortress 5+",
            {"name": "ANTI", "keyword": "WALKING FORTRESS", "threshold": 5},
        ),
        ("Twin-linked", {"name": "TWIN-LINKED"}),
        ("Twin Linked", {"name": "TWIN-LINKED"}),
        ("Devastating  Wounds", {"name": "DEVASTATING WOUNDS"}),
        ("Indirect Fire", {"name": "INDIRECT FIRE"}),
        ("Psychic", {"name": "PSYCHIC"}),
        ("Shimmerstep", {"name": "SHIMMERSTEP", "known": False}),
        ("Rapid Fire", {"name": "RAPID FIRE", "known": False}),
        ("Anti-Infantry", {"name": "ANTI-INFANTRY", "known": False}),
    ],
)
def test_parse_ability(text: str, expected: dict[str, Any]) -> None:
    assert parse_ability(text).to_json() == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Rapid Fire 1, Heavy", ("Rapid Fire 1", "Heavy")),
        ("[ASSAULT], [BLAST]", ("ASSAULT", "BLAST")),
        ("-", ()),
        ("", ()),
        (" , ,", ()),
    ],
)
def test_split_keywords(text: str, expected: tuple[str, ...]) -> None:
    assert split_keywords(text) == expected


def test_parse_abilities_keeps_the_order() -> None:
    names = [a.name for a in parse_abilities("Torrent, Ignores Cover, Anti-Vehicle 4+")]
    assert names == ["TORRENT", "IGNORES COVER", "ANTI"]
