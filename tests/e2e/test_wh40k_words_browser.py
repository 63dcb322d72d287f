"""The 10th-edition page in words a newcomer reads right (audit s16 C #5, #6, #7, #9, #15): the
phase bar says what the turn's player does ("Your turn: finish the Command phase", not "Your
decision: act"), the formations reveal names both players, the deploy panel names an attached
unit with its Leader, the shooting form names the model left without a target and why, and the
Go to Ground prompt says which enemy unit chose which of your units."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.test_wh40k_browser import Table, _reach, _state, _trim, open_casual_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser


def _deploy(t: Table, shots: Path) -> None:
    """Deploy through the UI: Ashguard Line (+ Cinderwright Exarch) at the front of its zone,
    the Sapline Launchers at the back of theirs, about 29" apart: the Sap mortars (36", Indirect
    Fire) reach, the Acid lobber (24") does not."""
    while t.pending() and t.pending()["kind"] == "deploy":
        who, unit = t.pending()["player"], t.pending()["options"][0]
        page = t.seats[who]
        picker = page.locator(f"[data-testid=w40-deploy] [data-pick='{unit}']")
        if unit == "p1-ac-line":
            assert picker.inner_text() == "Ashguard Line + Cinderwright Exarch"
        picker.click()
        page.locator("[data-testid=w40-plan]").wait_for()
        st = _state(t.spectator)
        ys = [y for _, y in st["game"]["zones"][who]]
        reach = _reach(st["game"]["units"][unit]["sheet"]["models"][0][1])
        low = min(ys) < 1  # the zone along the y = 0 edge
        if unit == "p1-ac-line":
            panel = page.locator("[data-testid=w40-deploy]").inner_text()
            assert "Deploying Ashguard Line + Cinderwright Exarch wholly within" in panel, panel
            page.screenshot(path=str(shots / "words-deploy-p1.png"))
            t.drag(
                who, f"{unit}-1", (30.0, max(ys) - reach - 0.3 if low else min(ys) + reach + 0.3)
            )
        else:
            t.drag(who, f"{unit}-1", (30.0, min(ys) + 2.5 if low else max(ys) - 2.5))
        page.wait_for_timeout(200)
        t.click(who, "[data-testid=w40-confirm]")
    t.settle()
    if t.pending() and t.pending()["kind"] == "scouts":
        t.click(t.pending()["player"], "[data-testid=w40-pass]")
    t.settle()


def play_the_words(server: LiveServer, open_table: Any, shots: Path) -> None:
    """The whole check against a running ``server`` (also run by hand against a dev server)."""
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    sapline = copy.deepcopy(next(u for u in demos[1]["units"] if u["id"] == "vh-sapline"))
    armies = {
        "p1": _trim(demos[0], {"ac-line": 5, "ac-exarch": 1}),
        "p2": {**copy.deepcopy(demos[1]), "units": [sapline]},
    }
    _, t = open_casual_game(server, open_table, armies)
    p1, p2 = t.seats["p1"], t.seats["p2"]

    # Battle formations: the Exarch leads the Line; the reveal names both players.
    p1.locator("[data-attach='p1-ac-exarch']").select_option("p1-ac-line")
    t.click("p1", "[data-testid=w40-declare]")
    t.click("p2", "[data-testid=w40-declare]")
    log = t.spectator.locator("[data-testid=w40-log]").inner_text()
    revealed = (
        "Battle formations revealed: Player 1: no Reserves; Cinderwright Exarch leads Ashguard "
        "Line · Player 2: no Reserves"
    )
    assert revealed in log, log
    t.spectator.screenshot(path=str(shots / "words-revealed-spectator.png"))
    _deploy(t, shots)
    p1.screenshot(path=str(shots / "words-after-deploy-p1.png"))

    # The phase bar: what the turn's player does, never "act".
    if _state(t.spectator)["game"]["first"] == "p1":
        assert p1.locator("[data-testid=w40-waiting]").inner_text() == (
            "Your turn: finish the Command phase"
        )
        t.end_turn("p1")
    bar = t.spectator.locator("[data-testid=w40-waiting]")
    assert bar.inner_text() == "Waiting for Player 2 to finish the Command phase", bar.inner_text()
    t.end_phase("p2")  # Command
    t.answer_others("p2")
    assert p2.locator("[data-testid=w40-waiting]").inner_text() == (
        "Your turn: move units in the Movement phase"
    )
    p2.screenshot(path=str(shots / "words-movement-p2.png"))
    t.end_phase("p2")  # Movement
    t.answer_others("p2")

    # Shooting: the launcher with the Acid lobber is named, with why.
    p2.locator("[data-testid=w40-shooting] [data-pick='p2-vh-sapline']").click()
    p2.locator("[data-testid=w40-attack-count]").wait_for()
    assert p2.locator("[data-testid=w40-attack-count]").inner_text() == "2 weapons given a target"
    left = p2.locator("[data-testid=w40-left-out]").inner_text()
    assert left == 'Sapline Launchers #3 does not shoot: Acid lobber (no enemy within 24").', left
    p2.screenshot(path=str(shots / "words-shooting-p2.png"))

    # Go to Ground: the prompt names the enemy shooter and your unit it targets.
    p2.locator("[data-testid=w40-shoot]").click()
    t.settle()
    pending = t.pending()
    assert pending["kind"] == "reaction" and pending["player"] == "p1", pending
    prompt = p1.locator("[data-testid=w40-reaction] p").first.inner_text()
    assert prompt == (
        "The enemy's Sapline Launchers has chosen your Ashguard Line + Cinderwright Exarch as its "
        "target. You may use a stratagem now."
    ), prompt
    p1.screenshot(path=str(shots / "words-go-to-ground-p1.png"))
    t.click("p1", "[data-testid=w40-pass]")
    t.answer_others("p2")


def test_the_page_says_what_a_newcomer_needs(
    server: LiveServer, open_table: Any, shots: Path
) -> None:
    play_the_words(server, open_table, shots)
