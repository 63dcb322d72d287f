"""Browser fixtures: Debian's Chromium driven by Playwright against a live server on SQLite."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import CHROMIUM_ARGS
from tests.support.server import REPO, LiveServer

VIEWPORT = {"width": 1400, "height": 900}
DIST = REPO / "frontend" / "dist" / "index.html"


class WatchedBrowser:
    """The browser, whose every context reports console errors and warnings to ``problems``."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self.problems: list[str] = []
        self.allowed: tuple[str, ...] = ()

    def new_context(self, **options: Any) -> Any:
        context = self._browser.new_context(**options)
        context.on("console", self._keep)
        return context

    def _keep(self, message: Any) -> None:
        """Errors and warnings, not logs: a page that works prints neither."""
        text = message.text
        if message.type in ("error", "warning") and not any(a in text for a in self.allowed):
            self.problems.append(f"{message.type}: {text} ({message.location.get('url', '')})")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(autouse=True)
def console_stays_clean(request: pytest.FixtureRequest) -> Iterator[None]:
    """A browser test fails if any page logged a console error or warning, unless the text
    contains one the test expects (``@pytest.mark.console_allows("...")``)."""
    if "chromium" not in request.fixturenames:
        yield
        return
    browser: WatchedBrowser = request.getfixturevalue("chromium")
    marker = request.node.get_closest_marker("console_allows")
    browser.allowed = tuple(marker.args) if marker else ()
    browser.problems.clear()
    yield
    assert not browser.problems, f"the browser console reported: {browser.problems}"


@pytest.fixture(scope="module")  # Playwright's loop must stop before async tests run
def chromium() -> Iterator[Any]:
    """One headless Chromium per module (Playwright's own download is not used), watched for
    console errors."""
    sync_api = pytest.importorskip("playwright.sync_api")
    executable = shutil.which("chromium")
    if executable is None:
        pytest.skip("Chromium is not installed (Debian package 'chromium')")
    if not DIST.is_file():
        pytest.skip("the frontend is not built (cd frontend && npm run build)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=CHROMIUM_ARGS, headless=True
        )
        yield WatchedBrowser(browser)
        browser.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """A live server on a fresh SQLite database, restartable on the same port and file."""
    live = LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'v.db'}").start()
    yield live
    live.stop()


def _opener(
    chromium: Any, viewport: dict[str, int] = VIEWPORT, **options: Any
) -> Iterator[Callable[[str], Any]]:
    """Open game links, each in a fresh browser context made with ``options``; each call
    returns the page once the table is shown (its page errors collected in ``page.errors``)."""
    contexts: list[Any] = []

    def open_link(url: str) -> Any:
        context = chromium.new_context(viewport=viewport, **options)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.errors = errors
        page.goto(url)
        page.wait_for_function("window.__vantage?.ready === true", timeout=15_000)
        return page

    yield open_link
    for context in contexts:
        context.close()


@pytest.fixture
def open_table(chromium: Any) -> Iterator[Callable[[str], Any]]:
    """Open a game link in a fresh browser context; returns the page once the table is shown."""
    yield from _opener(chromium)


@pytest.fixture
def open_touch(chromium: Any) -> Iterator[Callable[[str], Any]]:
    """The same with a touch screen (and no hover)."""
    yield from _opener(chromium, has_touch=True)


@pytest.fixture
def open_phone(chromium: Any) -> Iterator[Callable[[str], Any]]:
    """The same on a phone: 390 x 844, touch, no hover."""
    yield from _opener(chromium, {"width": 390, "height": 844}, has_touch=True, is_mobile=True)


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: VANTAGE_E2E_SCREENSHOTS if set, else the test's temp folder."""
    folder = Path(os.environ.get("VANTAGE_E2E_SCREENSHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder
