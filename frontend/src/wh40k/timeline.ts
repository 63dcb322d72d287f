// The game's timeline: the log cut at every phase (or set-up step) start. Pure.

import type { Logged } from "./w40-store";
import { PHASE_TITLE, STEP_TITLE, title } from "./names";

export interface Segment {
  /** The version of the `phase_started` event (0 for what came before the first). */
  fromV: number;
  round: number;
  player: string | null;
  phase: string;
  label: string;
  /** Versions of the events in this segment. */
  versions: number[];
}

export function timeline(events: readonly Logged[]): Segment[] {
  const out: Segment[] = [];
  let current: Segment = { fromV: 0, round: 0, player: null, phase: "setup", label: "Start", versions: [] };
  for (const { v, e } of events) {
    if (e.type === "phase_started") {
      if (current.versions.length > 0 || current.fromV > 0) out.push(current);
      const phase = typeof e["phase"] === "string" ? e["phase"] : "";
      const round = typeof e["round"] === "number" ? e["round"] : 0;
      const step = typeof e["step"] === "string" ? e["step"] : "";
      const player = typeof e["player"] === "string" ? e["player"] : null;
      current = {
        fromV: v,
        round,
        player,
        phase,
        label: phase === "setup" ? title(STEP_TITLE, step) : title(PHASE_TITLE, phase),
        versions: [],
      };
    }
    current.versions.push(v);
  }
  if (current.versions.length > 0) out.push(current);
  return out;
}
