// The ruler: from a base edge (or a point) to another. Click, click — or press and drag. While the
// second end follows the pointer the browser previews the gap; once it is placed the server's
// `measure` answer (its number and closest points) replaces the preview.

import { formatInches } from "../../geometry/scale-bar";
import { type Point, midpoint } from "../../geometry/vec";
import type { MeasureAnswer, MeasureEnd } from "../../protocol/table-queries";
import { type Gap, closestPoints } from "./closest-points";
import { type OverlayScene, emptyScene, modelMark } from "./overlay-scene";
import { offsetOutline, outlinePolygon } from "./outline";
import { ServerAnswer } from "./server-answer";
import type { ToolContext } from "./tool-context";
import type { RulerReadout } from "./tool-readout";

/** The ruler's number: two decimals, so that 5.98" and 6.00" differ. */
export const formatRuler = (inches: number): string => `${inches.toFixed(2)}"`;

const sameEnd = (a: MeasureEnd, b: MeasureEnd): boolean =>
  typeof a === "string" || typeof b === "string" ? a === b : a.x === b.x && a.y === b.y;

export class RulerTool {
  private a: MeasureEnd | null = null;
  private b: MeasureEnd | null = null;
  /** The pointer's end while the second end is being chosen. */
  private aim: MeasureEnd | null = null;
  private readonly measured: ServerAnswer<MeasureAnswer>;
  /** Where the measured models stood when last asked ("" for points only). */
  private askedFor = "";

  constructor(private readonly ctx: ToolContext) {
    this.measured = new ServerAnswer(ctx);
  }

  get aiming(): boolean {
    return this.a !== null && this.b === null;
  }

  get active(): boolean {
    return this.a !== null;
  }

  /** A click: the first end, or (while aiming) the second. */
  click(end: MeasureEnd): void {
    if (this.aiming) this.finish(end);
    else this.begin(end);
  }

  begin(end: MeasureEnd): void {
    this.measured.reset();
    this.a = end;
    this.b = null;
    this.aim = null;
    this.ctx.changed(true);
  }

  /** The pointer moved while aiming: preview the gap to it (drawing only). */
  aimAt(end: MeasureEnd): void {
    if (!this.aiming) return;
    this.aim = end;
    this.ctx.changed(false);
  }

  finish(end: MeasureEnd): void {
    if (!this.aiming || this.a === null) return;
    if (sameEnd(this.a, end) && typeof end === "string") return; // a base to itself: keep aiming
    this.b = end;
    this.aim = null;
    this.ask();
  }

  clear(): boolean {
    if (this.a === null) return false;
    this.measured.reset();
    this.a = this.b = this.aim = null;
    this.ctx.changed(true);
    return true;
  }

  /** The table changed: measure again if a measured model moved (or went away). */
  refresh(): void {
    const { a, b } = this;
    if (a === null) return;
    if (!this.exists(a) || (b !== null && !this.exists(b))) {
      this.clear();
      return;
    }
    if (b !== null && this.where() !== this.askedFor) this.ask();
  }

  readout(): RulerReadout | null {
    if (this.a === null) return null;
    const { answer, error } = this.measured;
    return { a: this.a, b: this.b, answer, error };
  }

  scene(): OverlayScene {
    const scene = emptyScene();
    const { a } = this;
    if (a === null) return scene;
    if (this.aiming) {
      // Which bases the ruler holds while its second end is being chosen.
      for (const [i, end] of [a, this.aim].entries()) {
        const placed = typeof end === "string" ? this.ctx.place(end) : null;
        if (placed) scene.shapes.push(modelMark(`ruler-end-${i}`, placed, "preview"));
      }
    }
    const other = this.b ?? this.aim;
    if (other === null) return scene;
    // The server's answer, unless a measured model is being dragged: then the live estimate.
    const answer = this.measured.answer;
    if (answer !== null && this.where() === this.askedFor) {
      const { from, to, distance } = answer;
      drawRuler(scene, from, to, "ruler", formatRuler(distance));
      return scene;
    }
    const gap = this.preview(a, other);
    if (gap) drawRuler(scene, gap.from, gap.to, "preview", `≈ ${formatInches(gap.distance)}`);
    return scene;
  }

  private ask(): void {
    const { a, b } = this;
    if (a === null || b === null) return;
    this.askedFor = this.where();
    this.measured.ask((queries) => queries.measure(a, b));
  }

  private exists(end: MeasureEnd): boolean {
    return typeof end !== "string" || this.ctx.place(end) !== null;
  }

  private where(): string {
    return [this.a, this.b]
      .map((end) => {
        const p = typeof end === "string" ? this.ctx.place(end) : null;
        return p ? `${p.at.x},${p.at.y},${p.facing}` : "";
      })
      .join("|");
  }

  private polygon(end: MeasureEnd): Point[] | null {
    if (typeof end !== "string") return [end];
    const placed = this.ctx.place(end);
    return placed ? outlinePolygon(offsetOutline(placed, 0)) : null;
  }

  private preview(a: MeasureEnd, b: MeasureEnd): Gap | null {
    const pa = this.polygon(a);
    const pb = this.polygon(b);
    return pa && pb ? closestPoints(pa, pb) : null;
  }
}

function drawRuler(
  scene: OverlayScene,
  from: Point,
  to: Point,
  tone: "ruler" | "preview",
  text: string,
): void {
  scene.shapes.push({ key: "ruler-line", kind: "line", points: [from, to], tone });
  for (const [i, p] of [from, to].entries()) {
    scene.shapes.push({ key: `ruler-dot-${i}`, kind: "dot", at: p, tone });
  }
  scene.labels.push({ key: "ruler-label", at: midpoint(from, to), text, tone });
}
