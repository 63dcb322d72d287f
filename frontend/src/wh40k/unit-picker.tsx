// A row of unit buttons to choose which unit acts next. With the state, an attached unit's button
// names its Leader too: "Ashguard Line + Cinderwright Exarch", as the unit list does.

import type { UnitId } from "../protocol/messages";
import type { Namer } from "./names";
import { unitWithLeader } from "./unit-with-leader";
import type { W40State } from "./wire";

interface Props {
  units: readonly UnitId[];
  names: Namer;
  label: string;
  disabled?: boolean;
  onPick(unit: UnitId): void;
  /** To name an attached unit's Leader too (required: a picker that forgot it named the
   * Bodyguard alone, review s16). */
  state: W40State | null;
}

export function UnitPicker({ units, names, label, disabled = false, onPick, state }: Props) {
  if (units.length === 0) return null;
  return (
    <div class="w40-pick" role="group" aria-label={label}>
      <span class="w40-pick__label">{label}</span>
      {units.map((u) => (
        <button type="button" class="button" key={u} data-pick={u} disabled={disabled} onClick={() => onPick(u)}>
          {unitWithLeader(state, names, u)}
        </button>
      ))}
    </div>
  );
}
