// Turning (rules decision 27) when the table changes under a turn: the move it sends turns the
// models where they stand now, never puts them back where they stood when the turn began.

import { describe, expect, it } from "vitest";
import type { ModelMove } from "../src/net/game-session";
import type { BaseNodes } from "../src/board/konva/base-nodes";
import { Turning } from "../src/board/konva/turning";
import type { ToolController } from "../src/board/tools/tool-controller";

function setup() {
  const drawn = new Map([["a1", { x: 10, y: 8, facing: 0, reach: 0.63 }]]);
  const sent: ModelMove[][] = [];
  const bases = {
    drawn: (id: string) => drawn.get(id) ?? null,
    hold: (ids: string[]) => new Map(ids.map((id) => [id, { x: drawn.get(id)!.x, y: drawn.get(id)!.y }])),
    showAt: () => {},
    release: () => {},
  } as unknown as BaseNodes;
  const tools = { moveStarted: () => {}, moveTo: () => {}, moveEnded: () => {} } as unknown as ToolController;
  const turning = new Turning({
    bases,
    tools,
    moveModels: (moves) => sent.push(moves),
    turnable: () => ["a1"],
    handleModel: (ids) => ids[0] ?? null,
    relayout: () => {},
  });
  return { turning, sent };
}

describe("a turn when the table changes under it", () => {
  it("turns the model where it stands now", () => {
    const { turning, sent } = setup();
    expect(turning.byKeys(15)).toBe(true);
    // another page of the same player moved a1 to (10, 9.5) meanwhile
    turning.follow(new Map([["a1", { x: 10, y: 9.5, facing: 0 }]]));
    turning.finish(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual([{ model: "a1", to: { x: 10, y: 9.5, facing: 15 } }]);
  });

  it("ends when a turned model is gone", () => {
    const { turning, sent } = setup();
    turning.byKeys(15);
    turning.follow(new Map());
    expect(turning.ids).toBeNull();
    turning.finish(true);
    expect(sent).toEqual([]);
  });
});
