import { describe, expect, it } from "vitest";
import { footprint, frontDistance, placedHull, reach } from "../src/geometry/base-footprint";
import { fit, toScreen, toTable, zoomAt } from "../src/geometry/camera";
import { formatInches, scaleBarBox, scaleBarInches } from "../src/geometry/scale-bar";
import { classifyWheel } from "../src/geometry/wheel";

describe("footprint", () => {
  it("gives a circle radius diameter_mm / 50.8", () => {
    expect(footprint({ shape: "circle", diameter_mm: 32 })).toEqual({ kind: "ellipse", along: 32 / 50.8, across: 32 / 50.8 });
  });

  it("lays an oval's length along the facing", () => {
    const f = footprint({ shape: "oval", length_mm: 60, width_mm: 35 });
    expect(f).toEqual({ kind: "ellipse", along: 60 / 50.8, across: 35 / 50.8 });
    expect(reach({ shape: "oval", length_mm: 60, width_mm: 35 })).toBeCloseTo(60 / 50.8);
    expect(frontDistance({ shape: "oval", length_mm: 60, width_mm: 35 })).toBeCloseTo(60 / 50.8);
  });

  it("rotates a hull by facing, then moves it to the model", () => {
    const pts = placedHull([{ x: 2, y: 0 }, { x: 0, y: 1 }], { x: 10, y: 10 }, 90);
    expect(pts[0]?.x).toBeCloseTo(10);
    expect(pts[0]?.y).toBeCloseTo(12);
    expect(pts[1]?.x).toBeCloseTo(9);
    expect(pts[1]?.y).toBeCloseTo(10);
    expect(reach({ shape: "hull", points: [[3, 4], [-1, 0]] })).toBe(5);
  });
});

describe("camera", () => {
  it("fits the table centred in the viewport", () => {
    const c = fit({ width: 60, depth: 44 }, { width: 1248, height: 1000 }, 24);
    expect(c.scale).toBe(20);
    expect(toScreen(c, { x: 0, y: 0 })).toEqual({ x: 24, y: 60 });
    expect(toScreen(c, { x: 60, y: 44 })).toEqual({ x: 1224, y: 940 });
  });

  it("keeps a larger bottom margin free when asked (the scale bar's room)", () => {
    // height-bound: 1000 - 24 - 52 = 924 px for 44" → 21 px/in; the table ends 52 px above the bottom
    const c = fit({ width: 60, depth: 44 }, { width: 1400, height: 1000 }, 24, 52);
    expect(c.scale).toBe(21);
    expect(toScreen(c, { x: 0, y: 0 }).y).toBe(24);
    expect(toScreen(c, { x: 60, y: 44 }).y).toBe(948);
  });

  it("round-trips screen and table points", () => {
    const c = { scale: 13.5, offset: { x: 7, y: -3 } };
    const p = toTable(c, toScreen(c, { x: 12.25, y: 30.5 }));
    expect(p.x).toBeCloseTo(12.25);
    expect(p.y).toBeCloseTo(30.5);
  });

  it("zooms about the anchor, which stays put", () => {
    const c = { scale: 10, offset: { x: 0, y: 0 } };
    const anchor = { x: 300, y: 200 };
    const before = toTable(c, anchor);
    const after = toTable(zoomAt(c, anchor, 2), anchor);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    expect(zoomAt(c, anchor, 1e6).scale).toBe(200);
  });
});

describe("scale bar and inches", () => {
  it("picks a round length near the target", () => {
    expect(scaleBarInches(20)).toBe(6);
    expect(scaleBarInches(100)).toBe(1);
    expect(scaleBarInches(3)).toBe(36);
  });

  it("formats to one decimal with the inch mark", () => {
    expect(formatInches(4.249)).toBe('4.2"');
    expect(formatInches(0)).toBe('0.0"');
  });

  it("stands bottom-left, above a panel that spans the board's width", () => {
    const board = { width: 390, height: 500 };
    expect(scaleBarBox(100, board, null)).toEqual({ x: 12, y: 456, w: 120, h: 36 });
    // a desktop panel in the bottom-right corner leaves the bar where it is
    expect(scaleBarBox(100, { width: 1200, height: 700 }, { w: 360, h: 200 }).y).toBe(656);
    // a phone's panel, 120 px tall across the whole width: the bar stands 8 px above it
    const lifted = scaleBarBox(100, board, { w: 390, h: 120 });
    expect(lifted.y + lifted.h).toBe(500 - 120 - 8);
    // never off the top of the board
    expect(scaleBarBox(100, board, { w: 390, h: 490 }).y).toBe(8);
  });

  it("stands at the top-left where above the panel it would cover the table (QA s14 tables #3)", () => {
    const board = { width: 390, height: 500 };
    const panel = { w: 390, h: 120 };
    // a fitted phone table from y 80 to 340, the panel from 380: above it the bar would cover
    // the table's bottom-left; the top-left is clear
    const table = { x: 20, y: 80, w: 350, h: 300 };
    expect(scaleBarBox(100, board, panel, table)).toEqual({ x: 12, y: 8, w: 120, h: 36 });
    // a table clear of the lifted bar keeps it above the panel
    const short = { x: 20, y: 80, w: 350, h: 200 };
    expect(scaleBarBox(100, board, panel, short).y).toBe(500 - 120 - 8 - 36);
    // zoomed in, the table covers both: above the panel, as before
    const zoomed = { x: -200, y: -200, w: 900, h: 900 };
    expect(scaleBarBox(100, board, panel, zoomed).y).toBe(500 - 120 - 8 - 36);
    // no panel: the bottom-left, wherever the table is
    expect(scaleBarBox(100, board, null, table).y).toBe(456);
  });
});

describe("classifyWheel", () => {
  it("zooms on a trackpad pinch (ctrl) and on mouse-wheel notches", () => {
    expect(classifyWheel({ deltaX: 0, deltaY: -10, deltaMode: 0, ctrlKey: true }).kind).toBe("zoom");
    const notch = classifyWheel({ deltaX: 0, deltaY: 100, deltaMode: 0, ctrlKey: false });
    expect(notch.kind).toBe("zoom");
    if (notch.kind === "zoom") expect(notch.factor).toBeLessThan(1);
    expect(classifyWheel({ deltaX: 0, deltaY: -3, deltaMode: 1, ctrlKey: false })).toMatchObject({ kind: "zoom" });
  });

  it("pans on a two-finger trackpad scroll", () => {
    expect(classifyWheel({ deltaX: 4, deltaY: 7.5, deltaMode: 0, ctrlKey: false })).toEqual({ kind: "pan", dx: -4, dy: -7.5 });
  });
});
