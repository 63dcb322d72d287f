"""Turning models at a refereed table in a real browser (rules decisions 27 and 28): the handle
by the selected base, the Q/E keys, the live check while turning (a Deathmatch control zone), a
turn the server refuses (an oval turned into a neighbour), spectators who cannot turn, and a
model carried off a ruin's floor coming down to the ground."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.support.browser import click_at, hook, screen, wait_hook
from tests.support.client import create_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

OVAL = {"shape": "oval", "length_mm": 60, "width_mm": 35}  # 1.181" along, 0.689" across
ROUND = {"shape": "circle", "diameter_mm": 32}  # radius 0.63"
SETUP = {
    "table": {"width": 30, "depth": 22},
    "players": ["p1", "p2"],
    "units": [
        {"id": "A", "player": "p1", "name": "Riders"},
        {"id": "B", "player": "p2", "name": "Brutes"},
    ],
    "models": [
        {"id": "a1", "unit": "A", "base": OVAL, "x": 6, "y": 6, "facing": 0, "melee_range": 1},
        {"id": "a2", "unit": "A", "base": ROUND, "x": 22, "y": 12, "z": 5.5},
        # b1 faces away: only a1's control zone, facing it, can reach it
        {"id": "b1", "unit": "B", "base": ROUND, "x": 6, "y": 8.1, "facing": 90},
        # an oval just clear of b2 while lengthwise along x; turned to 90 it would overlap
        {"id": "a3", "unit": "A", "base": OVAL, "x": 15, "y": 4},
        {"id": "b2", "unit": "B", "base": ROUND, "x": 15, "y": 5.6},
    ],
    "terrain": [
        {
            "id": "ruin",
            "kind": "ruins",
            "polygon": [[20, 10], [28, 10], [28, 16], [20, 16]],
            "height": 8,
            "floors": [3, 5.5],
        }
    ],
}


def _turn_by_handle(page: Any, x: float, y: float, reach: float, degrees: float) -> None:
    """Drag the handle of the model at (x, y), now facing 0, round it by ``degrees``."""
    c = screen(page, x, y)
    scale = screen(page, 1, 0)["x"] - screen(page, 0, 0)["x"]
    d = reach * scale + 18  # the knob: 18 px beyond the base's front
    page.mouse.move(c["x"] + d, c["y"])
    page.mouse.down()
    for k in range(1, 13):
        a = math.radians(degrees * k / 12)
        page.mouse.move(c["x"] + d * math.cos(a), c["y"] + d * math.sin(a))
        time.sleep(0.02)


def test_a_player_turns_a_model_by_its_handle_and_by_keys(
    server: LiveServer, open_table: Callable[[str], Any]
) -> None:
    game = create_game(server, {"system": "deathmatch", "setup": SETUP})
    page = open_table(game["seats"][0]["url"])
    click_at(page, 6, 6)
    _turn_by_handle(page, 6, 6, 1.181, 90)
    # while turning: the server's check at the new facing finds b1 in a1's control zone
    wait_hook(page, "v.dragCheck?.answered && v.dragCheck.positions.a1?.facing === 90")
    assert hook(page, "dragCheck.engaged_with") == ["b1"]
    assert hook(page, "model('a1').facing") == 0  # nothing sent before the release
    page.mouse.up()
    wait_hook(page, "v.model('a1').facing === 90")
    # keys: Q twice (15° each) then Shift+E (5°), sent as one move once they rest
    page.keyboard.press("q")
    page.keyboard.press("q")
    page.keyboard.press("Shift+E")
    wait_hook(page, "v.model('a1').facing === 65")
    assert hook(page, "lastRejection") is None


def test_a_turn_into_a_neighbour_is_refused_and_spectators_cannot_turn(
    server: LiveServer, open_table: Callable[[str], Any]
) -> None:
    game = create_game(server, {"system": "sandbox", "setup": SETUP})
    page = open_table(game["seats"][0]["url"])
    click_at(page, 15, 4)
    for _ in range(6):
        page.keyboard.press("e")  # 90°: 1.181" along y reaches b2's base
    wait_hook(page, "v.lastRejection?.code === 'move/overlap'")
    wait_hook(page, "v.model('a3').facing === 0")
    spectator = open_table(game["spectator"]["url"])
    click_at(spectator, 6, 6)
    spectator.keyboard.press("e")
    time.sleep(1.0)
    assert hook(spectator, "model('a1').facing") == 0
    # the opponent's keys do not turn p1's models either
    opponent = open_table(game["seats"][1]["url"])
    click_at(opponent, 6, 6)
    opponent.keyboard.press("e")
    time.sleep(1.0)
    assert hook(opponent, "model('a1').facing") == 0


def test_a_model_carried_off_a_floor_comes_down_to_the_ground(
    server: LiveServer, open_table: Callable[[str], Any]
) -> None:
    game = create_game(server, {"system": "wh40k-9e", "setup": SETUP})
    page = open_table(game["seats"][0]["url"])
    assert hook(page, "model('a2').z") == 5.5
    start, end = screen(page, 22, 12), screen(page, 24, 14)
    page.mouse.move(start["x"], start["y"])
    page.mouse.down()
    page.mouse.move(end["x"], end["y"], steps=6)
    page.mouse.up()
    wait_hook(page, "Math.abs(v.model('a2').x - 24) < 0.01")
    time.sleep(0.5)  # the server's event, not only the local ghost
    assert hook(page, "model('a2').z") == 5.5  # still over the ruin's 5.5" floor
    far = screen(page, 12, 14)
    page.mouse.move(end["x"], end["y"])
    page.mouse.down()
    page.mouse.move(far["x"], far["y"], steps=6)
    page.mouse.up()
    wait_hook(page, "Math.abs(v.model('a2').x - 12) < 0.01 && v.model('a2').z === 0")


def test_a_player_moves_the_selection_with_the_arrow_keys(
    server: LiveServer, open_table: Callable[[str], Any]
) -> None:
    """Keyboard audit s16 E #1: a model could only be moved by dragging. The arrow keys move the
    selection 0.5" a press (0.1" with Shift), presses in a row sent as one move; a spectator's
    arrows move nothing."""
    game = create_game(server, {"system": "wh40k-9e", "setup": SETUP})
    page = open_table(game["seats"][1]["url"])  # Player 2: Brutes
    click_at(page, 15, 5.6)  # b2
    v = hook(page, "v")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Shift+ArrowDown")
    assert hook(page, "model('b2').x") == 15  # shown, not sent, while the keys go on
    wait_hook(  # the model is drawn there as soon as the move is sent: wait for the server too
        page,
        f"v.v >= {v + 1} && Math.abs(v.model('b2').x - 16) < 1e-9"
        " && Math.abs(v.model('b2').y - 6.2) < 1e-9",
    )
    time.sleep(0.3)
    assert hook(page, "v") == v + 1, "one move for the presses in a row"
    assert hook(page, "lastRejection") is None
    spectator = open_table(game["spectator"]["url"])
    click_at(spectator, 16, 6.2)
    spectator.keyboard.press("ArrowLeft")
    time.sleep(1.0)
    assert hook(spectator, "model('b2').x") == 16


def test_undo_while_the_arrow_keys_gather_puts_back_the_key_move(
    server: LiveServer, open_table: Callable[[str], Any]
) -> None:
    """Review s16 r3 #1: Ctrl+Z pressed while arrow presses were still gathering undid the move
    before them, and the key move then went out from its old start (the model ended 1" off).
    Now the undo takes back the key move not yet sent, and nothing else."""
    game = create_game(server, {"system": "wh40k-9e", "setup": SETUP})
    page = open_table(game["seats"][1]["url"])
    click_at(page, 15, 5.6)  # b2
    page.keyboard.press("ArrowRight")
    wait_hook(page, "v.v === 1 && Math.abs(v.model('b2').x - 15.5) < 1e-9")  # sent and made
    v = hook(page, "v")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Control+z")
    time.sleep(1.2)  # past the key move's pause
    assert hook(page, "v") == v, "nothing was sent"
    assert abs(hook(page, "model('b2').x") - 15.5) < 1e-9
    page.keyboard.press("Control+z")  # now the sent key move is taken back
    wait_hook(page, "Math.abs(v.model('b2').x - 15) < 1e-9")
