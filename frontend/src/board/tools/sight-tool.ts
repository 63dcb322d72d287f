// Line of sight: click an observer, then a target. The server's `sight` answer shows as its
// witness — a clear sight line — or as the terrain and models that block, highlighted.

import type { ModelId } from "../../protocol/messages";
import type { CoverAnswer, CoverSource, SightAnswer } from "../../protocol/table-queries";
import { type OverlayScene, type Tone, emptyScene, modelMark, topOf } from "./overlay-scene";
import { formatRuler } from "./ruler-tool";
import { offsetOutline } from "./outline";
import { ServerAnswer } from "./server-answer";
import type { ToolContext } from "./tool-context";
import type { SightReadout } from "./tool-readout";

/** "Visible", "Fully visible" or "Not visible", and the cover, in words. */
export function sightWords(a: SightAnswer): string {
  if (!a.visible) return a.in_arc ? "Not visible" : "Not visible (outside the arc)";
  const seen = a.fully_visible ? "Fully visible" : "Visible";
  const cover = a.cover_from?.why === "heavy" ? HEAVY_ONLY : coverWords(a.cover);
  return cover ? `${seen}, ${cover}` : seen;
}

/**
 * 9th edition: a target touching only `heavy cover` has the benefit of cover (the server's
 * `cover` is true), but heavy cover improves saves against melee attacks alone; a shot gets no
 * save bonus from it, so the words do not say "in cover" (rules-decisions D29).
 */
const HEAVY_ONLY = "heavy cover (against melee only)";

const COVER_WHY: Readonly<Record<string, (name: string) => string>> = {
  within: (name) => `wholly within ${name}`,
  crater: (name) => `wholly within ${name}`,
  obscured: (name) => `not fully visible because of ${name}`,
  touching: (name) => `touching ${name}`,
  on: (name) => `on or in ${name}`,
  // 8th edition: within 1" of a barricade nearer the shooter than the target is (wh40k-8th-faq
  // §2.14 [L105], measured by closest points as the contract says), which a target on the
  // shooter's side of it can also be: so not "behind" (QA s14)
  barricade: (name) => `within 1" of ${name}, which is nearer the shooter`,
  forest: (name) => `in ${name}`,
  between: (name) => `${name} is in the way`,
};

/** Why the target has cover, naming what gives it: "Cover: wholly within Ruined chapel". */
export function coverCauseWords(source: CoverSource | null): string | null {
  if (source === null) return null;
  if (source.why === "heavy") {
    return `Heavy cover, against melee attacks only: touching ${source.name} (no save bonus against shots)`;
  }
  const words = COVER_WHY[source.why];
  return `Cover: ${words ? words(source.name) : source.name}`;
}

/**
 * Where the witness runs, in heights above the table: "Sight line from 1.60\" to 2.95\" high"
 * (observer end first). Says why a model behind a low wall is still seen: the line passes over it.
 */
export function sightLineWords(a: SightAnswer): string | null {
  if (!a.visible || a.segment === null) return null;
  const [p, q] = a.segment;
  return `Sight line from ${heightWords(p.z)} to ${heightWords(q.z)} high`;
}

/** A height in inches to 2 decimals; a height that rounds to 0 is 0.00", never -0.00". */
function heightWords(z: number): string {
  return formatRuler(Math.round(z * 100) === 0 ? 0 : z);
}

export function coverWords(cover: CoverAnswer): string | null {
  if (cover === null || cover === false || cover === "none") return "no cover";
  if (cover === true || cover === "cover") return "in cover";
  return `in ${cover} cover`;
}

export class SightTool {
  private observer: ModelId | null = null;
  private target: ModelId | null = null;
  private readonly seen: ServerAnswer<SightAnswer>;

  constructor(private readonly ctx: ToolContext) {
    this.seen = new ServerAnswer(ctx);
  }

  get active(): boolean {
    return this.observer !== null;
  }

  /**
   * A click on a model (or on empty table: null). The first model is the observer, the next ones
   * targets; shift picks a new observer; the observer again or empty table starts over.
   */
  click(model: ModelId | null, shift = false): void {
    if (model === null || model === this.observer) {
      this.clear();
      return;
    }
    if (this.observer === null || shift) {
      this.seen.reset();
      this.observer = model;
      this.target = null;
      this.ctx.changed(true);
      return;
    }
    this.target = model;
    this.ask();
  }

