// The timeline: one chip per round and phase (set-up steps first); choosing one filters the log.

import type { Signal } from "@preact/signals";
import type { Segment } from "./timeline";

interface Props {
  segments: readonly Segment[];
  chosen: Signal<number | null>;
  colors: ReadonlyMap<string, string>;
}

export function TimelineStrip({ segments, chosen, colors }: Props) {
  const last = segments[segments.length - 1]?.fromV ?? null;
  return (
    <nav class="w40-timeline" aria-label="Timeline" data-testid="w40-timeline">
      <button type="button" class={`w40-chip ${chosen.value === null ? "w40-chip--on" : ""}`} onClick={() => (chosen.value = null)}>
        All
      </button>
      {segments.map((s) => (
        <button
          type="button"
          key={s.fromV}
          class={`w40-chip ${chosen.value === s.fromV ? "w40-chip--on" : ""} ${s.fromV === last ? "w40-chip--now" : ""}`}
          style={{ borderColor: colors.get(s.player ?? "") ?? undefined }}
          title={`${s.round ? `Round ${s.round} · ` : ""}${s.label} (${s.versions.length} events)`}
          onClick={() => (chosen.value = chosen.value === s.fromV ? null : s.fromV)}
        >
          {s.round ? `R${s.round} ` : ""}
          {s.label}
        </button>
      ))}
    </nav>
  );
}
