// The client's copy of a game whose rules the client does not run (Death Angel, 10th edition):
// the last projected state the server gave this viewer, the event log, the intents in flight
// and the connection. Written only by the session (it is its `ProjectedSink`); read by the
// components and the test hooks. Each system's store adds its own signals on top.

import { batch, computed, signal } from "@preact/signals";
import type { ProjectedSink } from "../net/projected-session";
import type { OtherEvent, RejectedMessage, Viewer, WelcomeMessage } from "../protocol/messages";
import { isObject } from "../protocol/read";
import type { ConnectionState, Failure, Rejection } from "./game-store";

export interface LoggedEvent {
  v: number;
  e: OtherEvent;
}

const asEvent = (e: unknown): OtherEvent | null =>
  isObject(e) && typeof e["type"] === "string" ? { ...e, type: e["type"] } : null;

export abstract class ProjectedStore<S> implements ProjectedSink<S> {
  /** The last projected state, and the version it is of. */
  readonly state = signal<S | null>(null);
  readonly stateV = signal<number | null>(null);
  /** The last version heard on the socket (events may run ahead of `state` for a moment). */
  readonly v = signal<number | null>(null);
  readonly viewer = signal<Viewer | null>(null);
  readonly connection = signal<ConnectionState>("connecting");
  readonly failure = signal<Failure | null>(null);
  readonly lastRejection = signal<Rejection | null>(null);
  /** Intents sent and not yet answered. */
  readonly inFlight = signal<ReadonlySet<string>>(new Set());
  readonly events = signal<readonly LoggedEvent[]>([]);
  /** The state shown is older than what the socket has said: choices wait for the refresh. */
  readonly stale = computed(() => {
    const [sv, v] = [this.stateV.value, this.v.value];
    return sv === null || (v !== null && sv < v);
  });

  protected constructor(private readonly logLimit: number) {}

  welcome(viewer: Viewer, _message: WelcomeMessage): void {
    batch(() => {
      this.viewer.value = viewer;
      this.failure.value = null;
    });
  }

  /** A projected state of version `v` (a snapshot or a refresh); an older one is ignored. */
  applyState(v: number, state: S, view: Readonly<Record<string, unknown>> | null = null): void {
    const current = this.stateV.peek();
    if (current !== null && v < current) return;
    batch(() => {
      this.state.value = state;
      this.stateV.value = v;
      const heard = this.v.peek();
      if (heard === null || v > heard) this.v.value = v;
      this.onView(view);
    });
  }

  /** What else the whole HTTP answer carries (the dice commitment, ...); nothing by default. */
  protected onView(_view: Readonly<Record<string, unknown>> | null): void {}

  /** The event of version `v` (undefined: a stub this viewer may not see). */
  applyEvent(v: number, e: unknown): void {
    batch(() => {
      this.v.value = v;
      const event = asEvent(e);
      if (event) this.events.value = [...this.events.value, { v, e: event }].slice(-this.logLimit);
    });
  }

  /** Earlier events (from the export) put in front of the log, without duplicates. */
  addHistory(entries: readonly { v: number; e?: unknown }[]): void {
    const have = new Set(this.events.peek().map((x) => x.v));
    const older: LoggedEvent[] = [];
    for (const { v, e } of entries) {
      const event = asEvent(e);
      if (event && !have.has(v)) older.push({ v, e: event });
    }
    if (older.length === 0) return;
    const all = [...older, ...this.events.peek()].sort((a, b) => a.v - b.v);
    this.events.value = all.slice(-this.logLimit);
  }

  sent(intentId: string): void {
    this.inFlight.value = new Set([...this.inFlight.peek(), intentId]);
  }

  ack(intentId: string, _v: number): void {
    this.settle(intentId);
  }

  reject(message: RejectedMessage): void {
    batch(() => {
      if (message.intent_id !== undefined) this.settle(message.intent_id);
      this.lastRejection.value = {
        intentId: message.intent_id ?? null,
        code: message.code,
        message: message.message,
        detail: message.detail ?? {},
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

  stateVersion(): number | null {
    return this.stateV.peek();
  }

  behind(): boolean {
    return this.stale.peek();
  }

  protected settle(intentId: string): void {
    const left = new Set(this.inFlight.peek());
    if (left.delete(intentId)) this.inFlight.value = left;
  }
}
