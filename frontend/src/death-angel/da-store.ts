// The client's copy of one Death Angel game: the last projected state the server gave this
// viewer (the client never folds the rules itself), the event log, and the connection. Written
// only by the session (it is its `ProjectedSink`); read by the components and the test hooks.

import { batch, computed, signal } from "@preact/signals";
import type { ProjectedSink } from "../net/projected-session";
import type { OtherEvent, RejectedMessage, Viewer } from "../protocol/messages";
import { isObject } from "../protocol/read";
import type { ConnectionState, Failure, Rejection } from "../state/game-store";
import { type LogLine, describeDaEvent } from "./event-text";
import { EMPTY_NAMES, Namer, type PackNames } from "./pack-names";
import type { DaState } from "./wire";

export interface DaLogEntry {
  v: number;
  line: LogLine;
}

interface Logged {
  v: number;
  e: OtherEvent;
}

const LOG_LIMIT = 500;

const asEvent = (e: unknown): OtherEvent | null =>
  isObject(e) && typeof e["type"] === "string" ? { ...e, type: e["type"] } : null;

export class DaStore implements ProjectedSink<DaState> {
  /** The last projected state, and the version it is of. */
  readonly state = signal<DaState | null>(null);
  readonly stateV = signal<number | null>(null);
  /** The last version heard on the socket (events may run ahead of `state` for a moment). */
  readonly v = signal<number | null>(null);
  readonly viewer = signal<Viewer | null>(null);
  readonly connection = signal<ConnectionState>("connecting");
  readonly failure = signal<Failure | null>(null);
  readonly lastRejection = signal<Rejection | null>(null);
  readonly pack = signal<PackNames>(EMPTY_NAMES);
  /** Intents sent and not yet answered. */
  readonly inFlight = signal<ReadonlySet<string>>(new Set());
  private readonly events = signal<readonly Logged[]>([]);

  readonly names = computed(() => new Namer(this.pack.value, this.state.value));
  readonly log = computed((): readonly DaLogEntry[] => {
    const names = this.names.value;
    return this.events.value.map(({ v, e }) => ({ v, line: describeDaEvent(e, names) }));
  });
  /** The state shown is older than what the socket has said: choices wait for the refresh. */
  readonly stale = computed(() => {
    const [sv, v] = [this.stateV.value, this.v.value];
    return sv === null || (v !== null && sv < v);
  });

  welcome(viewer: Viewer): void {
    // (the welcome message's other fields, e.g. the dice commitment, are not shown here)
    batch(() => {
      this.viewer.value = viewer;
      this.failure.value = null;
    });
  }

  stateVersion(): number | null {
    return this.stateV.peek();
  }

  behind(): boolean {
    return this.stale.peek();
  }

  /** A projected state of version `v` (a snapshot or a refresh); an older one is ignored. */
  applyState(v: number, state: DaState): void {
    const current = this.stateV.peek();
    if (current !== null && v < current) return;
    batch(() => {
      this.state.value = state;
      this.stateV.value = v;
      const heard = this.v.peek();
      if (heard === null || v > heard) this.v.value = v;
    });
  }

  /** The event of version `v` (undefined: a stub this viewer may not see). */
  applyEvent(v: number, e: unknown): void {
    batch(() => {
      this.v.value = v;
      const event = asEvent(e);
      if (event) this.events.value = [...this.events.value, { v, e: event }].slice(-LOG_LIMIT);
    });
  }

  /** Earlier events (from the export) put in front of the log, without duplicates. */
  addHistory(entries: readonly { v: number; e?: unknown }[]): void {
    const have = new Set(this.events.peek().map((x) => x.v));
    const older: Logged[] = [];
    for (const { v, e } of entries) {
      const event = asEvent(e);
      if (event && !have.has(v)) older.push({ v, e: event });
    }
    if (older.length === 0) return;
    const all = [...older, ...this.events.peek()].sort((a, b) => a.v - b.v);
    this.events.value = all.slice(-LOG_LIMIT);
  }

  setPack(pack: PackNames): void {
    this.pack.value = pack;
  }

  sent(intentId: string): void {
    this.inFlight.value = new Set([...this.inFlight.peek(), intentId]);
  }

  ack(intentId: string): void {
    this.settle(intentId);
  }

  reject(message: RejectedMessage): void {
    batch(() => {
      if (message.intent_id !== undefined) this.settle(message.intent_id);
      this.lastRejection.value = {
        intentId: message.intent_id ?? null,
        code: message.code,
        message: message.message,
        seq: (this.lastRejection.peek()?.seq ?? 0) + 1,
      };
    });
  }

  /** The socket went away: nothing sent will be answered now. */
  forgetInFlight(): void {
    if (this.inFlight.peek().size > 0) this.inFlight.value = new Set();
  }

  setConnection(state: ConnectionState, failure: Failure | null = null): void {
    batch(() => {
      this.connection.value = state;
      if (failure !== null) this.failure.value = failure;
    });
  }

  private settle(intentId: string): void {
    const left = new Set(this.inFlight.peek());
    if (left.delete(intentId)) this.inFlight.value = left;
  }
}
