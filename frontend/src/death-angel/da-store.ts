// The client's copy of one Death Angel game: the shared projected-game store (the client never
// folds the rules itself) plus the pack's names and the log in words.

import { computed, signal } from "@preact/signals";
import { ProjectedStore } from "../state/projected-store";
import { type LogLine, daLog } from "./event-text";
import { EMPTY_NAMES, Namer, type PackNames } from "./pack-names";
import type { DaState } from "./wire";

export interface DaLogEntry {
  v: number;
  line: LogLine;
}

const LOG_LIMIT = 500;

export class DaStore extends ProjectedStore<DaState> {
  readonly pack = signal<PackNames>(EMPTY_NAMES);
  readonly names = computed(() => new Namer(this.pack.value, this.state.value));
  readonly log = computed((): readonly DaLogEntry[] => {
    const names = this.names.value;
    return daLog(this.events.value, names).map(([{ v }, line]) => ({ v, line }));
  });

  constructor() {
    super(LOG_LIMIT);
  }

  setPack(pack: PackNames): void {
    this.pack.value = pack;
  }
}
