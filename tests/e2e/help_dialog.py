"""The help dialog in a browser test: where the focus is, and opening it on a phone, where it
must fit the screen (the tables' and the game pages' help tests share these)."""

from __future__ import annotations

from typing import Any

PHONE = {"width": 390, "height": 844}


def focus_in_help(page: Any) -> bool:
    return bool(page.evaluate("!!document.activeElement?.closest('[role=dialog]')"))


def open_on_phone(page: Any, dialog: str) -> Any:
    """Tap the "?" button, which sits in the top bar, and return the dialog (``dialog`` is its
    selector), having checked that both fit the phone's screen."""
    button = page.get_by_test_id("help-button")
    box = button.bounding_box()
    bar = page.locator(".topbar").bounding_box()
    assert box is not None and bar is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert box["y"] + box["height"] <= bar["y"] + bar["height"]  # in the top bar
    button.tap()
    panel = page.locator(dialog)
    panel.wait_for()
    at = panel.bounding_box()
    assert at is not None
    assert at["x"] >= 0 and at["x"] + at["width"] <= PHONE["width"]
    assert at["y"] >= 0 and at["y"] + at["height"] <= PHONE["height"]
    assert panel.evaluate("el => el.scrollWidth <= el.clientWidth")
    return panel
