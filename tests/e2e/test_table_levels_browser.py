"""Raising models onto a ruin's floor at a refereed table in a real browser (rules decision 28: a
drag never climbs, the panel's level row does): a model in a ruin put 3" up and back down by the
buttons and by PageUp / PageDown, as the server records it (a spectator's table shows it); a unit
partly outside the ruin, whose models off it are named and left; and no control for a spectator
or for the opponent's models."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.tables import RUIN_TABLE
from tests.support.browser import click_at, hook, wait_hook
from tests.support.client import create_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

SETUP = RUIN_TABLE
LEVELS = "[data-testid=level-choice]"


def _pressed(page: Any) -> list[str]:
    return page.locator(f"{LEVELS} button[aria-pressed=true]").all_inner_texts()


def test_a_player_raises_a_model_onto_a_floor_and_brings_it_down(
    server: LiveServer, open_table: Callable[[str], Any], shots: Path
) -> None:
    game = create_game(server, {"system": "wh40k-9e", "setup": SETUP})
    page = open_table(game["seats"][0]["url"])
    watcher = open_table(game["spectator"]["url"])  # sees only what the server recorded
    assert page.locator(LEVELS).count() == 0  # nothing selected
    click_at(page, 12, 8)
    assert page.locator(f"{LEVELS} button").all_inner_texts() == ["ground", '3" up']
    assert _pressed(page) == ["ground"]
    page.locator(f"{LEVELS} button", has_text='3" up').click()
    wait_hook(watcher, "v.model('a1').z === 3")
    wait_hook(page, "v.model('a1').z === 3")
    assert hook(page, "model('a1')") == {"x": 12, "y": 8, "z": 3, "facing": 0}
    page.wait_for_function(
        "document.querySelector('[data-testid=level-choice] button[aria-pressed=true]')"
        "?.textContent === '3\" up'"
    )
    page.screenshot(path=str(shots / "table-level-3in.png"))
    last_entry = page.locator(".log li").first.inner_text()
    assert last_entry.endswith('Player 1 put Rangers (1 model) 3" up')
    page.locator(f"{LEVELS} button", has_text="ground").click()
    wait_hook(watcher, "v.model('a1').z === 0")
    # the keys: PageUp one level up, PageDown one down
    page.keyboard.press("PageUp")
    wait_hook(watcher, "v.model('a1').z === 3")
    page.keyboard.press("PageUp")  # no level above 3": nothing is sent
    page.keyboard.press("PageDown")
    wait_hook(watcher, "v.model('a1').z === 0")
    assert hook(page, "lastRejection") is None
    assert hook(watcher, "model('a1')") == {"x": 12, "y": 8, "z": 0, "facing": 0}


def test_models_off_the_ruin_are_named_and_others_get_no_control(
    server: LiveServer, open_table: Callable[[str], Any]
) -> None:
    game = create_game(server, {"system": "wh40k-9e", "setup": SETUP})
    page = open_table(game["seats"][0]["url"])
    watcher = open_table(game["spectator"]["url"])
    page.keyboard.down("Shift")
    click_at(page, 12, 8)  # shift-click: the whole unit, and a3 stands in the open
    page.keyboard.up("Shift")
    page.locator(f"{LEVELS} button", has_text='3" up').click()
    wait_hook(watcher, "v.model('a1').z === 3 && v.model('a2').z === 3")
    note = page.get_by_test_id("level-note")
    assert note.inner_text() == 'No 3" up under Rangers #3: left where it stands.'
    assert hook(watcher, "model('a3').z") == 0
    assert _pressed(page) == []  # the unit stands at two heights
    # a spectator selects a model in the ruin: no level row, and the keys do nothing
    click_at(watcher, 12, 8)
    assert watcher.locator(LEVELS).count() == 0
    watcher.keyboard.press("PageDown")
    # the opponent neither, for p1's model; for its own model in the ruin it has one
    opponent = open_table(game["seats"][1]["url"])
    click_at(opponent, 12, 8)
    assert opponent.locator(LEVELS).count() == 0
    opponent.keyboard.press("PageDown")
    click_at(opponent, 16, 12)
    assert opponent.locator(f"{LEVELS} button").all_inner_texts() == ["ground", '3" up']
    page.wait_for_timeout(800)
    assert hook(watcher, "model('a1').z") == 3
    assert hook(watcher, "model('b1').z") == 0


def test_the_level_keys_wait_while_a_model_is_dragged(
    server: LiveServer, open_table: Callable[[str], Any]
) -> None:
    """Found by a walkthrough: PageUp in the middle of a drag raised the model, and the drop
    then moved it again from where it was grabbed. Now the keys do nothing until the drop."""
    game = create_game(server, {"system": "wh40k-9e", "setup": SETUP})
    page = open_table(game["seats"][0]["url"])
    watcher = open_table(game["spectator"]["url"])
    start = hook(page, "screenPoint(12, 8)")
    end = hook(page, "screenPoint(13, 10)")
    page.mouse.move(start["x"], start["y"])
    page.mouse.down()
    page.mouse.move(end["x"], end["y"], steps=8)
    page.keyboard.press("PageUp")
    page.wait_for_timeout(500)
    page.mouse.up()
    wait_hook(watcher, "Math.abs(v.model('a1').x - 13) < 0.05")
    page.wait_for_timeout(300)
    assert abs(hook(watcher, "model('a1').y") - 10) < 0.05
    assert hook(watcher, "model('a1').z") == 0
    assert hook(watcher, "v") == 1  # the drop alone
    page.keyboard.press("PageUp")  # after the drop the key works again
    wait_hook(watcher, "v.model('a1').z === 3")
