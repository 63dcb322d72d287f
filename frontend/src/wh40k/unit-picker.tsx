// A row of unit buttons to choose which unit acts next.

import type { UnitId } from "../protocol/messages";
import type { Namer } from "./names";

interface Props {
  units: readonly UnitId[];
  names: Namer;
  label: string;
  disabled?: boolean;
  onPick(unit: UnitId): void;
}

export function UnitPicker({ units, names, label, disabled = false, onPick }: Props) {
  if (units.length === 0) return null;
  return (
    <div class="w40-pick" role="group" aria-label={label}>
      <span class="w40-pick__label">{label}</span>
      {units.map((u) => (
        <button type="button" class="button" key={u} data-pick={u} disabled={disabled} onClick={() => onPick(u)}>
          {names.unit(u)}
        </button>
      ))}
    </div>
  );
}
