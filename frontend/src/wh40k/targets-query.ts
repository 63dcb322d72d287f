// Reading the answers of the `targets` and `charge_targets` queries (docs/wh40k10e.md). Pure.

import { isObject } from "../protocol/read";

/** `{"kind": "targets"}` → weapon name → the enemy units it may target. */
export function readTargets(answer: unknown): Record<string, string[]> {
  if (!isObject(answer)) return {};
  const out: Record<string, string[]> = {};
  for (const [weapon, units] of Object.entries(answer)) {
    if (Array.isArray(units)) out[weapon] = units.filter((u): u is string => typeof u === "string");
  }
  return out;
}

/** `{"kind": "charge_targets"}` → the enemy units within 12". */
export const readUnitList = (answer: unknown): string[] =>
  Array.isArray(answer) ? answer.filter((u): u is string => typeof u === "string") : [];
