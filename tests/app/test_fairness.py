"""Trust the dice: commitment before the first roll, entropy mixed in, seed revealed at the end,
and ``vantage verify`` re-deriving every roll and re-deciding every command."""

from __future__ import annotations

import copy
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tests.app.dice_duel  # noqa: F401  (registers the test system)
from vantage.app.games import Ack, GameService
from vantage.app.verify import same_event, verify_export
from vantage.bus.memory import MemoryBus
from vantage.engine.context import Viewer
from vantage.engine.dice import derive_roll
from vantage.engine.errors import Rejection
from vantage.engine.fairness import next_salt
from vantage.store.db import open_database

ROLL = {"type": "roll"}


async def _play(url: str, entropy: bool = True) -> tuple[GameService, str, dict[str, Any]]:
    service = GameService(open_database(url), MemoryBus())
    created = await service.create({"system": "test-dice-duel"})
    assert not isinstance(created, Rejection)
    early = await service.export(created.id, Viewer("p1"))
    assert not isinstance(early, Rejection)
    if entropy:
        for p in ("p1", "p2"):
            ack = await service.submit(
                created.id,
                Viewer(p),
                f"e-{p}",
                None,
                {"type": "contribute_entropy", "entropy": f"luck of {p}"},
            )
            assert isinstance(ack, Ack)
    for i in range(4):
        ack = await service.submit(created.id, Viewer(("p1", "p2")[i % 2]), f"r{i}", None, ROLL)
        assert isinstance(ack, Ack), ack
    return service, created.id, early


async def test_commitment_is_shown_first_and_the_seed_only_at_the_end(sqlite_url: str) -> None:
    service, game_id, early = await _play(sqlite_url)
    assert early["dice"]["seed"] is None and early["over"] is False
    final = await service.export(game_id, Viewer(None))
    assert not isinstance(final, Rejection)
    seed = bytes.fromhex(final["dice"]["seed"])
    assert hashlib.sha256(seed).hexdigest() == early["dice"]["commitment"]


async def test_every_roll_derives_from_seed_index_and_entropy(sqlite_url: str) -> None:
    service, game_id, _ = await _play(sqlite_url)
    doc = await service.export(game_id, Viewer("p2"))
    assert not isinstance(doc, Rejection)
    seed = bytes.fromhex(doc["dice"]["seed"])
    salt = next_salt(next_salt(b"", "p1", "luck of p1"), "p2", "luck of p2")
    rolled = [d for e in doc["events"] if e["e"]["type"] == "rolled" for d in e["e"]["dice"]]
    assert rolled == [derive_roll(seed, k, 6, salt) for k in range(8)]
    unsalted = [derive_roll(seed, k, 6) for k in range(8)]
    assert rolled != unsalted  # the players' entropy really changed the dice


async def test_verify_accepts_an_honest_export_and_names_the_first_bad_event(
    sqlite_url: str,
) -> None:
    service, game_id, _ = await _play(sqlite_url)
    doc = await service.export(game_id, Viewer("p1"))
    assert not isinstance(doc, Rejection)
    verdict = verify_export(doc)
    assert verdict.ok and verdict.checked == 6

    forged = copy.deepcopy(doc)
    forged["events"][3]["e"]["dice"] = [d % 6 + 1 for d in doc["events"][3]["e"]["dice"]]
    verdict = verify_export(forged)
    assert not verdict.ok and "v=4" in verdict.problem

    swapped = copy.deepcopy(doc)
    swapped["dice"]["seed"] = "00" * 32
    assert "commitment" in verify_export(swapped).problem

    reordered = copy.deepcopy(doc)
    reordered["events"][0]["e"]["entropy"] = "other"
    assert "v=1" in verify_export(reordered).problem


