// Every step of the game in words, newest at the bottom; each die roll drawn as a die face.

import type { ReadonlySignal } from "@preact/signals";
import { useRef } from "preact/hooks";
import { useStickToBottom } from "../ui/stick-to-bottom";
import type { DaLogEntry } from "./da-store";
import { DieFace } from "./die-face";
import { SCREEN_READER_ONLY } from "../ui/screen-reader-only";

/** How many of the newest lines the narrow screens' strip under the prompt shows. */
export const LATEST_LINES = 3;

export const latestEntries = (log: readonly DaLogEntry[]): readonly DaLogEntry[] =>
  log.slice(-LATEST_LINES);

/** The newest die roll with what followed it ("Brother Oren rolls to attack: 3 and a skull.
 * Brother Oren hits."), read out by a polite live region (audit s16 E #5): the roll is what the
 * prompt does not say. Null before any roll. Pure. */
export function lastRoll(log: readonly DaLogEntry[]): { v: number; text: string } | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i];
    if (entry?.line.die) {
      const text = log
        .slice(i, i + LATEST_LINES)
        .map((e) => e.line.text)
        .join(" ");
      return { v: entry.v, text };
    }
  }
  return null;
}

/** The roll the live region says: the one it said already while it is still the newest (its
 * words as first said), else the newest. Pure. */
export function heldRoll(
  said: { v: number; text: string } | null,
  newest: { v: number; text: string } | null,
): { v: number; text: string } | null {
  return newest !== null && said !== null && said.v === newest.v ? said : newest;
}

/** The newest lines, under the prompt on narrow screens (the full log is at the bottom of a
 * long page there): after a swarm attack or an event, the player reads why the table changed
 * without scrolling down (QA s14 #6). Hidden on wide screens, whose log is always in view. */
export function LatestLog({ log }: { log: ReadonlySignal<readonly DaLogEntry[]> }) {
  const latest = latestEntries(log.value);
  if (latest.length === 0) return null;
  const toLog = () => document.getElementById("da-log-panel")?.scrollIntoView({ block: "start" });
  return (
    <section class="da-latest" aria-label="Latest events" data-testid="da-latest">
      <ol class="da-latest__lines">
        {latest.map(({ v, line }) => (
          <li key={v} class={`da-log__line da-log__line--${line.tone}`}>
            {line.die && <DieFace value={line.die.value} skull={line.die.skull} small />}
            <span>{line.text}</span>
          </li>
        ))}
      </ol>
      <button type="button" class="button da-latest__all" onClick={toLog}>
        Full log
      </button>
    </section>
  );
}

export function GameLog({ log }: { log: ReadonlySignal<readonly DaLogEntry[]> }) {
  const list = useRef<HTMLOListElement>(null);
  const entries = log.value;
  const last = entries.at(-1)?.v;
  useStickToBottom(list, last);
  // The words of a roll are fixed when it is first shown: lines coming later do not change the
  // live region, which would read the old roll out again with them (review s16 r3 #5).
  const said = useRef<{ v: number; text: string } | null>(null);
  const roll = heldRoll(said.current, lastRoll(entries));
  said.current = roll;
  return (
    <section class="da-log-panel" id="da-log-panel" aria-label="Game log">
      <h2>Log</h2>
      {/* keyed by the roll's version: a new roll that reads like the last one is read out too */}
      <div role="status" style={SCREEN_READER_ONLY} data-testid="da-last-roll">
        {roll && <span key={roll.v}>{roll.text}</span>}
      </div>
      <ol class="da-log" ref={list} data-testid="da-log">
        {entries.map(({ v, line }) => (
          <li key={v} class={`da-log__line da-log__line--${line.tone}`} data-v={v}>
            {line.die && <DieFace value={line.die.value} skull={line.die.skull} small />}
            <span>{line.text}</span>
          </li>
        ))}
        {entries.length === 0 && <li class="muted">Nothing has happened yet.</li>}
      </ol>
    </section>
  );
}
