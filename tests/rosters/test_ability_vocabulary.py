"""The roster reader and the rules engine read weapon abilities with one vocabulary."""

from __future__ import annotations

import pytest

from vantage.rosters.abilities import parse_ability
from vantage.rules.wh40k import abilities as rules


@pytest.mark.parametrize("name", sorted(rules.FLAGS))
def test_every_flag_the_engine_knows_is_known_on_import(name: str) -> None:
    written = f" [{name.title()}] "
    imported = parse_ability(written)
    assert imported.known and imported.name == name
    assert rules.parse_ability(written) == (rules.FLAGS[name], True)


@pytest.mark.parametrize("name", sorted(rules.VALUED))
def test_valued_abilities_agree_on_whole_numbers(name: str) -> None:
    imported = parse_ability(f"{name.lower()} 2")
    assert (imported.name, imported.value) == (name, 2)
    assert rules.parse_ability(f"{name.lower()} 2") == (rules.VALUED[name], 2)


def test_import_keeps_what_the_engine_refuses() -> None:
    assert parse_ability("Sustained Hits D3").value == "D3"
    assert not parse_ability("Grav-pulse").known
    with pytest.raises(rules.AbilityError):
        rules.parse_ability("Grav-pulse")
