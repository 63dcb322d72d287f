// Dice faces: where the pips of a D6 go (on a 3×3 grid), for drawing any die the log shows.

/** Grid cells (0..8, row by row) holding a pip for a face of 1-6; other values have none. */
export function pips(face: number): number[] {
  switch (face) {
    case 1:
      return [4];
    case 2:
      return [2, 6];
    case 3:
      return [2, 4, 6];
    case 4:
      return [0, 2, 6, 8];
    case 5:
      return [0, 2, 4, 6, 8];
    case 6:
      return [0, 2, 3, 5, 6, 8];
    default:
      return [];
  }
}

/** A readable tone for a face: the extremes stand out. */
export const faceTone = (face: number): "crit" | "fail" | "plain" =>
  face === 6 ? "crit" : face === 1 ? "fail" : "plain";
