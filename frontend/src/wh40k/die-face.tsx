// One D6 drawn as a die face (pips), its value also in the title and for screen readers.

import { faceTone, pips } from "./dice";

const CELL = [5, 12, 19];

export function DieFace({ value }: { value: number }) {
  const cells = pips(value);
  return (
    <svg class={`w40-die w40-die--${faceTone(value)}`} viewBox="0 0 24 24" role="img" aria-label={`${value}`} data-die={value}>
      <title>{value}</title>
      <rect x="1" y="1" width="22" height="22" rx="5" />
      {cells.length === 0 ? (
        <text x="12" y="16" text-anchor="middle">
          {value}
        </text>
      ) : (
        cells.map((c) => <circle key={c} cx={CELL[c % 3]} cy={CELL[Math.floor(c / 3)]} r="2.3" />)
      )}
    </svg>
  );
}
