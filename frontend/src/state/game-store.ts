// The client's copy of one game: signals written only by the net layer, read by everyone else.

import { type ReadonlySignal, batch, computed, signal } from "@preact/signals";
import type { Point } from "../geometry/vec";
import type {
  GameEvent,
  ModelId,
  ModelInfo,
  PlayerId,
  PlayerInfo,
  RejectedMessage,
  TableState,
  UnitId,
  UnitInfo,
  Viewer,
} from "../protocol/messages";
import { applyEvent, isModelsMoved } from "./apply-event";
import { describeEvent } from "./event-text";
import { type OwnMove, UndoBook, ownMove } from "./own-moves";

export type ConnectionState = "connecting" | "online" | "reconnecting" | "offline" | "closed";

export interface LogEntry {
  v: number;
  player: PlayerId | null;
  text: string;
}

/** Where a local move put a model: position, facing when it was turned, height when it named one. */
export type GhostPlace = Point & { facing?: number; z?: number };

/** A local move sent to the server and not yet settled: drawn where the player dropped it. */
export interface Ghost {
  intentId: string;
  positions: ReadonlyMap<ModelId, GhostPlace>;
  /** The version the server acknowledged; the ghost goes once the table has reached it. */
  ackedV: number | null;
}

export interface Rejection {
  intentId: string | null;
  code: string;
  message: string;
  /** The ids the refusal names (`model`, `other`, `field`...): clients match on these, never on
   * the message (docs/protocol.md). */
  detail: Readonly<Record<string, unknown>>;
  /** Counts rejections so that two equal ones in a row are still two toasts. */
  seq: number;
}

export interface Failure {
  code: number;
  reason: string;
}

export interface TableIndex {
  models: ReadonlyMap<ModelId, ModelInfo>;
  units: ReadonlyMap<UnitId, UnitInfo>;
  players: ReadonlyMap<PlayerId, PlayerInfo>;
  unitModels: ReadonlyMap<UnitId, readonly ModelId[]>;
}

/** What the UI, the board and the test hooks may read. */
export interface GameView {
  readonly state: ReadonlySignal<TableState | null>;
  readonly v: ReadonlySignal<number | null>;
  readonly viewer: ReadonlySignal<Viewer | null>;
  readonly system: ReadonlySignal<string | null>;
  readonly connection: ReadonlySignal<ConnectionState>;
  readonly failure: ReadonlySignal<Failure | null>;
  readonly log: ReadonlySignal<readonly LogEntry[]>;
  readonly ghosts: ReadonlySignal<readonly Ghost[]>;
  readonly lastRejection: ReadonlySignal<Rejection | null>;
  /** The table with every pending local move drawn where it was dropped. */
  readonly shown: ReadonlySignal<TableState | null>;
  readonly pending: ReadonlySignal<ReadonlySet<ModelId>>;
  readonly index: ReadonlySignal<TableIndex>;
}

const LOG_LIMIT = 200;

const isEvent = (e: unknown): e is GameEvent =>
  typeof e === "object" && e !== null && typeof (e as { type?: unknown }).type === "string";

function indexTable(state: TableState | null): TableIndex {
  const unitModels = new Map<UnitId, ModelId[]>();
  for (const m of state?.models ?? []) {
    const list = unitModels.get(m.unit);
    if (list) list.push(m.id);
    else unitModels.set(m.unit, [m.id]);
  }
  return {
    models: new Map(state?.models.map((m) => [m.id, m]) ?? []),
    units: new Map(state?.units.map((u) => [u.id, u]) ?? []),
    players: new Map(state?.players.map((p) => [p.id, p]) ?? []),
    unitModels,
  };
}

function withGhosts(state: TableState | null, ghosts: readonly Ghost[]): TableState | null {
  if (state === null || ghosts.length === 0) return state;
  const at = new Map<ModelId, GhostPlace>();
  for (const g of ghosts) for (const [id, p] of g.positions) at.set(id, p);
  return {
    ...state,
    models: state.models.map((m) => {
      const p = at.get(m.id);
      return p ? { ...m, x: p.x, y: p.y, z: p.z ?? m.z, facing: p.facing ?? m.facing } : m;
    }),
  };
}

export class GameStore implements GameView {
  readonly state = signal<TableState | null>(null);
  readonly v = signal<number | null>(null);
  readonly viewer = signal<Viewer | null>(null);
  readonly system = signal<string | null>(null);
  readonly connection = signal<ConnectionState>("connecting");
  readonly failure = signal<Failure | null>(null);
  readonly log = signal<readonly LogEntry[]>([]);
  readonly ghosts = signal<readonly Ghost[]>([]);
  readonly lastRejection = signal<Rejection | null>(null);
  /** The moves this page made, newest last: what "Undo move" takes back (`UndoBook`). */
  readonly ownMoves = signal<readonly OwnMove[]>([]);
  private readonly undoBook = new UndoBook();

