"""Move-to-opponent latency over real websockets: Vantage vs a bare relay, same load, same run.

G games with two players and a spectator each; every first player moves a base at a steady rate.
Latency is from the mover's send to the opponent receiving the event. The first --warmup seconds
(every game created and every socket opened at once) are played but not measured. The bare
relay forwards each message to the other sockets of its room with no validation, storage or
state.

    .venv/bin/python bench/ws_latency.py [--games 50] [--rate 2] [--seconds 20]

Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support.postgres import free_port  # noqa: E402
from tests.support.server import LiveServer  # noqa: E402

SETUP = {
    "table": {"width": 60, "depth": 44},
    "players": ["p1", "p2"],
    "units": [{"id": "A", "player": "p1"}, {"id": "B", "player": "p2"}],
    "models": [
        {"id": "a1", "unit": "A", "base": {"shape": "circle", "diameter_mm": 32}, "x": 10, "y": 10},
        {"id": "b1", "unit": "B", "base": {"shape": "circle", "diameter_mm": 32}, "x": 50, "y": 30},
    ],
}


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


async def _drain_until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] == kind:
            return msg


async def vantage_game(
    base: str,
    ws_base: str,
    rate: float,
    seconds: float,
    latencies: list[float],
    counts: dict[str, int],
    measure_from: float,
) -> None:
    """One game: p1 moves a1 back and forth; p2 times each event's arrival."""
    async with httpx.AsyncClient() as http:
        game = (
            await http.post(f"{base}/api/games", json={"system": "sandbox", "setup": SETUP})
        ).json()
    url = f"{ws_base}/ws/games/{game['id']}?token="
    async with (
        connect(url + game["seats"][0]["token"]) as p1,
        connect(url + game["seats"][1]["token"]) as p2,
        connect(url + game["spectator"]["token"]) as spec,
    ):
        for ws in (p1, p2, spec):
            await _drain_until(ws, "snapshot")
        sent: dict[int, float] = {}

        async def opponent() -> None:
            while True:
                msg = json.loads(await p2.recv())
                if msg["type"] == "event" and msg["v"] in sent:
                    at = sent.pop(msg["v"])
                    if at >= measure_from:
                        latencies.append(time.perf_counter() - at)

        async def spectator() -> None:
            while True:
                await spec.recv()

        tasks = [asyncio.create_task(opponent()), asyncio.create_task(spectator())]
        v = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            tick = time.perf_counter()
            x = 10 + (v % 2) * 4
            sent[v + 1] = time.perf_counter()
            await p1.send(
                json.dumps(
                    {
                        "type": "intent",
                        "intent_id": f"m{v}",
                        "expected_v": v,
                        "cmd": {
                            "type": "move_models",
                            "moves": [{"model": "a1", "to": {"x": x, "y": 10}}],
                        },
                    }
                )
            )
            answer = await _drain_until_any(p1, ("ack", "rejected"))
            if answer["type"] == "ack":
                v = answer["v"]
                counts["accepted"] += 1
            else:
                counts["rejected"] += 1
            await asyncio.sleep(max(0.0, 1 / rate - (time.perf_counter() - tick)))
        await asyncio.sleep(0.3)
        for t in tasks:
            t.cancel()


async def _drain_until_any(ws: ClientConnection, kinds: tuple[str, ...]) -> dict[str, Any]:
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] in kinds:
            return msg


async def relay_game(
    ws_base: str,
    room: int,
    rate: float,
    seconds: float,
    latencies: list[float],
    measure_from: float,
) -> None:
    """The same load against the bare relay."""
    url = f"{ws_base}/{room}"
    async with connect(url) as p1, connect(url) as p2, connect(url) as spec:
        await asyncio.sleep(0.2)
        sent: dict[int, float] = {}

        async def opponent() -> None:
            while True:
                msg = json.loads(await p2.recv())
                at = sent.pop(msg["n"], 0.0)
                if at >= measure_from:
                    latencies.append(time.perf_counter() - at)

        async def drain(ws: ClientConnection) -> None:
            while True:
                await ws.recv()

        tasks = [
            asyncio.create_task(opponent()),
            asyncio.create_task(drain(spec)),
            asyncio.create_task(drain(p1)),
        ]
        n = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            tick = time.perf_counter()
            n += 1
            sent[n] = time.perf_counter()
            await p1.send(json.dumps({"n": n, "model": "a1", "x": 10 + n % 2 * 4, "y": 10}))
            await asyncio.sleep(max(0.0, 1 / rate - (time.perf_counter() - tick)))
        await asyncio.sleep(0.3)
        for t in tasks:
            t.cancel()