  clear(): boolean {
    if (this.observer === null) return false;
    this.seen.reset();
    this.observer = this.target = null;
    this.ctx.changed(true);
    return true;
  }

  /** The table changed (anything may now block or clear the view): ask again. */
  refresh(): void {
    if (this.observer === null) return;
    const gone = (id: ModelId | null) => id !== null && this.ctx.place(id) === null;
    if (gone(this.observer) || gone(this.target)) {
      this.clear();
      return;
    }
    if (this.target !== null) this.ask();
  }

  readout(): SightReadout | null {
    if (this.observer === null) return null;
    return {
      observer: this.observer,
      target: this.target,
      answer: this.seen.answer,
      highlighted: this.highlighted(),
      coverMarked: this.coverMarked(),
      error: this.seen.error,
    };
  }

  /** The terrain piece or model the table outlines as giving cover (when it can find it). */
  private coverMarked(): string | null {
    const source = this.seen.answer?.cover_from ?? null;
    if (source === null || !this.seen.answer?.visible) return null;
    const found = this.ctx.terrain(source.id) !== undefined || this.ctx.place(source.id) !== null;
    return found ? source.id : null;
  }

  /** The ids the table highlights as blocking (those it can find). */
  highlighted(): string[] {
    const a = this.seen.answer;
    if (a === null || a.visible) return [];
    return a.blocking.filter((id) => this.ctx.place(id) !== null || this.ctx.terrain(id) !== undefined);
  }

  scene(): OverlayScene {
    const scene = emptyScene();
    const observer = this.observer === null ? null : this.ctx.place(this.observer);
    if (observer === null) return scene;
    scene.shapes.push(modelMark("sight-observer", observer, "observer"));
    const target = this.target === null ? null : this.ctx.place(this.target);
    if (target === null) return scene;
    scene.shapes.push(modelMark("sight-target", target, "target"));
    const a = this.seen.answer;
    if (a === null) return scene;
    if (a.visible && a.segment) {
      const [p, q] = a.segment;
      scene.shapes.push({ key: "sight-line", kind: "line", points: [p, q], tone: "clear" });
      this.markCover(scene);
    } else {
      const centres = [observer.at, target.at];
      scene.shapes.push({ key: "sight-line", kind: "line", points: centres, tone: "sightline" });
      for (const id of this.highlighted()) this.mark(scene, id, `sight-block-${id}`, "blocked", "blocks", false);
    }
    scene.labels.push({
      key: "sight-words",
      at: topOf(offsetOutline(target, 0)),
      text: a.visible ? (a.fully_visible ? "fully visible" : "visible") : "not visible",
      tone: a.visible ? "clear" : "blocked",
    });
    return scene;
  }

  /** Outlines the terrain piece or model that gives the cover, labelled "cover". */
  private markCover(scene: OverlayScene): void {
    const id = this.coverMarked();
    if (id !== null) this.mark(scene, id, `sight-cover-${id}`, "cover", "cover", true);
  }

  /** Outlines a terrain piece or a model in a tone, with a label (on a model only if `labelModel`). */
  private mark(scene: OverlayScene, id: string, key: string, tone: Tone, text: string, labelModel: boolean): void {
    const piece = this.ctx.terrain(id);
    const model = this.ctx.place(id);
    if (piece) {
      const outline = { kind: "polygon" as const, points: piece.polygon.map(([x, y]) => ({ x, y })) };
      scene.shapes.push({ key, kind: "outline", outline, tone });
      scene.labels.push({ key, at: topOf(outline), text, tone });
    } else if (model) {
      scene.shapes.push(modelMark(key, model, tone));
      if (labelModel) scene.labels.push({ key, at: topOf(offsetOutline(model, 0)), text, tone });
    }
  }

  private ask(): void {
    const { observer, target } = this;
    if (observer === null || target === null) return;
    this.seen.ask((queries) => queries.sight(observer, target));
  }
}
