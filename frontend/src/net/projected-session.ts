// The net layer for a game whose rules the client cannot fold (wh40k-10e; death-angel has the
// same shape in its own folder). The socket (`GameSocket`: reconnects, `since`, resync) brings the
// snapshot and every event; after each burst of events the viewer's projected state is fetched
// again over HTTP. Commands go as intents, questions as queries answered by promise (a
// `QueryClient`: at most four at once, the rest queued, each with a timeout).

import type {
  RejectedMessage,
  SystemCommand,
  Viewer,
  WelcomeMessage,
} from "../protocol/messages";
import type { Json } from "../protocol/read";
import { GameSocket, type SocketLike, type SocketStatus, type Timers } from "./game-socket";
import { QueryClient } from "./query-client";

/** What the session writes to: a store of signals, or a fake in tests. */

/** A failed fetch of the earlier events is asked again this many times, this far apart. */
const HISTORY_RETRIES = 5;
const HISTORY_RETRY_MS = 3000;
export interface ProjectedSink<S> {
  welcome(viewer: Viewer, message: WelcomeMessage): void;
  /** A projected state of version `v` (snapshot or refresh); `view` is the whole HTTP answer. */
  applyState(v: number, state: S, view: Readonly<Record<string, unknown>> | null): void;
  /** The event of version `v` (undefined: a stub this viewer may not see). */
  applyEvent(v: number, e: unknown): void;
  /** Earlier events (from the export), for the log. */
  addHistory(events: readonly { v: number; e?: unknown }[]): void;
  sent(intentId: string): void;
  ack(intentId: string, v: number): void;
  reject(message: RejectedMessage): void;
  forgetInFlight(): void;
  setConnection(status: SocketStatus, failure: { code: number; reason: string } | null): void;
  /** The version of the state shown (null before the first). */
  stateVersion(): number | null;
  /** The state shown is older than the last event heard. */
  behind(): boolean;
}

export interface ProjectedSessionOptions<S> {
  sink: ProjectedSink<S>;
  url(since: number | null): string;
  createSocket(url: string): SocketLike;
  timers: Timers;
  decodeState(value: Json, path: string): S;
  /** This viewer's view now: `GET /api/games/{id}` (with `v` and `state`). */
  fetchView(): Promise<{ v: number; state: unknown }>;
  /** The events so far as this viewer may see them (for the log); optional. */
  fetchHistory?(): Promise<{ events: { v: number; e?: unknown }[] }>;
  newIntentId?: () => string;
  /** Wait this long after an event before refreshing, so a burst costs one request. */
  refreshDelayMs?: number;
  /** A query unanswered this long fails (its place is held a while longer: `QueryClient`). */
  queryTimeoutMs?: number;
}

/** The 10e questions (line of sight over terrain, charge targets) take longer than the table's. */
export const PROJECTED_QUERY_TIMEOUT_MS = 10_000;

let counter = 0;
const defaultIntentId = (): string => `ps-${Date.now().toString(36)}-${(counter += 1).toString(36)}`;

export class ProjectedSession<S, C extends SystemCommand> {
  private readonly socket: GameSocket<S>;
  private readonly sink: ProjectedSink<S>;
  private readonly newIntentId: () => string;
  /** The server answers at most four queries at once per socket and refuses more
   * (`query/busy`), so a panel asking about every unit at once queues; an answer that never
   * comes fails its query after a timeout and does not hold its place for ever (r3 review #8). */
  private readonly queries: QueryClient;
  private refreshTimer: number | null = null;
  private fetching = false;
  private again = false;
  private historyAsked = false;
  private historyFailures = 0;
  private historyTimer: number | null = null;
  private stopped = false;

