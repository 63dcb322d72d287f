// How the tool panel names a model: its own name, else its unit's, with the id that tells
// models of one unit apart ("Iron Warden Squad (w1)").

import type { ModelId } from "../protocol/messages";
import type { TableIndex } from "../state/game-store";

export function modelLabel(index: TableIndex, id: ModelId): string {
  const m = index.models.get(id);
  const name = m ? m.name || index.units.get(m.unit)?.name : undefined;
  return name ? `${name} (${id})` : id;
}
