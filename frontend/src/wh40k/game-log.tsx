// The game log in words, newest last, with every die drawn as a face. One segment of the
// timeline may be chosen to show only its events; the log then ends with a line saying so (and how
// many newer lines it hides as the game moves on), with a button to show them all again.

import type { ReadonlySignal } from "@preact/signals";
import { useRef } from "preact/hooks";
import { useStickToBottom } from "../ui/stick-to-bottom";
import { DieFace } from "./die-face";
import { type LogLine, type WeaponLookup, describeEvent } from "./event-text";
import type { Namer } from "./names";
import { timeline } from "./timeline";
import type { Logged } from "./w40-store";
import type { W40State } from "./wire";

/** A unit's weapon by name from the state's unit sheets (its Attacks and Damage), for the log's
 * dice: a D3 characteristic's die shows what it comes to ("4→2"). Looked up where the weapon
 * really is (r4 review #4): a Firing Deck weapon ("Gun [deck p1-a-2]") in the sheet of the unit
 * whose model lent it (the transport's sheet has it only while lent, under that name); a weapon
 * the unit's sheet no longer has (a Leader's, after the attached unit split) in the sheets of
 * its player's other units, when they all give it one profile. */
export function weaponLookup(state: W40State | null): WeaponLookup {
  return (unit, weapon) => {
    if (!state) return undefined;
    const units = Object.values(state.game.units);
    const named = (sheet: (typeof units)[number]["sheet"], name: string) => sheet.weapons.find((w) => w.name === name);
    const lent = /^(.*) \[deck ([^\]]+)\]$/.exec(weapon);
    if (lent) {
      const [, name = "", model = ""] = lent;
      const owner = units.find((u) => u.sheet.models.some(([id]) => id === model));
      return owner ? named(owner.sheet, name) : undefined;
    }
    const own = state.game.units[unit];
    const found = own && named(own.sheet, weapon);
    if (found || !own) return found;
    const elsewhere = units.filter((u) => u.sheet.player === own.sheet.player).flatMap((u) => named(u.sheet, weapon) ?? []);
    const first = elsewhere[0];
    return first && elsewhere.every((w) => w.attacks === first.attacks && w.damage === first.damage) ? first : undefined;
  };
}

interface Props {
  events: ReadonlySignal<readonly Logged[]>;
  names: ReadonlySignal<Namer>;
  colors: ReadonlyMap<string, string>;
  /** Only these versions (a timeline segment), or all. */
  only: ReadonlySet<number> | null;
  /** Clears the filter (the notice's "Show all"). */
  onShowAll: () => void;
  /** The state's weapons, for what random Attacks and Damage dice come to. */
  weapons?: WeaponLookup;
}

/**
 * The log's lines: each event in words, except that a player's "mixed their own randomness"
 * events in a row (in older games one per browser that opened the seat link) are folded into
 * the first, which says how many there were; one that comes after other events ("Add my
 * entropy" after a roll) has its own line, where it came. The server keeps every event; this is only the log.
 */
export function logLines(events: readonly Logged[], n: Namer, weapons?: WeaponLookup): { v: number; line: LogLine }[] {
  const out: { v: number; line: LogLine }[] = [];
  const entropy = new Map<string, { at: number; count: number }>();
  let before: Logged["e"] | undefined;
  for (const { v, e } of events) {
    const line = describeEvent(e, n, weapons, before);
    before = e;
    if (line === null) continue;
    if (e["type"] === "entropy_contributed") {
      const who = line.player ?? "";
      const first = entropy.get(who);
      if (first) {
        first.count += 1;
        const shown = out[first.at];
        if (shown) shown.line = { ...shown.line, text: `${line.text} (${first.count} times)` };
        continue;
      }
      entropy.set(who, { at: out.length, count: 1 });
    } else {
      entropy.clear(); // only a run of contributions folds: a later one is logged where it came
    }
    out.push({ v, line });
  }
  return out;
}

export interface FilterNotice {
  /** The chosen segment as its timeline chip names it ("R1 Shooting"). */
  label: string;
  /** Log lines after the segment, hidden by the filter. */
  newer: number;
}

/** What the filtered log hides after its segment, or null when it shows every event. */
export function filterNotice(events: readonly Logged[], only: ReadonlySet<number> | null, names: Namer): FilterNotice | null {
  if (only === null) return null;
  const segment = timeline(events).find((s) => s.versions.some((v) => only.has(v)));
  const label = segment ? `${segment.round ? `R${segment.round} ` : ""}${segment.label}` : "one segment";
  let last = -Infinity;
  for (const v of only) last = Math.max(last, v);
  const newer = logLines(events, names).filter(({ v }) => v > last).length;
  return { label, newer };
}

/** The notice's words, without its button. */
export function filterNoticeText({ label, newer }: FilterNotice): string {
  const hidden = newer === 0 ? "" : ` · ${newer} newer ${newer === 1 ? "event" : "events"} hidden`;
  return `Showing only ${label}${hidden}`;
}

export function GameLog({ events, names, colors, only, onShowAll, weapons }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const n = names.value;
  const lines = logLines(
    events.value.filter(({ v }) => only === null || only.has(v)),
    n,
    weapons,
  );
  // Newest last, in view (also when the prompt above grows and squeezes the list), unless the
  // reader scrolled up: the list scrolls itself only (scrollIntoView would also scroll the page
  // or the side panel, taking the table or the prompt away on every event).
  const notice = filterNotice(events.value, only, n);
  useStickToBottom(list, `${lines.length}|${lines.at(-1)?.v ?? ""}|${notice?.newer ?? ""}`);
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
                  {g.values.map((d, j) =>
                    g.counts?.[j] === undefined ? (
                      <DieFace key={j} value={d} />
                    ) : (
                      <span class="w40-dice__counted" key={j} title={`${d} rolled, counts as ${g.counts[j]}`}>
                        <DieFace value={d} />
                        <span class="w40-dice__count">→{g.counts[j]}</span>
                      </span>
                    ),
                  )}
                </span>
              ))}
            </div>
          )}
        </li>
      ))}
      {notice && (
        <li class="w40-log__filter" data-testid="w40-log-filter" data-newer={notice.newer}>
          <span>{filterNoticeText(notice)}</span>
          <button type="button" class="button w40-log__filter-show" data-testid="w40-log-show-all" onClick={onShowAll}>
            Show all
          </button>
        </li>
      )}
    </ol>
  );
}
