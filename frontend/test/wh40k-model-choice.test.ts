import { describe, expect, it } from "vitest";
import { modelChoiceLabel } from "../src/wh40k/model-choice";
import { namer } from "../src/wh40k/names";
import { fixture } from "./wh40k-fixture";

describe("the label of a model to choose for a wound", () => {
  it("names the profile only when the unit has several, and always the wounds left", () => {
    const s = fixture();
    const names = namer(s);
    expect(modelChoiceLabel(s, names, "p2-b-2")).toBe("Bravo #2 (2W)");
    const sheet = s.game.units["p2-b"]!.sheet;
    sheet.models = sheet.models.map(([id, p]) => [id, id === "p2-b-2" ? { ...p, name: "Sergeant", wounds: 3 } : p]);
    s.models = s.models.map((m) => (m.id === "p2-b-2" ? { ...m, wounds: 1 } : m));
    expect(modelChoiceLabel(s, names, "p2-b-2")).toBe("Bravo #2 (Sergeant, 1W)");
    expect(modelChoiceLabel(s, names, "p2-b-1")).toBe("Bravo #1 (Trooper, 2W)");
  });
});

describe("the profile on an ordinary model's button (r3 #5)", () => {
  it("keeps the profile when the unit's name starts with it", () => {
    const s = fixture();
    s.units = s.units.map((u) => (u.id === "p2-b" ? { ...u, name: "Trooper Squad" } : u));
    const sheet = s.game.units["p2-b"]!.sheet;
    sheet.models = sheet.models.map(([id, p]) => [id, { ...p, name: id === "p2-b-1" ? "Trooper Sergeant" : "Trooper" }]);
    const names = namer(s);
    expect(names.isLeaderModel("p2-b-2")).toBe(false);
    expect(modelChoiceLabel(s, names, "p2-b-2")).toBe("Trooper Squad #2 (Trooper, 2W)");
    expect(modelChoiceLabel(s, names, "p2-b-1")).toBe("Trooper Squad #1 (Trooper Sergeant, 2W)");
  });
});
