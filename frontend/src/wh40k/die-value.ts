// What the dice of a random characteristic come to (wh40k-10th §1 "D3": a D6 halved, rounding
// up; a constant added after): the re-roll offer shows the raw dice the server rolled, so a D3
// damage roll of 4 reads "4 → 2".

const EXPR = /^(\d*)D([36])([+-]\d+)?$/i;

/** The value of `dice` ("4" or "2+5") under `expr` ("D3", "2D3", "D6+1"), or null when the dice
 * already read as the value (plain D6 sums) or the expression is not a dice expression. */
export function diceValue(expr: string | undefined, dice: string): number | null {
  const m = expr === undefined ? null : EXPR.exec(expr.replaceAll(" ", ""));
  if (!m) return null;
  const faces = m[2] === "3" ? 3 : 6;
  const plus = m[3] ? Number(m[3]) : 0;
  if (faces === 6 && plus === 0) return null;
  const rolled = dice.split("+").map(Number);
  if (rolled.some((d) => !Number.isInteger(d) || d < 1 || d > 6)) return null;
  return rolled.reduce((sum, d) => sum + (faces === 3 ? Math.ceil(d / 2) : d), 0) + plus;
}
