"""One client's flood against everyone else (security audit findings 5-7, after the auditor's
``stallq.py``, ``socks.py`` and ``stall.py create``).

- ``queries``: a maximal deathmatch table (5,000 models, 2,000 terrain pieces) in each of
  --games games (security audit s14 #1: games are free, so a flood spreads over several);
  --sockets seats, shared out over those games, each keep 4 heavy queries (``visible``,
  ``sight``, ``unit_check``, ``measure``) in flight for --rounds rounds, while another game's
  seat asks a trivial ``measure`` every 50 ms. Reports that trivial query's round trip.
- ``sockets``: --connects sockets opened at once on a maximal sandbox table's spectator link
  (and not read), while another game's seat pings every 50 ms. Reports the connect time, the
  sockets the server accepted, the ping and the server's RSS.
- ``create``: one maximal sandbox game created (0.78 MB body) while another game pings.

    .venv/bin/python bench/query_fairness.py [--mode all|queries|sockets|create]
        [--url http://127.0.0.1:PORT --pid PID | --port 8710 --env VANTAGE_X=Y ...]

Without --url it starts ``vantage serve`` on a fresh SQLite database (with --env settings).
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support.server import LiveServer  # noqa: E402

HEAVY_QUERIES = [
    {"type": "visible", "unit": "U0"},
    {"type": "sight", "observer": "m0", "target": "m4999"},
    {"type": "unit_check", "unit": "U0"},
    {"type": "measure", "a": "m0", "b": "m4999"},
]
TRIVIAL = {"type": "measure", "a": {"x": 1, "y": 1}, "b": {"x": 5, "y": 5}}


def heavy_setup(models: int = 5000, terrain: int = 2000) -> dict[str, Any]:
    """The auditor's legal maximal table: a grid of bases and a field of small ruins."""
    units = [
        {"id": f"U{i}", "player": "p1" if i % 2 == 0 else "p2", "keywords": ["INFANTRY"]}
        for i in range(models // 10)
    ]
    bases = [
        {
            "id": f"m{i}",
            "unit": f"U{i // 10}",
            "x": 2 + (i % 300) * 3.0,
            "y": 2 + (i // 300) * 3.0,
            "base": {"shape": "circle", "diameter_mm": 32},
        }
        for i in range(models)
    ]
    pieces = []
    for j in range(terrain):
        x, y = 5 + (j % 100) * 9.5, 100 + (j // 100) * 40
        square = [[x, y], [x + 4, y], [x + 4, y + 4], [x, y + 4]]
        pieces.append({"id": f"t{j}", "kind": "ruins", "polygon": square, "height": 6})
    return {
        "table": {"width": 1000, "depth": 1000},
        "players": ["p1", "p2"],
        "units": units,
        "models": bases,
        "terrain": pieces,
    }


def stats_ms(values: list[float]) -> dict[str, Any]:
    """Count, p50, p99 and max of round trips in seconds, as milliseconds."""
    if not values:
        return {"n": 0}
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)

    return {"n": len(values), "p50_ms": at(0.5), "p99_ms": at(0.99), "max_ms": at(1.0)}


class Watcher:
    """A seat of a small sandbox game sending one probe every 50 ms and timing its answer."""

    def __init__(self, ws: ClientConnection, probe: dict[str, Any], answer: str) -> None:
        self.ws, self.probe, self.answer = ws, probe, answer
        self.times: list[float] = []
        self._stop = asyncio.Event()
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while not self._stop.is_set():
            started = time.perf_counter()
            await self.ws.send(json.dumps(self.probe))
            while json.loads(await self.ws.recv())["type"] not in (self.answer, "rejected"):
                pass
            self.times.append(time.perf_counter() - started)
            await asyncio.sleep(0.05)

    async def stop(self) -> list[float]:
        self._stop.set()
        await asyncio.wait_for(self._task, 120)
        return self.times


async def _create(c: httpx.AsyncClient, body: dict[str, Any]) -> dict[str, Any]:
    r = await c.post("/api/games", json=body)
    assert r.status_code == 201, r.text[:300]
    data: dict[str, Any] = r.json()
    return data


async def _seat(ws_base: str, game: dict[str, Any], token: str) -> ClientConnection:
    ws = await connect(f"{ws_base}/ws/games/{game['id']}?token={token}", max_size=2**26)
    await ws.recv()
    await ws.recv()
    return ws


async def _watcher(c: httpx.AsyncClient, ws_base: str, kind: str) -> Watcher:
    other = await _create(c, {"system": "sandbox"})
    ws = await _seat(ws_base, other, other["seats"][0]["token"])
    if kind == "query":
        return Watcher(ws, {"type": "query", "req_id": 1, "q": TRIVIAL}, "answer")
    return Watcher(ws, {"type": "ping"}, "pong")


def rss_mb(pid: int | None) -> float | None:
    if pid is None:
        return None
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return round(int(line.split()[1]) / 1024, 1)
    return None


async def bench_queries(base: str, sockets: int, rounds: int, games: int = 1) -> dict[str, Any]:
    ws_base = base.replace("http", "ws", 1)
    async with httpx.AsyncClient(base_url=base, timeout=300) as c:
        body = {"system": "deathmatch", "setup": heavy_setup()}
        tables = [await _create(c, body) for _ in range(games)]
        seats = []
        for i in range(sockets):
            game = tables[i % games]
            seats.append(await _seat(ws_base, game, game["seats"][0]["token"]))
        watcher = await _watcher(c, ws_base, "query")
        await asyncio.sleep(1)
        idle = list(watcher.times)
        watcher.times.clear()

        async def hammer(ws: ClientConnection) -> None:
            for i in range(rounds):
                for j in range(4):
                    q = HEAVY_QUERIES[(i + j) % 4]
                    await ws.send(json.dumps({"type": "query", "req_id": i * 4 + j, "q": q}))
                for _ in range(4):
                    await ws.recv()

        started = time.perf_counter()
        await asyncio.gather(*(hammer(ws) for ws in seats))
        took = time.perf_counter() - started
        during = await watcher.stop()
        for ws in [*seats, watcher.ws]:
            await ws.close()
    return {
        "games": games,
        "sockets": sockets,
        "heavy_queries": sockets * rounds * 4,
        "flood_seconds": round(took, 2),
        "trivial_query_idle": stats_ms(idle),
        "trivial_query_during_flood": stats_ms(during),
    }


async def bench_sockets(base: str, connects: int, pid: int | None) -> dict[str, Any]:
    ws_base = base.replace("http", "ws", 1)
    async with httpx.AsyncClient(base_url=base, timeout=300) as c:
        watcher = await _watcher(c, ws_base, "ping")
        game = await _create(c, {"system": "sandbox", "setup": heavy_setup()})
        rss_before = rss_mb(pid)
        url = f"{ws_base}/ws/games/{game['id']}?token={game['spectator']['token']}"

        async def one() -> ClientConnection | BaseException:
            try:
                return await connect(url, max_size=2**26, open_timeout=120)
            except Exception as e:
                return e

        started = time.perf_counter()
        opened = await asyncio.gather(*(one() for _ in range(connects)))
        took = time.perf_counter() - started
        await asyncio.sleep(2)
        held = (await c.get("/api/metrics")).json().get("sockets")
        pings = await watcher.stop()
        rss_after = rss_mb(pid)
        for ws in opened:
            if isinstance(ws, ClientConnection):
                await ws.close()
        await watcher.ws.close()
    return {
        "connects": connects,
        "connect_seconds": round(took, 2),
        "sockets_held_by_server": held,
        "other_game_ping": stats_ms(pings),
        "server_rss_mb": {"before": rss_before, "after": rss_after},
    }


async def bench_create(base: str) -> dict[str, Any]:
    ws_base = base.replace("http", "ws", 1)
    async with httpx.AsyncClient(base_url=base, timeout=300) as c:
        watcher = await _watcher(c, ws_base, "ping")
        await asyncio.sleep(1)
        idle = list(watcher.times)
        watcher.times.clear()
        started = time.perf_counter()
        await _create(c, {"system": "sandbox", "setup": heavy_setup()})
        took = time.perf_counter() - started
        await asyncio.sleep(0.3)
        during = await watcher.stop()
        await watcher.ws.close()
    return {
        "create_seconds": round(took, 2),
        "other_game_ping_idle": stats_ms(idle),
        "other_game_ping_during_create": stats_ms(during),
    }


async def run(args: argparse.Namespace, base: str, pid: int | None) -> dict[str, Any]:
    report: dict[str, Any] = {"server": base}
    if args.mode in ("all", "create"):
        report["create"] = await bench_create(base)
    if args.mode in ("all", "queries"):
        report["queries"] = await bench_queries(base, args.sockets, args.rounds, args.games)
    if args.mode in ("all", "sockets"):
        report["sockets"] = await bench_sockets(base, args.connects, pid)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["all", "queries", "sockets", "create"], default="all")
    parser.add_argument("--sockets", type=int, default=8, help="flooding sockets (queries)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of 4 queries per socket")
    parser.add_argument("--games", type=int, default=1, help="games the flood spreads over")
    parser.add_argument("--connects", type=int, default=300, help="sockets opened (sockets)")
    parser.add_argument("--url", help="an already running server (default: start one)")
    parser.add_argument("--pid", type=int, help="that server's process id, for its RSS")
    parser.add_argument("--port", type=int, default=8710, help="port of the started server")
    parser.add_argument("--env", action="append", default=[], help="VANTAGE_X=Y for the server")
    args = parser.parse_args()
    if args.url:
        report = asyncio.run(run(args, args.url.rstrip("/"), args.pid))
    else:
        env = dict(item.split("=", 1) for item in args.env)
        with tempfile.TemporaryDirectory() as tmp:
            server = LiveServer(
                f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}", port=args.port, env=env
            ).start()
            try:
                pid = server.proc.pid if server.proc else None
                report = asyncio.run(run(args, server.base, pid))
                report["settings"] = env
            finally:
                server.stop()
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
