// The view onto the table: screen pixel = table inch * scale + offset (y grows downwards on both).

import type { Point } from "./vec";

export interface Camera {
  /** Pixels per inch. */
  scale: number;
  /** Screen position of the table's origin corner, in pixels. */
  offset: Point;
}

export const MIN_SCALE = 2;
export const MAX_SCALE = 200;

export const clampScale = (scale: number): number =>
  Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

export const toScreen = (c: Camera, p: Point): Point => ({
  x: p.x * c.scale + c.offset.x,
  y: p.y * c.scale + c.offset.y,
});

export const toTable = (c: Camera, p: Point): Point => ({
  x: (p.x - c.offset.x) / c.scale,
  y: (p.y - c.offset.y) / c.scale,
});

/**
 * The camera that shows the whole table centred in a viewport, with a margin in pixels; `bottom`
 * is the margin below it (room kept free for what the board draws there, e.g. the scale bar).
 */
export function fit(
  table: { width: number; depth: number },
  viewport: { width: number; height: number },
  margin = 24,
  bottom = margin,
): Camera {
  const w = Math.max(1, viewport.width - 2 * margin);
  const h = Math.max(1, viewport.height - margin - bottom);
  const scale = clampScale(Math.min(w / table.width, h / table.depth));
  return {
    scale,
    offset: {
      x: (viewport.width - table.width * scale) / 2,
      y: margin + (h - table.depth * scale) / 2,
    },
  };
}

/** Zoom by `factor` keeping the table point under the screen point `anchor` where it is. */
export function zoomAt(c: Camera, anchor: Point, factor: number): Camera {
  const scale = clampScale(c.scale * factor);
  const k = scale / c.scale;
  return {
    scale,
    offset: { x: anchor.x - (anchor.x - c.offset.x) * k, y: anchor.y - (anchor.y - c.offset.y) * k },
  };
}

export const pan = (c: Camera, by: Point): Camera => ({
  scale: c.scale,
  offset: { x: c.offset.x + by.x, y: c.offset.y + by.y },
});
