// Every step of the game in words, newest at the bottom; each die roll drawn as a die face.

import type { ReadonlySignal } from "@preact/signals";
import { useRef } from "preact/hooks";
import { useStickToBottom } from "../ui/stick-to-bottom";
import type { DaLogEntry } from "./da-store";
import { DieFace } from "./die-face";

/** How many of the newest lines the narrow screens' strip under the prompt shows. */
export const LATEST_LINES = 3;

export const latestEntries = (log: readonly DaLogEntry[]): readonly DaLogEntry[] =>
  log.slice(-LATEST_LINES);

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
  return (
    <section class="da-log-panel" id="da-log-panel" aria-label="Game log">
      <h2>Log</h2>
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
