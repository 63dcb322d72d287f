// Read-only questions over the game socket: each query gets a fresh `req_id`, and its promise
// settles with the server's `answer`, its `rejected`, a timeout, or the socket going away.

import type { AnswerMessage, QueryMessage, RejectedMessage } from "../protocol/messages";
import type { Timers } from "./game-socket";

export type QueryFailureReason = "rejected" | "timeout" | "offline";

export class QueryFailed extends Error {
  constructor(
    readonly reason: QueryFailureReason,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = "QueryFailed";
  }
}

interface Waiting {
  resolve(answer: unknown): void;
  reject(error: QueryFailed): void;
  timer: number;
}

interface Queued {
  reqId: number;
  q: QueryMessage["q"];
  resolve(answer: unknown): void;
  reject(error: QueryFailed): void;
}

export const DEFAULT_QUERY_TIMEOUT_MS = 5000;
/** A query given up on holds its place among the four at most this many times its timeout: an
 * answer lost for good must not hold a place for ever (r3 review #8). Should the server still be
 * working on it, the query sent in its place is refused `query/busy` (it fails, nothing hangs). */
export const LATE_HOLD_FACTOR = 6;
/** Queries one socket may have unanswered: the server refuses more (`query/busy`,
 * `MAX_QUERIES_IN_FLIGHT`), so further ones wait here for an answer to come back. */
export const MAX_QUERIES_IN_FLIGHT = 4;

export class QueryClient {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private readonly queued: Queued[] = [];
  /** Queries given up on (timed out) that the server may still be working on: each holds its
   * place among the four until its late answer or refusal arrives, the socket goes, or
   * `lateHoldMs` pass (the timer that frees it). */
  private readonly late = new Map<number, number>();

  constructor(
    /** Sends a query; false when it could not be sent (not connected). */
    private readonly send: (message: QueryMessage) => boolean,
    private readonly timers: Timers,
    private readonly timeoutMs = DEFAULT_QUERY_TIMEOUT_MS,
    private readonly maxInFlight = MAX_QUERIES_IN_FLIGHT,
    private readonly lateHoldMs = timeoutMs * LATE_HOLD_FACTOR,
  ) {}

  /** How many queries await an answer. */
  get inFlight(): number {
    return this.waiting.size;
  }

  ask(q: QueryMessage["q"]): Promise<unknown> {
    const reqId = this.nextId;
    this.nextId += 1;
    return new Promise((resolve, reject) => {
      const job = { reqId, q, resolve, reject };
      if (this.waiting.size + this.late.size >= this.maxInFlight) this.queued.push(job);
      else this.dispatch(job);
    });
  }

  /** An `answer` arrived: settle its query (an unknown or late `req_id` is ignored). */
  answer(message: AnswerMessage): void {
    const w = this.settle(message.req_id);
    w?.resolve(message.a);
  }

  /** A `rejected` arrived; true when it answered one of our queries. */
  rejected(message: RejectedMessage): boolean {
    if (message.req_id === undefined) return false;
    const w = this.settle(message.req_id);
    w?.reject(new QueryFailed("rejected", message.message, message.code));
    // one of ours, answered, late or let go: never an intent's refusal
    return message.req_id < this.nextId;
  }

  /** The socket went away: no query sent on it will be answered, nor will those waiting. */
  failAll(): void {
    const lost = () => new QueryFailed("offline", "The connection was lost.");
    for (const timer of this.late.values()) this.timers.clearTimeout(timer);
    this.late.clear();
    for (const job of this.queued.splice(0)) job.reject(lost());
    const all = [...this.waiting.keys()];
    for (const id of all) {
      this.settle(id)?.reject(lost());
    }
  }

  private dispatch(job: Queued): void {
    if (!this.send({ type: "query", req_id: job.reqId, q: job.q })) {
      job.reject(new QueryFailed("offline", "Not connected to the server."));
      return;
    }
    const timer = this.timers.setTimeout(() => {
      this.waiting.delete(job.reqId);
      // the server still counts it until it answers; an answer lost for good is let go later
      const free = this.timers.setTimeout(() => {
        if (this.late.delete(job.reqId)) this.sendQueued();
      }, this.lateHoldMs);
      this.late.set(job.reqId, free);
      job.reject(new QueryFailed("timeout", "The server did not answer in time."));
    }, this.timeoutMs);
    this.waiting.set(job.reqId, { resolve: job.resolve, reject: job.reject, timer });
  }

  /** Send queued queries while there is room. */
  private sendQueued(): void {
    while (this.waiting.size + this.late.size < this.maxInFlight) {
      const job = this.queued.shift();
      if (job === undefined) return;
      this.dispatch(job);
    }
  }

  private settle(reqId: number): Waiting | undefined {
    const free = this.late.get(reqId);
    if (free !== undefined) {
      // a late answer frees its place
      this.timers.clearTimeout(free);
      this.late.delete(reqId);
      this.sendQueued();
    }
    const w = this.waiting.get(reqId);
    if (w === undefined) return undefined;
    this.waiting.delete(reqId);
    this.timers.clearTimeout(w.timer);
    this.sendQueued();
    return w;
  }
}
