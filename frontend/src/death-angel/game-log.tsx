// Every step of the game in words, newest at the bottom; each die roll drawn as a die face.

import type { ReadonlySignal } from "@preact/signals";
import { useRef } from "preact/hooks";
import { useStickToBottom } from "../ui/stick-to-bottom";
import type { DaLogEntry } from "./da-store";
import { DieFace } from "./die-face";

export function GameLog({ log }: { log: ReadonlySignal<readonly DaLogEntry[]> }) {
  const list = useRef<HTMLOListElement>(null);
  const entries = log.value;
  const last = entries.at(-1)?.v;
  useStickToBottom(list, last);
  return (
    <section class="da-log-panel" aria-label="Game log">
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
