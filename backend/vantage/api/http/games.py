"""Create games and read a viewer's view of one."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from fastapi.responses import JSONResponse

from vantage.api.deps import ServicesDep
from vantage.api.errors import rejection_response
from vantage.app.export import live_dice
from vantage.app.games import CreatedGame
from vantage.engine.errors import Rejection

router = APIRouter()


@router.post("/api/games", status_code=201)
async def create_game(
    request: Request, services: ServicesDep, body: Annotated[dict[str, Any], Body()]
) -> Any:
    """Create a game; the answer carries the secret seat and spectator links."""
    created = await services.games.create(body)
    if isinstance(created, Rejection):
        return rejection_response(created)
    return JSONResponse(_links(created, _base_url(request, services.settings.public_url)), 201)


@router.get("/api/games/{game_id}")
async def get_game(game_id: str, services: ServicesDep, token: str = "") -> Any:
    """The viewer's view of a game: ``{"v", "viewer", "system", "state"}``."""
    viewer = await services.games.viewer_for(game_id, token)
    if isinstance(viewer, Rejection):
        return rejection_response(viewer)
    view = await services.games.view(game_id, viewer)
    if isinstance(view, Rejection):
        return rejection_response(view)
    v, state = view
    role = "spectator" if viewer.is_spectator else "player"
    game = await services.games.get(game_id)
    system = game.ruleset.name if game else ""
    return {
        "v": v,
        "viewer": {"player": viewer.player, "role": role},
        "system": system,
        "dice": live_dice(game) if game else None,
        "state": state,
    }


@router.get("/api/games/{game_id}/export")
async def export_game(game_id: str, services: ServicesDep, token: str = "") -> Any:
    """The whole game as one JSON file; the dice seed is revealed once the game is over."""
    viewer = await services.games.viewer_for(game_id, token)
    if isinstance(viewer, Rejection):
        return rejection_response(viewer)
    exported = await services.games.export(game_id, viewer)
    if isinstance(exported, Rejection):
        return rejection_response(exported)
    headers = {"Content-Disposition": f'attachment; filename="{game_id}.json"'}
    return JSONResponse(exported, headers=headers)


def _base_url(request: Request, public_url: str | None) -> str:
    return (public_url or str(request.base_url)).rstrip("/")


def _links(game: CreatedGame, base: str) -> dict[str, Any]:
    def url(token: str) -> str:
        return f"{base}/play/{game.id}?token={token}"

    return {
        "id": game.id,
        "system": game.system,
        "seats": [{"player": s.player, "token": s.token, "url": url(s.token)} for s in game.seats],
        "spectator": {"token": game.spectator.token, "url": url(game.spectator.token)},
    }
