"""The army picker answers a model with no base as a hull and names Enhancements; the hull
model is then set up and drawn at the table (army audit s14 leftovers; wh40k-10th §3.3)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from tests.e2e.lobby import Lobby
from tests.e2e.test_wh40k_browser import _state, deploy_in_ui, open_casual_game
from tests.support.server import REPO, LiveServer

FIXTURE = REPO / "tests" / "rosters" / "fixtures" / "glasswright.json"
STRIDER = "Prism Strider"


def _enhanced_roster(folder: Path) -> Path:
    """The fixture with an invented Enhancement on its character, as New Recruit writes one."""
    doc = json.loads(FIXTURE.read_text())
    veyra = next(
        s for s in doc["roster"]["forces"][0]["selections"] if s["name"] == "Luminarch Veyra"
    )
    veyra["selections"].append(
        {
            "id": "s-diadem",
            "name": "Prism Diadem",
            "entryId": "e-enh-diadem",
            "number": 1,
            "type": "upgrade",
            "from": "group",
            "group": "Enhancements",
            "profiles": [
                {
                    "id": "p-diadem",
                    "name": "Prism Diadem",
                    "typeName": "Abilities",
                    "characteristics": [{"name": "Description", "$text": "Invented."}],
                }
            ],
            "costs": [{"name": "pts", "typeId": "points", "value": 20}],
        }
    )
    path = folder / "enhanced.json"
    path.write_text(json.dumps(doc))
    return path


def test_the_picker_answers_a_hull_and_names_the_enhancement(
    server: LiveServer, shots: Any, chromium: Any, tmp_path: Path
) -> None:
    lobby = Lobby(chromium, server.base)
    page, errors, context = lobby.page, lobby.errors, lobby.context
    p2 = lobby.import_for_p2(_enhanced_roster(tmp_path))
    p2.locator("[data-testid=w40-missing-bases]").wait_for()
    assert p2.locator("[data-testid=w40-enhancement]").inner_text().strip() == (
        "· Enhancement: Prism Diadem"
    )
    p2.locator(f"[data-base='{STRIDER}']").fill("120")
    p2.locator(f"[data-base-hull='{STRIDER}']").check()
    label = p2.locator(f"[data-base='{STRIDER}']").get_attribute("aria-label")
    assert label == f"{STRIDER}: hull length (mm)"
    p2.locator(f"[data-base-width='{STRIDER}']").fill("70")
    p2.screenshot(path=str(shots / "picker-hull.png"))
    with page.expect_response(lambda r: r.url.endswith("/api/rosters")) as answer:
        p2.get_by_role("button", name="Import again with these bases").click()
    army = answer.value.json()
    strider = next(g for u in army["units"] for g in u["models"] if g["name"] == STRIDER)
    assert strider["base"]["shape"] == "hull"
    page.wait_for_function(
        "!document.querySelector('[data-side=p2] [data-testid=w40-missing-bases]')"
    )
    page.get_by_text("Casual:", exact=False).click()
    assert not page.locator("button[type=submit]").is_disabled()
    assert not errors, errors
    context.close()


def test_the_hull_model_is_set_up_and_drawn_at_the_table(
    server: LiveServer, open_table: Any, shots: Any
) -> None:
    bases = {STRIDER: {"shape": "hull", "length_mm": 120, "width_mm": 70}}
    imported = httpx.post(
        f"{server.base}/api/rosters",
        files={"file": ("g.json", FIXTURE.read_bytes())},
        data={"bases": json.dumps(bases)},
        timeout=20,
    ).json()
    _, t = open_casual_game(server, open_table, {"p1": imported, "p2": {"demo": 1}})
    for player in ("p1", "p2"):
        t.click(player, "[data-testid=w40-declare]")
    deploy_in_ui(t)
    st = _state(t.spectator)
    (model,) = [m for m in st["models"] if m["unit"] == "p1-s-u3"]
    assert model["base"]["shape"] == "hull" and len(model["base"]["points"]) == 4
    t.spectator.screenshot(path=str(shots / "table-hull.png"))
    for page in t.pages:
        assert not page.errors, page.errors


def test_the_picker_changes_a_base_the_import_assumed(
    server: LiveServer, shots: Any, chromium: Any, tmp_path: Path
) -> None:
    """Audit s16 C #18: the picker listed the sizes it assumed ("check them against your
    models") but only the API could change them. Each becomes a question, filled in with the
    assumed size; the answer is sent with the file again and wins over the table's rule."""
    lobby = Lobby(chromium, server.base)
    page, errors, context = lobby.page, lobby.errors, lobby.context
    p2 = lobby.import_for_p2(FIXTURE)
    p2.locator(f"[data-base='{STRIDER}']").fill("100")
    with page.expect_response(lambda r: r.url.endswith("/api/rosters")):
        p2.get_by_test_id("w40-import-again").click()
    assumed = p2.get_by_test_id("w40-assumed-bases")
    assert "Glint Rider: assumed oval 90×52 mm (keywords MOUNTED)" in assumed.inner_text()
    p2.get_by_test_id("w40-change-assumed").click()
    # one row per model entry, showing what was assumed: the oval's length and width, a round
    # base's diameter
    rider = "[data-base-name='Glint Rider (Glint Riders)']"
    warden = "[data-base-name='Shard Warden (Shard Wardens)']"
    assert p2.locator(rider).input_value() == "90"
    assert p2.locator(f"{rider} ~ [data-base-width]").input_value() == "52"
    assert p2.locator(warden).input_value() == "32"
    assert p2.locator(f"{warden} ~ [data-base-width]").input_value() == ""
    p2.locator(rider).fill("105")  # the width stays 52 unless changed too
    with page.expect_response(lambda r: r.url.endswith("/api/rosters")) as answer:
        p2.get_by_test_id("w40-import-again").click()
    army = answer.value.json()
    p2.screenshot(path=str(shots / "picker-change-assumed.png"))
    models = {g["name"]: g["base"] for u in army["units"] for g in u["models"]}
    assert models["Glint Rider"] == {"shape": "oval", "length_mm": 105, "width_mm": 52}
    assert models["Shard Warden"] == {"shape": "circle", "diameter_mm": 32}
    # only the size changed became the player's own: the others are still listed as assumed
    assumed = {a["model"] for a in army["assumed_bases"]}
    assert "Glint Rider" not in assumed
    assert {"Shard Warden", "Luminarch Veyra"} <= assumed
    assert not errors, errors
    context.close()
