// Models in words: an attached Leader's model by its own unit (h4 walkthrough s15 #6: the log named
// it by its Bodyguard and the number in its own id), a one-model unit's by the unit alone.

import { describe, expect, it } from "vitest";
import { namer } from "../src/wh40k/names";
import { fixture, status } from "./wh40k-fixture";

describe("an attached Leader's model in words (h4 #6)", () => {
  it("is named by its own unit, not as the Bodyguard's model #1", () => {
    const s = fixture();
    s.units.push({ id: "p1-x", player: "p1", name: "Cinderwright Exarch", keywords: ["INFANTRY", "CHARACTER"] });
    const exarch = status("p1-x", "p1", { location: "attached", attached_to: "p1-a" }, ["INFANTRY", "CHARACTER"]);
    exarch.sheet.name = "Cinderwright Exarch";
    exarch.sheet.models = exarch.sheet.models.slice(0, 1); // p1-x-1
    s.game.units["p1-x"] = exarch;
    s.game.units["p1-a"] = status("p1-a", "p1", { leader: "p1-x" });
    s.models.push({ ...s.models[0]!, id: "p1-x-1", unit: "p1-a", x: 13 }); // stands in the Bodyguard
    const names = namer(s);
    expect(names.model("p1-x-1")).toBe("Cinderwright Exarch");
    expect(names.model("p1-a-1")).toBe("Alpha #1");
    expect(names.words("p1-x-1 has 3 wounds left")).toBe("Cinderwright Exarch has 3 wounds left");
  });

  it("keeps the number when the Leader unit has several models", () => {
    const s = fixture();
    s.units.push({ id: "p1-x", player: "p1", name: "Wardens", keywords: ["INFANTRY", "CHARACTER"] });
    s.game.units["p1-x"] = status("p1-x", "p1", { location: "attached", attached_to: "p1-a" }, ["INFANTRY", "CHARACTER"]);
    s.models.push({ ...s.models[0]!, id: "p1-x-2", unit: "p1-a", x: 13 });
    expect(namer(s).model("p1-x-2")).toBe("Wardens #2");
  });
});

describe("the allocation button of an attached Leader's model (h4 #6)", () => {
  it("does not repeat the profile the name already gives", async () => {
    const { modelChoiceLabel } = await import("../src/wh40k/model-choice");
    const s = fixture();
    s.units.push({ id: "p1-x", player: "p1", name: "Cinderwright Exarch", keywords: ["INFANTRY", "CHARACTER"] });
    const exarch = status("p1-x", "p1", { location: "attached", attached_to: "p1-a" }, ["INFANTRY", "CHARACTER"]);
    const profile = { ...exarch.sheet.models[0]![1], name: "Cinderwright Exarch", wounds: 5 };
    exarch.sheet.models = [["p1-x-1", profile]];
    s.game.units["p1-x"] = exarch;
    const guard = status("p1-a", "p1", { leader: "p1-x" });
    guard.sheet.models = [...guard.sheet.models, ["p1-x-1", profile]];
    s.game.units["p1-a"] = guard;
    s.models.push({ ...s.models[0]!, id: "p1-x-1", unit: "p1-a", x: 13, wounds: 5 });
    expect(modelChoiceLabel(s, namer(s), "p1-x-1")).toBe("Cinderwright Exarch (5W)");
    expect(modelChoiceLabel(s, namer(s), "p1-a-1")).toBe("Alpha #1 (Trooper, 2W)");
  });
});

describe("a one-model unit's model in words", () => {
  it("is the unit's name alone, and keeps its number in a larger unit down to one model", () => {
    const s = fixture();
    s.units.push({ id: "p1-c", player: "p1", name: "Lone Warden", keywords: ["INFANTRY", "CHARACTER"] });
    const lone = status("p1-c", "p1", {}, ["INFANTRY", "CHARACTER"]);
    lone.sheet.models = lone.sheet.models.slice(0, 1).map(([, p]) => ["p1-c-1", p]);
    s.game.units["p1-c"] = lone;
    s.models.push({ ...s.models[0]!, id: "p1-c-1", unit: "p1-c", x: 20 });
    const names = namer(s);
    expect(names.model("p1-c-1")).toBe("Lone Warden");
    expect(names.words("p1-c-1 has 3 wounds left")).toBe("Lone Warden has 3 wounds left");
    s.models = s.models.filter((m) => m.id !== "p1-a-2"); // Alpha lost a model: numbers stay
    expect(namer(s).model("p1-a-1")).toBe("Alpha #1");
  });
});
