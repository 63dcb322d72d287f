// Test doubles for the net layer: a scriptable socket and a manual clock.

import type { SocketLike, Timers } from "../src/net/game-socket";

export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number): void {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }

  // ---- what the server does ----
  open(): void {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }

  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }

  drop(code = 1006, reason = ""): void {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }

  get since(): number | null {
    const s = new URL(this.url).searchParams.get("since");
    return s === null ? null : Number(s);
  }
}

export class ManualTimers implements Timers {
  now = 0;
  private next = 1;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();

  setTimeout(fn: () => void, ms: number): number {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, fn });
    return id;
  }

  clearTimeout(id: number): void {
    this.pending.delete(id);
  }

  /** Delays of the timers now waiting, soonest first. */
  get waiting(): number[] {
    return [...this.pending.values()].map((t) => t.at - this.now).sort((a, b) => a - b);
  }

  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      let soonest: [number, { at: number; fn: () => void }] | null = null;
      for (const entry of this.pending) {
        if (entry[1].at <= until && (soonest === null || entry[1].at < soonest[1].at)) soonest = entry;
      }
      if (soonest === null) break;
      this.pending.delete(soonest[0]);
      this.now = soonest[1].at;
      soonest[1].fn();
    }
    this.now = until;
  }
}

export const table = (overrides: Record<string, unknown> = {}) => ({
  table: { width: 60, depth: 44 },
  players: [
    { id: "p1", name: "Player 1", color: "#2f6fdf" },
    { id: "p2", name: "Player 2", color: "#d6453d" },
  ],
  units: [
    { id: "A", player: "p1", name: "Alpha Squad", keywords: ["INFANTRY"] },
    { id: "B", player: "p2", name: "Bravo", keywords: [] },
  ],
  models: [
    { id: "a1", unit: "A", name: "", base: { shape: "circle", diameter_mm: 32 }, x: 10, y: 10, z: 0, height: 1.6, facing: 0, wounds: 1 },
    { id: "a2", unit: "A", name: "", base: { shape: "circle", diameter_mm: 32 }, x: 12, y: 10, z: 0, height: 1.6, facing: 0, wounds: 1 },
    { id: "b1", unit: "B", name: "", base: { shape: "oval", length_mm: 60, width_mm: 35 }, x: 40, y: 30, z: 0, height: 2, facing: 90, wounds: 3 },
  ],
  terrain: [{ id: "r1", kind: "ruins", polygon: [[20, 10], [26, 10], [26, 16], [20, 16]], height: 6, traits: [] }],
  objectives: [{ id: "o1", x: 30, y: 22, diameter_mm: 40 }],
  ...overrides,
});
