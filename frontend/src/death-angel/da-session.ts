// The net layer for one Death Angel game: the shared `ProjectedSession` (socket with reconnect
// and resync, a fresh projected state over HTTP after each burst of events, the export for the
// log's past), plus the public card data (names) asked once with the `pack` query.

import { effect } from "@preact/signals";
import { ProjectedSession, type ProjectedSessionOptions } from "../net/projected-session";
import type { DaStore } from "./da-store";
import { decodeDaState } from "./decode-state";
import { readPack } from "./pack-names";
import { type DaCommand, type DaState, isVersionFree } from "./wire";

export type DaSessionOptions = Omit<ProjectedSessionOptions<DaState>, "sink" | "decodeState"> & {
  store: DaStore;
};

export class DaSession {
  private readonly inner: ProjectedSession<DaState, DaCommand>;
  private stopPackWatch: (() => void) | null = null;

  constructor(private readonly options: DaSessionOptions) {
    const { store, ...rest } = options;
    this.inner = new ProjectedSession<DaState, DaCommand>({
      ...rest,
      sink: store,
      decodeState: decodeDaState,
    });
  }

  start(): void {
    this.inner.start();
    const store = this.options.store;
    let asked = false;
    // Once online, ask for the names (again after a failure, never twice).
    this.stopPackWatch = effect(() => {
      if (store.connection.value !== "online" || asked) return;
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

  /** Send a command; select_actions goes version-free. Returns the intent id or null. */
  send(cmd: DaCommand): string | null {
    return this.inner.send(cmd, isVersionFree(cmd));
  }
}
