"""Configuration by environment (``VANTAGE_*``), with the embedded SQLite set-up as default."""

from __future__ import annotations

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ENV_VARS = (
    "VANTAGE_DATABASE_URL",
    "VANTAGE_BUS_URL",
    "VANTAGE_HOST",
    "VANTAGE_PORT",
    "VANTAGE_STATIC_DIR",
    "VANTAGE_PUBLIC_URL",
    "VANTAGE_QUERY_WORKERS",
    "VANTAGE_QUERIES_PER_GAME",
    "VANTAGE_QUERY_GAMES_PER_CLIENT",
    "VANTAGE_SOCKETS_PER_SEAT",
    "VANTAGE_SOCKETS_PER_SPECTATOR_LINK",
    "VANTAGE_SOCKETS_PER_GAME",
    "VANTAGE_SOCKETS_PER_CLIENT",
    "VANTAGE_SOCKETS_TOTAL",
    "VANTAGE_GAME_IDLE_SECONDS",
    "VANTAGE_MAX_IDLE_GAMES",
    "VANTAGE_SEND_QUEUE_SIZE",
    "VANTAGE_REPLAY_WINDOW",
)
"""Every variable the app reads; docker-compose.yml is checked against this list."""


DRIVERS = {
    "sqlite://": "sqlite+aiosqlite://",
    "postgresql://": "postgresql+psycopg://",
    "postgres://": "postgresql+psycopg://",
}
"""Database URL schemes without a driver, and the async driver each one gets."""


class Settings(BaseSettings):
    """One settings object for the whole app (``VANTAGE_`` prefix)."""

    model_config = SettingsConfigDict(env_prefix="VANTAGE_", extra="ignore")

    database_url: str = "sqlite+aiosqlite:///vantage.db"
    bus_url: str = "memory://"
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)
    static_dir: str | None = None
    public_url: str | None = None
    """Base URL used in seat links; by default the URL the request came in on."""
    max_message_bytes: int = 64 * 1024
    messages_per_second: float = 40.0
    send_queue_size: int = Field(default=2048, ge=1)
    """Messages queued for one socket at most; a reader slower than that is closed (4008)."""
    replay_window: int = Field(default=1000, ge=0)
    """A client further behind than this many events gets a snapshot instead of a replay."""
    query_workers: int = Field(default=4, ge=1, le=64)
    """Threads answering websocket queries (their own, not the default executor's)."""
    queries_per_game: int = Field(default=2, ge=1, le=64)
    """At most this many of one game's queries with those threads at once, whatever the number
    of its sockets; the rest wait in the game's own line (docs/protocol.md, "Limits")."""
    query_games_per_client: int | None = Field(default=None, ge=1, le=64)
    """The query threads hold queries of at most this many games of one client address at once
    (games are free); by default one less than ``query_workers`` (at least 1), so one client
    never holds every thread."""
    sockets_per_seat: int = Field(default=8, ge=1)
    """Open sockets per seat link in this process; one more is refused (close code 4429)."""
    sockets_per_spectator_link: int = Field(default=256, ge=1)
    """Open sockets per spectator link (shared with an audience, so many more than a seat's)."""
    sockets_per_game: int = Field(default=320, ge=1)
    """Open sockets per game in this process, all links together."""
    sockets_per_client: int = Field(default=512, ge=1)
    """Open sockets per client address in this process, over all games (games cost nothing to
    create). Generous: a club or tournament behind one NAT shares an address."""
    sockets_total: int = Field(default=8192, ge=1)
    """Open sockets in this process in all; lowered at start-up to fit the process's open-file
    limit (less 256 for the database and HTTP), so a flood is refused before ``accept`` fails."""
    game_idle_seconds: float = Field(default=300.0, ge=0)
    """A game with no socket in this process, untouched this long, leaves the memory cache (it is
    loaded again from the database when next asked for)."""
    max_idle_games: int = Field(default=200, ge=0)
    """Games without sockets kept in memory at most; the least recently used go first."""

    @field_validator("database_url")
    @classmethod
    def _async_driver(cls, url: str) -> str:
        """A plain ``sqlite://`` or ``postgresql://`` URL gets the async driver the app uses
        (aiosqlite, psycopg), so a URL written the usual way works as it is."""
        for plain, driver in DRIVERS.items():
            if url.startswith(plain):
                return driver + url[len(plain) :]
        return url

    @model_validator(mode="after")
    def _catch_up_fits(self) -> Settings:
        """A reconnecting client is sent up to ``replay_window`` events and a welcome at once:
        a smaller send queue would close it for a resync every time, and it would reconnect
        for ever."""
        if self.send_queue_size < self.replay_window + 16:
            raise ValueError(
                "VANTAGE_SEND_QUEUE_SIZE must be at least VANTAGE_REPLAY_WINDOW + 16 "
                f"({self.replay_window + 16})"
            )
        return self

    @property
    def is_sqlite(self) -> bool:
        """Whether the database is SQLite (one writer; WAL; BEGIN IMMEDIATE)."""
        return self.database_url.startswith("sqlite")
