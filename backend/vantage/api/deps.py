"""The services the handlers use, created once per app (no globals at import time)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from vantage.app.games import GameService
from vantage.app.rooms import RoomHub
from vantage.bus.base import Bus
from vantage.config import Settings
from vantage.store.db import Database


@dataclass
class Services:
    """Everything the app wires together in its lifespan."""

    settings: Settings
    db: Database
    bus: Bus
    games: GameService
    rooms: RoomHub


def get_services(request: Request) -> Services:
    """The app's services."""
    services: Services = request.app.state.services
    return services


ServicesDep = Annotated[Services, Depends(get_services)]
