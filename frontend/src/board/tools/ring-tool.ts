// Range rings: click a model to draw the line `radius` inches from its base edge (a circle for a
// round base, the offset ellipse of an oval, a rounded outline for a hull). A model has one ring:
// a click on it again removes the ring, or gives it the new radius if the radius was changed.
// The radius is the next ring's only: rings on the table keep theirs until clicked (QA s14: a
// radius typed for the next ring had rewritten the last one).

import type { ModelId } from "../../protocol/messages";
import { type OverlayScene, emptyScene, topOf } from "./overlay-scene";
import { offsetOutline } from "./outline";
import type { ToolContext } from "./tool-context";
import type { RingReadout } from "./tool-readout";

export const DEFAULT_RING_RADIUS = 6;

/** A radius the user typed, or null when it is not a usable one. */
export function parseRadius(text: string): number | null {
  const r = Number(text.trim().replace(",", ".").replace(/["″]$/, ""));
  return Number.isFinite(r) && r > 0 && r <= 200 ? r : null;
}

const ringText = (r: number): string => `${Number(r.toFixed(2))}"`;

export class RingTool {
  private rings: RingReadout[] = [];
  radius = DEFAULT_RING_RADIUS;

  constructor(private readonly ctx: ToolContext) {}

  get active(): boolean {
    return this.rings.length > 0;
  }

  /** Ring the model at the current radius; a click on its ring of that radius takes it away. */
  click(model: ModelId | null): void {
    if (model === null) return;
    const had = this.rings.find((r) => r.model === model);
    if (had && had.radius === this.radius) {
      this.rings = this.rings.filter((r) => r !== had);
    } else {
      const ring = { model, radius: this.radius };
      this.rings = had ? this.rings.map((r) => (r === had ? ring : r)) : [...this.rings, ring];
    }
    this.ctx.changed(true);
  }

  /** The radius of the next ring (and of a ringed model's ring once it is clicked). */
  setRadius(radius: number): void {
    if (radius === this.radius) return;
    this.radius = radius;
    this.ctx.changed(true); // the read-out's radius
  }

  clear(): boolean {
    if (this.rings.length === 0) return false;
    this.rings = [];
    this.ctx.changed(true);
    return true;
  }

  /** Models that left the table lose their rings. */
  refresh(): void {
    const kept = this.rings.filter((r) => this.ctx.place(r.model) !== null);
    if (kept.length === this.rings.length) return;
    this.rings = kept;
    this.ctx.changed(true);
  }

  readout(): readonly RingReadout[] {
    return this.rings;
  }

  scene(): OverlayScene {
    const scene = emptyScene();
    for (const r of this.rings) {
      const placed = this.ctx.place(r.model);
      if (placed === null) continue;
      const key = `ring-${r.model}-${r.radius}`;
      const outline = offsetOutline(placed, r.radius);
      scene.shapes.push({ key, kind: "outline", outline, tone: "ring" });
      scene.labels.push({ key, at: topOf(outline), text: ringText(r.radius), tone: "ring" });
    }
    return scene;
  }
}