def run_relay_server(port: int) -> None:
    """The bare relay: forward every message to the other sockets of the same path."""
    from websockets.asyncio.server import ServerConnection, serve

    rooms: dict[str, set[ServerConnection]] = {}

    async def handler(ws: ServerConnection) -> None:
        path = ws.request.path if ws.request else "/"
        room = rooms.setdefault(path, set())
        room.add(ws)
        try:
            async for message in ws:
                for other in list(room):
                    if other is not ws:
                        await other.send(message)
        finally:
            room.discard(ws)

    async def main() -> None:
        async with serve(handler, "127.0.0.1", port):
            await asyncio.Future()

    asyncio.run(main())


def steal_seconds() -> float:
    """CPU time the hypervisor took from this VM so far (Linux /proc/stat), or 0 elsewhere."""
    try:
        with open("/proc/stat") as fh:
            fields = fh.readline().split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def summarise(latencies: list[float]) -> dict[str, float]:
    """p50/p99/max in milliseconds."""
    ms = [x * 1000 for x in latencies]
    return {
        "p50_ms": round(statistics.median(ms), 2),
        "p99_ms": round(percentile(ms, 99), 2),
        "max_ms": round(max(ms), 2),
        "samples": len(ms),
    }


async def measure_vantage(
    server: LiveServer, games: int, rate: float, seconds: float, warmup: float
) -> dict[str, Any]:
    """Vantage under the load; moves sent in the first ``warmup`` seconds are not measured."""
    latencies: list[float] = []
    counts = {"accepted": 0, "rejected": 0}
    start = time.perf_counter()

    async def reset_server_metrics() -> None:
        await asyncio.sleep(warmup)
        async with httpx.AsyncClient() as http:
            await http.get(f"{server.base}/api/metrics", params={"reset": "true"})

    resetter = asyncio.create_task(reset_server_metrics())
    await asyncio.gather(
        *[
            vantage_game(
                server.base, server.ws_base, rate, seconds, latencies, counts, start + warmup
            )
            for _ in range(games)
        ]
    )
    elapsed = time.perf_counter() - start
    await resetter
    async with httpx.AsyncClient() as http:
        server_side = (await http.get(f"{server.base}/api/metrics")).json()
    return {
        "server_timings": server_side["timings"],
        **summarise(latencies),
        "accepted_moves_per_s": round(counts["accepted"] / elapsed, 1),
        "rejected": counts["rejected"],
    }


async def measure_relay(
    port: int, games: int, rate: float, seconds: float, warmup: float
) -> dict[str, Any]:
    """The bare relay under the same load."""
    latencies: list[float] = []
    start = time.perf_counter()
    await asyncio.gather(
        *[
            relay_game(f"ws://127.0.0.1:{port}", g, rate, seconds, latencies, start + warmup)
            for g in range(games)
        ]
    )
    return summarise(latencies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--rate", type=float, default=2.0, help="moves per second per game")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--warmup", type=float, default=3.0, help="seconds at the start that are not measured"
    )
    parser.add_argument("--database-url", default=None, help="default: a temporary SQLite file")
    parser.add_argument("--relay-server", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.relay_server:
        run_relay_server(args.relay_server)
        return
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite+aiosqlite:///{tmp}/bench.db"
        server = LiveServer(url).start()
        relay_port = free_port()
        relay = subprocess.Popen(
            [sys.executable, __file__, "--relay-server", str(relay_port)], env=os.environ.copy()
        )
        try:
            time.sleep(1.0)
            steal_before = steal_seconds()
            vantage = asyncio.run(
                measure_vantage(server, args.games, args.rate, args.seconds, args.warmup)
            )
            bare = asyncio.run(
                measure_relay(relay_port, args.games, args.rate, args.seconds, args.warmup)
            )
            stolen = round(steal_seconds() - steal_before, 2)
        finally:
            server.stop()
            relay.terminate()
            relay.wait(5)
    print(
        json.dumps(
            {
                "benchmark": "ws_latency",
                "games": args.games,
                "moves_per_game_per_s": args.rate,
                "seconds": args.seconds,
                "warmup_seconds": args.warmup,
                "database": "sqlite" if url.startswith("sqlite") else "postgresql",
                "vantage": vantage,
                "bare_relay": bare,
                "host_steal_seconds": stolen,
                "p99_ratio_vantage_to_relay": round(
                    vantage["p99_ms"] / max(bare["p99_ms"], 1e-9), 2
                ),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
