// What QA s13 left: the stratagem form's Epic Challenge models and the Disembark offer agree
// with the server's rules (`stratagems._epic_challenge`, `movement.disembark`).

import { describe, expect, it } from "vitest";
import { decodeW40State } from "../src/wh40k/decode-state";
import { offers } from "../src/wh40k/offered-actions";
import { stratagemNeeds } from "../src/wh40k/stratagem-form";
import type { Json } from "../src/protocol/read";
import { fixture, status } from "./wh40k-fixture";

describe("Epic Challenge names only a CHARACTER model (QA s13 #11)", () => {
  it("lists the Leader's models of an attached unit, not its Bodyguard models", () => {
    const s = fixture();
    s.game.phase = "fight";
    // p1-a: Alpha (a Bodyguard, models p1-a-1, p1-a-2) led by p1-l (model p1-a-3 on the table)
    s.game.units["p1-a"] = status("p1-a", "p1", { leader: "p1-l", character_models: ["p1-a-3"] }, ["INFANTRY", "CHARACTER"]);
    s.models.push({ ...s.models[0]!, id: "p1-a-3", x: 13, y: 10 });
    s.game.units["p2-b"] = status("p2-b", "p2", { leader: "p2-l" });
    s.models = s.models.map((m) => (m.unit === "p2-b" ? { ...m, y: 11.5 } : m));
    s.game.pending = { player: "p1", kind: "fight", unit: null, options: ["p1-a"], detail: {} };
    expect(offers(s, "p1").stratagems).toContain("epic_challenge");
    const needs = stratagemNeeds(s, "p1", "epic_challenge", null);
    expect(needs.units).toEqual(["p1-a"]);
    expect(needs.models).toEqual(["p1-a-3"]);
  });

  it("is not offered to a unit with the CHARACTER keyword but no CHARACTER model left", () => {
    const s = fixture();
    s.game.phase = "fight";
    s.game.units["p1-a"] = status("p1-a", "p1", { leader: "p1-l", character_models: [] }, ["INFANTRY", "CHARACTER"]);
    s.game.units["p2-b"] = status("p2-b", "p2", { leader: "p2-l" });
    s.models = s.models.map((m) => (m.unit === "p2-b" ? { ...m, y: 11.5 } : m));
    s.game.pending = { player: "p1", kind: "fight", unit: null, options: ["p1-a"], detail: {} };
    expect(offers(s, "p1").stratagems).not.toContain("epic_challenge");
    expect(stratagemNeeds(s, "p1", "epic_challenge", null).units).toEqual([]);
  });
});

describe("Disembark only for a unit that started the phase embarked (§3.7)", () => {
  it("leaves out a unit that embarked this phase, and says why", () => {
    const s = fixture();
    s.game.phase = "movement";
    s.game.units["p1-t"] = status("p1-t", "p1", {}, ["VEHICLE", "TRANSPORT"]);
    s.game.units["p1-c"] = status("p1-c", "p1", { location: "embarked", transport: "p1-t", started_embarked: false });
    expect(offers(s, "p1").main).toMatchObject({
      kind: "movement",
      embarked: [],
      stuck: [{ unit: "p1-c", why: "it embarked this phase (§3.7)" }],
    });
    s.game.units["p1-c"] = { ...s.game.units["p1-c"]!, started_embarked: true };
    expect(offers(s, "p1").main).toMatchObject({ kind: "movement", embarked: ["p1-c"], stuck: [] });
  });

  it("reads started_embarked and character_models from the server's view", () => {
    const s = fixture();
    const raw = JSON.parse(JSON.stringify(s)) as { game: { units: Record<string, Record<string, unknown>> } };
    raw.game.units["p1-a"]!["started_embarked"] = true;
    raw.game.units["p1-a"]!["character_models"] = ["p1-a-2"];
    const back = decodeW40State(raw as unknown as Json);
    expect(back.game.units["p1-a"]?.started_embarked).toBe(true);
    expect(back.game.units["p1-a"]?.character_models).toEqual(["p1-a-2"]);
    expect(back.game.units["p2-b"]?.started_embarked).toBe(false);
  });
});
