// An event in words for the log: `Player 1 moved Alpha Squad (5 models) 4.2"`, `turned` for
// models turned where they stand, `put ... 3" up` for models raised or brought down where they
// stand (the table's level choice, rules decision 28).

import { formatInches } from "../geometry/scale-bar";
import type { GameEvent, TableState } from "../protocol/messages";
import { levelLabel } from "../geometry/levels";
import { isModelsMoved } from "./apply-event";

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Describe `e` as seen against the table *before* it (names do not change with moves). */
export function describeEvent(state: TableState | null, e: GameEvent | undefined): string {
  if (e === undefined) return "hidden event";
  if (!isModelsMoved(e)) return e.type.replaceAll("_", " ");
  const unitOf = new Map(state?.models.map((m) => [m.id, m.unit]) ?? []);
  const unitName = new Map(state?.units.map((u) => [u.id, u.name]) ?? []);
  const counts = new Map<string, number>();
  for (const move of e.moves) {
    const unit = unitOf.get(move.model) ?? move.model;
    counts.set(unit, (counts.get(unit) ?? 0) + 1);
  }
  const what = [...counts]
    .map(([unit, n]) => `${unitName.get(unit) ?? unit} (${plural(n, "model")})`)
    .join(", ");
  const farthest = e.moves.reduce((d, m) => Math.max(d, m.distance), 0);
  const who = state?.players.find((p) => p.id === e.player)?.name || e.player;
  if (farthest === 0) {
    // models raised or brought down where they stand (rules decision 28)
    const zBefore = new Map(state?.models.map((m) => [m.id, m.z]) ?? []);
    const climbed = e.moves.filter((m) => Math.abs(m.z - (zBefore.get(m.model) ?? m.z)) > 1e-6);
    const heights = new Set(climbed.map((m) => m.z));
    const [z] = heights;
    if (z !== undefined) {
      if (heights.size > 1) return `${who} moved ${what} up or down`;
      return `${who} put ${what} ${z <= 1e-6 ? "on the ground" : levelLabel(z)}`;
    }
    // a move that only changed facings (rules decision 27): no distance to read
    return `${who} turned ${what}`;
  }
  return `${who} moved ${what} ${formatInches(farthest)}`;
}
