// The client's copy of one 10th-edition game: the last projected state the server gave this
// viewer, the dice commitment, the event log and the connection. Written only by the session
// (it is its `ProjectedSink`); read by the components and the test hooks.

import { batch, computed, signal } from "@preact/signals";
import type { ProjectedSink } from "../net/projected-session";
import type { RejectedMessage, Viewer, WelcomeMessage } from "../protocol/messages";
import { isObject } from "../protocol/read";
import type { ConnectionState, Failure, Rejection } from "../state/game-store";
import { readFairness } from "./decode-state";
import type { Fairness, W40State } from "./wire";

export interface RawEvent {
  type: string;
  [key: string]: unknown;
}

export interface Logged {
  v: number;
  e: RawEvent;
}

const LOG_LIMIT = 2000;

const asEvent = (e: unknown): RawEvent | null =>
  isObject(e) && typeof e["type"] === "string" ? { ...e, type: e["type"] } : null;

export class W40Store implements ProjectedSink<W40State> {
  readonly state = signal<W40State | null>(null);
  readonly stateV = signal<number | null>(null);
  /** The last version heard on the socket (events may run ahead of `state` for a moment). */
  readonly v = signal<number | null>(null);
  readonly viewer = signal<Viewer | null>(null);
  readonly gameId = signal<string>("");
  readonly connection = signal<ConnectionState>("connecting");
  readonly failure = signal<Failure | null>(null);
  readonly lastRejection = signal<Rejection | null>(null);
  readonly dice = signal<Fairness | null>(null);
  /** Intents sent and not yet answered. */
  readonly inFlight = signal<ReadonlySet<string>>(new Set());
  readonly events = signal<readonly Logged[]>([]);
  /** The version each recent intent was committed at. */
  readonly acks = signal<ReadonlyMap<string, number>>(new Map());

  /** The state shown is older than what the socket has said: choices wait for the refresh. */
  readonly stale = computed(() => {
    const [sv, v] = [this.stateV.value, this.v.value];
    return sv === null || (v !== null && sv < v);
  });
  /** Nothing sent awaits an answer and the state is the latest. */
  readonly idle = computed(() => !this.stale.value && this.inFlight.value.size === 0);
  readonly me = computed(() => this.viewer.value?.player ?? null);

  welcome(viewer: Viewer, message: WelcomeMessage): void {
    batch(() => {
      this.viewer.value = viewer;
      this.gameId.value = message.game;
      this.failure.value = null;
    });
  }

  applyState(v: number, state: W40State, view: Readonly<Record<string, unknown>> | null): void {
    const current = this.stateV.peek();
    if (current !== null && v < current) return;
    batch(() => {
      this.state.value = state;
      this.stateV.value = v;
      const heard = this.v.peek();
      if (heard === null || v > heard) this.v.value = v;
      const dice = view ? readFairness(view["dice"]) : null;
      if (dice) this.dice.value = dice;
    });
  }

  applyEvent(v: number, e: unknown): void {
    batch(() => {
      this.v.value = v;
      const event = asEvent(e);
      if (event) this.events.value = [...this.events.value, { v, e: event }].slice(-LOG_LIMIT);
    });
  }

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

  sent(intentId: string): void {
    this.inFlight.value = new Set([...this.inFlight.peek(), intentId]);
  }

  ack(intentId: string, v: number): void {
    batch(() => {
      this.acks.value = new Map([...this.acks.peek(), [intentId, v] as const].slice(-20));
      this.settle(intentId);
    });
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

  private settle(intentId: string): void {
    const left = new Set(this.inFlight.peek());
    if (left.delete(intentId)) this.inFlight.value = left;
  }
}
