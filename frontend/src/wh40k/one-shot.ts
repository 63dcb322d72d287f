// ONE SHOT weapons (wh40k-10th weapon abilities, rules decision R19): each model fires one once
// per battle; the projected unit status lists the spent ones as "model|weapon". Pure.

import type { ModelId } from "../protocol/messages";
import type { UnitStatus } from "./wire";

/** Whether this model has already fired this ONE SHOT weapon (status.spent, R19). */
export const isSpent = (status: UnitStatus, model: ModelId, weapon: string): boolean =>
  (status.spent ?? []).includes(`${model}|${weapon}`);

/** Weapons no model of the unit may fire any more (every carrier has spent it). */
export function spentWeapons(status: UnitStatus): Set<string> {
  const out = new Set<string>();
  for (const w of status.sheet.weapons) {
    const carriers = status.sheet.models.filter(([, p]) => p.weapons.includes(w.name));
    if (carriers.length > 0 && carriers.every(([mid]) => isSpent(status, mid, w.name))) out.add(w.name);
  }
  return out;
}
