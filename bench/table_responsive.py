"""Benchmark: the table stays responsive with 200 models (issue #3, "At the table").

A real server (SQLite) and Debian's Chromium driven by Playwright, on the 200-model 9th-edition
table of the browser tests (20 units of 10, five buildings). Measures:

* the page: frame intervals and long tasks while a whole unit is dragged across the table and
  back (the live unit check asks the server at most ten times a second), and while the ruler's
  free end sweeps the table; and the same for an idle page, as the floor;
* the server: a second client (the spectator) asks a small query (``measure``) every 30 ms
  throughout, and its round trips are reported for the idle page, the drag and the ruler sweep;
  a stalled server shows there first;
* the queries themselves on that table, over the spectator's websocket, one at a time: the drag's
  ``unit_check`` of a 10-model unit, and ``measure``.

Run: ``.venv/bin/python bench/table_responsive.py [--rounds 3]``. Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support.browser import (  # noqa: E402
    CHROMIUM_ARGS,
    RECORD_FRAMES,
    big_setup,
    drag_a_unit_across,
    frame_stats,
    sweep_the_ruler,
)
from tests.support.client import Queries, Seat, create_game  # noqa: E402
from tests.support.server import LiveServer  # noqa: E402

PROBE_EVERY = 0.03
PACE = 0.03
MEASURE = {"type": "measure", "a": "m1_0", "b": "m18_9"}


class Asker:
    """Queries over one websocket, each timed from send to its answer."""

    def __init__(self, seat: Seat) -> None:
        self.queries = Queries(seat)

    def ask(self, q: dict[str, Any]) -> float:
        """Round trip of one query, in milliseconds."""
        t0 = time.perf_counter()
        msg = self.queries.reply(q)
        if msg["type"] != "answer":
            raise RuntimeError(f"query refused: {msg}")
        return (time.perf_counter() - t0) * 1000

    def paced(self, q: dict[str, Any]) -> float:
        """``ask`` after a pause that keeps within the server's message rate (40 a second)."""
        time.sleep(PACE)
        return self.ask(q)


class Probe(threading.Thread):
    """Asks ``measure`` every ``PROBE_EVERY`` seconds; round trips are kept per phase."""

    def __init__(self, asker: Asker) -> None:
        super().__init__(daemon=True)
        self.asker = asker
        self.phase = "start"
        self.samples: dict[str, list[float]] = {}
        self.done = threading.Event()
        self.failure: Exception | None = None

    def run(self) -> None:
        try:
            while not self.done.is_set():
                rtt = self.asker.ask(MEASURE)
                self.samples.setdefault(self.phase, []).append(rtt)
                time.sleep(PROBE_EVERY)
        except Exception as exc:  # reported by ``stop``
            self.failure = exc

    def stop(self) -> None:
        """End the probe; its failure, if any, is raised here."""
        self.done.set()
        self.join()
        if self.failure is not None:
            raise self.failure

    @contextmanager
    def during(self, phase: str) -> Iterator[None]:
        self.phase = phase
        try:
            yield
        finally:
            self.phase = "between"


def summary(samples: list[float]) -> dict[str, float]:
    """Count, p50, p99 and max of millisecond samples."""
    ordered = sorted(samples)
    return {
        "count": len(ordered),
        "p50_ms": round(statistics.median(ordered), 2),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 2),
        "max_ms": round(ordered[-1], 2),
    }


def unit_check(positions_from: tuple[float, float]) -> dict[str, Any]:
    """The drag's question for unit U0 of ``big_setup`` moved to around a point."""
    x, y = positions_from
    return {
        "type": "unit_check",
        "unit": "U0",
        "positions": {
            f"m0_{k}": {"x": x + (k % 5) * 1.6, "y": y + (k // 5) * 1.6} for k in range(10)
        },
    }


def worst(rounds: list[dict[str, float]]) -> dict[str, float]:
    """Frame statistics of several rounds: counts added up, times the worst round's."""
    added = ("seconds", "frames", "long_tasks", "unit_checks_sent")
    return {
        key: round(sum(r[key] for r in rounds), 2) if key in added else max(r[key] for r in rounds)
        for key in rounds[0]
    }


def page_rounds(page: Any, probe: Probe, rounds: int) -> dict[str, list[dict[str, float]]]:
    """Idle, drag and ruler sweep, ``rounds`` times each; frame statistics per round."""
    out: dict[str, list[dict[str, float]]] = {"idle": [], "drag": [], "ruler": []}
    for _ in range(rounds):
        with probe.during("idle"):
            page.evaluate(RECORD_FRAMES)
            page.wait_for_timeout(2000)
            out["idle"].append(frame_stats(page))
        with probe.during("drag"):
            stats = drag_a_unit_across(page)
        stats["unit_checks_sent"] = page.evaluate("window.__vantage.dragCheck.queries")
        out["drag"].append(stats)
        page.keyboard.press("Escape")
        page.mouse.up()
        with probe.during("ruler"):
            out["ruler"].append(sweep_the_ruler(page))
        page.keyboard.press("Escape")
        page.keyboard.press("m")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--queries", type=int, default=300)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium")
    if executable is None:
        raise SystemExit("Chromium is not installed (Debian package 'chromium'; make test does)")
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}").start()
        try:
            game = create_game(server, {"system": "wh40k-9e", "setup": big_setup()})
            with (
                Seat(server, game["id"], game["spectator"]["token"]) as probe_seat,
                Seat(server, game["id"], game["spectator"]["token"]) as query_seat,
                sync_playwright() as playwright,
            ):
                probe_seat.recv(), probe_seat.recv()  # welcome, snapshot
                query_seat.recv(), query_seat.recv()
                browser = playwright.chromium.launch(
                    executable_path=executable, args=CHROMIUM_ARGS, headless=True
                )
                page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
                page.goto(game["seats"][0]["url"])
                page.wait_for_function("window.__vantage?.ready === true", timeout=15_000)
                probe = Probe(Asker(probe_seat))
                probe.start()
                frames = page_rounds(page, probe, args.rounds)
                probe.stop()
                browser.close()
                asker = Asker(query_seat)
                spots = [(3 + (i % 40), 4 + (i % 30)) for i in range(args.queries)]
                checks = [asker.paced(unit_check(spot)) for spot in spots]
                measures = [asker.paced(MEASURE) for _ in range(args.queries)]
        finally:
            server.stop()
    report = {
        "models": 200,
        "rounds": args.rounds,
        "page_frames": {phase: worst(stats) for phase, stats in frames.items()},
        "probe_measure_round_trip": {
            phase: summary(samples)
            for phase, samples in probe.samples.items()
            if phase in ("idle", "drag", "ruler")
        },
        "unit_check_10_models_round_trip": summary(checks),
        "measure_round_trip": summary(measures),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
