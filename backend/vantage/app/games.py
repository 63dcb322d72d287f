"""GameService: create games, resolve viewers, and submit intents through one writer per game."""

from __future__ import annotations

import asyncio
import functools
import logging
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

import anyio
import anyio.to_thread

from vantage.app.create_options import bad_shell_field, unknown_option
from vantage.app.export import export_game
from vantage.app.ids import hash_token, is_game_id, new_game_id, new_seed, new_token
from vantage.app.live import LiveGame
from vantage.app.metrics import Metrics
from vantage.app.query_pool import QueryPool
from vantage.app.shell_commands import (
    admit,
    command_json,
    decide,
    is_version_free,
    json_digest,
    note_accepted,
    parse_command,
    stored_digest,
)
from vantage.bus.base import Bus
from vantage.engine.codec import unstorable
from vantage.engine.context import Ctx, Viewer
from vantage.engine.dice import SeededDice
from vantage.engine.errors import ConflictError, Rejection
from vantage.engine.ruleset import Ruleset
from vantage.rules import find_ruleset, ruleset_names
from vantage.store import event_log
from vantage.store.appends import AppendRequest
from vantage.store.db import Database
from vantage.store.models import GameRow, SeatRow

_log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 200
CONFLICT_ATTEMPTS = 3
R = TypeVar("R")
SETUPS_AT_ONCE = 2
"""Set-ups parsed and checked in worker threads at the same time (a full table is ~0.5 s of
CPU); more wait their turn."""
Deliver = Callable[[LiveGame, int], Awaitable[None]]
"""Called under the game's lock after commits: send the events after version ``int``."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A link to a game: the player it seats (``None`` for the spectator link) and its token."""

    player: str | None
    token: str


@dataclass(frozen=True, slots=True)
class CreatedGame:
    """A new game with its secret links."""

    id: str
    system: str
    seats: tuple[Seat, ...]
    spectator: Seat


@dataclass(frozen=True, slots=True)
class Ack:
    """An intent was committed; the game is now at version ``v``."""

    v: int


def retry_answer(done: tuple[int, str | None], digest: str) -> Ack | Rejection:
    """A seat's intent sent again with an id it already used: the first answer's ``ack`` when
    it is the same command (a retry: the same ``shell_commands.json_digest``),
    ``intent/id_reused`` when it is another (a client that reuses ids by mistake must not
    believe its new command was made). Intents logged before commands were stored (``None``)
    are taken as retries."""
    v, first = done
    if first is None or first == digest:
        return Ack(v)
    return Rejection(
        "intent/id_reused",
        "this intent_id was already used for another command; send each intent with a new id",
        {"v": v},
    )


def utcnow() -> datetime:
    """The current time, timezone-aware."""
    return datetime.now(UTC)


