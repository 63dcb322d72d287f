import { beforeEach, describe, expect, it, vi } from "vitest";
import { backoffDelay } from "../src/net/backoff";
import { GameSocket, RESYNC_CLOSE, type SocketStatus } from "../src/net/game-socket";
import type { EventMessage, SnapshotMessage } from "../src/protocol/messages";
import { FakeSocket, ManualTimers, table } from "./fakes";

const welcome = (v: number) => ({ type: "welcome", game: "g1", system: "sandbox", viewer: { player: "p1", role: "player" }, v });
const snapshot = (v: number) => ({ type: "snapshot", v, state: table() });
const event = (v: number) => ({ type: "event", v, e: { type: "models_moved", player: "p2", moves: [] } });

describe("backoffDelay", () => {
  it("doubles from the base and stops at the cap", () => {
    const top = (attempt: number) => backoffDelay(attempt, () => 0.999999, { baseMs: 250, capMs: 5000 });
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(top)).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it("spreads each delay over the upper half of its range", () => {
    expect(backoffDelay(3, () => 0)).toBe(1000);
    expect(backoffDelay(3, () => 0.5)).toBe(1500);
  });
});

describe("GameSocket", () => {
  let timers: ManualTimers;
  let sockets: FakeSocket[];
  let log: string[];
  let statuses: SocketStatus[];
  let gs: GameSocket;

  const last = (): FakeSocket => {
    const s = sockets.at(-1);
    if (!s) throw new Error("no socket opened");
    return s;
  };

  beforeEach(() => {
    timers = new ManualTimers();
    sockets = [];
    log = [];
    statuses = [];
    gs = new GameSocket({
      url: (since) => `ws://host/ws/games/g1?token=t${since === null ? "" : `&since=${since}`}`,
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      timers,
      random: () => 1 - 1e-9,
      handlers: {
        welcome: (m) => log.push(`welcome ${m.v}`),
        snapshot: (m: SnapshotMessage) => log.push(`snapshot ${m.v}`),
        event: (m: EventMessage) => log.push(`event ${m.v}`),
        ack: (m) => log.push(`ack ${m.intent_id}`),
        rejected: (m) => log.push(`rejected ${m.code}`),
        status: (s) => statuses.push(s),
        disconnected: () => log.push("disconnected"),
      },
    });
  });

  const connect = (v = 5) => {
    gs.start();
    last().open();
    last().receive(welcome(v));
    last().receive(snapshot(v));
  };

  it("connects without since, then applies events in order", () => {
    connect(5);
    expect(last().since).toBeNull();
    last().receive(event(6));
    last().receive(event(7));
    expect(log).toEqual(["welcome 5", "snapshot 5", "event 6", "event 7"]);
    expect(gs.version).toBe(7);
    expect(statuses).toEqual(["online"]);
  });

  it("ignores an event it has already applied", () => {
    connect(5);
    last().receive(event(5));
    expect(log).toEqual(["welcome 5", "snapshot 5"]);
  });

  it("resyncs when a version is skipped: drops the socket and resumes from the last version", () => {
    connect(5);
    last().receive(event(6));
    const first = last();
    first.receive(event(8));
    expect(first.closedWith).toBe(RESYNC_CLOSE);
    expect(log.at(-1)).toBe("disconnected");
    expect(statuses.at(-1)).toBe("reconnecting");
    timers.advance(0);
    expect(sockets).toHaveLength(2);
    expect(last().since).toBe(6);
    last().open();
    last().receive(welcome(8));
    last().receive(event(7));
    last().receive(event(8));
    expect(gs.version).toBe(8);
    expect(log.slice(-3)).toEqual(["welcome 8", "event 7", "event 8"]);
    // the old socket is detached: late messages from it change nothing
    first.receive(event(9));
    expect(gs.version).toBe(8);
  });

  it("resyncs on an event that arrives before any snapshot", () => {
    gs.start();
    last().open();
    last().receive(welcome(3));
    last().receive(event(3));
    expect(last().closedWith).toBe(RESYNC_CLOSE);
    timers.advance(0);
    expect(last().since).toBeNull();
  });

  it("reconnects with exponential backoff capped at 5 s, using since", () => {
    connect(5);
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      last().drop(1006);
      delays.push(timers.waiting[0] ?? -1);
      timers.advance(timers.waiting[0] ?? 0);
      expect(last().since).toBe(5);
    }
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
    expect(statuses).toContain("offline");
    // a welcome resets the backoff and says online again
    last().open();
    last().receive(welcome(5));
    expect(statuses.at(-1)).toBe("online");
    last().drop(1006);
    expect(timers.waiting[0]).toBe(250);
  });

  it("catches up from a snapshot when the server sends one after since", () => {
    connect(5);
    last().drop(1012);
    timers.advance(250);
    last().open();
    last().receive(welcome(20));
    last().receive(snapshot(20));
    last().receive(event(21));
    expect(gs.version).toBe(21);
  });

  it("does not retry after a fatal close (bad token, unknown game)", () => {
    gs.start();
    last().drop(4403, "");
    expect(statuses.at(-1)).toBe("closed");
    timers.advance(60_000);
    expect(sockets).toHaveLength(1);
  });

  it("pings when quiet and drops a silent socket", () => {
    connect(5);
    timers.advance(15_000);
    expect(last().sent).toEqual([{ type: "ping" }]);
    last().receive({ type: "pong", v: 5 });
    timers.advance(39_000);
    expect(sockets).toHaveLength(1);
    timers.advance(2_000);
    expect(sockets[0]?.closedWith).not.toBeNull();
    expect(statuses.at(-1)).toBe("reconnecting");
    timers.advance(250);
    expect(sockets).toHaveLength(2);
    expect(last().since).toBe(5);
  });

  it("says reconnecting when a ping goes unanswered for a few seconds, online again on any answer", () => {
    connect(5);
    timers.advance(15_000);
    expect(last().sent).toEqual([{ type: "ping" }]);
    timers.advance(3_900);
    expect(statuses.at(-1)).toBe("online");
    timers.advance(200);
    expect(statuses.at(-1)).toBe("reconnecting");
    expect(sockets).toHaveLength(1); // the socket is kept: it is only in doubt
    last().receive({ type: "pong", v: 5 });
    expect(statuses.at(-1)).toBe("online");
    expect(sockets).toHaveLength(1);
  });

  it("says reconnecting at once when the browser goes offline, and pings to check", () => {
    connect(5);
    timers.advance(1_000);
    gs.networkLost();
    expect(statuses.at(-1)).toBe("reconnecting");
    expect(last().sent).toEqual([{ type: "ping" }]);
    // The socket lived through it: its answer says online again.
    last().receive({ type: "pong", v: 5 });
    expect(statuses.at(-1)).toBe("online");
  });

  it("stays reconnecting while offline, drops the silent socket, and resumes at once when online", () => {
    connect(5);
    gs.networkLost();
    timers.advance(10_000);
    expect(statuses.at(-1)).toBe("reconnecting");
    expect(sockets).toHaveLength(1);
    // Back online before the silence limit: the socket in doubt is replaced now, resuming from 5.
    gs.retryNow();
    expect(sockets[0]?.closedWith).not.toBeNull();
    timers.advance(0);
    expect(sockets).toHaveLength(2);
    expect(last().since).toBe(5);
    last().open();
    last().receive(welcome(5));
    expect(statuses.at(-1)).toBe("online");
  });

  it("refuses intents while in doubt (the online event would forget them), still pings and asks (r3 #3)", () => {
    connect(5);
    const intent = { type: "intent", intent_id: "i1", expected_v: 5, cmd: { type: "end_phase" } } as const;
    gs.networkLost();
    expect(statuses.at(-1)).toBe("reconnecting");
    expect(gs.send(intent)).toBe(false);
    expect(gs.send({ type: "query", req_id: 1, q: { kind: "measure" } })).toBe(true);
    expect(last().sent.map((m) => (m as { type: string }).type)).toEqual(["ping", "query"]);
    // the socket lived through it: intents go again
    last().receive({ type: "pong", v: 5 });
    expect(gs.send(intent)).toBe(true);
    expect(last().sent.at(-1)).toEqual(intent);
  });

  it("leaves a healthy socket alone when the browser says it is online", () => {
    connect(5);
    gs.retryNow();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.closedWith).toBeNull();
    expect(statuses.at(-1)).toBe("online");
  });

  it("ignores the browser going offline before the socket is welcomed", () => {
    gs.start();
    last().open();
    gs.networkLost();
    expect(last().sent).toEqual([]);
    expect(statuses).toEqual([]);
  });

  it("sends only once welcomed, and stops for good", () => {
    gs.start();
    expect(gs.send({ type: "ping" })).toBe(false);
    last().open();
    expect(gs.send({ type: "ping" })).toBe(false);
    last().receive(welcome(1));
    expect(gs.send({ type: "ping" })).toBe(true);
    gs.stop();
    expect(statuses.at(-1)).toBe("closed");
    timers.advance(60_000);
    expect(sockets).toHaveLength(1);
  });

  it("retries at once when asked (the browser is online again)", () => {
    connect(5);
    last().drop(1006);
    timers.advance(100);
    gs.retryNow();
    expect(sockets).toHaveLength(2);
    timers.advance(10_000);
    expect(sockets).toHaveLength(2);
  });

  it("passes acks and rejections through and skips malformed messages", () => {
    connect(5);
    last().receive({ type: "ack", intent_id: "i1", v: 6 });
    last().receive({ type: "rejected", intent_id: "i2", code: "move/overlap", message: "no" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    last().onmessage?.({ data: "{garbage" } as MessageEvent);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(log.slice(-2)).toEqual(["ack i1", "rejected move/overlap"]);
  });
});
