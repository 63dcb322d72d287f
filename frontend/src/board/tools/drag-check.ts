// Live feedback while a unit (or some of its models) is dragged: the engagement range drawn round
// each dragged base at once, and — from the server's `unit_check` for the drag positions, at most
// ten a second and only the newest — the models that break coherency and the enemy models in
// engagement range. The server applies the same rules when the models are dropped.

import type { ModelId, Point, UnitId } from "../../protocol/messages";
import type { CheckedPlace, UnitCheckAnswer } from "../../protocol/table-queries";
import type { DragRules } from "./drag-rules";
import { LatestOnly } from "./latest-only";
import { type OverlayScene, emptyScene, modelMark } from "./overlay-scene";
import type { ToolContext } from "./tool-context";
import type { DragCheckReadout } from "./tool-readout";

/** Unit checks a second while dragging, at most. */
export const DRAG_CHECK_HZ = 10;

interface Question {
  unit: UnitId;
  positions: ReadonlyMap<ModelId, CheckedPlace>;
}

interface Session {
  unit: UnitId;
  /** The dragged models of that unit. */
  models: readonly ModelId[];
  /** Every model of the unit where the table showed it when the drag began. */
  shown: ReadonlyMap<ModelId, Point>;
  answer: UnitCheckAnswer | null;
  answeredFor: Record<ModelId, Point>;
  /** Requests sent before this drag began (the runner counts them all). */
  sentBefore: number;
}

export class DragCheck {
  private session: Session | null = null;
  private readonly runner: LatestOnly<Question, UnitCheckAnswer> | null;
  /** The system's rules for a drag; null: drags are not checked. */
  rules: DragRules | null = null;

  constructor(private readonly ctx: ToolContext) {
    const queries = ctx.queries;
    this.runner =
      queries === null
        ? null
        : new LatestOnly({
            run: (q) => queries.unitCheck(q.unit, q.positions),
            answered: (answer, q) => this.answered(answer, q),
            clock: ctx.clock,
            intervalMs: 1000 / DRAG_CHECK_HZ,
          });
  }

  start(unit: UnitId, models: readonly ModelId[], shown: ReadonlyMap<ModelId, Point> = new Map()): void {
    this.stop();
    if (this.rules === null) return;
    this.session = {
      unit,
      models,
      shown,
      answer: null,
      answeredFor: {},
      sentBefore: this.runner?.sent ?? 0,
    };
  }

  /** The dragged models are drawn at these places now; the question gives the whole unit (the
   * others where they were shown), so a planned move's earlier drops count as the referee's will. */
  update(places: ReadonlyMap<ModelId, CheckedPlace>): void {
    const s = this.session;
    if (s === null) return;
    const positions = new Map<ModelId, CheckedPlace>(s.shown);
    for (const id of s.models) {
      const p = places.get(id);
      if (p) positions.set(id, p.facing === undefined ? { x: p.x, y: p.y } : { x: p.x, y: p.y, facing: p.facing });
    }
    this.runner?.push({ unit: s.unit, positions });
  }

  stop(): void {
    this.runner?.cancel();
    if (this.session === null) return;
    this.session = null;
    this.ctx.changed(true);
  }

  readout(): DragCheckReadout | null {
    const s = this.session;
    if (s === null || this.rules === null) return null;
    return {
      unit: s.unit,
      positions: s.answeredFor,
      answer: s.answer,
      queries: (this.runner?.sent ?? 0) - s.sentBefore,
      rules: this.rules,
    };
  }

  scene(): OverlayScene {
    const scene = emptyScene();
    const s = this.session;
    if (s === null) return scene;
    const range = this.rules?.engagementRange ?? null;
    if (range !== null) {
      for (const id of s.models) {
        const placed = this.ctx.place(id);
        if (placed) scene.shapes.push(modelMark(`halo-${id}`, placed, "halo", range));
      }
    }
    const a = s.answer;
    if (a === null) return scene;
    for (const [ids, tone] of [
      [a.breaking, "breaking"],
      [a.engaged_with, "engaged"],
      [a.overlapping, "breaking"],
      [a.off_table, "breaking"],
    ] as const) {
      for (const id of ids) {
        const placed = this.ctx.place(id);
        if (placed) scene.shapes.push(modelMark(`${tone}-${id}`, placed, tone));
      }
    }
    return scene;
  }

  private answered(answer: UnitCheckAnswer, q: Question): void {
    const s = this.session;
    if (s === null || s.unit !== q.unit) return;
    s.answer = answer;
    s.answeredFor = Object.fromEntries(q.positions);
    this.ctx.changed(true);
  }
}
