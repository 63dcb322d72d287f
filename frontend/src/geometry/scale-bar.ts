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
