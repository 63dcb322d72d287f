// The table tools as a browser test reads them (window.__vantage.tool, .ruler, .sight, .rings,
// .dragCheck): what the table shows now, flattened from the tools' readout.

import type { ReadonlySignal } from "@preact/signals";
import type { ToolKind, ToolReadout } from "../board/api";
import type { Point } from "../protocol/messages";
import type { CoverSource, MeasureEnd, Point3 } from "../protocol/table-queries";

export interface ToolTestHooks {
  readonly tool: ToolKind;
  /** The ruler; `distance`, `from` and `to` are the server's (null until it answers). */
  readonly ruler: {
    a: MeasureEnd;
    b: MeasureEnd | null;
    distance: number | null;
    from: Point | null;
    to: Point | null;
  } | null;
  readonly rings: readonly { model: string; radius: number }[];
  /** The radius the next ring gets (the panel's Radius box), inches. */
  readonly ringRadius: number;
  readonly sight: {
    observer: string;
    target: string | null;
    answered: boolean;
    visible: boolean | null;
    fully_visible: boolean | null;
    segment: [Point3, Point3] | null;
    blocking: string[];
    /** Drawn highlighted on the table. */
    highlighted: string[];
    cover_from: CoverSource | null;
    /** Outlined on the table as giving the cover (a terrain piece or a model). */
    cover_marked: string | null;
  } | null;
  readonly dragCheck: {
    unit: string;
    /** The drag positions the answer is for. */
    positions: Record<string, Point>;
    answered: boolean;
    coherent: boolean | null;
    breaking: string[];
    engaged_with: string[];
    /** Models of each pair of bases that would overlap (the drop would be refused). */
    overlapping: string[];
    /** Models whose base would reach past the table's edge (the drop would be refused). */
    off_table: string[];
    /** Unit checks asked during this drag. */
    queries: number;
  } | null;
}

export function toolTestHooks(readout: ReadonlySignal<ToolReadout>): ToolTestHooks {
  return {
    get tool() {
      return readout.peek().tool;
    },
    get ruler() {
      const r = readout.peek().ruler;
      if (r === null) return null;
      const a = r.answer;
      return { a: r.a, b: r.b, distance: a?.distance ?? null, from: a?.from ?? null, to: a?.to ?? null };
    },
    get rings() {
      return readout.peek().rings;
    },
    get ringRadius() {
      return readout.peek().ringRadius;
    },
    get sight() {
      const s = readout.peek().sight;
      if (s === null) return null;
      const a = s.answer;
      return {
        observer: s.observer,
        target: s.target,
        answered: a !== null,
        visible: a?.visible ?? null,
        fully_visible: a?.fully_visible ?? null,
        segment: a?.segment ?? null,
        blocking: a?.blocking ?? [],
        highlighted: s.highlighted,
        cover_from: a?.cover_from ?? null,
        cover_marked: s.coverMarked,
      };
    },
    get dragCheck() {
      const d = readout.peek().dragCheck;
      if (d === null) return null;
      const a = d.answer;
      return {
        unit: d.unit,
        positions: d.positions,
        answered: a !== null,
        coherent: a?.coherent ?? null,
        breaking: a?.breaking ?? [],
        engaged_with: a?.engaged_with ?? [],
        overlapping: a?.overlapping ?? [],
        off_table: a?.off_table ?? [],
        queries: d.queries,
      };
    },
  };
}
