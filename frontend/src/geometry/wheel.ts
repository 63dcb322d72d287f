// What a wheel event means on the table: zoom (mouse wheel, trackpad pinch) or pan (two fingers).

export interface WheelInput {
  deltaX: number;
  deltaY: number;
  deltaMode: number;
  ctrlKey: boolean;
}

export type WheelAction =
  | { kind: "zoom"; factor: number }
  | { kind: "pan"; dx: number; dy: number };

const LINE_PIXELS = 16;

/**
 * Browsers report a trackpad pinch as a wheel event with ctrlKey. A mouse wheel sends whole
 * notches (line mode, or pixel deltas of 50+ along y only); a trackpad's two-finger scroll sends
 * small or diagonal pixel deltas, which pan the table as a scroll would.
 */
export function classifyWheel(e: WheelInput): WheelAction {
  const dy = e.deltaMode === 1 ? e.deltaY * LINE_PIXELS : e.deltaY;
  if (e.ctrlKey) return { kind: "zoom", factor: Math.exp(-dy * 0.01) };
  const notch = e.deltaMode === 1 || (e.deltaX === 0 && Math.abs(e.deltaY) >= 50);
  if (notch) return { kind: "zoom", factor: Math.exp(-Math.sign(dy) * Math.min(Math.abs(dy), 120) * 0.0015) };
  return { kind: "pan", dx: -e.deltaX, dy: -e.deltaY };
}
