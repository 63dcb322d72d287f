// How the tool panel names a model, as the server's refusals do (`engine/table.model_label`): its
// own name, else its unit's, with the number its id ends in, and its unit when the model has a
// name of its own ("Iron Warden Squad #1", "Sergeant Vos #2 (Iron Warden Squad)").

import type { ModelId } from "../protocol/messages";
import type { TableIndex } from "../state/game-store";

export function modelLabel(index: TableIndex, id: ModelId): string {
  const m = index.models.get(id);
  if (!m) return id;
  const unitName = index.units.get(m.unit)?.name ?? "";
  const name = m.name || unitName;
  if (!name) return id;
  const number = /(\d+)$/.exec(id);
  const label = number ? `${name} #${number[1]}` : name;
  return m.name && unitName && m.name !== unitName ? `${label} (${unitName})` : label;
}
