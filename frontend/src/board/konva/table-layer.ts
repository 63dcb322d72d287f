// The static part of the table: the mat, a 6" grid, terrain footprints and objective markers.
// Drawn in table inches on a layer that never listens to the pointer.

import type { Layer } from "konva/lib/Layer";
import { Circle } from "konva/lib/shapes/Circle";
import { Line } from "konva/lib/shapes/Line";
import { Rect } from "konva/lib/shapes/Rect";
import type { TableState } from "../../protocol/messages";
import { GRID, MAT, MAT_EDGE, OBJECTIVE, darken, terrainColor } from "../palette";

const GRID_STEP = 6;

export function drawTable(layer: Layer, state: TableState): void {
  layer.destroyChildren();
  const { width, depth } = state.table;
  layer.add(
    new Rect({
      x: 0,
      y: 0,
      width,
      height: depth,
      fill: MAT,
      stroke: MAT_EDGE,
      strokeWidth: 3,
      strokeScaleEnabled: false,
      shadowColor: "black",
      shadowBlur: 18,
      shadowOpacity: 0.35,
      shadowForStrokeEnabled: false,
    }),
  );
  for (let x = GRID_STEP; x < width; x += GRID_STEP) {
    layer.add(gridLine([x, 0, x, depth]));
  }
  for (let y = GRID_STEP; y < depth; y += GRID_STEP) {
    layer.add(gridLine([0, y, width, y]));
  }
  for (const piece of state.terrain) {
    const fill = terrainColor(piece.kind);
    layer.add(
      new Line({
        points: piece.polygon.flat(),
        closed: true,
        fill,
        opacity: 0.9,
        stroke: darken(fill, 0.35),
        strokeWidth: 1.5,
        strokeScaleEnabled: false,
        perfectDrawEnabled: false,
      }),
    );
  }
  for (const o of state.objectives) {
    const r = o.diameter_mm / 50.8;
    layer.add(
      new Circle({
        x: o.x,
        y: o.y,
        radius: r,
        fill: "rgba(232, 197, 71, 0.35)",
        stroke: OBJECTIVE,
        strokeWidth: 2,
        strokeScaleEnabled: false,
        perfectDrawEnabled: false,
      }),
    );
  }
  layer.batchDraw();
}

function gridLine(points: number[]): Line {
  return new Line({ points, stroke: GRID, strokeWidth: 1, strokeScaleEnabled: false });
}
