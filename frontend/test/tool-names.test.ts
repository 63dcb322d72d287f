import { describe, expect, it } from "vitest";
import { toolNames } from "../src/ui/tool-panel";

describe("toolNames", () => {
  const names = toolNames(
    (id) => `model ${id}`,
    (id) => `unit ${id}`,
    [
      { id: "t1", name: "Chapel ruin", kind: "ruin" },
      { id: "t2", kind: "crater" },
      { id: "t3", name: "", kind: "woods" },
    ],
  );

  it("names a terrain piece by its name alone, as refusals do", () => {
    expect(names.thing("t1")).toBe("Chapel ruin");
  });

  it("tells a piece without a name by its kind and id", () => {
    expect(names.thing("t2")).toBe("crater (t2)");
    expect(names.thing("t3")).toBe("woods (t3)");
  });

  it("falls back to the model's name for anything not terrain", () => {
    expect(names.thing("a1")).toBe("model a1");
  });
});
