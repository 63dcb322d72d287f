// Turning models where they stand (rules decision 27): the angle a handle was dragged through,
// the keys that turn by a step, and each model's new facing. A unit turns each model about its
// own centre, as players turn models on a table (a formation is not wheeled about a pivot).
// Pure: facings are degrees, 0 = +x, 90 = +y (clockwise on the screen, whose y points down).

import type { Point } from "../geometry/vec";
import type { ModelId } from "../protocol/messages";

/** One press of a turn key; with Shift, the fine step. */
export const TURN_STEP = 15;
export const FINE_TURN_STEP = 5;

/** A facing in [0, 360), rid of float noise. */
export function normalizeFacing(degrees: number): number {
  const d = ((degrees % 360) + 360) % 360;
  const r = Math.round(d * 1e6) / 1e6;
  return r >= 360 ? 0 : r;
}

/** The signed angle (degrees, in (-180, 180]) the pointer went through about `centre`. */
export function sweptAngle(centre: Point, from: Point, to: Point): number {
  const a = Math.atan2(from.y - centre.y, from.x - centre.x);
  const b = Math.atan2(to.y - centre.y, to.x - centre.x);
  const d = ((((b - a) * 180) / Math.PI) % 360 + 540) % 360 - 180;
  return d === -180 ? 180 : d;
}

/** The turn a key asks for (degrees; negative: anticlockwise on the screen), or null. Q and [
 * turn left, E and ] turn right, by 15° (5° with Shift). */
export function keyTurn(code: string, shift: boolean): number | null {
  const step = shift ? FINE_TURN_STEP : TURN_STEP;
  if (code === "KeyQ" || code === "BracketLeft") return -step;
  if (code === "KeyE" || code === "BracketRight") return step;
  return null;
}

export interface Facing {
  x: number;
  y: number;
  facing: number;
}

/** Each model turned by `delta` degrees about its own centre (position unchanged). A drag's
 * angle is whole degrees: `delta` is rounded. */
export function turnedBy(
  starts: ReadonlyMap<ModelId, Facing>,
  delta: number,
): Map<ModelId, Facing> {
  const d = Math.round(delta);
  return new Map(
    [...starts].map(([id, s]) => [id, { x: s.x, y: s.y, facing: normalizeFacing(s.facing + d) }]),
  );
}

/** Whether a turn changes anything worth sending (a whole degree at least). */
export const turnsAtAll = (delta: number): boolean => Math.round(delta) % 360 !== 0;
