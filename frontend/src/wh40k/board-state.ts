// The table the board draws: the server's, with the planned move or set-up shown where the
// player dropped it (models not on the table yet are added from their datasheets). Pure.

import type { DragMeasure } from "../board/api";
import type { ModelId, ModelInfo, TableState } from "../protocol/messages";
import { type MovePlan, PLACES_ONLY, positions } from "./move-plan";
import type { W40State } from "./wire";

export interface ShownTable {
  state: TableState;
  /** Models drawn at a planned place (dashed). */
  planned: ReadonlySet<ModelId>;
}

/** A model that is not on the table, drawn from its unit's datasheet. */
function offTable(state: W40State, unit: string, id: ModelId): ModelInfo | null {
  const profile = state.game.units[unit]?.sheet.models.find(([mid]) => mid === id)?.[1];
  if (!profile) return null;
  return {
    id,
    unit,
    name: profile.name,
    base: profile.base,
    x: 0,
    y: 0,
    z: 0,
    height: 1.6,
    facing: 0,
    wounds: profile.wounds,
  };
}

export function shownTable(state: W40State, plan: MovePlan | null): ShownTable {
  if (plan === null) return { state, planned: new Set() };
  const at = positions(plan);
  const models = state.models.map((m) => {
    const p = at.get(m.id);
    return p ? { ...m, x: p.x, y: p.y } : m;
  });
  const present = new Set(models.map((m) => m.id));
  const zones = state.game.zones[state.game.units[plan.unit]?.sheet.player ?? ""];
  const facing = zones && Math.min(...zones.map(([, y]) => y)) < 1 ? 90 : 270;
  for (const [id, p] of at) {
    if (present.has(id)) continue;
    const m = offTable(state, plan.unit, id);
    if (m) models.push({ ...m, x: p.x, y: p.y, facing });
  }
  return { state: { ...state, models }, planned: new Set(at.keys()) };
}

/**
 * What the board draws of a drag of the plan's models: for a set-up (deploy, arrive, disembark,
 * Rapid Ingress) nothing, the models have no start to measure from; for a move the start outlines
 * and the dashed line, but not the board's own length: the plan's distance by the farthest model,
 * against the limit and in the warning colour past it (plan-warnings' `distanceTag`), is the
 * one the referee checks. The board's would be the current drag of the grabbed model only, which
 * after a waypoint or for another model is a different number.
 */
export function dragMeasureFor(plan: MovePlan | null): DragMeasure {
  return plan !== null && PLACES_ONLY.has(plan.purpose) ? "off" : "line";
}
