// Raising a model onto a ruin's floor or a hill's top at a refereed table (rules decision 28): a
// drag never climbs, so the panel offers the levels under the viewer's selected models and a
// choice is one move naming `z`, each model left where it stands and facing as it does. Pure: the
// server judges (`move/no_floor`, overlap at the new height).

import { levelsAt } from "../geometry/levels";
import type { ModelMove } from "../net/game-session";
import type { ModelId, PlayerId, TableState } from "../protocol/messages";

const EPS = 1e-6;

export interface LevelOffer {
  /** The viewer's own selected models, in table order (the ones a choice may move). */
  models: ModelId[];
  /** The ground (0) and every height some of them could stand at where they are, lowest first. */
  levels: number[];
  /** How many of `models` could stand at each level (the ground: all of them). */
  counts: ReadonlyMap<number, number>;
  /** The height they all stand at; null when they differ. */
  current: number | null;
}

export interface LevelMove {
  /** One move for the models that change height (empty: nothing to send). */
  moves: ModelMove[];
  /** Models with no such level where they stand: left where they are. */
  cannot: ModelId[];
}

const same = (a: number, b: number) => Math.abs(a - b) <= EPS;

/**
 * What the level choice offers for `selected`: null for a spectator, or when none of the viewer's
 * selected models stands over a piece with floors or a top (nor is raised already).
 */
export function levelOffer(
  state: TableState,
  selected: ReadonlySet<ModelId>,
  me: PlayerId | null,
): LevelOffer | null {
  if (me === null || selected.size === 0) return null;
  const mine = new Set(state.units.filter((u) => u.player === me).map((u) => u.id));
  const models = state.models.filter((m) => selected.has(m.id) && mine.has(m.unit));
  const counts = new Map<number, number>([[0, models.length]]);
  let raised = false;
  for (const m of models) {
    if (m.z > EPS) raised = true;
    for (const z of levelsAt(state.terrain, m)) counts.set(z, (counts.get(z) ?? 0) + 1);
  }
  if (models.length === 0 || (counts.size === 1 && !raised)) return null;
  const first = models[0]?.z ?? 0;
  return {
    models: models.map((m) => m.id),
    levels: [...counts.keys()].sort((a, b) => a - b),
    counts,
    current: models.every((m) => same(m.z, first)) ? first : null,
  };
}

/**
 * The move that puts the offer's models at height `z`: x, y and facing as they are, `z` named;
 * models already there are left out, and so (listed in `cannot`) are those with no such level
 * where they stand. The ground is open to every model.
 */
export function levelMove(state: TableState, offer: LevelOffer, z: number): LevelMove {
  const byId = new Map(state.models.map((m) => [m.id, m]));
  const moves: ModelMove[] = [];
  const cannot: ModelId[] = [];
  for (const id of offer.models) {
    const m = byId.get(id);
    if (!m || same(m.z, z)) continue;
    if (z > EPS && !levelsAt(state.terrain, m).some((l) => same(l, z))) {
      cannot.push(id);
      continue;
    }
    moves.push({ model: id, to: { x: m.x, y: m.y, z, facing: m.facing } });
  }
  return { moves, cannot };
}

/**
 * The move one step up (`+1`, PageUp) or down (`-1`, PageDown): each of the offer's models goes
 * to the next surface under it that way from where it stands (the ground is the lowest), so a unit
 * standing on different floors climbs or comes down together; models with none that way stay.
 */
export function stepMove(state: TableState, offer: LevelOffer, dir: 1 | -1): ModelMove[] {
  const byId = new Map(state.models.map((m) => [m.id, m]));
  const moves: ModelMove[] = [];
  for (const id of offer.models) {
    const m = byId.get(id);
    if (!m) continue;
    const under = [0, ...levelsAt(state.terrain, m)].sort((a, b) => a - b);
    const z = dir > 0 ? under.find((l) => l > m.z + EPS) : [...under].reverse().find((l) => l < m.z - EPS);
    if (z !== undefined) moves.push({ model: id, to: { x: m.x, y: m.y, z, facing: m.facing } });
  }
  return moves;
}
