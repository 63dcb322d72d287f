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

export const DEFAULT_QUERY_TIMEOUT_MS = 5000;

export class QueryClient {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();

  constructor(
    /** Sends a query; false when it could not be sent (not connected). */
    private readonly send: (message: QueryMessage) => boolean,
    private readonly timers: Timers,
    private readonly timeoutMs = DEFAULT_QUERY_TIMEOUT_MS,
  ) {}

  /** How many queries await an answer. */
  get inFlight(): number {
    return this.waiting.size;
  }

  ask(q: QueryMessage["q"]): Promise<unknown> {
    const reqId = this.nextId;
    this.nextId += 1;
    return new Promise((resolve, reject) => {
      if (!this.send({ type: "query", req_id: reqId, q })) {
        reject(new QueryFailed("offline", "Not connected to the server."));
        return;
      }
      const timer = this.timers.setTimeout(() => {
        this.waiting.delete(reqId);
        reject(new QueryFailed("timeout", "The server did not answer in time."));
      }, this.timeoutMs);
      this.waiting.set(reqId, { resolve, reject, timer });
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
    return w !== undefined;
  }

  /** The socket went away: no query sent on it will be answered. */
  failAll(): void {
    const all = [...this.waiting.keys()];
    for (const id of all) {
      this.settle(id)?.reject(new QueryFailed("offline", "The connection was lost."));
    }
  }

  private settle(reqId: number): Waiting | undefined {
    const w = this.waiting.get(reqId);
    if (w === undefined) return undefined;
    this.waiting.delete(reqId);
    this.timers.clearTimeout(w.timer);
    return w;
  }
}
