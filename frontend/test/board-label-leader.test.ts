import { describe, expect, it } from "vitest";
import { type Disc, aroundBox, captionBox, leaderLine, overlaps, ovalDiscs } from "../src/board/label-layout";

// A 90 x 18 px name; bases are circles on screen.
const W = 90;
const H = 18;
const rectAt = (p: { x: number; y: number }) => ({ ...p, w: W, h: H });

describe("leaderLine (a unit's name never reads as another's)", () => {
  const own: Disc[] = [{ x: 200, y: 200, r: 10 }];
  const box = { x: 190, y: 190, w: 20, h: 20 };

  it("draws none for a name centred just above its own unit, nothing else near", () => {
    const at = rectAt(aroundBox(box, W, H)[0] ?? { x: 0, y: 0 });
    expect(leaderLine(at, own, [{ x: 400, y: 400, r: 10 }], H)).toBeNull();
  });

  it("points a name placed more than a label's height away back at its nearest base", () => {
    const at = rectAt({ x: 155, y: 140 }); // bottom edge at 158: 32 px above the base
    const line = leaderLine(at, own, [], H);
    expect(line).not.toBeNull();
    expect(line?.x1).toBe(200);
    expect(line?.y1).toBe(158); // from the name's edge
    expect(line?.x2).toBe(200);
    expect(line?.y2).toBe(190); // to the base's edge
  });

  it("points a name whose middle sits by another unit's model (the Thornmother under 'Kiln Breachers')", () => {
    // Centred above its box, but an enemy base fills the space just under the name's middle.
    const breachers: Disc[] = [
      { x: 240, y: 215, r: 8 },
      { x: 255, y: 240, r: 8 },
    ];
    const thornmother: Disc = { x: 215, y: 190, r: 18 };
    const group = { x: 232, y: 207, w: 31, h: 41 };
    const at = rectAt(aroundBox(group, W, H)[0] ?? { x: 0, y: 0 });
    const line = leaderLine(at, breachers, [thornmother], H);
    expect(line).not.toBeNull();
    // Without the enemy the same place needs no line.
    expect(leaderLine(at, breachers, [], H)).toBeNull();
  });

  it("points a name at its unit's corner whose middle is over a neighbour (Pyre Carriage over the Exarch)", () => {
    const carriage = ovalDiscs(225, 76.5, 19, 11.8, 90); // a tall oval, its bottom at y 95.5
    const exarch: Disc = { x: 195, y: 91, r: 4.5 };
    const at = rectAt({ x: 225 - W, y: 100 }); // right edge on the carriage's middle, just below it
    expect(leaderLine(at, carriage, [exarch], H)).not.toBeNull();
    expect(leaderLine(at, carriage, [], H)).toBeNull();
  });

  it("counts objective markers as things a name could be read as naming", () => {
    const marker: Disc = { x: 200, y: 170, r: 8 };
    const at = rectAt({ x: 155, y: 160 }); // over the marker, 12 px above its own base
    expect(leaderLine(at, own, [], H)).toBeNull();
    expect(leaderLine(at, own, [marker], H)).not.toBeNull();
  });
});

describe("ovalDiscs", () => {
  it("covers an oval with circles of its half-width along its long axis, turned by its facing", () => {
    const flat = ovalDiscs(0, 0, 3, 1, 0);
    expect(flat.every((d) => d.r === 1 && Math.abs(d.y) < 1e-9)).toBe(true);
    expect(Math.min(...flat.map((d) => d.x))).toBeCloseTo(-2);
    expect(Math.max(...flat.map((d) => d.x))).toBeCloseTo(2);
    const turned = ovalDiscs(0, 0, 3, 1, 90);
    expect(Math.max(...turned.map((d) => d.y))).toBeCloseTo(2);
    expect(Math.max(...turned.map((d) => Math.abs(d.x)))).toBeLessThan(1e-9);
    expect(ovalDiscs(5, 5, 2, 2, 30)).toEqual([{ x: 5, y: 5, r: 2 }]);
  });
});

describe("captionBox (a zone's name written over the table)", () => {
  it("is centred on its anchor and holds the words", () => {
    const b = captionBox({ x: 195, y: 20 }, "Player 2's deployment zone", 12);
    expect(Math.abs(b.x + b.w / 2 - 195)).toBeLessThanOrEqual(1);
    expect(Math.abs(b.y + b.h / 2 - 20)).toBeLessThanOrEqual(1);
    expect(b.w).toBeGreaterThanOrEqual(190); // 26 letters of 12 px bold
    expect(b.h).toBeGreaterThanOrEqual(16);
  });

  it("is what keeps an objective's name out from under it (layoutLabels' reserved)", () => {
    const b = captionBox({ x: 195, y: 12 }, "Player 2's deployment zone", 12);
    const above = { x: 185, y: 4, w: 20, h: 16 }; // "o1" above a marker near the table's edge
    expect(overlaps(b, above)).toBe(true);
  });
});

describe("zoneCaptions (the 10th edition page's zone names, kept clear of the board's names)", () => {
  it("gives each zone's name where the overlay writes it, 12 px high or 0.6 inch zoomed in", async () => {
    const { zoneCaptions, zoneLabelAt } = await import("../src/wh40k/board-overlay");
    const zone: [number, number][] = [
      [0, 0],
      [44, 0],
      [44, 12],
      [0, 12],
    ];
    const caps = zoneCaptions({ table: { depth: 60 }, game: { zones: { p2: zone } } }, () => "Player 2");
    expect(caps).toEqual([{ ...zoneLabelAt(zone, 60), text: "Player 2's deployment zone", px: 12, minInches: 0.6 }]);
  });
});
