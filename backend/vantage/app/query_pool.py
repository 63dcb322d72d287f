"""The worker threads that answer queries, shared fairly between games.

A heavy question (line of sight on a table of thousands of models) takes seconds of CPU. With
the shared default executor, one client flooding one game with such questions took every worker
and a trivial ``measure`` on another game waited behind all of them (audit finding 5). Here the
queries have their own threads, and each game may have at most ``per_game`` of its queries
running at once.

A per-game cap alone is not enough: games cost nothing, so a client flooding two or more games
held every thread, and the threads' own queue lined another game's question up behind every
query those games had handed over (security audit s14 #1: 18 s for a ``measure``). So no query
waits in the threads' queue: each game's questions wait in the game's own line, and a thread
that frees up is handed to the waiting game with the fewest queries running, the one served
longest ago first (round robin). A game's question then waits at most for one of the queries
already running to end, however many other games are flooding. And the last free thread goes
only to a game with no query running: games that already have one never hold every thread, so
fewer flooding games than threads delay nobody else's question.

Games are free, so one client can still flood as many games as there are threads, each holding
one long query, and the next question anywhere waits for the first of them to end (seconds on a
table of thousands of models). So the queries holding threads for one client address come from
at most ``per_client`` of its games (default one less than the threads), and the last free
thread never goes to a client address that already holds one: one client never holds every
thread, however it orders its flood, and another client's question finds the last one free.
The price: a second game of the flooding address (a club behind one NAT) waits for that
address's own running queries. A client at its cap does not hold up other clients' questions in
a game they share: each line is searched for the first question whose client may take a thread
(review s14). With the GIL the threads share one core for Python, so one client losing a thread
loses it little throughput.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")


@dataclass(eq=False, slots=True)
class _Turn:
    """A query waiting for a thread: set when it is handed one; who asked."""

    future: asyncio.Future[None]
    client: str | None


@dataclass(eq=False, slots=True)
class _Line:
    """One game's queries: how many hold a thread, the ones waiting, and when it was last
    handed a thread (a number of the pool's sequence; lower is longer ago)."""

    running: int = 0
    waiting: deque[_Turn] = field(default_factory=deque)
    served: int = 0


class QueryPool:
    """``workers`` threads for queries; at most ``per_game`` queries of one game among them, and
    queries of at most ``per_client`` games of one client address; a freed thread goes to the
    waiting game with the fewest running, round robin."""

    def __init__(self, workers: int, per_game: int, per_client: int | None = None) -> None:
        if workers < 1 or per_game < 1 or (per_client is not None and per_client < 1):
            raise ValueError("a query pool needs at least one worker and one query per game")
        self.workers = workers
        self.per_game = per_game
        self.per_client = per_client if per_client is not None else max(1, workers - 1)
        self._by_client: dict[str, dict[str, int]] = {}  # client -> game -> threads held
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="vantage-query")
        self._lines: dict[str, _Line] = {}
        self._busy = 0  # threads handed out (running, or about to be)
        self._turns = itertools.count(1)

    def in_flight(self, game_id: str) -> int:
        """How many of this game's queries hold a thread."""
        line = self._lines.get(game_id)
        return line.running if line else 0

    def waiting(self, game_id: str) -> int:
        """How many of this game's queries wait for a thread."""
        line = self._lines.get(game_id)
        return sum(1 for turn in line.waiting if not turn.future.done()) if line else 0

    def busy(self) -> int:
        """How many threads are handed out, all games together."""
        return self._busy

    def client_running(self, client: str) -> int:
        """How many threads this client address's queries hold."""
        return sum(self._by_client.get(client, {}).values())

    def client_games(self, client: str) -> int:
        """Of how many games this client address's queries hold threads."""
        return len(self._by_client.get(client, {}))

    async def run(self, game_id: str, fn: Callable[[], T], client: str | None = None) -> T:
        """``fn()`` in a worker thread, once this game is handed one. A cancelled caller frees
        its thread only when ``fn`` is done: the caps count real work. ``client``: the address
        that asked (``None``: not counted per client)."""
        line = self._lines.setdefault(game_id, _Line())
        turn = _Turn(asyncio.get_running_loop().create_future(), client)
        line.waiting.append(turn)
        self._dispatch()  # a free thread may be handed to it at once
        try:
            await turn.future  # the thread is handed over by ``_dispatch``, counted already
        except asyncio.CancelledError:
            if turn.future.done() and not turn.future.cancelled():
                self._release(game_id, line, client)  # handed a thread as we were cancelled
            else:
                with contextlib.suppress(ValueError):  # else ``_dispatch`` dropped it
                    line.waiting.remove(turn)
                self._forget_if_idle(game_id, line)
                self._dispatch()
            raise
        loop = asyncio.get_running_loop()
        try:
            job: Future[T] = self._executor.submit(fn)
        except BaseException:
            self._release(game_id, line, client)
            raise

        def done(_: Future[T]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed before the thread ended
                loop.call_soon_threadsafe(self._release, game_id, line, client)

        job.add_done_callback(done)
        return await asyncio.wrap_future(job)

    def _hand_out(self, game_id: str, line: _Line, client: str | None) -> None:
        line.running += 1
        line.served = next(self._turns)
        self._busy += 1
        if client is not None:
            games = self._by_client.setdefault(client, {})
            games[game_id] = games.get(game_id, 0) + 1

    def _release(self, game_id: str, line: _Line, client: str | None) -> None:
        """A query of this game left its thread: hand the thread on."""
        line.running -= 1
        self._busy -= 1
        games = self._by_client.get(client, {}) if client is not None else {}
        if game_id in games:
            games[game_id] -= 1
            if not games[game_id]:
                del games[game_id]
            if not games and client is not None:
                del self._by_client[client]
        self._forget_if_idle(game_id, line)
        self._dispatch()

    def _dispatch(self) -> None:
        """Hand the free threads to the waiting games: fewest running first, then the one
        served longest ago; one query at a time, so the games take turns. The last free thread
        only to a game with none running; none to a new game of a client address whose queries
        hold threads in ``per_client`` games already (that game's line waits behind it)."""
        while self._busy < self.workers:
            best: tuple[str, _Line] | None = None
            for game_id, line in self._lines.items():
                while line.waiting and line.waiting[0].future.done():  # cancelled while waiting
                    line.waiting.popleft()
                if not line.waiting or line.running >= self.per_game:
                    continue
                if line.running and self._busy >= self.workers - 1:
                    continue  # the last free thread is kept for a game with none running
                if self._admissible(game_id, line) is None:
                    continue
                if best is None or (line.running, line.served) < (best[1].running, best[1].served):
                    best = (game_id, line)
            if best is None:
                return
            game_id, line = best
            ix = self._admissible(game_id, line)
            assert ix is not None
            turn = line.waiting[ix]
            del line.waiting[ix]
            self._hand_out(game_id, line, turn.client)
            turn.future.set_result(None)

    def _admissible(self, game_id: str, line: _Line) -> int | None:
        """The first waiting turn of this game's line whose client may take a thread now (not
        only the first in line: a client at its cap must not hold up another client's question
        in a game they share): not a new game of a client whose queries hold threads in
        ``per_client`` games, and the last free thread never to a client already holding one."""
        last = self._busy >= self.workers - 1
        for ix, turn in enumerate(line.waiting):
            if turn.future.done():
                continue
            games = self._by_client.get(turn.client or "", {}) if turn.client is not None else {}
            if game_id not in games and len(games) >= self.per_client:
                continue
            if last and games:
                continue
            return ix
        return None

    def _forget_if_idle(self, game_id: str, line: _Line) -> None:
        if line.running == 0 and not line.waiting and self._lines.get(game_id) is line:
            del self._lines[game_id]

    def close(self) -> None:
        """Stop taking work; queued jobs are dropped, running ones finish in their threads."""
        self._executor.shutdown(wait=False, cancel_futures=True)
