"""The query threads are shared fairly: one game flooding them with slow questions holds at most
its per-game share, and another game's question is answered meanwhile (audit finding 5)."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from vantage.app.query_pool import QueryPool


class Gate:
    """Blocking work for the threads: counts how many run at once and waits to be opened."""

    def __init__(self) -> None:
        self.opened = threading.Event()
        self._lock = threading.Lock()
        self.running = 0
        self.most = 0

    def work(self) -> str:
        with self._lock:
            self.running += 1
            self.most = max(self.most, self.running)
        try:
            assert self.opened.wait(30), "the gate was never opened"
            return "slow"
        finally:
            with self._lock:
                self.running -= 1


async def _until(check: object) -> None:
    for _ in range(3000):
        if callable(check) and check():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("never happened")


async def test_one_game_holds_at_most_its_share_and_another_game_is_answered() -> None:
    pool = QueryPool(workers=4, per_game=2)
    gate = Gate()
    try:
        flood = [asyncio.create_task(pool.run("heavy", gate.work)) for _ in range(32)]
        await _until(lambda: gate.running == 2)
        assert pool.in_flight("heavy") == 2
        assert pool.waiting("heavy") == 30
        # with every heavy question still blocked, another game's question gets a thread
        assert await pool.run("light", lambda: "measured") == "measured"
        gate.opened.set()
        assert await asyncio.gather(*flood) == ["slow"] * 32
        assert gate.most == 2  # never more than its share, however many were asked
        assert pool.in_flight("heavy") == pool.waiting("heavy") == 0
    finally:
        gate.opened.set()
        pool.close()


async def test_a_cancelled_question_frees_its_slot_only_when_its_thread_is_done() -> None:
    pool = QueryPool(workers=2, per_game=1)
    gate = Gate()
    try:
        running = asyncio.create_task(pool.run("g", gate.work))
        waiting = asyncio.create_task(pool.run("g", lambda: "next"))
        await _until(lambda: gate.running == 1 and pool.waiting("g") == 1)
        waiting.cancel()  # a waiting question leaves the line
        running.cancel()  # a running one cannot be stopped: its slot stays taken
        await asyncio.gather(running, waiting, return_exceptions=True)
        assert pool.waiting("g") == 0 and pool.in_flight("g") == 1
        third = asyncio.create_task(pool.run("g", lambda: "third"))
        await _until(lambda: pool.waiting("g") == 1)
        gate.opened.set()
        assert await third == "third"
        assert pool.in_flight("g") == 0
    finally:
        gate.opened.set()
        pool.close()


def test_a_pool_needs_a_worker_and_a_slot() -> None:
    with pytest.raises(ValueError):
        QueryPool(workers=0, per_game=1)


async def test_a_waiter_cancelled_as_its_turn_is_passed_over_ends_cancelled() -> None:
    """Found by review: a waiting question cancelled (its socket closed) while the release of
    a finished one was already queued ended with ValueError, not CancelledError, and the socket
    logged a failed query."""
    pool = QueryPool(workers=2, per_game=1)
    gate = Gate()
    first = asyncio.create_task(pool.run("g", gate.work))
    await _until(lambda: gate.running == 1)
    second = asyncio.create_task(pool.run("g", lambda: "b"))
    await _until(lambda: pool.waiting("g") == 1)
    gate.opened.set()
    while gate.running:  # blocking: the first job's release is queued, not run
        time.sleep(0.001)
    time.sleep(0.05)
    second.cancel()  # its wake-up is queued behind that release
    assert await first == "slow"
    with pytest.raises(asyncio.CancelledError):
        await second
    assert (pool.in_flight("g"), pool.waiting("g")) == (0, 0)
    pool.close()
