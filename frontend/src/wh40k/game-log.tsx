// The game log in words, newest last, with every die drawn as a face. One segment of the
// timeline may be chosen to show only its events.

import type { ReadonlySignal } from "@preact/signals";
import { useRef } from "preact/hooks";
import { useStickToBottom } from "../ui/stick-to-bottom";
import { DieFace } from "./die-face";
import { describeEvent } from "./event-text";
import type { Namer } from "./names";
import type { Logged } from "./w40-store";

interface Props {
  events: ReadonlySignal<readonly Logged[]>;
  names: ReadonlySignal<Namer>;
  colors: ReadonlyMap<string, string>;
  /** Only these versions (a timeline segment), or all. */
  only: ReadonlySet<number> | null;
}

export function GameLog({ events, names, colors, only }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const n = names.value;
  const lines = events.value
    .filter(({ v }) => only === null || only.has(v))
    .map(({ v, e }) => ({ v, line: describeEvent(e, n) }))
    .filter((x): x is { v: number; line: NonNullable<typeof x.line> } => x.line !== null);
  // Newest last, in view (also when the prompt above grows and squeezes the list), unless the
  // reader scrolled up: the list scrolls itself only (scrollIntoView would also scroll the page
  // or the side panel, taking the table or the prompt away on every event).
  useStickToBottom(list, `${lines.length}|${lines.at(-1)?.v ?? ""}`);
  return (
    <ol class="w40-log" data-testid="w40-log" aria-label="Game log" ref={list}>
      {lines.map(({ v, line }) => (
        <li key={v} class={`w40-log__line w40-log__line--${line.tone}`} data-v={v}>
          {line.player && <span class="swatch" style={{ background: colors.get(line.player) ?? "#999" }} />}
          <span class="w40-log__text">{line.text}</span>
          {line.dice.length > 0 && (
            <div class="w40-log__dice">
              {line.dice.map((g, i) => (
                <span class="w40-dice" key={i} data-dice={g.label}>
                  <span class="w40-dice__label">{g.label}</span>
                  {g.values.map((d, j) => (
                    <DieFace key={j} value={d} />
                  ))}
                </span>
              ))}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
