// Everything drawn at screen size over the table: terrain and unit names, the scale bar, and the
// distance read-out of a drag. Text stays legible at any zoom because it is not scaled.

import Konva from "konva/lib/Core";
import type { Group } from "konva/lib/Group";
import type { Layer } from "konva/lib/Layer";
import { Label, Tag } from "konva/lib/shapes/Label";
import { Rect } from "konva/lib/shapes/Rect";
import { Text } from "konva/lib/shapes/Text";
import { type Camera, toScreen } from "../../geometry/camera";
import { formatInches, scaleBarInches } from "../../geometry/scale-bar";
import { type Point, centroid } from "../../geometry/vec";
import type { TableState, UnitId } from "../../protocol/messages";
import type { ShownBase } from "./base-nodes";

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

function label(text: string, fill: string, color: string, fontSize: number): Label {
  const l = new Label({ listening: false });
  l.add(new Tag({ fill, cornerRadius: 3 }));
  l.add(new Text({ text, fontFamily: FONT, fontSize, fill: color, padding: 3 }));
  return l;
}

/** Put a label's centre-bottom (or centre) at a screen point. */
function anchor(l: Label, at: Point, above: boolean): void {
  l.position({ x: Math.round(at.x - l.width() / 2), y: Math.round(at.y - (above ? l.height() : l.height() / 2)) });
}

export class Hud {
  private readonly terrainLabels: Group;
  private readonly unitLabels: Group;
  private readonly scaleBar: Group;
  private readonly readout: Label;
  private terrainNames: { at: Point; label: Label }[] = [];
  private unitNames = new Map<UnitId, Label>();
  /** The scale and viewport height the scale bar was drawn for. */
  private scaleBarFor = "";

  constructor(private readonly layer: Layer) {
    this.terrainLabels = new Konva.Group({ listening: false });
    this.unitLabels = new Konva.Group({ listening: false });
    this.scaleBar = new Konva.Group({ listening: false });
    this.readout = label("", "rgba(20, 24, 30, 0.88)", "#ffffff", 14);
    this.readout.visible(false);
    layer.add(this.terrainLabels, this.unitLabels, this.scaleBar, this.readout);
  }

  /** New terrain or units: rebuild the name labels. */
  setTable(state: TableState): void {
    this.terrainLabels.destroyChildren();
    this.terrainNames = state.terrain.map((piece) => {
      const l = label(
        piece.name || piece.kind,
        "rgba(255, 255, 255, 0.0)",
        "rgba(255, 255, 255, 0.85)",
        11,
      );
      this.terrainLabels.add(l);
      return { at: centroid(piece.polygon.map(([x, y]) => ({ x, y }))), label: l };
    });
    const names = new Map(state.units.map((u) => [u.id, u.name]));
    for (const [id, l] of this.unitNames) {
      if (!names.has(id)) {
        l.destroy();
        this.unitNames.delete(id);
      }
    }
    for (const [id, name] of names) {
      const old = this.unitNames.get(id);
      if (old && old.getText().text() === name) continue;
      old?.destroy();
      const l = label(name, "rgba(20, 24, 30, 0.7)", "#f4f4f4", 12);
      this.unitLabels.add(l);
      this.unitNames.set(id, l);
    }
  }

  /**
   * Place every label for this camera and these base positions, and redraw the scale bar.
   * Units in `quiet` (being dragged) show no name, so it does not cover the distance read-out.
   */
  layout(
    camera: Camera,
    bases: readonly ShownBase[],
    viewport: { width: number; height: number },
    quiet: ReadonlySet<UnitId> = new Set(),
  ): void {
    for (const { at, label: l } of this.terrainNames) anchor(l, toScreen(camera, at), false);
    const byUnit = new Map<UnitId, ShownBase[]>();
    for (const b of bases) {
      const list = byUnit.get(b.unit);
      if (list) list.push(b);
      else byUnit.set(b.unit, [b]);
    }
    for (const [unit, l] of this.unitNames) {
      const members = quiet.has(unit) ? undefined : byUnit.get(unit);
      l.visible(members !== undefined);
      if (!members) continue;
      const c = centroid(members);
      const top = Math.min(...members.map((b) => b.y - b.reach));
      anchor(l, toScreen(camera, { x: c.x, y: top }), true);
      l.y(l.y() - 4);
    }
    this.drawScaleBar(camera, viewport);
    this.layer.batchDraw();
  }

  showReadout(at: Point, inches: number): void {
    this.readout.getText().text(formatInches(inches));
    this.readout.position({ x: Math.round(at.x + 16), y: Math.round(at.y - 34) });
    this.readout.visible(true);
    this.layer.batchDraw();
  }

  hideReadout(): void {
    if (!this.readout.visible()) return;
    this.readout.visible(false);
    this.layer.batchDraw();
  }

  private drawScaleBar(camera: Camera, viewport: { width: number; height: number }): void {
    const key = `${camera.scale}:${viewport.height}`;
    if (key === this.scaleBarFor) return;
    this.scaleBarFor = key;
    this.scaleBar.destroyChildren();
    const inches = scaleBarInches(camera.scale);
    const px = inches * camera.scale;
    const x = 12;
    const y = viewport.height - 44;
    const backdrop = new Rect({
      x,
      y,
      width: Math.max(px, 60) + 20,
      height: 36,
      fill: "rgba(20, 24, 30, 0.78)",
      cornerRadius: 4,
    });
    const halves = [0, 1].map(
      (i) =>
        new Rect({
          x: x + 10 + (i * px) / 2,
          y: y + 22,
          width: px / 2,
          height: 6,
          fill: i === 0 ? "#f4f1e8" : "#8c9196",
        }),
    );
    const text = new Text({
      x: x + 10,
      y: y + 5,
      text: inches === 1 ? "1 inch" : `${inches} inches`,
      fontFamily: FONT,
      fontSize: 12,
      fill: "#f4f1e8",
    });
    this.scaleBar.add(backdrop, ...halves, text);
  }
}
