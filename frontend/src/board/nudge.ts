// Moving the selected models with the arrow keys (keyboard audit s16 E #1: a model could only be
// moved by dragging). A press moves them by a step in the table's own directions; presses in a
// row make one move, as key turns do. Pure.

import type { Point } from "../geometry/vec";

/** One press of an arrow key, in inches; with Shift, the fine step. */
export const NUDGE_STEP = 0.5;
export const FINE_NUDGE_STEP = 0.1;

/** The step an arrow key asks for (the table's y grows downwards on the screen), or null. */
export function keyNudge(code: string, shift: boolean): Point | null {
  const s = shift ? FINE_NUDGE_STEP : NUDGE_STEP;
  if (code === "ArrowLeft") return { x: -s, y: 0 };
  if (code === "ArrowRight") return { x: s, y: 0 };
  if (code === "ArrowUp") return { x: 0, y: -s };
  if (code === "ArrowDown") return { x: 0, y: s };
  return null;
}
