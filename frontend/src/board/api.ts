// The board's public face: a framework-free renderer driven by plain data (chessground style).
// Nothing outside board/konva/ knows which canvas library draws the table.

import type { Point } from "../geometry/vec";
import type { ModelId, PlayerId, TableState, UnitId } from "../protocol/messages";
import type { DragMeasure } from "./drag-measure";
import type { DragRules } from "./tools/drag-rules";
import type { ToolKind, ToolReadout } from "./tools/tool-readout";

export type { DragMeasure } from "./drag-measure";
export type { ToolKind, ToolReadout } from "./tools/tool-readout";

export interface BoardView {
  /** The table as it should be drawn (pending local moves already applied). */
  state: TableState;
  /** Models whose position is a local move the server has not confirmed yet. */
  pending: ReadonlySet<ModelId>;
  /** The seat whose models this viewer may drag; null for a spectator. */
  mover: PlayerId | null;
  /** When given, only these units' models may be dragged (a move being planned). */
  movable?: ReadonlySet<UnitId>;
  /** How a drag is checked (unit check, engagement range drawn); omitted or null: not at all. */
  dragRules?: DragRules | null;
  /**
   * What the board draws of a drag itself, besides the dragged bases (omitted: "length"):
   * "length" the start outlines, a dashed line from the grabbed base's start and its length by
   * the pointer; "line" the outlines and the line, no length, for a page that shows the distance
   * that counts itself (a planned move's, against its limit: the board's length is the current
   * drag's only); "off" nothing, for models being set up (they have no start to measure from).
   */
  dragMeasure?: DragMeasure;
  /** Units whose names the table shows first (the unit being worked with), like the selection's. */
  focus?: ReadonlySet<UnitId>;
  /** What each objective marker's label says, by objective id (omitted: the id). */
  objectiveLabels?: ReadonlyMap<string, string>;
  /** Areas the page draws over the table (unit badges), in inches: names keep off them if they can. */
  marks?: readonly { x: number; y: number; w: number; h: number }[];
  /** Words the page writes over the table (a deployment zone's name): no name goes under them. */
  captions?: readonly Caption[];
  /**
   * The selected models of `mover` may be turned (a handle by the selection, Q/E and [ ] keys);
   * a turn is one `moveModels` request giving each model its new `facing` where it stands.
   */
  turnable?: boolean;
  /** While models are turned, draw each one's 180° sight half-plane (Deathmatch's sight arc). */
  facingArc?: boolean;
  /**
   * Show a raised model's height by its base (a small "▲5.5\"" badge), previewing where a drag
   * would leave it (rules decision 28); omitted: not shown (the 10th edition page draws its own).
   */
  heights?: boolean;
}

/**
 * Words the page writes over the table, centred on (x, y) in inches, in a font `px` pixels high
 * on screen, or `minInches` of the table when that is more (zoomed in). The page draws them above
 * the board's names, so the board keeps every name out from under them (an objective's name moves
 * aside rather than be hidden by a zone's).
 */
export interface Caption {
  x: number;
  y: number;
  text: string;
  px: number;
  minInches?: number;
}

/** Where a drop or a turn puts a model: `facing` (degrees) only when it was turned. */
export type Placement = Point & { facing?: number };

export interface ModelMoveRequest {
  model: ModelId;
  to: Placement;
}

export interface BoardCallbacks {
  /** The player dropped dragged models: one request for all of them (a unit keeps formation). */
  moveModels(moves: ModelMoveRequest[]): void;
  /** While models are dragged: where they would be dropped now; null once the drag ends or is
   * cancelled (before `moveModels` for a drop). */
  dragging?(moves: ModelMoveRequest[] | null): void;
  selectionChanged(selected: ReadonlySet<ModelId>): void;
  /** What the table tools show changed (a measurement, a sight answer, a drag check). */
  toolReadout?(readout: ToolReadout): void;
  /**
   * The viewer tried to move models it may not move (a spectator, or another player's models):
   * a drag on such a base (which pans instead) or a turn key with only such models selected.
   * The page says why in words; nothing is sent.
   */
  cannotMove?(models: readonly ModelId[]): void;
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
  /** The name shown in the tooltip (hovered, or tapped on a touch screen), if any. */
  tooltipText(): string | null;
  /** Keys of the names that had no room on the table (they show as a tooltip). */
  hiddenLabels(): string[];
  /** Move (the default: select and drag), Ruler, Range ring or Line of sight. */
  setTool(tool: ToolKind): void;
  /** The radius, in inches from the base edge, of the next range ring. */
  setRingRadius(inches: number): void;
  /**
   * A panel floats over the board's bottom-right corner at this client rectangle (null: none):
   * a fitted table keeps clear of it, unless it shows only for a while (`lasting` false: a drag
   * check, when the table must stay under the pointer). The scale bar keeps above it either way.
   */
  keepClearOf(rect: { left: number; top: number; right: number; bottom: number } | null, lasting?: boolean): void;
  /** Take a tool's marks off the table (omitted: every tool's). */
  clearMarks(tool?: ToolKind): void;
  /**
   * Escape: cancel a drag, else clear the current tool's marks, else the selection, else every
   * mark. False when there was nothing to cancel.
   */
  cancel(): boolean;
  /** Put back a key move or key turn not sent yet (Undo pressed while the keys still gather):
   * true when there was one. */
  dropKeyMove(): boolean;
  /** True while the player drags models or turns one by its handle: other moves wait. */
  moving(): boolean;
  destroy(): void;
}
