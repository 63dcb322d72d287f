// Everything drawn at screen size over the table: unit, objective and terrain names, the scale
// bar, the distance read-out of a drag and a tooltip for a name that had no room. Text stays
// legible at any zoom because it is not scaled; where each name goes is label-layout's choice.

import Konva from "konva/lib/Core";
import type { Group } from "konva/lib/Group";
import type { Layer } from "konva/lib/Layer";
import { Label, Tag } from "konva/lib/shapes/Label";
import { Line } from "konva/lib/shapes/Line";
import { Rect } from "konva/lib/shapes/Rect";
import { Text } from "konva/lib/shapes/Text";
import { type Camera, toScreen } from "../../geometry/camera";
import { insidePolygon } from "../../geometry/polygon";
import { SCALE_BAR_FROM_BOTTOM, formatInches, scaleBarBox, scaleBarInches } from "../../geometry/scale-bar";
import { type Point, centroid } from "../../geometry/vec";
import type { TableState, UnitId } from "../../protocol/messages";
import type { Caption } from "../api";
import {
  type LabelRequest,
  type Obstacle,
  type Disc,
  type Leader,
  type Rect as Box,
  aroundBox,
  captionBox,
  groupBox,
  inArea,
  layoutLabels,
  leaderLine,
} from "../label-layout";
import { OBJECTIVE, SELECTED } from "../palette";
import type { ShownBase } from "./base-nodes";

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const UNIT_FILL = "rgba(20, 24, 30, 0.72)";
/** A name's leader line: light on the mat, with a dark halo so it shows on light terrain too. */
const LEADER = "rgba(244, 244, 244, 0.9)";
const LEADER_HALO = "rgba(20, 24, 30, 0.6)";
const TERRAIN_FILL = "rgba(20, 24, 30, 0.35)";
/** Models this close (edge to edge, inches: unit coherency) count as one group for the name. */
const LABEL_LINK_INCHES = 2;

function label(text: string, fill: string, color: string, fontSize: number, bold = false): Label {
  const l = new Label({ listening: false });
  l.add(new Tag({ fill, cornerRadius: 3 }));
  l.add(
    new Text({ text, fontFamily: FONT, fontSize, fill: color, padding: 3, fontStyle: bold ? "bold" : "normal" }),
  );
  return l;
}

const boxOf = (l: Label): Box => ({ x: l.x(), y: l.y(), w: l.width(), h: l.height() });

interface TerrainName {
  key: string;
  name: string;
  at: Point;
  polygon: Point[];
  /** Bounding box in table inches. */
  min: Point;
  max: Point;
  label: Label;
}

interface ObjectiveName {
  at: Point;
  radius: number;
  label: Label;
}

/** What the labels should know beyond the camera and the bases. */
export interface LabelContext {
  /** Units whose names come first (selected, dragged or being worked with). */
  focus: ReadonlySet<UnitId>;
  /** Screen rectangles no name may cover (the tool overlay's read-outs). */
  reserved: readonly Box[];
  /** Table areas (inches) the page draws over: names avoid them like bases. */
  marks?: readonly Box[];
  /** Words the page writes over the table: no name goes under them. */
  captions?: readonly Caption[];
  /** The board's bottom-right corner a floating panel covers, in pixels: the scale bar stands
   * above it when the two would meet (a phone's panel spans the width), or at the top-left
   * where above it would cover the table and the top is clear (`scaleBarBox`). */
  panel?: { w: number; h: number } | null;
}

export class Hud {
  private readonly terrainLabels: Group;
  private readonly objectiveLabels: Group;
  private readonly unitLabels: Group;
  private readonly leaders: Group;
  private readonly scaleBar: Group;
  private readonly readout: Label;
  private readonly tooltip: Label;
  private terrainNames: TerrainName[] = [];
  private objectiveNames = new Map<string, ObjectiveName>();
  private unitNames = new Map<UnitId, Label>();
  /** The candidate each label took last time (kept while free: labels do not flicker). */
  private choices = new Map<string, number>();
  private hiddenKeys = new Set<string>();
  private leaderKeys = new Map<string, Leader>();
  private choicesScale = 0;
  /** The table's size in inches: names stay on it where they can. */
  private table: { width: number; depth: number } | null = null;
  /** The scale and viewport height the scale bar was drawn for. */
  private scaleBarFor = "";
  private scaleBarAt: Box = { x: 0, y: 0, w: 0, h: 0 };

