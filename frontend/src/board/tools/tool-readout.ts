// What the table tools show, as plain data: the panel puts it in words and the browser tests read
// it (window.__vantage). Numbers are the server's answers; the browser's own previews stay on the
// canvas.

import type { DragRules } from "./drag-rules";
import type { ModelId, Point, UnitId } from "../../protocol/messages";
import { DEFAULT_RING_RADIUS } from "./ring-tool";
import type {
  MeasureAnswer,
  MeasureEnd,
  SightAnswer,
  UnitCheckAnswer,
} from "../../protocol/table-queries";

/** Move (the default), Ruler, Range ring, Line of sight. */
export type ToolKind = "move" | "ruler" | "ring" | "sight";

export const TOOL_KINDS: readonly ToolKind[] = ["move", "ruler", "ring", "sight"];

export interface RulerReadout {
  a: MeasureEnd;
  /** Null while the second end is being chosen. */
  b: MeasureEnd | null;
  /** The server's distance and closest points; null until it answers. */
  answer: MeasureAnswer | null;
  error: string | null;
}

export interface RingReadout {
  model: ModelId;
  /** Inches from the base edge. */
  radius: number;
}

export interface SightReadout {
  observer: ModelId;
  /** Null while the target is being chosen. */
  target: ModelId | null;
  answer: SightAnswer | null;
  /** The blocking terrain and models highlighted on the table (those it could find). */
  highlighted: string[];
  /** The terrain piece or model outlined as giving the cover (when the table has it). */
  coverMarked: string | null;
  error: string | null;
}

export interface DragCheckReadout {
  unit: UnitId;
  /** The dragged positions the answer is for (empty until the first answer). */
  positions: Record<ModelId, Point>;
  answer: UnitCheckAnswer | null;
  /** How many unit checks this drag has asked so far. */
  queries: number;
  /** What the system checks (coherency or not; engagement range or control zones). */
  rules: DragRules;
}

export interface ToolReadout {
  tool: ToolKind;
  /** The radius the next range ring gets, inches. */
  ringRadius: number;
  ruler: RulerReadout | null;
  rings: readonly RingReadout[];
  sight: SightReadout | null;
  dragCheck: DragCheckReadout | null;
}

/** Nothing measured, looked at or dragged: what the tools show at first. */
export const emptyReadout = (): ToolReadout => ({
  tool: "move",
  ringRadius: DEFAULT_RING_RADIUS,
  ruler: null,
  rings: [],
  sight: null,
  dragCheck: null,
});
