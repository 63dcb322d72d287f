"""Serve the built frontend (``frontend/dist``) with an SPA fallback; no Node at run time."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

REPO = Path(__file__).resolve().parents[3]
NOT_BUILT = """<!doctype html><title>Vantage</title><h1>Vantage</h1>
<p>The frontend is not built. Run <code>make run</code> (it builds it) and reload.</p>"""


def mount_frontend(app: FastAPI, static_dir: str | None) -> None:
    """Serve ``index.html`` for ``/`` and ``/play/...``, and the assets under ``/assets``."""
    dist = Path(static_dir) if static_dir else REPO / "frontend" / "dist"
    index = dist / "index.html"

    async def page() -> Response:
        if index.is_file():
            return FileResponse(index, headers={"Cache-Control": "no-cache"})
        return HTMLResponse(NOT_BUILT)

    app.add_api_route("/", page, include_in_schema=False)
    app.add_api_route("/play/{game_id}", page, include_in_schema=False)
    if (dist / "assets").is_dir():
        app.mount("/assets", StaticFiles(directory=dist / "assets"), name="assets")
