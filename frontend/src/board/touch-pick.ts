// A finger is wider than a base drawn small: a tap near a base drawn smaller than a fingertip
// takes it (the nearest such, within a fingertip's radius of its centre); a base drawn larger is
// taken only by a tap on it, and a mouse press takes only the base under it.

import { type Camera, toScreen } from "../geometry/camera";
import { type Point, distance } from "../geometry/vec";
import type { ModelId } from "../protocol/messages";

/** A fingertip's radius on screen, pixels: a base is at least this easy to tap. */
export const TOUCH_RADIUS = 16;

export interface PickableBase {
  id: ModelId;
  /** Position on the table, inches. */
  x: number;
  y: number;
  /** The radius holding its footprint, inches. */
  reach: number;
}

/** The base nearest a screen point among those within `radius` pixels of their centre. */
export function nearestBase(
  at: Point,
  bases: readonly PickableBase[],
  camera: Camera,
  radius: number = TOUCH_RADIUS,
): ModelId | null {
  let best: ModelId | null = null;
  let bestGap = radius;
  for (const b of bases) {
    const gap = distance(at, toScreen(camera, b));
    if (gap <= bestGap && b.reach * camera.scale < radius) {
      best = b.id;
      bestGap = gap;
    }
  }
  return best;
}
