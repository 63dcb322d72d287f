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


async def test_a_game_waits_only_for_the_running_queries_when_several_games_flood() -> None:
    """Security audit s14 #1: two flooding games held every thread and lined their queued
    queries up in the threads' own queue, so a third game's trivial question waited for all of
    them (18 s). Now the thread the first finished query frees goes to that third game."""
    pool = QueryPool(workers=2, per_game=2)
    tickets = threading.Semaphore(0)
    lock = threading.Lock()
    started: list[str] = []

    def heavy(name: str) -> str:
        with lock:
            started.append(name)
        assert tickets.acquire(timeout=30), "never let through"
        return name

    try:
        flood = [
            asyncio.create_task(pool.run(game, lambda g=game: heavy(g)))  # type: ignore[misc]
            for _ in range(5)
            for game in ("attacker-1", "attacker-2")
        ]
        await _until(lambda: len(started) == 2)
        assert pool.busy() == 2
        light = asyncio.create_task(pool.run("victim", lambda: "measured"))
        await asyncio.sleep(0.05)
        assert not light.done()  # every thread is busy: it waits for one of those two
        tickets.release()  # one heavy query ends
        assert await asyncio.wait_for(light, 5) == "measured"
        assert len(started) <= 3  # at most the freed thread's next job, after the victim's
        tickets.release(100)
        assert sorted(await asyncio.gather(*flood)) == ["attacker-1"] * 5 + ["attacker-2"] * 5
        assert pool.busy() == 0 and pool.waiting("attacker-1") == 0
    finally:
        tickets.release(100)
        pool.close()


async def test_waiting_games_take_turns() -> None:
    """A freed thread goes to the waiting game with the fewest running, then the one served
    longest ago: two games flooding one thread alternate."""
    pool = QueryPool(workers=1, per_game=1)
    order: list[str] = []
    gate = Gate()
    try:
        first = asyncio.create_task(pool.run("a", gate.work))
        await _until(lambda: gate.running == 1)
        tasks = [
            asyncio.create_task(pool.run(game, lambda g=game: order.append(g)))  # type: ignore[misc]
            for game in ("a", "a", "a", "b", "b", "b")
        ]
        await asyncio.sleep(0.05)
        gate.opened.set()
        await asyncio.gather(first, *tasks)
        assert order == ["b", "a", "b", "a", "b", "a"]
    finally:
        gate.opened.set()
        pool.close()


async def test_the_last_thread_is_kept_for_a_game_with_no_query_running() -> None:
    """Two games flooding four threads hold three of them: a third game's question gets the
    fourth at once, without waiting for a heavy query to end."""
    pool = QueryPool(workers=4, per_game=2)
    gate = Gate()
    try:
        flood = [
            asyncio.create_task(pool.run(game, gate.work))
            for _ in range(5)
            for game in ("attacker-1", "attacker-2")
        ]
        await _until(lambda: gate.running == 3)
        await asyncio.sleep(0.05)
        assert gate.running == 3 and pool.busy() == 3
        assert await asyncio.wait_for(pool.run("victim", lambda: "measured"), 5) == "measured"
        gate.opened.set()
        assert await asyncio.gather(*flood) == ["slow"] * 10
        assert gate.most == 3
    finally:
        gate.opened.set()
        pool.close()


async def test_one_client_flooding_as_many_games_as_threads_leaves_one_for_others() -> None:
    """Games are free: one client flooding four games held all four threads with a long query
    each, and anyone else's question waited for the first of them to end. The threads hold
    queries of at most three games of one client address, so it never holds the last one."""
    pool = QueryPool(workers=4, per_game=2)
    gate = Gate()
    try:
        flood = [
            asyncio.create_task(pool.run(f"attacker-{i}", gate.work, "203.0.113.9"))
            for _ in range(3)
            for i in range(4)
        ]
        await _until(lambda: gate.running == 3)
        await asyncio.sleep(0.05)
        assert gate.running == 3 and pool.client_running("203.0.113.9") == 3
        assert pool.client_games("203.0.113.9") == 3
        asked = pool.run("victim", lambda: "measured", "198.51.100.7")
        assert await asyncio.wait_for(asked, 5) == "measured"
        gate.opened.set()
        assert await asyncio.gather(*flood) == ["slow"] * 12
        assert gate.most == 3 and pool.client_running("203.0.113.9") == 0
    finally:
        gate.opened.set()
        pool.close()


async def test_one_client_flooding_game_by_game_still_never_holds_the_last_thread() -> None:
    """Two queries to one game, then two to the next, then two to a third: the third game had
    none running when the last thread came free, and took it (review s14: 4 of 4 threads). The
    last free thread never goes to a client that holds one, so another client's question runs;
    the same address's own third game waits for one of its queries (a club behind one NAT)."""
    pool = QueryPool(workers=4, per_game=2)
    gate = Gate()
    attacker = "203.0.113.9"
    try:
        flood = [
            asyncio.create_task(pool.run(f"attacker-{i}", gate.work, attacker))
            for i in range(3)
            for _ in range(2)
        ]
        await _until(lambda: gate.running == 3)
        await asyncio.sleep(0.05)
        assert gate.running == 3 and pool.client_running(attacker) == 3
        asked = pool.run("victim", lambda: "measured", "198.51.100.7")
        assert await asyncio.wait_for(asked, 5) == "measured"
        gate.opened.set()
        assert await asyncio.gather(*flood) == ["slow"] * 6
        assert gate.most == 3
    finally:
        gate.opened.set()
        pool.close()


async def test_a_client_at_its_cap_does_not_hold_up_another_clients_question_in_a_shared_game() -> (
    None
):
    """Player 2 floods three throw-away games and asks one question in the real game, where it
    waits (its address is at its cap); player 1's question there, behind it in line, is answered
    on the free thread (review s14: the whole game's line waited behind player 2's)."""
    pool = QueryPool(workers=4, per_game=2)
    gate = Gate()
    p2, p1 = "203.0.113.9", "198.51.100.7"
    try:
        flood = [asyncio.create_task(pool.run(f"throwaway-{i}", gate.work, p2)) for i in range(3)]
        await _until(lambda: gate.running == 3)
        waiting = asyncio.create_task(pool.run("real", gate.work, p2))
        await asyncio.sleep(0.05)
        assert gate.running == 3 and not waiting.done()
        answered = await asyncio.wait_for(pool.run("real", lambda: "measured", p1), 5)
        assert answered == "measured"
        gate.opened.set()
        assert await asyncio.gather(*flood, waiting) == ["slow"] * 4
    finally:
        gate.opened.set()
        pool.close()
