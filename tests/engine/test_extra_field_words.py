"""An extra field in a command is named in words, with the command's type where the object has
one (input audit s15 #5), but a stray ``type`` key is not taken for the object's own type
(review s15: "attacks[0].type: is not a field of zzz" named the stray value)."""

from __future__ import annotations

from vantage.engine.errors import Rejection
from vantage.rules import find_ruleset


def _refusal(raw: dict[str, object]) -> Rejection:
    ruleset = find_ruleset("wh40k-10e")
    assert ruleset is not None
    parsed = ruleset.commands.parse(raw, "intent/invalid_command")
    assert isinstance(parsed, Rejection), parsed
    return parsed


def test_an_extra_field_names_the_command_it_is_not_a_field_of() -> None:
    refusal = _refusal({"type": "end_phase", "hp": 1})
    assert refusal.message.endswith("hp: is not a field of end_phase"), refusal.message


def test_a_stray_type_inside_an_untagged_object_is_not_read_as_its_type() -> None:
    attack = {"model": "m", "weapon": "w", "target": "t", "type": "zzz"}
    refusal = _refusal({"type": "shoot", "unit": "x", "attacks": [attack]})
    assert refusal.message.endswith("attacks[0].type: is not a known field"), refusal.message
