// What the tools draw over the table, as plain data in table inches: outlines, lines and labels,
// each with a key (so the renderer can reuse its shapes frame after frame) and a tone (its style).

import type { Point } from "../../geometry/vec";
import { type Outline, type Placed, offsetOutline } from "./outline";

export type Tone =
  | "ruler"
  | "preview"
  | "ring"
  | "clear"
  | "blocked"
  | "cover"
  | "sightline"
  | "observer"
  | "target"
  | "halo"
  | "breaking"
  | "engaged";

export type OverlayShape =
  | { key: string; kind: "outline"; outline: Outline; tone: Tone }
  | { key: string; kind: "line"; points: readonly Point[]; tone: Tone }
  /** A mark of a fixed size on screen (a ruler's end). */
  | { key: string; kind: "dot"; at: Point; tone: Tone };

export interface OverlayLabel {
  key: string;
  /** Table point the label sits above. */
  at: Point;
  text: string;
  tone: Tone;
}

export interface OverlayScene {
  shapes: OverlayShape[];
  labels: OverlayLabel[];
}

export const emptyScene = (): OverlayScene => ({ shapes: [], labels: [] });

/** Add `part` to `scene` (in place) and return the scene. */
export function merge(scene: OverlayScene, part: OverlayScene): OverlayScene {
  scene.shapes.push(...part.shapes);
  scene.labels.push(...part.labels);
  return scene;
}

/** A model's outline, grown by `offset` inches, in a tone. */
export const modelMark = (key: string, model: Placed, tone: Tone, offset = 0): OverlayShape => ({
  key,
  kind: "outline",
  outline: offsetOutline(model, offset),
  tone,
});

/** The topmost point of an outline (where a label about it goes). */
export function topOf(o: Outline): Point {
  if (o.kind === "circle") return { x: o.center.x, y: o.center.y - o.radius };
  return o.points.reduce((top, p) => (p.y < top.y ? p : top), o.points[0] ?? { x: 0, y: 0 });
}