class GameService:
    """The only way into a game: every read and write of game state goes through here."""

    def __init__(
        self,
        db: Database,
        bus: Bus,
        clock: Callable[[], datetime] = utcnow,
        *,
        queries: QueryPool | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._db = db
        self._bus = bus
        self._clock = clock
        self._games: dict[str, LiveGame] = {}
        self._used: OrderedDict[str, float] = OrderedDict()
        """When each held game was last asked for, least recently first (for eviction)."""
        self._monotonic = monotonic
        self._queries = queries or QueryPool(workers=4, per_game=2)
        self._setup_limiter: anyio.CapacityLimiter | None = None
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._deliver: Deliver | None = None
        self.metrics = Metrics()

    def on_commit(self, deliver: Deliver) -> None:
        """Register the fan-out to this process's sockets."""
        self._deliver = deliver

    def lock(self, game_id: str) -> asyncio.Lock:
        """The in-process single-writer lock of a game."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    async def create(self, request: Mapping[str, Any]) -> CreatedGame | Rejection:
        """Validate the request with the system's rules, store the game and deal its opening."""
        bad = unstorable(request)  # stored with the game and exported as JSON
        if bad:
            path, why = bad
            return Rejection("request/invalid", f"{path}: {why}", {"field": path})
        system = request.get("system")
        ruleset = find_ruleset(system) if isinstance(system, str) else None
        if ruleset is None:
            names = ", ".join(ruleset_names())
            return Rejection(
                "request/invalid", f"system: must be one of {names}", {"field": "system"}
            )
        options = {k: v for k, v in request.items() if k != "system"}
        unknown = bad_shell_field(options) or unknown_option(
            ruleset.name, options, ruleset.create_options
        )
        if unknown is not None:
            return unknown
        options = dict(ruleset.new_game_options(options))
        now = self._clock()
        # Parsing and checking a full table takes ~0.5 s of CPU: a worker thread keeps the event
        # loop answering every other game meanwhile (audit finding 7).
        new = await self._in_thread(functools.partial(_new_game, ruleset, options, now))
        if isinstance(new, Rejection):
            return new
        game, opening, dice = new
        seats = tuple(Seat(p, new_token()) for p in ruleset.seats(game.setup))
        spectator = Seat(None, new_token())
        await self._store_new(game, options, (*seats, spectator), opening, dice, now)
        return CreatedGame(game.id, ruleset.name, seats, spectator)

    async def _in_thread(self, fn: Callable[[], R]) -> R:
        """``fn()`` in a worker thread, at most ``SETUPS_AT_ONCE`` at a time."""
        if self._setup_limiter is None:  # made in the event loop, on first use
            self._setup_limiter = anyio.CapacityLimiter(SETUPS_AT_ONCE)
        return await anyio.to_thread.run_sync(fn, limiter=self._setup_limiter)

    async def _store_new(
        self,
        game: LiveGame,
        options: Mapping[str, Any],
        links: tuple[Seat, ...],
        opening: list[Any],
        dice: list[int],
        now: datetime,
    ) -> None:
        rolls = len(dice)
        async with self._db.transaction() as session:
            row = GameRow(
                id=game.id,
                system=game.ruleset.name,
                setup=dict(options),
                version=0,
                rolls=0,
                seed=game.seed,
                created_at=now,
            )
            session.add(row)
            session.add_all(
                SeatRow(token_hash=hash_token(s.token), game_id=game.id, player=s.player)
                for s in links
            )
            await session.flush()
            if opening:
                payloads = [game.encode(e) for e in opening]
                await event_log.append(
                    session,
                    AppendRequest(
                        game_id=game.id,
                        expected_version=0,
                        payloads=payloads,
                        actor=None,
                        intent_id=None,
                        rolls=rolls,
                        now=now,
                        dice=dice or None,
                    ),
                )
        game.commit(opening, game.fold_ahead(opening), rolls=rolls, intent_id=None)
        self._hold(game)

    async def viewer_for(self, game_id: str, token: str) -> Viewer | Rejection:
        """Who a token seats in a game; unknown game or wrong token is a rejection."""
        if not is_game_id(game_id):
            return Rejection("game/not_found", "no game has that id")
        async with self._db.read() as session:
            seat = await event_log.seat_for_token(session, hash_token(token))
            if seat is None or seat.game_id != game_id:
                exists = await session.get(GameRow, game_id)
                if exists is None:
                    return Rejection("game/not_found", f"no game {game_id}")
                return Rejection("auth/bad_token", "this link does not open that game")
            return Viewer(seat.player)

    async def get(self, game_id: str) -> LiveGame | None:
        """The live game, loaded and folded on first use (or after it was evicted)."""
        game = self._games.get(game_id)
        if game is not None:
            self._touch(game_id)
            return game
        async with self.lock(game_id):
            return await self._held_locked(game_id)

    def cached(self, game_id: str) -> LiveGame | None:
        """The game if this process holds it in memory now (no loading)."""
        return self._games.get(game_id)

    def held_games(self) -> int:
        """How many games this process holds in memory."""
        return len(self._games)

    async def _held_locked(self, game_id: str) -> LiveGame | None:
        """The held game, else loaded and held; call with the game's lock held."""
        game = self._games.get(game_id)
        if game is None:
            game = await self._load(game_id)
            if game is not None:
                self._hold(game)
        else:
            self._touch(game_id)
        return game

    def _hold(self, game: LiveGame) -> None:
        self._games[game.id] = game
        self._touch(game.id)

    def _touch(self, game_id: str) -> None:
        self._used[game_id] = self._monotonic()
        self._used.move_to_end(game_id)

    def evict_idle(self, watched: Callable[[str], bool], idle_seconds: float, keep: int) -> int:
        """Forget the games no socket of this process watches that were neither asked for nor
        watched in ``idle_seconds`` (a pass sees a watched game as used), and, beyond the
        ``keep`` most recently used of them, the older ones; an unwatched game kept drops its
        cached snapshots;
        ``get`` loads a forgotten game again from the database. A game whose lock anyone holds
        or waits for stays (its lock is alive exactly then: the registry is weak). Returns how
        many were forgotten."""
        for game_id in [g for g in self._used if watched(g)]:
            self._touch(game_id)  # idle time counts from when its last socket left (this pass)
        now = self._monotonic()
        idle = [g for g in self._used if not watched(g) and g not in self._locks]
        for game_id in idle:  # no socket here now: its snapshot strings wait for nobody
            held = self._games.get(game_id)
            if held is not None:
                held.snapshots.clear()
        excess = len(idle) - keep
        gone = [
            game_id  # least recently used first
            for i, game_id in enumerate(idle)
            if i < excess or now - self._used[game_id] >= idle_seconds
        ]
        for game_id in gone:
            self._forget(game_id)
        return len(gone)

    def _forget(self, game_id: str) -> None:
        self._games.pop(game_id, None)
        self._used.pop(game_id, None)

    async def _load(self, game_id: str) -> LiveGame | None:
        """The stored game: read in one session, which is closed before the set-up is parsed in a
        worker thread (a reload queued behind other parses holds no database connection)."""
        async with self._db.read() as session:
            row = await session.get(GameRow, game_id)
            if row is None:
                return None
            system, setup, rolls, seed = row.system, row.setup, row.rolls, row.seed
            snap = await event_log.latest_snapshot(session, game_id)
            stored = await event_log.read_after(session, game_id, snap.seq if snap else 0)
        ruleset = find_ruleset(system)
        if ruleset is None:
            return None
        load = functools.partial(_loaded_game, ruleset, game_id, setup, rolls, seed)
        game = await self._in_thread(load)
        if game is None:
            return None
        if snap is not None:
            game.state = ruleset.state_codec.decode(snap.state["state"])
            game.salt = bytes.fromhex(snap.state["salt"])
            game.version = snap.seq
        for event in stored:
            game.apply(event.seq, game.decode(event.payload))
        return game

    async def _fold_from_log(self, session: Any, game: LiveGame) -> None:
        for stored in await event_log.read_after(session, game.id, game.version):
            game.apply(stored.seq, game.decode(stored.payload))

    async def submit(
        self,
        game_id: str,
        viewer: Viewer,
        intent_id: str,
        expected_v: int | None,
        raw_cmd: Mapping[str, Any],
    ) -> Ack | Rejection:
        """Decide a command under the game's single-writer lock, append, then fan out."""
        game = await self.get(game_id)
        if game is None:
            return Rejection("game/not_found", f"no game {game_id}")
        if viewer.is_spectator:
            return Rejection("intent/spectator", "spectators cannot act")
        command = parse_command(game, raw_cmd)
        if isinstance(command, Rejection):
            return command
        started = time.perf_counter()
        result = await self._submit_locked(game, viewer, intent_id, expected_v, command)
        self.metrics.record("intent.total", time.perf_counter() - started)
        code = "accepted" if isinstance(result, Ack) else result.code
        self.metrics.count(f"intent.{code}")
        return result

    async def _submit_locked(
        self, game: LiveGame, viewer: Viewer, intent_id: str, expected_v: int | None, command: Any
    ) -> Ack | Rejection:
        game_id = game.id
        lock = self.lock(game_id)  # hold a strong reference: the registry is weak
        with self.metrics.timed("intent.lock_wait"):
            await lock.acquire()
        try:
            held = await self._held_locked(game_id)  # the copy held now: it may have been reloaded
            if held is None:
                return Rejection("game/not_found", f"no game {game_id}")
            game = held
            for attempt in range(CONFLICT_ATTEMPTS):
                try:
                    return await self._commit(
                        game, viewer, intent_id, expected_v, command, recheck=attempt > 0
                    )
                except ConflictError:  # another process wrote first: reload and decide again
                    self._forget(game_id)
                    reloaded = await self._load(game_id)
                    if reloaded is None:
                        break
                    self._hold(reloaded)
                    game = reloaded
            return Rejection("intent/conflict", "the game changed; try again")
        finally:
            lock.release()

    async def _commit(
        self,
        game: LiveGame,
        viewer: Viewer,
        intent_id: str,
        expected_v: int | None,
        command: Any,
        *,
        recheck: bool,
    ) -> Ack | Rejection:
        """Decide on the cached state, append with a CAS, and only then update the cache."""
        done = game.intents.get((viewer.player, intent_id))
        if done is None and recheck:
            done = await self._stored_intent(game, viewer, intent_id)
        if done is not None:
            return retry_answer(done, json_digest(command_json(game, command)))
        free = is_version_free(game, command) or (
            expected_v is not None and game.decides_alike_since(expected_v, command)
        )
        if not free and expected_v is not None and expected_v != game.version:
            stale = Rejection(
                "intent/stale_version",
                "the table changed before this arrived; look again and retry",
                {"current": game.version, "expected": expected_v},
            )
            return await self._unless_retry(game, viewer, intent_id, command, stale, recheck)
        refused = admit(game, command, viewer.player)
        if refused is not None:
            return await self._unless_retry(game, viewer, intent_id, command, refused, recheck)
        dice = SeededDice(game.seed, first=game.rolls, salt=game.salt)
        now = self._clock()
        with self.metrics.timed("intent.decide"):
            decision = decide(game, command, Ctx(viewer, now, dice))
            if not isinstance(decision, Rejection):
                states = game.fold_ahead(decision.events)
                payloads = [game.encode(e) for e in decision.events]
        if isinstance(decision, Rejection):
            return await self._unless_retry(game, viewer, intent_id, command, decision, recheck)
        before = game.version
        stored_command = command_json(game, command)
        started = time.perf_counter()
        snapshot = None
        if before // SNAPSHOT_EVERY != (before + len(payloads)) // SNAPSHOT_EVERY:
            snapshot = {
                "state": game.ruleset.state_codec.encode(states[-1]),
                "salt": game.salt_after(decision.events).hex(),
            }
        v = await self._db.append(
            AppendRequest(
                game_id=game.id,
                expected_version=before,
                payloads=payloads,
                actor=viewer.player,
                intent_id=intent_id,
                rolls=game.rolls + dice.used,
                now=now,
                command=stored_command,
                dice=dice.results or None,
                snapshot=snapshot,
            )
        )
        self.metrics.record("intent.commit", time.perf_counter() - started)
        game.commit(
            decision.events,
            states,
            rolls=game.rolls + dice.used,
            intent_id=intent_id,
            actor=viewer.player,
            digest=json_digest(stored_command),
        )
        note_accepted(game, command, viewer.player)
        with self.metrics.timed("intent.fan_out"):
            await self._fan_out(game, before)
        return Ack(v)

    async def _stored_intent(
        self, game: LiveGame, viewer: Viewer, intent_id: str
    ) -> tuple[int, str | None] | None:
        """The version this seat's intent brought the game to, and its command's digest, from
        the log."""
        async with self._db.read() as session:
            found = await event_log.find_intent(session, game.id, viewer.player, intent_id)
        if found is None:
            return None
        v, stored = found
        return v, None if stored is None else stored_digest(game, stored)

    async def _unless_retry(
        self,
        game: LiveGame,
        viewer: Viewer,
        intent_id: str,
        command: Any,
        refusal: Rejection,
        checked: bool,
    ) -> Ack | Rejection:
        """``refusal``, unless the intent is a retry of one already committed: the recent-intents
        cache misses it after a restart (or past its size), so a refused intent is looked up in
        the log before it is refused (a retry must get the first answer's ``ack``)."""
        done = None if checked else await self._stored_intent(game, viewer, intent_id)
        if done is None:
            return refusal
        return retry_answer(done, json_digest(command_json(game, command)))

    async def _fan_out(self, game: LiveGame, before: int) -> None:
        if self._deliver is not None:
            await self._deliver(game, before)
        await self._bus.publish(game.id, game.version)

    async def _catch_up(self, game: LiveGame) -> None:
        async with self._db.read() as session:
            await self._fold_from_log(session, game)

    async def on_remote_commit(self, game_id: str, version: int) -> None:
        """Another process committed: fold its events in and deliver them here."""
        game = self._games.get(game_id)
        if game is None or game.version >= version:
            return
        async with self.lock(game_id):
            game = self._games.get(game_id)  # not held any more: the next ``get`` loads it
            if game is None:
                return
            before = game.version
            await self._catch_up(game)
            if self._deliver is not None and game.version > before:
                await self._deliver(game, before)

    async def poll_remote_commits(self) -> None:
        """Catch up every held game another process moved on (covers lost bus messages)."""
        held = {gid: g.version for gid, g in self._games.items()}
        if not held:
            return
        async with self._db.read() as session:
            current = await event_log.versions(session, list(held))
        for game_id, version in current.items():
            if version > held[game_id]:
                await self.on_remote_commit(game_id, version)

    async def view(self, game_id: str, viewer: Viewer) -> tuple[int, dict[str, Any]] | Rejection:
        """The version and the viewer's projection of the state."""
        game = await self.get(game_id)
        if game is None:
            return Rejection("game/not_found", f"no game {game_id}")
        return game.version, game.ruleset.project(game.state, viewer)

    async def export(self, game_id: str, viewer: Viewer) -> dict[str, Any] | Rejection:
        """The game as one JSON document (everything, with the seed, once it is over)."""
        game = await self.get(game_id)
        if game is None:
            return Rejection("game/not_found", f"no game {game_id}")
        async with self._db.read() as session:
            row = await session.get(GameRow, game_id)
            rows = await event_log.read_full(session, game_id)
        assert row is not None
        return export_game(game, row.setup, rows, viewer)

    async def query(
        self, game_id: str, viewer: Viewer, q: Mapping[str, Any], client: str | None = None
    ) -> Any | Rejection:
        """Answer a read-only question from the current state (no lock needed); ``client`` is
        the address that asked, for the query threads' cap per client."""
        game = await self.get(game_id)
        if game is None:
            return Rejection("game/not_found", f"no game {game_id}")
        # Pure and read-only on an immutable state: a worker thread keeps a long line-of-sight
        # search from stalling every other game on this process's event loop, and the pool's
        # per-game cap keeps one game's flood of them from taking every thread (finding 5).
        ask = functools.partial(game.ruleset.query, game.state, q, viewer)
        with self.metrics.timed("query.total"):
            return await self._queries.run(game_id, ask, client)

    def close(self) -> None:
        """Stop the query threads (the app's shutdown)."""
        self._queries.close()


def _new_game(
    ruleset: Ruleset[Any], options: Mapping[str, Any], now: datetime
) -> tuple[LiveGame, list[Any], list[int]] | Rejection:
    """Parse and check a new game's set-up and deal its opening: pure CPU work, run in a worker
    thread. The game, its opening events and the dice they rolled, or why it is refused."""
    setup = ruleset.parse_setup(options)
    if isinstance(setup, Rejection):
        return setup
    refused = ruleset.check_new_setup(setup)
    if refused is not None:
        return refused
    game = LiveGame(
        id=new_game_id(),
        ruleset=ruleset,
        setup=setup,
        state=ruleset.initial_state(setup),
        version=0,
        rolls=0,
        seed=new_seed(),
    )
    dice = SeededDice(game.seed)
    opening = list(ruleset.opening(game.state, Ctx(Viewer(None), now, dice)))
    return game, opening, dice.results


def _loaded_game(
    ruleset: Ruleset[Any], game_id: str, stored: Mapping[str, Any], rolls: int, seed: bytes
) -> LiveGame | None:
    """A stored game at version 0, its set-up parsed (CPU work, run in a worker thread); ``None``
    (answered as not found, and logged) for a set-up that no longer parses: an army sent by
    hand before the army JSON bounds (bad-input audit s15)."""
    setup = ruleset.parse_setup(stored)
    if isinstance(setup, Rejection):
        _log.error("stored game %s no longer loads: %s", game_id, setup.message)
        return None
    return LiveGame(
        id=game_id,
        ruleset=ruleset,
        setup=setup,
        state=ruleset.initial_state(setup),
        version=0,
        rolls=rolls,
        seed=seed,
    )
