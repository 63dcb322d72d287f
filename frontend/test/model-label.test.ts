import { describe, expect, it } from "vitest";
import type { ModelInfo, UnitInfo } from "../src/protocol/messages";
import type { TableIndex } from "../src/state/game-store";
import { modelLabel } from "../src/ui/model-label";

const base = { shape: "circle", diameter_mm: 32 } as unknown as ModelInfo["base"];

function model(id: string, unit: string, name: string): ModelInfo {
  return { id, unit, name, base, x: 0, y: 0, z: 0, height: 1.6, facing: 0, wounds: 1 };
}

function index(models: ModelInfo[], units: UnitInfo[]): TableIndex {
  return {
    models: new Map(models.map((m) => [m.id, m])),
    units: new Map(units.map((u) => [u.id, u])),
    players: new Map(),
    unitModels: new Map(),
  };
}

describe("modelLabel", () => {
  const squad: UnitInfo = { id: "u1", player: "p1", name: "Iron Warden Squad", keywords: [] };
  const table = index([model("w1", "u1", ""), model("w2", "u1", "Sergeant Vos")], [squad]);

  it("names a model without a name of its own by its unit and number, as refusals do", () => {
    expect(modelLabel(table, "w1")).toBe("Iron Warden Squad #1");
  });

  it("prefers the model's own name, with its unit", () => {
    expect(modelLabel(table, "w2")).toBe("Sergeant Vos #2 (Iron Warden Squad)");
  });

  it("gives no number to an id that ends in none", () => {
    const solo = index([model("boss", "u1", "")], [squad]);
    expect(modelLabel(solo, "boss")).toBe("Iron Warden Squad");
  });

  it("falls back to the id for a model it does not know", () => {
    expect(modelLabel(table, "x9")).toBe("x9");
  });
});
