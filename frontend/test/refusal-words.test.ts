import { describe, expect, it } from "vitest";
import type { ModelInfo, PlayerInfo, UnitInfo } from "../src/protocol/messages";
import type { TableIndex } from "../src/state/game-store";
import { cannotMoveRefusal } from "../src/ui/refusal-words";

const base = { shape: "circle", diameter_mm: 32 } as unknown as ModelInfo["base"];

function model(id: string, unit: string): ModelInfo {
  return { id, unit, name: "", base, x: 0, y: 0, z: 0, height: 1.6, facing: 0, wounds: 1 };
}

const units: UnitInfo[] = [
  { id: "wardens", player: "p1", name: "Iron Warden Squad", keywords: [] },
  { id: "ashen", player: "p2", name: "Ashen Host", keywords: [] },
];
const players: PlayerInfo[] = [
  { id: "p1", name: "Player 1", color: "#c33" },
  { id: "p2", name: "Player 2", color: "#33c" },
];
const table: TableIndex = {
  models: new Map([model("w1", "wardens"), model("w2", "wardens"), model("a3", "ashen")].map((m) => [m.id, m])),
  units: new Map(units.map((u) => [u.id, u])),
  players: new Map(players.map((p) => [p.id, p])),
  unitModels: new Map(),
};

describe("cannotMoveRefusal", () => {
  it("names the other player's model and its owner, with the server's code", () => {
    expect(cannotMoveRefusal(table, "p2", ["w2"])).toEqual({
      code: "move/not_your_model",
      message: "Iron Warden Squad #2 is Player 1's model: you can measure it, not move it.",
      detail: { model: "w2" },
    });
  });

  it("names the first model that is not the viewer's in a mixed selection", () => {
    expect(cannotMoveRefusal(table, "p1", ["w1", "a3"])?.message).toBe(
      "Ashen Host #3 is Player 2's model: you can measure it, not move it.",
    );
  });

  it("tells a spectator that spectators cannot move models", () => {
    const r = cannotMoveRefusal(table, null, ["w1"]);
    expect(r?.code).toBe("intent/spectator");
    expect(r?.message).toBe("Spectators cannot move models: you can select them and use the tools.");
  });

  it("says nothing for the viewer's own models or an empty selection", () => {
    expect(cannotMoveRefusal(table, "p1", ["w1", "w2"])).toBeNull();
    expect(cannotMoveRefusal(table, "p1", [])).toBeNull();
    expect(cannotMoveRefusal(table, null, [])).toBeNull();
  });
});
