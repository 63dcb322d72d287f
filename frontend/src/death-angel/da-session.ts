// The net layer for one Death Angel game: the shared `ProjectedSession` (socket with reconnect
// and resync, a fresh projected state over HTTP after each burst of events, the export for the
// log's past), plus the public card data (names). The pack is downloaded once: the export the
// log asks for anyway holds it (its `setup.pack`, stamped on every game since E16), so the `pack`
// query is asked only without an export, or when the export failed or has no pack.

import { effect, signal } from "@preact/signals";
import { ProjectedSession, type ProjectedSessionOptions } from "../net/projected-session";
import { type Json, isObject } from "../protocol/read";
import type { DaStore } from "./da-store";
import { decodeDaState } from "./decode-state";
import { readPack } from "./pack-names";
import { type DaCommand, type DaState, isVersionFree } from "./wire";

/** The export as far as this session reads it: the events (for the log) and the create request. */
export interface DaHistory {
  events: { v: number; e?: unknown }[];
  /** The create-game request as stored: `{"seats", "rules_revision", "pack"?}`. */
  setup?: unknown;
}

export type DaSessionOptions = Omit<
  ProjectedSessionOptions<DaState>,
  "sink" | "decodeState" | "fetchHistory"
> & {
  store: DaStore;
  fetchHistory?(): Promise<DaHistory>;
};

/** The pack in an export's `setup`, or null (a game stored before E16 names none). */
export function packInSetup(setup: unknown): Json | null {
  const pack = isObject(setup) ? setup["pack"] : undefined;
  return isObject(pack) && Array.isArray(pack["teams"]) ? pack : null;
}

export class DaSession {
  private readonly inner: ProjectedSession<DaState, DaCommand>;
  private stopPackWatch: (() => void) | null = null;
  /** The pack must be asked with the query (no export, or none in it). */
  private readonly needQuery = signal(false);

  constructor(private readonly options: DaSessionOptions) {
    const { store, fetchHistory, ...rest } = options;
    this.needQuery.value = fetchHistory === undefined;
    this.inner = new ProjectedSession<DaState, DaCommand>({
      ...rest,
      sink: store,
      decodeState: decodeDaState,
      ...(fetchHistory ? { fetchHistory: () => this.historyWithPack(fetchHistory) } : {}),
    });
  }

  start(): void {
    this.inner.start();
    const store = this.options.store;
    let asked = false;
    // Once online and only when the export cannot bring it, ask for the pack (again after a
    // failure, never twice).
    this.stopPackWatch = effect(() => {
      if (!this.needQuery.value || store.connection.value !== "online" || asked) return;
      asked = true;
      this.inner
        .query({ kind: "pack" })
        .then((pack) => store.setPack(readPack(pack)))
        .catch(() => (asked = false));
    });
  }

  stop(): void {
    this.stopPackWatch?.();
    this.stopPackWatch = null;
    this.inner.stop();
  }

  retryNow(): void {
    this.inner.retryNow();
  }

  networkLost(): void {
    this.inner.networkLost();
  }

  /** Send a command; select_actions goes version-free. Returns the intent id or null. */
  send(cmd: DaCommand): string | null {
    return this.inner.send(cmd, isVersionFree(cmd));
  }

  /** The export, its pack read on the way (the query asked instead when it has none). */
  private async historyWithPack(fetchHistory: () => Promise<DaHistory>): Promise<DaHistory> {
    let history: DaHistory;
    try {
      history = await fetchHistory();
    } catch (err) {
      this.needQuery.value = true;
      throw err;
    }
    const pack = packInSetup(history.setup);
    if (pack === null) this.needQuery.value = true;
    else this.options.store.setPack(readPack(pack));
    return history;
  }
}
