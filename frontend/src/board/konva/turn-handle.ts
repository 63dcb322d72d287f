// The turn handle of the selection (rules decision 27) and the facing marks drawn while turning,
// at screen size over the table: a knob on a stem out of the selected model's front, which a
// press drags round the model; while a turn lasts, in a system with a sight arc (Deathmatch), the
// 180° half-plane in front of each turned model and its boundary line.

import Konva from "konva/lib/Core";
import type { Group } from "konva/lib/Group";
import type { Layer } from "konva/lib/Layer";
import { Circle } from "konva/lib/shapes/Circle";
import { Line } from "konva/lib/shapes/Line";
import { Text } from "konva/lib/shapes/Text";
import { Wedge } from "konva/lib/shapes/Wedge";
import { type Camera, toScreen } from "../../geometry/camera";
import type { Point } from "../../geometry/vec";
import { SELECTED } from "../palette";

/** Pixels from the base's edge to the knob's centre, the knob's radius, and how near a press
 * must be to take the knob (a finger's width). */
const STEM = 18;
const KNOB = 10;
const HIT = 20;
/** The sight arc's radius beyond the base's edge (pixels), at least. */
const ARC = 70;

export interface TurnedModel {
  x: number;
  y: number;
  facing: number;
  /** The base's reach from its centre, inches. */
  reach: number;
}

export class TurnHandle {
  private readonly group: Group;
  private readonly arcs: Group;
  private readonly stem: Line;
  private readonly knob: Circle;
  private readonly glyph: Text;
  private knobAt: Point | null = null;

  constructor(private readonly layer: Layer) {
    this.arcs = new Konva.Group({ listening: false });
    this.group = new Konva.Group({ listening: false, visible: false });
    this.stem = new Line({ points: [], stroke: SELECTED, strokeWidth: 2, lineCap: "round" });
    this.knob = new Circle({ radius: KNOB, fill: SELECTED, stroke: "rgba(20, 24, 30, 0.85)", strokeWidth: 1.5 });
    this.glyph = new Text({
      text: "↻",
      fontSize: 14,
      fontStyle: "bold",
      fill: "rgba(20, 24, 30, 0.9)",
      width: KNOB * 2,
      height: KNOB * 2,
      align: "center",
      verticalAlign: "middle",
    });
    this.group.add(this.stem, this.knob, this.glyph);
    layer.add(this.arcs, this.group);
  }

  /** The knob by `model` (null: no handle): out of its front, or, where another base lies
   * there (`taken`, a screen point), out of its back or a side. */
  show(camera: Camera, model: TurnedModel | null, taken: (at: Point) => boolean = () => false): void {
    if (model === null) {
      this.knobAt = null;
      this.group.visible(false);
      this.layer.batchDraw();
      return;
    }
    const c = toScreen(camera, model);
    const r = model.reach * camera.scale;
    const d = r + STEM;
    const out = (turn: number) => {
      const t = ((model.facing + turn) * Math.PI) / 180;
      return { x: Math.cos(t), y: Math.sin(t) };
    };
    const sides = [0, 180, 90, -90].map(out);
    const dir = sides.find((v) => !taken({ x: c.x + v.x * d, y: c.y + v.y * d })) ?? (sides[0] as Point);
    this.knobAt = { x: c.x + dir.x * d, y: c.y + dir.y * d };
    this.stem.points([c.x + dir.x * (r + 1), c.y + dir.y * (r + 1), this.knobAt.x, this.knobAt.y]);
    this.knob.position(this.knobAt);
    this.glyph.position({ x: this.knobAt.x - KNOB, y: this.knobAt.y - KNOB });
    this.group.visible(true);
    this.layer.batchDraw();
  }

  /** The sight half-planes of models being turned (empty: none drawn). */
  showArcs(camera: Camera, models: readonly TurnedModel[]): void {
    this.arcs.destroyChildren();
    for (const m of models) {
      const c = toScreen(camera, m);
      const radius = Math.max(m.reach * camera.scale + ARC, 6 * camera.scale);
      this.arcs.add(
        new Wedge({ ...c, radius, angle: 180, rotation: m.facing - 90, fill: "rgba(255, 210, 74, 0.16)" }),
      );
      const t = ((m.facing + 90) * Math.PI) / 180;
      const side = { x: Math.cos(t) * radius, y: Math.sin(t) * radius };
      this.arcs.add(
        new Line({
          points: [c.x - side.x, c.y - side.y, c.x + side.x, c.y + side.y],
          stroke: "rgba(255, 210, 74, 0.85)",
          strokeWidth: 1.5,
          dash: [6, 4],
        }),
      );
    }
    this.layer.batchDraw();
  }

  /** The knob's square on screen, with a little room round it (null: no handle): names keep
   * off it, so that the knob a finger must find is never under a label. */
  knobBox(): { x: number; y: number; w: number; h: number } | null {
    const k = this.knobAt;
    const r = KNOB + 3;
    return k === null ? null : { x: k.x - r, y: k.y - r, w: 2 * r, h: 2 * r };
  }

  /** Whether a viewport point takes the knob. */
  hit(at: Point): boolean {
    const k = this.knobAt;
    return k !== null && Math.hypot(at.x - k.x, at.y - k.y) <= HIT;
  }
}
