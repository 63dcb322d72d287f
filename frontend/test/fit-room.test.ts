import { describe, expect, it } from "vitest";
import { fit } from "../src/geometry/camera";
import { coversCorner, fitClearOf } from "../src/board/fit-room";

const TABLE = { width: 60, depth: 44 };
/** The table page's board at 1440 x 900 (the side panel and the header taken away). */
const BOARD = { width: 1120, height: 854 };
/** The tools' panel: 18rem wide, 200 pixels of room, 0.75rem from the corner. */
const PANEL = { w: 300, h: 212 };

describe("fitClearOf", () => {
  it("without the tools' panel is the plain fit (scale bar room below)", () => {
    expect(fitClearOf(TABLE, BOARD, 24, 52, null)).toEqual(fit(TABLE, BOARD, 24, 52));
  });

  it("keeps the whole table out from under the panel in the bottom-right corner", () => {
    expect(coversCorner(fit(TABLE, BOARD, 24, 52), TABLE, BOARD, PANEL)).toBe(true);
    const camera = fitClearOf(TABLE, BOARD, 24, 52, PANEL);
    expect(coversCorner(camera, TABLE, BOARD, PANEL)).toBe(false);
    // the table stays inside the board, as large as it can be beside or above the panel
    expect(camera.offset.x).toBeGreaterThanOrEqual(0);
    expect(camera.offset.y).toBeGreaterThanOrEqual(0);
    expect(camera.scale).toBeGreaterThan(12);
  });

  it("goes above the panel on a tall board and beside it on a wide one", () => {
    const tall = { width: 390, height: 500 };
    const above = fitClearOf(TABLE, tall, 24, 52, { w: 390, h: 200 });
    expect(above.offset.y + TABLE.depth * above.scale).toBeLessThanOrEqual(tall.height - 200);
    const wide = { width: 1600, height: 600 };
    const beside = fitClearOf(TABLE, wide, 24, 52, { w: 300, h: 400 });
    expect(beside.offset.x + TABLE.width * beside.scale).toBeLessThanOrEqual(wide.width - 300);
    expect(beside.scale).toBe(fit(TABLE, wide, 24, 52).scale); // room enough: no smaller
  });

  it("moves nothing when the panel already clears the table", () => {
    const board = { width: 800, height: 760 }; // a 44 x 30 table has room below it
    const table = { width: 44, depth: 30 };
    expect(fitClearOf(table, board, 24, 52, { w: 300, h: 120 })).toEqual(fit(table, board, 24, 52));
  });
});
