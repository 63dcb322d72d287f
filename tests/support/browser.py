"""Browser helpers shared by the browser tests and the responsiveness benchmark: Debian's
Chromium started by Playwright, table points to screen pixels, mouse sweeps, frame timing, and a
crowded 200-model table."""

from __future__ import annotations

import itertools
import statistics
from typing import Any

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
"""Headless Chromium as root on a machine with no outside network (no background fetches)."""

WAIT_MS = 10_000
# Frame timestamps from requestAnimationFrame, and long tasks (> 50 ms), kept until read.
RECORD_FRAMES = """() => {
    window.__frames = [];
    window.__longTasks = [];
    window.__longTaskObserver = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    });
    window.__longTaskObserver.observe({ type: "longtask" });
    const tick = (t) => {
        if (window.__frames === null) return;
        window.__frames.push(t);
        requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
}"""
STOP_FRAMES = """() => {
    window.__longTaskObserver.disconnect();
    const result = { frames: window.__frames, longTasks: window.__longTasks };
    window.__frames = null;
    return result;
}"""


def screen(page: Any, x: float, y: float) -> dict[str, float]:
    """Viewport pixels of a table point."""
    at: dict[str, float] = page.evaluate("([x, y]) => window.__vantage.screenPoint(x, y)", [x, y])
    return at


def click_at(page: Any, x: float, y: float, **kwargs: Any) -> None:
    at = screen(page, x, y)
    page.mouse.click(at["x"], at["y"], **kwargs)


def hook(page: Any, name: str) -> Any:
    return page.evaluate(f"window.__vantage.{name}")


def wait_hook(page: Any, condition: str) -> Any:
    """Wait until a JS condition on `v` (window.__vantage) holds."""
    page.wait_for_function(
        f"(() => {{ const v = window.__vantage; return {condition}; }})()", timeout=WAIT_MS
    )


def big_setup(units: int = 20, per_unit: int = 10) -> dict[str, Any]:
    """200 models in 20 units of 10, in rows across a 60" x 44" table, and five buildings."""
    models = []
    for u in range(units):
        row, col = divmod(u, 5)
        for k in range(per_unit):
            models.append(
                {
                    "id": f"m{u}_{k}",
                    "unit": f"U{u}",
                    "base": {"shape": "circle", "diameter_mm": 32},
                    "x": 3 + col * 11 + (k % 5) * 1.6,
                    "y": 4 + row * 9 + (k // 5) * 1.6,
                    "height": 1.6,
                }
            )
    return {
        "table": {"width": 60, "depth": 44},
        "players": ["p1", "p2"],
        "units": [
            {"id": f"U{u}", "player": "p1" if u % 2 == 0 else "p2", "keywords": ["INFANTRY"]}
            for u in range(units)
        ],
        "models": models,
        "terrain": [
            {
                "id": f"t{i}",
                "kind": "building",
                "height": 6,
                "polygon": [[4 + i * 11, 39], [8 + i * 11, 39], [8 + i * 11, 42], [4 + i * 11, 42]],
            }
            for i in range(5)
        ],
    }


def frame_stats(page: Any) -> dict[str, float]:
    """Frame intervals while recording, and the page's long tasks."""
    recorded = page.evaluate(STOP_FRAMES)
    frames, long_tasks = recorded["frames"], recorded["longTasks"]
    gaps = sorted(b - a for a, b in itertools.pairwise(frames))
    return {
        "seconds": round((frames[-1] - frames[0]) / 1000, 2),
        "frames": len(frames),
        "median_ms": round(statistics.median(gaps), 1),
        "p95_ms": round(gaps[int(len(gaps) * 0.95)], 1),
        "max_ms": round(gaps[-1], 1),
        "long_tasks": len(long_tasks),
        "longest_task_ms": round(max(long_tasks, default=0), 1),
    }


def sweep(page: Any, path: list[tuple[float, float]], steps: int) -> None:
    """Move the mouse along a polyline of table points in small steps, as a hand would."""
    points = [
        (x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        for (x0, y0), (x1, y1) in itertools.pairwise(path)
        for i in range(1, steps + 1)
    ]
    pixels = page.evaluate("ps => ps.map(([x, y]) => window.__vantage.screenPoint(x, y))", points)
    for at in pixels:
        page.mouse.move(at["x"], at["y"])
        page.wait_for_timeout(10)


def drag_a_unit_across(page: Any) -> dict[str, float]:
    """Shift-click unit U0 of ``big_setup`` and drag it across the crowded table and back,
    holding it there (the caller drops or cancels it); the frame statistics of the drag."""
    first = (3.0, 4.0)  # m0_0
    page.keyboard.down("Shift")
    click_at(page, *first)
    page.keyboard.up("Shift")
    start = screen(page, *first)
    page.mouse.move(start["x"], start["y"])
    page.mouse.down()
    page.evaluate(RECORD_FRAMES)
    sweep(page, [first, (25, 22), (45, 30), (25, 22)], steps=30)
    wait_hook(page, "v.dragCheck?.answered")
    return frame_stats(page)


def sweep_the_ruler(page: Any) -> dict[str, float]:
    """Pick the ruler, anchor it on m0_0 of ``big_setup`` and sweep its free end over the
    table; the frame statistics of the sweep."""
    page.keyboard.press("r")
    click_at(page, 3.0, 4.0)
    page.evaluate(RECORD_FRAMES)
    sweep(page, [(10, 10), (50, 35), (10, 30)], steps=30)
    return frame_stats(page)
