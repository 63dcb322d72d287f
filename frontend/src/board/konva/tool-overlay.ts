// Draws the tools' overlay scene: shapes in table inches on a layer that never listens to the
// pointer, labels at screen size on the HUD layer. Shapes are kept by key and only updated, so a
// drag that redraws every frame creates nothing new.

import Konva from "konva/lib/Core";
import type { Group } from "konva/lib/Group";
import type { Layer } from "konva/lib/Layer";
import type { Shape } from "konva/lib/Shape";
import { Circle } from "konva/lib/shapes/Circle";
import { Label, Tag } from "konva/lib/shapes/Label";
import { Line } from "konva/lib/shapes/Line";
import { Text } from "konva/lib/shapes/Text";
import { type Camera, toScreen } from "../../geometry/camera";
import type { Point } from "../../geometry/vec";
import { keepInside } from "../label-layout";
import type { OverlayLabel, OverlayScene, OverlayShape } from "../tools/overlay-scene";
import { TOOL_TONES, type ToneStyle } from "../palette";

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
/** A ruler end's dot, pixels. */
const DOT_RADIUS = 4;

type NodeKind = "circle" | "line" | "dot";

interface Drawn {
  kind: NodeKind;
  node: Shape;
}

interface DrawnLabel {
  label: Label;
  at: Point;
}

const kindOf = (s: OverlayShape): NodeKind =>
  s.kind === "dot" ? "dot" : s.kind === "outline" && s.outline.kind === "circle" ? "circle" : "line";

function styleAttrs(style: ToneStyle, closed: boolean): Konva.ShapeConfig {
  return {
    stroke: style.stroke,
    strokeWidth: style.width,
    dash: style.dash ?? [],
    fill: closed ? (style.fill ?? "") : "",
    lineCap: "round",
    lineJoin: "round",
    strokeScaleEnabled: false,
    listening: false,
    perfectDrawEnabled: false,
    shadowForStrokeEnabled: false,
  };
}

const flat = (points: readonly Point[]): number[] => points.flatMap((p) => [p.x, p.y]);

export class ToolOverlay {
  private readonly drawn = new Map<string, Drawn>();
  private readonly labels = new Map<string, DrawnLabel>();
  private readonly labelGroup: Group;
  private camera: Camera = { scale: 1, offset: { x: 0, y: 0 } };
  /** The stage's size in pixels: labels stay inside it (null: not told yet). */
  private viewport: { width: number; height: number } | null = null;

  constructor(
    private readonly world: Layer,
    private readonly hud: Layer,
  ) {
    this.labelGroup = new Konva.Group({ listening: false });
    hud.add(this.labelGroup);
  }

  /** Show exactly this scene (what is not in it goes). */
  draw(scene: OverlayScene): void {
    const seen = new Set<string>();
    for (const [i, s] of scene.shapes.entries()) {
      seen.add(s.key);
      const node = this.shape(s);
      node.zIndex(Math.min(i, this.world.children.length - 1));
    }
    for (const [key, d] of this.drawn) {
      if (!seen.has(key)) {
        d.node.destroy();
        this.drawn.delete(key);
      }
    }
    const seenLabels = new Set<string>();
    for (const l of scene.labels) {
      seenLabels.add(l.key);
      this.label(l);
    }
    for (const [key, d] of this.labels) {
      if (!seenLabels.has(key)) {
        d.label.destroy();
        this.labels.delete(key);
      }
    }
    this.layout(this.camera, this.viewport);
    this.world.batchDraw();
  }

  /** The camera moved: labels follow their table points (kept inside the viewport, so a label
   * above a ring larger than the screen still shows), dots keep their size. */
  layout(camera: Camera, viewport: { width: number; height: number } | null): void {
    this.camera = camera;
    this.viewport = viewport;
    for (const d of this.drawn.values()) {
      if (d.kind === "dot") (d.node as Circle).radius(DOT_RADIUS / camera.scale);
    }
    for (const { label, at } of this.labels.values()) {
      const p = toScreen(camera, at);
      const corner = { x: Math.round(p.x - label.width() / 2), y: Math.round(p.y - label.height() - 6) };
      const size = { w: label.width(), h: label.height() };
      label.position(viewport ? keepInside(corner, size, viewport) : corner);
    }
    this.hud.batchDraw();
  }

  /** Screen rectangles of the read-outs shown now: the table's names keep off them. */
  labelRects(): { x: number; y: number; w: number; h: number }[] {
    return [...this.labels.values()]
      .filter(({ label }) => label.visible())
      .map(({ label }) => ({ x: label.x(), y: label.y(), w: label.width(), h: label.height() }));
  }

  destroy(): void {
    for (const d of this.drawn.values()) d.node.destroy();
    this.drawn.clear();
    this.labelGroup.destroy();
    this.labels.clear();
  }

  private shape(s: OverlayShape): Shape {
    const kind = kindOf(s);
    let d = this.drawn.get(s.key);
    if (d && d.kind !== kind) {
      d.node.destroy();
      d = undefined;
    }
    const style = TOOL_TONES[s.tone];
    if (!d) {
      const node = kind === "line" ? new Line({ points: [] }) : new Circle({ radius: 1 });
      this.world.add(node);
      d = { kind, node };
      this.drawn.set(s.key, d);
    }
    const node = d.node;
    const closed = styleAttrs(style, true);
    switch (s.kind) {
      case "dot":
        node.setAttrs({ ...closed, ...s.at, fill: style.stroke, radius: DOT_RADIUS / this.camera.scale });
        break;
      case "line":
        node.setAttrs({ ...styleAttrs(style, false), points: flat(s.points), closed: false });
        break;
      case "outline":
        if (s.outline.kind === "circle") {
          node.setAttrs({ ...closed, ...s.outline.center, radius: s.outline.radius });
        } else {
          node.setAttrs({ ...closed, points: flat(s.outline.points), closed: true });
        }
        break;
    }
    return node;
  }

  private label(l: OverlayLabel): void {
    const style = TOOL_TONES[l.tone];
    let d = this.labels.get(l.key);
    if (!d) {
      const label = new Label({ listening: false });
      label.add(new Tag({ cornerRadius: 3 }));
      label.add(new Text({ fontFamily: FONT, fontSize: 13, fontStyle: "bold", padding: 4 }));
      this.labelGroup.add(label);
      d = { label, at: l.at };
      this.labels.set(l.key, d);
    }
    d.at = l.at;
    d.label.getTag().setAttrs({ fill: style.labelFill, stroke: style.stroke, strokeWidth: 1 });
    d.label.getText().setAttrs({ text: l.text, fill: style.labelText });
  }
}
