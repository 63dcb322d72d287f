"""The worker threads that answer queries, shared fairly between games.

A heavy question (line of sight on a table of thousands of models) takes seconds of CPU. With
the shared default executor, one client flooding one game with such questions took every worker
and a trivial ``measure`` on another game waited behind all of them (audit finding 5). Here the
queries have their own threads, and each game may have at most ``per_game`` of its queries
handed to them at once; the rest of that game's queries wait in the game's own line. The
threads' queue then never holds more than ``per_game`` queries of any one game, so another
game's query waits for at most ``per_game`` queries of each busy game, not for all of them.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")


@dataclass(slots=True)
class _Line:
    """One game's queries: how many are with the threads, and the ones waiting their turn."""

    running: int = 0
    waiting: list[asyncio.Future[None]] = field(default_factory=list)


class QueryPool:
    """``workers`` threads for queries; at most ``per_game`` queries of one game among them."""

    def __init__(self, workers: int, per_game: int) -> None:
        if workers < 1 or per_game < 1:
            raise ValueError("a query pool needs at least one worker and one query per game")
        self.workers = workers
        self.per_game = per_game
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="vantage-query")
        self._lines: dict[str, _Line] = {}

    def in_flight(self, game_id: str) -> int:
        """How many of this game's queries the threads hold (running or queued there)."""
        line = self._lines.get(game_id)
        return line.running if line else 0

    def waiting(self, game_id: str) -> int:
        """How many of this game's queries wait for one of its slots."""
        line = self._lines.get(game_id)
        return len(line.waiting) if line else 0

    async def run(self, game_id: str, fn: Callable[[], T]) -> T:
        """``fn()`` in a worker thread, once this game has a free slot. A cancelled caller
        frees its slot only when its thread is done: the cap counts real work."""
        line = self._lines.setdefault(game_id, _Line())
        if line.running >= self.per_game:
            turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            line.waiting.append(turn)
            try:
                await turn  # the slot is handed over by ``_done``, ``running`` unchanged
            except asyncio.CancelledError:
                if turn.done() and not turn.cancelled():
                    self._release(game_id, line)  # handed a slot just as we were cancelled
                elif turn in line.waiting:  # else ``_release`` passed it over, cancelled
                    line.waiting.remove(turn)
                    self._forget_if_idle(game_id, line)
                raise
        else:
            line.running += 1
        loop = asyncio.get_running_loop()
        try:
            job: Future[T] = self._executor.submit(fn)
        except BaseException:
            self._release(game_id, line)
            raise

        def done(_: Future[T]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed before the thread ended
                loop.call_soon_threadsafe(self._release, game_id, line)

        job.add_done_callback(done)
        return await asyncio.wrap_future(job)

    def _release(self, game_id: str, line: _Line) -> None:
        """A query of this game left the threads: hand its slot to the next one waiting."""
        while line.waiting:
            turn = line.waiting.pop(0)
            if not turn.done():
                turn.set_result(None)
                return
        line.running -= 1
        self._forget_if_idle(game_id, line)

    def _forget_if_idle(self, game_id: str, line: _Line) -> None:
        if line.running == 0 and not line.waiting and self._lines.get(game_id) is line:
            del self._lines[game_id]

    def close(self) -> None:
        """Stop taking work; queued jobs are dropped, running ones finish in their threads."""
        self._executor.shutdown(wait=False, cancel_futures=True)
