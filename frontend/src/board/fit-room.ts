// The camera that shows the whole table and keeps clear of a panel floating over the board's
// bottom-right corner (the table tools' read-outs): the table goes above the panel or beside it,
// whichever shows it larger, and stays where a plain fit puts it when the panel covers none of it.

import { type Camera, fit } from "../geometry/camera";

/** A box at the viewport's bottom-right corner, in pixels, that the table should not go under. */
export interface Corner {
  w: number;
  h: number;
}

/** Where the table is on screen under `camera`. */
function tableBox(camera: Camera, table: { width: number; depth: number }) {
  return {
    left: camera.offset.x,
    top: camera.offset.y,
    right: camera.offset.x + table.width * camera.scale,
    bottom: camera.offset.y + table.depth * camera.scale,
  };
}

/** The table under `camera` reaches into the corner box. */
export function coversCorner(
  camera: Camera,
  table: { width: number; depth: number },
  viewport: { width: number; height: number },
  corner: Corner,
): boolean {
  const t = tableBox(camera, table);
  return t.right > viewport.width - corner.w && t.bottom > viewport.height - corner.h;
}

/**
 * `fit(table, viewport, margin, bottom)` moved off `corner`: above it (a larger bottom margin) or
 * left of it (a narrower viewport), the one with the larger scale (above on a tie, which keeps the
 * table centred across the board).
 */
export function fitClearOf(
  table: { width: number; depth: number },
  viewport: { width: number; height: number },
  margin: number,
  bottom: number,
  corner: Corner | null,
): Camera {
  const plain = fit(table, viewport, margin, bottom);
  if (corner === null || corner.w <= 0 || corner.h <= 0) return plain;
  if (!coversCorner(plain, table, viewport, corner)) return plain;
  const above = fit(table, viewport, margin, Math.max(bottom, corner.h + margin / 2));
  const beside = fit(table, { width: Math.max(1, viewport.width - corner.w + margin / 2), height: viewport.height }, margin, bottom);
  return beside.scale > above.scale ? beside : above;
}