  constructor(private readonly options: ProjectedSessionOptions<S>) {
    const sink = options.sink;
    this.sink = sink;
    this.newIntentId = options.newIntentId ?? defaultIntentId;
    this.queries = new QueryClient(
      (m) => this.socket.send(m),
      options.timers,
      options.queryTimeoutMs ?? PROJECTED_QUERY_TIMEOUT_MS,
    );
    this.socket = new GameSocket<S>({
      url: options.url,
      createSocket: options.createSocket,
      timers: options.timers,
      decodeState: options.decodeState,
      handlers: {
        welcome: (m) => sink.welcome(m.viewer, m),
        snapshot: (m) => {
          sink.applyState(m.v, m.state, null);
          this.loadHistory();
          this.scheduleRefresh(); // the view also carries what the snapshot lacks (dice)
        },
        event: (m) => {
          sink.applyEvent(m.v, m.e);
          this.scheduleRefresh();
        },
        ack: (m) => sink.ack(m.intent_id, m.v),
        rejected: (m) => this.rejected(m),
        answer: (m) => this.queries.answer(m),
        status: (status, failure) => {
          sink.setConnection(status, failure);
          if (status === "online") this.scheduleRefresh();
        },
        disconnected: () => {
          sink.forgetInFlight();
          this.queries.failAll();
        },
      },
    });
  }

  start(): void {
    this.socket.start();
  }

  stop(): void {
    this.stopped = true;
    if (this.historyTimer !== null) this.options.timers.clearTimeout(this.historyTimer);
    this.historyTimer = null;
    this.socket.stop();
    if (this.refreshTimer !== null) this.options.timers.clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
  }

  retryNow(): void {
    this.socket.retryNow();
  }

  /** The browser went offline: the badge says so at once (`GameSocket.networkLost`). */
  networkLost(): void {
    this.socket.networkLost();
  }

  /** Send a command decided on the state shown (or version-free). Returns the intent id or null. */
  send(cmd: C, versionFree = false): string | null {
    const v = versionFree ? null : this.sink.stateVersion();
    if (v === null && !versionFree) return null;
    const intentId = this.newIntentId();
    this.sink.sent(intentId);
    const sent = this.socket.send({ type: "intent", intent_id: intentId, expected_v: v, cmd });
    if (!sent) {
      this.sink.reject({
        type: "rejected",
        intent_id: intentId,
        code: "client/offline",
        message: "Not connected to the server: nothing was sent.",
      });
      return null;
    }
    return intentId;
  }

  /** Ask the server a read-only question; rejects with `QueryFailed` (refused, timed out or
   * offline). At most four wait on the server at once; the rest queue in order. */
  query(q: Record<string, unknown>): Promise<unknown> {
    return this.queries.ask(q);
  }

  private rejected(m: RejectedMessage): void {
    if (m.req_id !== undefined) {
      this.queries.rejected(m); // a query's refusal is never a toast
      return;
    }
    this.sink.reject(m);
  }

  /** The earlier events, once; asked again a few times when the fetch fails (review s16: the
   * page's own entropy waits for the whole log, so one failed fetch kept it from ever being sent). */
  private loadHistory(): void {
    const fetchHistory = this.options.fetchHistory;
    if (this.historyAsked || !fetchHistory) return;
    this.historyAsked = true;
    fetchHistory()
      .then((h) => this.sink.addHistory(h.events))
      .catch((err: unknown) => {
        console.warn("vantage: no history for the log:", err);
        if (this.stopped || (this.historyFailures += 1) > HISTORY_RETRIES) return;
        this.historyAsked = false;
        this.historyTimer = this.options.timers.setTimeout(() => {
          this.historyTimer = null;
          this.loadHistory();
        }, HISTORY_RETRY_MS);
      });
  }

  private scheduleRefresh(): void {
    if (this.refreshTimer !== null) return;
    this.refreshTimer = this.options.timers.setTimeout(() => {
      this.refreshTimer = null;
      void this.refresh();
    }, this.options.refreshDelayMs ?? 25);
  }

  private async refresh(): Promise<void> {
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = true;
    let behind = false;
    try {
      const view = await this.options.fetchView();
      this.sink.applyState(view.v, this.options.decodeState(view.state, "state"), view);
      behind = this.sink.behind();
    } catch (err) {
      // The socket's reconnect (status "online") asks again; no retry loop here.
      console.warn("vantage: could not refresh the game state:", err);
    } finally {
      this.fetching = false;
      if (this.again || behind) {
        this.again = false;
        this.scheduleRefresh();
      }
    }
  }
}
