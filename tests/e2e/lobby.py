"""The lobby in a browser test: a new 10th-edition game's form, with a roster file chosen for
Player 2 (the picker imports it at once)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import VIEWPORT


class Lobby:
    """A fresh browser context on the lobby, 10th edition chosen; page errors are collected."""

    def __init__(self, chromium: Any, base: str) -> None:
        self.context = chromium.new_context(viewport=VIEWPORT)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(base + "/")
        self.page.select_option("select[name=system]", "wh40k-10e")
        self.p2 = self.page.locator("[data-testid=w40-new-game] [data-side=p2]")
        self.p2.locator("select").wait_for()

    def import_for_p2(self, roster: Path) -> Any:
        """Choose "Import a roster file…" for Player 2 and give it ``roster``; returns the side."""
        self.p2.locator("select").select_option("file")
        self.p2.locator("input[type=file]").set_input_files(str(roster))
        return self.p2

    def close(self) -> None:
        self.context.close()
