// The board's public face: a framework-free renderer driven by plain data (chessground style).
// Nothing outside board/konva/ knows which canvas library draws the table.

import type { Point } from "../geometry/vec";
import type { ModelId, PlayerId, TableState } from "../protocol/messages";

export interface BoardView {
  /** The table as it should be drawn (pending local moves already applied). */
  state: TableState;
  /** Models whose position is a local move the server has not confirmed yet. */
  pending: ReadonlySet<ModelId>;
  /** The seat whose models this viewer may drag; null for a spectator. */
  mover: PlayerId | null;
}

export interface ModelMoveRequest {
  model: ModelId;
  to: Point;
}

export interface BoardCallbacks {
  /** The player dropped dragged models: one request for all of them (a unit keeps formation). */
  moveModels(moves: ModelMoveRequest[]): void;
  selectionChanged(selected: ReadonlySet<ModelId>): void;
}

/** "model": a click selects one model; "unit": a click selects the model's whole unit. */
export type SelectMode = "model" | "unit";

export interface BoardRenderer {
  setView(view: BoardView): void;
  select(models: Iterable<ModelId>): void;
  setSelectMode(mode: SelectMode): void;
  /** Show the whole table. */
  fit(): void;
  /** Zoom about the centre of the viewport. */
  zoom(factor: number): void;
  /** Viewport (client) pixel coordinates of a table point, in inches. */
  tableToClient(p: Point): Point;
  destroy(): void;
}
