"""Trying to move a model one may not move says why, in words, at once (QA s14 tables #2): a drag
on the other player's base, a turn key (E) or a level key (PageUp) with it selected, and the same
from a spectator. Nothing is sent: the server's version stays where it was."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.tables import RUIN_TABLE
from tests.support.browser import click_at, hook, screen
from tests.support.client import create_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

WAIT_MS = 10_000


def _drag(page: Any, x: float, y: float, dx: float, dy: float) -> None:
    start, end = screen(page, x, y), screen(page, x + dx, y + dy)
    page.mouse.move(start["x"], start["y"])
    page.mouse.down()
    page.mouse.move(end["x"], end["y"], steps=8)
    page.mouse.up()


def _toast(page: Any, words: str) -> Any:
    toast = page.locator(".toast", has_text=words)
    toast.first.wait_for(state="visible", timeout=WAIT_MS)
    return toast.first


def test_the_other_players_model_and_a_spectator_get_words_not_silence(
    server: LiveServer, open_table: Callable[[str], Any], shots: Path
) -> None:
    game = create_game(server, {"system": "wh40k-9e", "setup": RUIN_TABLE})
    p2 = open_table(game["seats"][1]["url"])
    v0 = hook(p2, "v")

    # a drag on Player 1's base: it stays, and the toast says whose it is
    _drag(p2, 12, 8, 3, 0)
    toast = _toast(p2, "Rangers #1 is Player 1's model")
    assert toast.inner_text().strip() == (
        "Rangers #1 is Player 1's model: you can measure it, not move it."
    )
    assert toast.get_attribute("data-code") == "move/not_your_model"
    p2.screenshot(path=str(shots / "refusal-drag-other.png"))

    # E (turn) with another of Player 1's models selected
    click_at(p2, 15, 8)
    p2.keyboard.press("e")
    _toast(p2, "Rangers #2 is Player 1's model")

    # PageUp (a level up) with a third one selected
    click_at(p2, 4, 4)
    p2.keyboard.press("PageUp")
    _toast(p2, "Rangers #3 is Player 1's model")

    # the player's own model still moves without a word
    _drag(p2, 16, 12, 0, 2)
    p2.wait_for_function(
        "() => Math.abs(window.__vantage.model('b1').y - 14) < 0.01", timeout=WAIT_MS
    )
    assert p2.locator(".toast", has_text="Brutes").count() == 0

    # a spectator: the drag, the turn key and the level key all say so (once while it shows)
    spectator = open_table(game["spectator"]["url"])
    _drag(spectator, 16, 14, -3, 0)
    toast = _toast(spectator, "Spectators cannot move models")
    assert toast.get_attribute("data-code") == "intent/spectator"
    click_at(spectator, 12, 8)
    spectator.keyboard.press("e")
    spectator.keyboard.press("PageUp")
    time.sleep(0.5)
    assert spectator.locator(".toast", has_text="Spectators cannot move models").count() == 1
    spectator.screenshot(path=str(shots / "refusal-spectator.png"))

    # nothing was sent for any of these: only b1's own move reached the server
    assert hook(p2, "v") == v0 + 1
    assert hook(p2, "model('a1')")["x"] == 12
    assert hook(spectator, "model('b1')")["x"] == 16
