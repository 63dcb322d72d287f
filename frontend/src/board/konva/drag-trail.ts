// What a drag leaves behind while it lasts: the outlines of the bases where they started and a
// dashed line from the grabbed base's start to where it is now. Table inches, not listening.
// It lives at the bottom of the layer that carries the dragged bases, so both redraw together
// (and the stage keeps to Konva's recommended five layers).

import { Group } from "konva/lib/Group";
import type { Layer } from "konva/lib/Layer";
import { Ellipse } from "konva/lib/shapes/Ellipse";
import { Line } from "konva/lib/shapes/Line";
import { footprint, placedHull } from "../../geometry/base-footprint";
import type { Point } from "../../geometry/vec";
import type { Base } from "../../protocol/messages";

const TRAIL = "rgba(255, 255, 255, 0.85)";

export interface TrailStart {
  at: Point;
  base: Base;
  facing: number;
}

export class DragTrail {
  private readonly line: Line;
  private readonly group = new Group({ listening: false });

  constructor(private readonly layer: Layer) {
    layer.add(this.group);
    this.group.moveToBottom();
    this.line = new Line({
      points: [],
      stroke: TRAIL,
      strokeWidth: 2,
      dash: [6, 4],
      strokeScaleEnabled: false,
      listening: false,
    });
  }

  start(starts: readonly TrailStart[]): void {
    this.clear();
    for (const s of starts) {
      const f = footprint(s.base);
      const props = {
        stroke: TRAIL,
        strokeWidth: 1.5,
        dash: [3, 3],
        strokeScaleEnabled: false,
        listening: false,
      };
      this.group.add(
        f.kind === "ellipse"
          ? new Ellipse({ ...props, x: s.at.x, y: s.at.y, radiusX: f.along, radiusY: f.across, rotation: s.facing })
          : new Line({ ...props, closed: true, points: placedHull(f.points, s.at, s.facing).flatMap((p) => [p.x, p.y]) }),
      );
    }
    this.group.add(this.line);
  }

  update(from: Point, to: Point): void {
    this.line.points([from.x, from.y, to.x, to.y]);
    this.layer.batchDraw();
  }

  clear(): void {
    this.line.remove();
    this.group.destroyChildren();
    this.layer.batchDraw();
  }
}
