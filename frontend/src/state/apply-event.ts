// The table after one event: a pure fold step, the browser's copy of the server's `evolve`.

import type { GameEvent, ModelInfo, ModelsMovedEvent, TableState } from "../protocol/messages";

export function isModelsMoved(e: GameEvent): e is ModelsMovedEvent {
  return e.type === "models_moved" && Array.isArray((e as ModelsMovedEvent).moves);
}

/** The table after `e`; events this client does not know leave it unchanged. */
export function applyEvent(state: TableState, e: GameEvent): TableState {
  if (!isModelsMoved(e)) return state;
  const moved = new Map(e.moves.map((m) => [m.model, m]));
  const models = state.models.map((model): ModelInfo => {
    const m = moved.get(model.id);
    return m ? { ...model, x: m.x, y: m.y, z: m.z, facing: m.facing } : model;
  });
  return { ...state, models };
}
