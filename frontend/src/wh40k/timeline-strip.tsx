// The timeline: one chip per round and phase (set-up steps first); choosing one filters the log.
// The chips scroll sideways: a fade and an arrow button show on each side that has more, and the
// newest chip comes into view as the game moves on (unless the reader scrolled back).

import type { Signal } from "@preact/signals";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { Segment } from "./timeline";

interface Props {
  segments: readonly Segment[];
  chosen: Signal<number | null>;
  colors: ReadonlyMap<string, string>;
  /** A player's name, for the chips of their turn. */
  playerName(id: string): string;
}

/** A short mark for a player on a chip: the initials of their name ("Player 2" → "P2"). */
export function playerMark(name: string): string {
  const words = name.split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return "";
  if (words.length === 1) return (words[0] ?? "").slice(0, 3);
  return words.map((w) => (/^\d+$/.test(w) ? w : (w[0] ?? "").toUpperCase())).join("");
}

/** Which sides of a sideways scroller have more to show (a pixel of slack for rounding). */
export function moreSides(scrollLeft: number, clientWidth: number, scrollWidth: number): { left: boolean; right: boolean } {
  return { left: scrollLeft > 1, right: scrollLeft + clientWidth < scrollWidth - 1 };
}

export function TimelineStrip({ segments, chosen, colors, playerName }: Props) {
  const last = segments[segments.length - 1]?.fromV ?? null;
  const strip = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = () => {
    const el = strip.current;
    if (!el) return;
    const next = moreSides(el.scrollLeft, el.clientWidth, el.scrollWidth);
    setMore((m) => (m.left === next.left && m.right === next.right ? m : next));
  };
  // The reader was at the newest end (or has not scrolled): keep the newest chip in view.
  const atEnd = useRef(true);
  useLayoutEffect(() => {
    const el = strip.current;
    if (el && atEnd.current) el.scrollLeft = el.scrollWidth;
    measure();
  }, [segments.length]);
  useLayoutEffect(() => {
    const el = strip.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  const onScroll = () => {
    const el = strip.current;
    if (el) atEnd.current = !moreSides(el.scrollLeft, el.clientWidth, el.scrollWidth).right;
    measure();
  };
  const page = (dir: -1 | 1) => {
    const el = strip.current;
    if (el) el.scrollBy({ left: dir * Math.max(80, el.clientWidth * 0.8), behavior: "smooth" });
  };
  return (
    <nav
      class="w40-timeline w40-timeline--scroll"
      aria-label="Timeline"
      data-testid="w40-timeline"
      data-more={`${more.left ? "left" : ""}${more.left && more.right ? " " : ""}${more.right ? "right" : ""}`}
    >
      <button type="button" class={`w40-chip ${chosen.value === null ? "w40-chip--on" : ""}`} data-chip="all" aria-pressed={chosen.value === null} onClick={() => (chosen.value = null)}>
        All
      </button>
      <div class="w40-timeline__view">
        <div class="w40-timeline__chips" ref={strip} onScroll={onScroll}>
          {segments.map((s) => (
            <button
              type="button"
              key={s.fromV}
              class={`w40-chip ${chosen.value === s.fromV ? "w40-chip--on" : ""} ${s.fromV === last ? "w40-chip--now" : ""}`}
              style={{ borderColor: colors.get(s.player ?? "") ?? undefined }}
              aria-pressed={chosen.value === s.fromV}
              title={`${s.round ? `Round ${s.round} · ` : ""}${s.player ? `${playerName(s.player)} · ` : ""}${s.label} (${s.versions.length} events)`}
              onClick={() => (chosen.value = chosen.value === s.fromV ? null : s.fromV)}
            >
              {s.round ? `R${s.round} ` : ""}
              {s.player && s.round ? `${playerMark(playerName(s.player))} ` : ""}
              {s.label}
            </button>
          ))}
        </div>
        {more.left && (
          <button type="button" class="w40-timeline__arrow w40-timeline__arrow--left" aria-label="Earlier phases" title="Earlier phases" onClick={() => page(-1)}>
            ‹
          </button>
        )}
        {more.right && (
          <button type="button" class="w40-timeline__arrow w40-timeline__arrow--right" aria-label="Later phases" title="Later phases" onClick={() => page(1)}>
            ›
          </button>
        )}
      </div>
    </nav>
  );
}