  readonly shown = computed(() => withGhosts(this.state.value, this.ghosts.value));
  readonly pending = computed(
    (): ReadonlySet<ModelId> => new Set(this.ghosts.value.flatMap((g) => [...g.positions.keys()])),
  );
  readonly index = computed(() => indexTable(this.state.value));

  welcome(viewer: Viewer, system: string): void {
    batch(() => {
      this.viewer.value = viewer;
      this.system.value = system;
      this.failure.value = null;
    });
  }

  applySnapshot(v: number, state: TableState): void {
    batch(() => {
      this.state.value = state;
      this.v.value = v;
      this.settleGhosts();
    });
  }

  /** Apply the event that makes version `v` (the net layer checks that versions follow). */
  applyEvent(v: number, e: GameEvent | undefined): void {
    const before = this.state.value;
    if (before === null) return;
    batch(() => {
      if (e !== undefined) {
        this.noteOwnMove(before, e, v);
        this.state.value = applyEvent(before, e);
        const player = typeof e["player"] === "string" ? e["player"] : null;
        const entry: LogEntry = { v, player, text: describeEvent(before, e) };
        this.log.value = [...this.log.value, entry].slice(-LOG_LIMIT);
      }
      this.v.value = v;
      this.settleGhosts();
    });
  }

  /** Earlier events (the game's export, as this viewer may see them), for the log: those
   * before the first one logged since joining are put in front, in words. Names come from the
   * table now (they do not change with moves); heights, which do, are followed from `heights`
   * (each model's height as set up) through the events, so a level change reads as one. */
  addHistory(events: readonly { v: number; e?: unknown }[], heights?: ReadonlyMap<ModelId, number>): void {
    const state = this.state.value;
    if (state === null) return;
    const first = this.log.value[0]?.v ?? (this.v.value ?? 0) + 1;
    const z = new Map(heights ?? []);
    const earlier: LogEntry[] = [];
    for (const { v, e } of events) {
      if (!isEvent(e)) continue;
      const before = heights ? { ...state, models: state.models.map((m) => ({ ...m, z: z.get(m.id) ?? m.z })) } : state;
      if (isModelsMoved(e)) for (const m of e.moves) z.set(m.model, m.z);
      if (v >= first) continue;
      const player = typeof e["player"] === "string" ? e["player"] : null;
      earlier.push({ v, player, text: describeEvent(before, e) });
    }
    if (earlier.length > 0) this.log.value = [...earlier, ...this.log.value].slice(-LOG_LIMIT);
  }

  /** A move event of the viewer's, for the undo stack once its ack says this page made it. */
  private noteOwnMove(table: TableState, e: GameEvent, v: number): void {
    const me = this.viewer.peek();
    if (!isModelsMoved(e) || me?.role !== "player" || e.player !== me.player) return;
    const move = ownMove(table, e, v);
    if (move !== null) this.undoBook.saw(move);
    this.ownMoves.value = this.undoBook.stack;
  }

  /** This page sent a move as intent `intentId`; `undo`: the move it takes back. */
  moveSent(intentId: string, undo: OwnMove | null = null): void {
    this.undoBook.moveSent(intentId, undo);
    this.ownMoves.value = this.undoBook.stack;
  }

  addGhost(intentId: string, positions: ReadonlyMap<ModelId, GhostPlace>): void {
    this.ghosts.value = [...this.ghosts.value, { intentId, positions, ackedV: null }];
  }

  ack(intentId: string, v: number): void {
    batch(() => {
      this.undoBook.acked(intentId, v);
      this.ownMoves.value = this.undoBook.stack;
      this.ghosts.value = this.ghosts.value.map((g) =>
        g.intentId === intentId ? { ...g, ackedV: v } : g,
      );
      this.settleGhosts();
    });
  }

  reject(message: RejectedMessage): void {
    batch(() => {
      const intentId = message.intent_id ?? null;
      if (intentId !== null) {
        this.ghosts.value = this.ghosts.value.filter((g) => g.intentId !== intentId);
      }
      if (intentId !== null) {
        this.undoBook.refused(intentId);
        this.ownMoves.value = this.undoBook.stack;
      }
      this.lastRejection.value = {
        intentId,
        code: message.code,
        message: message.message,
        detail: message.detail ?? {},
        seq: (this.lastRejection.value?.seq ?? 0) + 1,
      };
    });
  }

  /** Forget every pending move: after a lost connection the server's table is the truth. */
  dropGhosts(): void {
    batch(() => {
      if (this.ghosts.value.length > 0) this.ghosts.value = [];
      this.undoBook.lost();
      this.ownMoves.value = this.undoBook.stack;
    });
  }

  setConnection(state: ConnectionState, failure: Failure | null = null): void {
    batch(() => {
      this.connection.value = state;
      if (failure !== null) this.failure.value = failure;
    });
  }

  private settleGhosts(): void {
    const v = this.v.value;
    if (v === null) return;
    const left = this.ghosts.value.filter((g) => g.ackedV === null || g.ackedV > v);
    if (left.length !== this.ghosts.value.length) this.ghosts.value = left;
  }
}