  constructor(private readonly layer: Layer) {
    this.terrainLabels = new Konva.Group({ listening: false });
    this.objectiveLabels = new Konva.Group({ listening: false });
    this.unitLabels = new Konva.Group({ listening: false });
    this.leaders = new Konva.Group({ listening: false });
    this.scaleBar = new Konva.Group({ listening: false });
    this.readout = label("", "rgba(20, 24, 30, 0.88)", "#ffffff", 14);
    this.readout.visible(false);
    this.tooltip = label("", "rgba(20, 24, 30, 0.9)", "#ffffff", 12);
    this.tooltip.visible(false);
    layer.add(this.terrainLabels, this.objectiveLabels, this.leaders, this.unitLabels, this.scaleBar, this.readout, this.tooltip);
  }

  /** New terrain or units: rebuild the name labels. */
  setTable(state: TableState): void {
    this.table = state.table;
    this.terrainLabels.destroyChildren();
    this.terrainNames = state.terrain.map((piece, i) => {
      const name = piece.name || piece.kind;
      const l = label(name, TERRAIN_FILL, "rgba(255, 255, 255, 0.9)", 11);
      this.terrainLabels.add(l);
      const points = piece.polygon.map(([x, y]) => ({ x, y }));
      const xs = piece.polygon.map(([x]) => x);
      const ys = piece.polygon.map(([, y]) => y);
      return {
        key: `t:${i}:${piece.id}`,
        name,
        at: centroid(points),
        polygon: points,
        min: { x: Math.min(...xs), y: Math.min(...ys) },
        max: { x: Math.max(...xs), y: Math.max(...ys) },
        label: l,
      };
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
      const l = label(name, UNIT_FILL, "#f4f4f4", 12);
      this.unitLabels.add(l);
      this.unitNames.set(id, l);
    }
  }

  /** The objective markers and what each one's label says (default: its id). */
  setObjectives(objectives: TableState["objectives"], texts: ReadonlyMap<string, string> | undefined): void {
    const seen = new Set<string>();
    for (const o of objectives) {
      seen.add(o.id);
      const text = texts?.get(o.id) ?? o.id;
      let shown = this.objectiveNames.get(o.id);
      if (!shown) {
        const l = label(text, UNIT_FILL, OBJECTIVE, 11, true);
        this.objectiveLabels.add(l);
        shown = { at: { x: o.x, y: o.y }, radius: o.diameter_mm / 50.8, label: l };
        this.objectiveNames.set(o.id, shown);
      }
      shown.at = { x: o.x, y: o.y };
      shown.radius = o.diameter_mm / 50.8;
      if (shown.label.getText().text() !== text) shown.label.getText().text(text);
    }
    for (const [id, shown] of this.objectiveNames) {
      if (!seen.has(id)) {
        shown.label.destroy();
        this.objectiveNames.delete(id);
      }
    }
  }

  /**
   * Place every label for this camera and these base positions, and redraw the scale bar.
   * Focused units' names come first, then other units', objectives' and terrain names; a name
   * that would cover one placed before it moves round its anchor or, with no room, is hidden. A
   * name keeps off the bases (its own unit's too) and on the table where it can.
   */
  layout(
    camera: Camera,
    bases: readonly ShownBase[],
    viewport: { width: number; height: number },
    context: LabelContext = { focus: new Set(), reserved: [] },
  ): void {
    const { labels, obstacles, nodes, discs, markers } = this.requests(camera, bases, viewport, context.focus);
    for (const m of context.marks ?? []) {
      const p = toScreen(camera, m);
      obstacles.push({ x: p.x, y: p.y, w: m.w * camera.scale, h: m.h * camera.scale });
    }
    const bounds = this.table ? tableOnScreen(camera, this.table) : undefined;
    this.drawScaleBar(camera, viewport, context.panel ?? null, bounds ?? null);
    const reserved = [...context.reserved, this.scaleBarAt];
    for (const c of context.captions ?? []) {
      const font = Math.max(c.px, (c.minInches ?? 0) * camera.scale);
      reserved.push(captionBox(toScreen(camera, c), c.text, font));
    }
    if (this.readout.visible()) reserved.push(boxOf(this.readout));
    // Past choices hold labels still while the table pans or bases move; a zoom starts afresh.
    const previous = camera.scale === this.choicesScale ? this.choices : undefined;
    this.choicesScale = camera.scale;
    const result = layoutLabels({ labels, viewport, bounds, reserved, obstacles, previous });
    this.choices = new Map([...result.placed].map(([k, p]) => [k, p.choice]));
    this.hiddenKeys = result.hidden;
    for (const [key, l] of nodes) {
      const p = result.placed.get(key);
      l.visible(p !== undefined);
      if (p) l.position({ x: p.x, y: p.y });
    }
    this.drawLeaders(result.placed, discs, markers);
    for (const [unit, l] of this.unitNames) {
      const focused = context.focus.has(unit);
      l.getTag().setAttrs({ stroke: focused ? SELECTED : undefined, strokeWidth: focused ? 1.5 : 0 });
    }
    this.layer.batchDraw();
  }

  /**
   * The pointer rests at `at` (screen) over `table` (inches), over a model of `unit` or none: a
   * name that had no room on the table shows there as a tooltip.
   */
  hover(at: Point, table: Point, unit: UnitId | null): void {
    const text = this.hiddenNameAt(table, unit);
    if (text === null) {
      this.hideTooltip();
      return;
    }
    this.tooltip.getText().text(text);
    this.tooltip.position({ x: Math.round(at.x + 14), y: Math.round(at.y + 18) });
    this.tooltip.visible(true);
    this.layer.batchDraw();
  }

  /** The name the tooltip shows, if it is shown. */
  tooltipText(): string | null {
    return this.tooltip.visible() ? this.tooltip.getText().text() : null;
  }

  /** Keys of the names that had no room on the table ("u:<unit>", "o:<objective>", "t:..."). */
  hiddenLabels(): string[] {
    return [...this.hiddenKeys];
  }

  hideTooltip(): void {
    if (!this.tooltip.visible()) return;
    this.tooltip.visible(false);
    this.layer.batchDraw();
  }

  /** Names shown on the table right now, by key ("u:<unit>", "o:<objective>", "t:<i>:<piece>"). */
  shownLabels(): Map<string, Box & { text: string }> {
    const out = new Map<string, Box & { text: string }>();
    const all: [string, Label][] = [
      ...[...this.unitNames].map(([id, l]): [string, Label] => [`u:${id}`, l]),
      ...[...this.objectiveNames].map(([id, o]): [string, Label] => [`o:${id}`, o.label]),
      ...this.terrainNames.map((t): [string, Label] => [t.key, t.label]),
    ];
    for (const [key, l] of all) if (l.visible()) out.set(key, { ...boxOf(l), text: l.getText().text() });
    return out;
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

  private hiddenNameAt(table: Point, unit: UnitId | null): string | null {
    if (unit !== null && this.hiddenKeys.has(`u:${unit}`)) {
      return this.unitNames.get(unit)?.getText().text() ?? null;
    }
    if (unit !== null) return null;
    for (const [id, o] of this.objectiveNames) {
      const d = Math.hypot(table.x - o.at.x, table.y - o.at.y);
      if (d <= o.radius && this.hiddenKeys.has(`o:${id}`)) return o.label.getText().text();
    }
    const piece = this.terrainNames.find((t) => this.hiddenKeys.has(t.key) && insidePolygon(table, t.polygon));
    return piece?.name ?? null;
  }

  /**
   * A thin line from each unit's name to its nearest base where the name alone could be read as
   * another's: placed further than a label's height from its models, or nearer another unit's
   * base or an objective marker than its own (label-layout's leaderLine).
   */
  private drawLeaders(placed: ReadonlyMap<string, Box>, discs: ReadonlyMap<UnitId, Disc[]>, markers: readonly Disc[]): void {
    this.leaders.destroyChildren();
    this.leaderKeys = new Map();
    for (const [unit, own] of discs) {
      const at = placed.get(`u:${unit}`);
      if (!at) continue;
      const others = [...markers];
      for (const [other, ds] of discs) if (other !== unit) others.push(...ds);
      const line = leaderLine(at, own, others, at.h);
      if (!line) continue;
      this.leaderKeys.set(`u:${unit}`, line);
      const points = [line.x1, line.y1, line.x2, line.y2];
      this.leaders.add(
        new Line({ points, stroke: LEADER_HALO, strokeWidth: 3, lineCap: "round", listening: false }),
        new Line({ points, stroke: LEADER, strokeWidth: 1.25, lineCap: "round", listening: false }),
      );
    }
  }

  /** The leader lines drawn now, by the name's key ("u:<unit>"). */
  leaderLines(): Map<string, Leader> {
    return new Map(this.leaderKeys);
  }

  /** One request per name whose anchor is on screen, the bases as obstacles, and the label nodes. */
  private requests(
    camera: Camera,
    bases: readonly ShownBase[],
    viewport: { width: number; height: number },
    focus: ReadonlySet<UnitId>,
  ): {
    labels: LabelRequest[];
    obstacles: Obstacle[];
    nodes: Map<string, Label>;
    discs: Map<UnitId, Disc[]>;
    markers: Disc[];
  } {
    const labels: LabelRequest[] = [];
    const nodes = new Map<string, Label>();
    const onScreen = (b: Box) => b.x + b.w > 0 && b.y + b.h > 0 && b.x < viewport.width && b.y < viewport.height;
    const obstacles: Obstacle[] = [];
    const units = new Map<UnitId, Disc[]>();
    const markers: Disc[] = [];
    /** The bases as circles for the leader lines (an oval as several). */
    const discs = new Map<UnitId, Disc[]>();
    for (const b of bases) {
      const p = toScreen(camera, b);
      const r = b.reach * camera.scale;
      const box = { x: p.x - r, y: p.y - r, w: 2 * r, h: 2 * r };
      if (onScreen(box)) obstacles.push({ ...box, owner: b.unit });
      const u = units.get(b.unit);
      if (u) u.push({ x: p.x, y: p.y, r });
      else units.set(b.unit, [{ x: p.x, y: p.y, r }]);
      const exact = (b.discs ?? [{ x: b.x, y: b.y, r: b.reach }]).map((d) => {
        const q = toScreen(camera, d);
        return { x: q.x, y: q.y, r: d.r * camera.scale };
      });
      const e = discs.get(b.unit);
      if (e) e.push(...exact);
      else discs.set(b.unit, exact);
    }
    for (const [unit, l] of this.unitNames) {
      const key = `u:${unit}`;
      nodes.set(key, l);
      // A unit split apart is named by its largest coherent group, not between its groups.
      const box = groupBox(units.get(unit) ?? [], LABEL_LINK_INCHES * camera.scale, onScreen);
      if (!box) continue;
      const w = l.width();
      const h = l.height();
      const kind = focus.has(unit) ? "focus" : "unit";
      labels.push({ key, kind, w, h, candidates: aroundBox(box, w, h), bases: "prefer", owner: unit });
    }
    for (const [id, o] of this.objectiveNames) {
      const key = `o:${id}`;
      nodes.set(key, o.label);
      const c = toScreen(camera, o.at);
      const r = o.radius * camera.scale;
      const box = { x: c.x - r, y: c.y - r, w: 2 * r, h: 2 * r };
      if (!onScreen(box)) continue;
      obstacles.push(box);
      markers.push({ x: c.x, y: c.y, r });
      const w = o.label.width();
      const h = o.label.height();
      labels.push({ key, kind: "objective", w, h, candidates: aroundBox(box, w, h, 2), bases: "prefer" });
    }
    for (const t of this.terrainNames) {
      nodes.set(t.key, t.label);
      const lo = toScreen(camera, t.min);
      const hi = toScreen(camera, t.max);
      const area = { x: lo.x, y: lo.y, w: hi.x - lo.x, h: hi.y - lo.y };
      if (!onScreen(area)) continue;
      const w = t.label.width();
      const h = t.label.height();
      // A piece half off screen is named on the part that shows.
      const seen = clip(area, viewport);
      const at = toScreen(camera, t.at);
      const centre = inside(at, seen) ? at : { x: seen.x + seen.w / 2, y: seen.y + seen.h / 2 };
      const candidates = inArea(centre, seen, w, h);
      labels.push({ key: t.key, kind: "terrain", w, h, candidates, bases: "avoid" });
    }
    return { labels, obstacles, nodes, discs, markers };
  }

  private drawScaleBar(
    camera: Camera,
    viewport: { width: number; height: number },
    panel: { w: number; h: number } | null,
    table: Box | null,
  ): void {
    const inches = scaleBarInches(camera.scale);
    const px = inches * camera.scale;
    const box = scaleBarBox(px, viewport, panel, table);
    const key = `${camera.scale}:${box.y}`;
    if (key === this.scaleBarFor) return;
    this.scaleBarFor = key;
    this.scaleBar.destroyChildren();
    this.scaleBarAt = box;
    const { x, y } = box;
    const backdrop = new Rect({
      x,
      y,
      width: this.scaleBarAt.w,
      height: this.scaleBarAt.h,
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

/** The margin a fitted table keeps below it, so the scale bar never covers its corner. */
export const SCALE_BAR_RESERVE = SCALE_BAR_FROM_BOTTOM + 8;

function tableOnScreen(camera: Camera, table: { width: number; depth: number }): Box {
  const a = toScreen(camera, { x: 0, y: 0 });
  const b = toScreen(camera, { x: table.width, y: table.depth });
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
}

function clip(r: Box, viewport: { width: number; height: number }): Box {
  const x = Math.max(0, r.x);
  const y = Math.max(0, r.y);
  return { x, y, w: Math.min(viewport.width, r.x + r.w) - x, h: Math.min(viewport.height, r.y + r.h) - y };
}

const inside = (p: Point, r: Box): boolean => p.x >= r.x && p.x <= r.x + r.w && p.y >= r.y && p.y <= r.y + r.h;
