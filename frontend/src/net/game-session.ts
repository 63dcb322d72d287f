// The net layer for one game: feeds the store from the socket and turns moves into intents.

import type { Point } from "../geometry/vec";
import type { ModelId } from "../protocol/messages";
import type { TableQueries } from "../protocol/table-queries";
import type { GameStore } from "../state/game-store";
import { type OwnMove, type UndoCheck, lastUndoable } from "../state/own-moves";
import { GameSocket, type SocketLike, type Timers } from "./game-socket";
import { QueryClient } from "./query-client";
import { tableQueries } from "./table-queries";

export interface ModelMove {
  model: ModelId;
  /**
   * `facing` (degrees) turns the model; left out, it keeps its facing. `z` names the height it
   * stands at (the ground or a floor there); left out, it comes to rest where it is dropped.
   */
  to: Point & { facing?: number; z?: number };
}

export interface GameSessionOptions {
  store: GameStore;
  url(since: number | null): string;
  createSocket(url: string): SocketLike;
  timers: Timers;
  newIntentId?: () => string;
  /** How long a query may wait for its answer. */
  queryTimeoutMs?: number;
}

let intentCounter = 0;
const defaultIntentId = (): string =>
  `i-${Date.now().toString(36)}-${(intentCounter += 1).toString(36)}`;

export class GameSession {
  private readonly socket: GameSocket;
  private readonly store: GameStore;
  private readonly newIntentId: () => string;
  /** Measure, sight and unit checks, answered by the server's geometry. */
  readonly queries: TableQueries;

  constructor(options: GameSessionOptions) {
    const store = options.store;
    this.store = store;
    this.newIntentId = options.newIntentId ?? defaultIntentId;
    const queryClient = new QueryClient(
      (m) => this.socket.send(m),
      options.timers,
      options.queryTimeoutMs,
    );
    this.queries = tableQueries(queryClient);
    this.socket = new GameSocket({
      url: options.url,
      createSocket: options.createSocket,
      timers: options.timers,
      handlers: {
        welcome: (m) => store.welcome(m.viewer, m.system),
        snapshot: (m) => store.applySnapshot(m.v, m.state),
        event: (m) => store.applyEvent(m.v, m.e),
        ack: (m) => store.ack(m.intent_id, m.v),
        rejected: (m) => {
          if (!queryClient.rejected(m)) store.reject(m);
        },
        answer: (m) => queryClient.answer(m),
        status: (status, failure) => store.setConnection(status, failure),
        disconnected: () => {
          store.dropGhosts();
          queryClient.failAll();
        },
      },
    });
  }

  start(): void {
    this.socket.start();
  }

  stop(): void {
    this.socket.stop();
  }

  retryNow(): void {
    this.socket.retryNow();
  }

  networkLost(): void {
    this.socket.networkLost();
  }

  /** Move the models of the viewer's last move back where they stood (a new move), when nobody
   * has moved them since; says why not otherwise, or when it could not be sent. */
  undoLastMove(): UndoCheck | { ok: false; reason: "offline" } {
    const shown = new Map(this.store.shown.peek()?.models.map((m) => [m.id, m]) ?? []);
    const check = lastUndoable(this.store.ownMoves.peek(), shown);
    if (!check.ok) return check;
    const moves = [...check.move.before].map(([model, p]) => ({ model, to: { x: p.x, y: p.y, z: p.z, facing: p.facing } }));
    const intentId = this.moveModels(moves, check.move);
    return intentId === null ? { ok: false, reason: "offline" } : check;
  }

  /**
   * Ask the server to move models (a unit keeping its formation is one request). The models are
   * drawn where they were dropped until the server answers. Returns the intent id, or null when
   * the request could not be sent (then the models stay where they were).
   */
  moveModels(moves: readonly ModelMove[], undo: OwnMove | null = null): string | null {
    const v = this.store.v.value;
    if (moves.length === 0 || v === null) return null;
    const intentId = this.newIntentId();
    this.store.addGhost(intentId, new Map(moves.map((m) => [m.model, m.to])));
    this.store.moveSent(intentId, undo);
    const sent = this.socket.send({
      type: "intent",
      intent_id: intentId,
      expected_v: v,
      cmd: {
        type: "move_models",
        moves: moves.map((m) => ({
          model: m.model,
          to: {
            x: m.to.x,
            y: m.to.y,
            ...(m.to.z === undefined ? {} : { z: m.to.z }),
            ...(m.to.facing === undefined ? {} : { facing: m.to.facing }),
          },
        })),
      },
    });
    if (!sent) {
      this.store.reject({
        type: "rejected",
        intent_id: intentId,
        code: "client/offline",
        message: "Not connected to the server: the move was not sent.",
      });
      return null;
    }
    return intentId;
  }
}