async def test_verify_cli_exit_codes(sqlite_url: str, tmp_path: Path) -> None:
    service, game_id, _ = await _play(sqlite_url, entropy=False)
    doc = await service.export(game_id, Viewer("p1"))
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(doc))
    assert isinstance(doc, dict)
    doc["events"][2]["e"]["dice"] = [d % 6 + 1 for d in doc["events"][2]["e"]["dice"]]
    bad.write_text(json.dumps(doc))
    run = [
        sys.executable,
        "-c",
        "import tests.app.dice_duel, sys; from vantage.cli import main; "
        "sys.exit(main(sys.argv[1:]))",
        "verify",
    ]
    ok = subprocess.run([*run, str(good)], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    failed = subprocess.run([*run, str(bad)], capture_output=True, text=True)
    assert failed.returncode == 1 and "v=3" in failed.stderr
    missing = subprocess.run([*run, str(tmp_path / "nope.json")], capture_output=True, text=True)
    assert missing.returncode == 2


@pytest.mark.parametrize("entropy", ["", "x" * 129])
async def test_bad_entropy_is_rejected(sqlite_url: str, entropy: str) -> None:
    service = GameService(open_database(sqlite_url), MemoryBus())
    created = await service.create({"system": "test-dice-duel"})
    assert not isinstance(created, Rejection)
    result = await service.submit(
        created.id, Viewer("p1"), "e", None, {"type": "contribute_entropy", "entropy": entropy}
    )
    assert isinstance(result, Rejection) and result.code == "dice/bad_entropy"


def test_a_refusals_new_wording_still_verifies_but_not_a_new_code() -> None:
    """A rule warning logged by an older version names a model by id; the rules now name it in
    words. Same player and code: the same event. Any other field or event type must match."""
    old = {"type": "rule_warning", "player": "p1", "code": "move/overlap", "message": "w1 would…"}
    new = {**old, "message": "Alpha Squad #1 would…"}
    assert same_event(new, old)
    assert not same_event({**new, "code": "move/too_far"}, old)
    assert not same_event({**new, "player": "p2"}, old)
    scored = {"type": "vp_scored", "reason": "a"}
    assert not same_event({**scored, "reason": "b"}, scored)
    assert not same_event(new, None)
    # the same inside an event that carries warnings (10e formations_declared, R42; review s15)
    declared = {"type": "formations_declared", "player": "p1", "warnings": [old]}
    assert same_event({**declared, "warnings": [new]}, declared)
    assert not same_event({**declared, "warnings": [{**new, "code": "x/y"}]}, declared)
    assert not same_event({**declared, "warnings": [new, new]}, declared)


def test_a_nested_object_missing_a_key_is_a_different_event() -> None:
    """Only an event's own fields (and its nested events') may be missing when empty: a
    destroyed model's 0 in a wounds map, a contested objective's null, a plan's false are
    data (review s15)."""
    damaged = {"type": "models_damaged", "unit": "u", "wounds": {"m1": 0, "m2": 1}}
    assert not same_event(damaged, {**damaged, "wounds": {"m2": 1}})
    control = {"type": "control_changed", "control": {"o1": None, "o2": "p1"}}
    assert not same_event(control, {**control, "control": {"o2": "p1"}})
    plan = {"type": "attack_declared", "plan": {"unit": "u", "overwatch": False}}
    assert not same_event(plan, {**plan, "plan": {"unit": "u"}})


def test_a_field_added_since_the_event_was_logged_is_the_same_event_when_empty() -> None:
    """An event logged before a field was added decodes to the field's default: re-decided with
    it empty, it is the same event (review s14: Death Angel's pool_ran_out gained `partly`);
    holding something, or missing from the new event instead, it is not."""
    old = {"type": "pool_ran_out", "marines": ["oren"], "terrain": None}
    assert same_event({**old, "partly": []}, old)
    assert not same_event({**old, "partly": ["vask"]}, old)
    assert not same_event({**old, "marines": []}, old)
    assert same_event({**old, "partly": []}, {**old, "partly": []})
    assert not same_event({**old, "partly": 0}, {**old, "partly": []})


async def test_a_finished_game_takes_no_more_entropy(sqlite_url: str) -> None:
    """Once the seed is revealed there is nothing left to roll: entropy is refused, not logged."""
    service, game_id, _ = await _play(sqlite_url)
    before = await service.export(game_id, Viewer(None))
    assert not isinstance(before, Rejection) and before["over"] is True
    late = {"type": "contribute_entropy", "entropy": "too late"}
    result = await service.submit(game_id, Viewer("p1"), "late", None, late)
    assert isinstance(result, Rejection) and result.code == "game/over"
    after = await service.export(game_id, Viewer(None))
    assert not isinstance(after, Rejection)
    assert len(after["events"]) == len(before["events"])
