// Why a model cannot be moved, said before anything is sent: a drag, a turn key (Q, E, [ ])
// or a level key (PageUp / PageDown) on a model that is not the viewer's, or by a spectator.
// The codes are the server's for the same refusal (`move/not_your_model`, `intent/spectator`);
// the words name the owner, as the tool panel names models (`modelLabel`).

import type { ModelId } from "../protocol/messages";
import type { TableIndex } from "../state/game-store";
import { modelLabel } from "./model-label";

export interface Refusal {
  code: string;
  message: string;
  detail: Record<string, unknown>;
}

/**
 * The words for trying to move `models`, or null when the viewer may move them all (the press
 * was the viewer's own models: nothing to say). `player`: the viewer's seat, null for a
 * spectator.
 */
export function cannotMoveRefusal(
  index: TableIndex,
  player: string | null,
  models: readonly ModelId[],
): Refusal | null {
  if (models.length === 0) return null;
  if (player === null) {
    return {
      code: "intent/spectator",
      message: "Spectators cannot move models: you can select them and use the tools.",
      detail: {},
    };
  }
  const other = models.find((id) => {
    const unit = index.models.get(id)?.unit;
    const owner = unit === undefined ? undefined : index.units.get(unit)?.player;
    return owner !== undefined && owner !== player;
  });
  if (other === undefined) return null;
  const unit = index.models.get(other)?.unit;
  const owner = unit === undefined ? undefined : index.units.get(unit)?.player;
  const ownerName = owner === undefined ? "another player" : (index.players.get(owner)?.name ?? owner);
  return {
    code: "move/not_your_model",
    message: `${modelLabel(index, other)} is ${ownerName}'s model: you can measure it, not move it.`,
    detail: { model: other },
  };
}
