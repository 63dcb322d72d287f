// The length of a scale bar: a round number of inches close to a target length on screen.

const STEPS = [0.5, 1, 2, 3, 6, 12, 24, 36] as const;

export function scaleBarInches(pixelsPerInch: number, targetPixels = 120): number {
  let best: number = STEPS[0];
  for (const step of STEPS) {
    if (step * pixelsPerInch <= targetPixels * 1.25) best = step;
  }
  return best;
}

/** Inches with one decimal and the inch mark, e.g. 4.2". */
export const formatInches = (inches: number): string => `${inches.toFixed(1)}"`;

/** A box on screen, in pixels from the board's top-left corner. */
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const SCALE_BAR_HEIGHT = 36;
export const SCALE_BAR_FROM_BOTTOM = 44;

/**
 * Where the scale bar stands: at the board's bottom-left; where a panel covering the bottom-right
 * corner (`panel`: its width and height) would meet it, as a phone's panel spanning the width
 * does, just above the panel, unless that puts it over the table (`table`: the table's box on
 * screen) and the board's top-left is clear of the table: there it stands instead (a phone's
 * fitted table leaves room above it, none between it and the panel).
 */
export function scaleBarBox(
  barPixels: number,
  viewport: { width: number; height: number },
  panel: { w: number; h: number } | null,
  table: Box | null = null,
): Box {
  const x = 12;
  const w = Math.max(barPixels, 60) + 20;
  const low = viewport.height - SCALE_BAR_FROM_BOTTOM;
  const meets = panel !== null && viewport.width - panel.w < x + w;
  if (!meets) return { x, y: low, w, h: SCALE_BAR_HEIGHT };
  const lifted = { x, y: Math.max(8, Math.min(low, viewport.height - panel.h - SCALE_BAR_HEIGHT - 8)), w, h: SCALE_BAR_HEIGHT };
  const top = { x, y: 8, w, h: SCALE_BAR_HEIGHT };
  if (table !== null && overlaps(lifted, table) && !overlaps(top, table)) return top;
  return lifted;
}

const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
