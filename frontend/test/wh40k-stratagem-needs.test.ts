import { describe, expect, it } from "vitest";
import { stratagemNeeds } from "../src/wh40k/stratagem-form";
import { fixture, status } from "./wh40k-fixture";

describe("stratagem form needs", () => {
  it("Tank Shock lists the melee weapons of the VEHICLE shown, not of the player's first unit", () => {
    const s = fixture();
    s.game.phase = "charge";
    const tank = status("p1-t", "p1", { charged: true }, ["VEHICLE"]);
    tank.sheet.weapons = [{ name: "Tracks", kind: "melee", range: null, attacks: "3", skill: 4, strength: 7, ap: 0, damage: "1", abilities: [] }];
    s.game.units["p1-t"] = tank; // after p1-a, an INFANTRY unit with a Blade
    const needs = stratagemNeeds(s, "p1", "tank_shock", null);
    expect(needs.units).toEqual(["p1-t"]);
    expect(needs.weapons).toEqual(["Tracks"]);
    expect(stratagemNeeds(s, "p1", "tank_shock", "p1-a").weapons).toEqual(["Tracks"]);
  });

  it("Tank Shock offers the enemy unit nearest the VEHICLE first (it must be engaged)", () => {
    const s = fixture();
    s.game.phase = "charge";
    s.game.units["p1-t"] = status("p1-t", "p1", { charged: true }, ["VEHICLE"]);
    s.game.units["p2-c"] = status("p2-c", "p2"); // listed after p2-b, but next to the tank
    const at = (id: string, unit: string, x: number, y: number) => ({ ...s.models[0]!, id, unit, x, y });
    s.models = [...s.models, at("p1-t-1", "p1-t", 40, 20), at("p2-c-1", "p2-c", 41.5, 20)];
    expect(stratagemNeeds(s, "p1", "tank_shock", null).targets).toEqual(["p2-c", "p2-b"]);
  });

  it("Fire Overwatch offers only the units the server names as able to shoot", () => {
    const s = fixture();
    s.game.units["p1-h"] = status("p1-h", "p1"); // a second unit on the table, out of range say
    s.game.pending = { player: "p1", kind: "reaction", unit: "p2-b", options: ["fire_overwatch"], detail: { window: "moved", fire_overwatch: ["p1-a"] } };
    expect(stratagemNeeds(s, "p1", "fire_overwatch", null).units).toEqual(["p1-a"]);
    s.game.pending = { ...s.game.pending, detail: { window: "moved" } }; // an older server: every unit
    expect(stratagemNeeds(s, "p1", "fire_overwatch", null).units).toEqual(["p1-a", "p1-h"]);
  });
});
