// Audit s16 C #5, #6, #7, #9, #15: 10th-edition wording a newcomer misread.

import { describe, expect, it } from "vitest";
import { rangedAttacks } from "../src/wh40k/attack-choice";
import { describeEvent } from "../src/wh40k/event-text";
import { logLines } from "../src/wh40k/game-log";
import { namer } from "../src/wh40k/names";
import { offers, pendingWords } from "../src/wh40k/offered-actions";
import { waitingText } from "../src/wh40k/phase-bar";
import { reactionText } from "../src/wh40k/reaction-actions";
import { unitWithLeader } from "../src/wh40k/unit-with-leader";
import { leftOutModels, leftOutText } from "../src/wh40k/weapon-targets";
import type { Pending, W40State } from "../src/wh40k/wire";
import { fixture, modelAt, status } from "./wh40k-fixture";

const act: Pending = { player: "p1", kind: "act", unit: null, options: [], detail: {} };

describe("the pending decision in plain words (#5)", () => {
  it("says what the turn's player does in each phase, never 'act'", () => {
    expect(pendingWords(act, "command")).toBe("to finish the Command phase");
    expect(pendingWords(act, "movement")).toBe("to move units in the Movement phase");
    expect(pendingWords(act, "shooting")).toBe("to shoot in the Shooting phase");
    expect(pendingWords(act, "charge")).toBe("to declare charges in the Charge phase");
    expect(pendingWords(act, "fight")).toBe("to finish the Fight phase");
    expect(pendingWords(act)).toBe("to play the turn");
  });

  it("puts every pending kind the server sends into words", () => {
    // backend/vantage/rules/wh40k10e: decide.ANSWERS, views.project ("act"), decide.waiting_for ("confirm_undo")
    const kinds = ["act", "place_objective", "declare_formations", "deploy", "scouts", "reaction", "allocate", "precision"];
    kinds.push("allocate_mortal", "hazardous", "charge_move", "fight", "consolidate", "reroll", "coherency", "confirm_undo");
    for (const kind of kinds) {
      const words = pendingWords({ ...act, kind }, "movement");
      // a kind with no words of its own would read as its name, without "to"
      expect(words, kind).toMatch(/^to [a-z]/);
      expect(words, kind).not.toMatch(/_|\bact\b/);
    }
  });

  it("reads 'Your turn: ...' for the active player, 'Waiting for ...' for the others", () => {
    expect(waitingText(act, "command", true, "Player 1")).toBe("Your turn: finish the Command phase");
    expect(waitingText(act, "movement", false, "Player 2")).toBe("Waiting for Player 2 to move units in the Movement phase");
    const deploy = { ...act, kind: "deploy" };
    expect(waitingText(deploy, "setup", true, "Player 1")).toBe("Your decision: deploy a unit");
    expect(waitingText(deploy, "setup", false, "Player 1")).toBe("Waiting for Player 1 to deploy a unit");
  });

  it("tells the other player what the active one is doing in the action panel", () => {
    expect(offers(fixture(), "p2").main).toEqual({ kind: "watch", waitingFor: "p1", what: "to shoot in the Shooting phase" });
  });
});

describe("the reaction prompt names the enemy unit and yours (#6)", () => {
  const targeted = (): W40State => {
    const s = fixture();
    s.game.pending = { player: "p2", kind: "reaction", unit: "p1-a", options: ["go_to_ground"], detail: { window: "targeted" } };
    s.game.attack = {
      unit: "p1-a",
      player: "p1",
      melee: false,
      overwatch: false,
      assignments: [
        { model: "p1-a-1", weapon: "Gun", target: "p2-b" },
        { model: "p1-a-2", weapon: "Gun", target: "p2-b" },
      ],
    };
    return s;
  };

  it("says which enemy unit chose which of your units as its target", () => {
    const s = targeted();
    expect(reactionText(s, namer(s), "targeted", "p1-a")).toBe("The enemy's Alpha has chosen your Bravo as its target.");
  });

  it("names every target, and an attached target with its Leader", () => {
    const s = targeted();
    s.units.push({ id: "p2-c", player: "p2", name: "Charlie", keywords: ["INFANTRY"] }, { id: "p2-l", player: "p2", name: "Lord", keywords: ["CHARACTER"] });
    s.game.units["p2-c"] = status("p2-c", "p2", { leader: "p2-l" });
    s.game.units["p2-l"] = status("p2-l", "p2", { location: "attached", attached_to: "p2-c" });
    s.game.attack?.assignments.push({ model: "p1-a-2", weapon: "Pistol", target: "p2-c" });
    expect(reactionText(s, namer(s), "targeted", "p1-a")).toBe("The enemy's Alpha has chosen your Bravo and Charlie + Lord as its targets.");
  });

  it("names the enemy unit in the other windows, and falls back without one", () => {
    const s = fixture();
    const n = namer(s);
    expect(reactionText(s, n, "moved", "p2-b")).toBe("The enemy's Bravo has just moved or been set up.");
    expect(reactionText(s, n, "charge_declared", "p2-b")).toBe("The enemy's Bravo has declared a charge.");
    expect(reactionText(s, n, "fought", "p2-b")).toBe("The enemy's Bravo has just fought.");
    expect(reactionText(s, n, "movement_end", null)).toBe("Your opponent's Movement phase ends.");
    expect(reactionText(s, n, "targeted", null)).toBe("Your unit has been chosen as a target.");
  });
});

describe("the shooting form names the models left without a target (#7)", () => {
  // Alpha: two Gun models and a third with a Lobber (12") that no enemy is in reach of.
  const setup = () => {
    const s = fixture();
    const a = status("p1-a", "p1");
    a.sheet.weapons.push({ name: "Lobber", kind: "ranged", range: 12, attacks: "2", skill: 4, strength: 8, ap: -3, damage: "D6", abilities: [] });
    a.sheet.models.push(["p1-a-3", { ...a.sheet.models[0]![1], weapons: ["Lobber"] }]);
    s.game.units["p1-a"] = a;
    s.models.push(modelAt("p1-a-3", "p1-a", 13, 10));
    const mine = s.models.filter((m) => m.unit === "p1-a");
    const enemies = s.models.filter((m) => m.unit === "p2-b");
    return { s, a, mine, enemies, n: namer(s) };
  };
  const left = (answer: Record<string, string[]>, choice: Record<string, string | null>) => {
    const { s, a, mine, enemies, n } = setup();
    const rows = rangedAttacks(a, mine, choice, (u) => s.models.filter((m) => m.unit === u));
    const out = leftOutModels({
      status: a,
      models: mine,
      answer,
      choice,
      fired: new Set(rows.attacks.map((r) => `${r.model}|${r.weapon}`)),
      outOfRange: rows.outOfRange,
      enemies,
      names: n,
    });
    return { rows, text: out.map((l) => leftOutText(l, n)) };
  };

  it("names the model whose weapon has no target, with the weapon and why", () => {
    const { rows, text } = left({ Gun: ["p2-b"], Pistol: ["p2-b"] }, { Gun: "p2-b", Pistol: null });
    expect(rows.attacks).toHaveLength(2);
    expect(text).toEqual(['Alpha #3 does not shoot: Lobber (no enemy within 12")']);
  });

  it("tells 'none it may target' from 'out of range' by what is in range", () => {
    const { s } = setup();
    // Bravo moves within 12" of the Lobber: the server still leaves the Lobber out, so it cannot see.
    const near = s.models.map((m) => (m.unit === "p2-b" ? { ...m, y: 18 } : m));
    const a = s.game.units["p1-a"]!;
    const mine = near.filter((m) => m.unit === "p1-a");
    const out = leftOutModels({
      status: a,
      models: mine,
      answer: { Gun: ["p2-b"] },
      choice: { Gun: "p2-b" },
      fired: new Set(["p1-a-1|Gun", "p1-a-2|Gun"]),
      outOfRange: [],
      enemies: near.filter((m) => m.unit === "p2-b"),
      names: namer(s),
    });
    expect(out.map((l) => leftOutText(l, namer(s)))).toEqual([
      'Alpha #1 does not fire Pistol (no enemy it may target within 12")',
      'Alpha #2 does not fire Pistol (no enemy it may target within 12")',
      'Alpha #3 does not shoot: Lobber (no enemy it may target within 12")',
    ]);
  });

  it("takes an enemy AIRCRAFT in Engagement Range for 'Pistols only', as the server does (§8.1; review s16 r2)", () => {
    const { s, a, mine, n } = setup();
    // an enemy aircraft right beside Alpha #1, in range of everything
    const jet = { ...s.models.find((m) => m.unit === "p2-b")!, id: "p2-j-1", unit: "p2-j", x: 11, y: 11.3 };
    const out = leftOutModels({ status: a, models: mine, answer: {}, choice: {}, fired: new Set(), outOfRange: [], enemies: [jet], names: n });
    expect(leftOutText(out[0]!, n)).toContain("the unit is within Engagement Range: Pistols only");
  });

  it("says the unit Advanced for a weapon that is not Assault, and names a weapon held back only when the model fires nothing", () => {
    const { a, mine, enemies, n } = setup();
    a.move = "advance";
    const out = leftOutModels({
      status: a,
      models: mine,
      answer: { Pistol: ["p2-b"] },
      choice: { Pistol: null },
      fired: new Set(),
      outOfRange: [],
      enemies,
      names: n,
    });
    expect(out.map((l) => leftOutText(l, n))).toEqual([
      "Alpha #1 does not shoot: Gun (the unit Advanced and it is not an Assault weapon), Pistol (no target chosen)",
      "Alpha #2 does not shoot: Gun (the unit Advanced and it is not an Assault weapon), Pistol (no target chosen)",
      "Alpha #3 does not shoot: Lobber (the unit Advanced and it is not an Assault weapon)",
    ]);
  });

  it("names a model whose chosen target is beyond its weapon's range", () => {
    const { text } = left({ Gun: ["p2-b"], Pistol: ["p2-b"] }, { Gun: null, Pistol: "p2-b" });
    // Bravo is 20" away: every Pistol (12") is out of range, the Lobber has no target at all.
    expect(text).toEqual([
      'Alpha #1 does not shoot: Gun (no target chosen), Pistol (Bravo is not within 12")',
      'Alpha #2 does not shoot: Gun (no target chosen), Pistol (Bravo is not within 12")',
      'Alpha #3 does not shoot: Lobber (no enemy within 12")',
    ]);
  });
});

describe("an attached unit is named with its Leader where it is picked and deployed (#9)", () => {
  it("names Bodyguard + Leader while the Leader is attached, the unit alone otherwise", () => {
    const s = fixture();
    s.units.push({ id: "p1-l", player: "p1", name: "Lord", keywords: ["CHARACTER"] });
    s.game.units["p1-l"] = status("p1-l", "p1", { location: "attached", attached_to: "p1-a" });
    s.game.units["p1-a"] = status("p1-a", "p1", { leader: "p1-l", location: "undeployed" });
    expect(unitWithLeader(s, namer(s), "p1-a")).toBe("Alpha + Lord");
    expect(unitWithLeader(s, namer(s), "p2-b")).toBe("Bravo");
    expect(unitWithLeader(null, namer(s), "p1-a")).toBe("Alpha");
  });
});

describe("the battle formations reveal names both players (#15)", () => {
  const n = namer(fixture());
  const earlier = { type: "formations_declared", player: "p1", reserves: [], strategic_reserves: [] };
  const last = { type: "formations_declared", player: "p2", reserves: [], strategic_reserves: [], warnings: [] };
  const revealed = { type: "formations_revealed", declared: [earlier] };

  it("adds the last declaration, made in the open just before, to the secret ones", () => {
    expect(describeEvent(revealed, n, undefined, last)?.text).toBe(
      "Battle formations revealed: Player 1: no Reserves · Player 2: no Reserves",
    );
  });

  it("does so in the log, and not when the event before is a stub or another player's already revealed", () => {
    const lines = logLines(
      [
        { v: 1, e: { type: "formations_declared", player: "p1" } },
        { v: 2, e: last },
        { v: 3, e: revealed },
      ],
      n,
    );
    expect(lines.at(-1)?.line.text).toBe("Battle formations revealed: Player 1: no Reserves · Player 2: no Reserves");
    expect(describeEvent(revealed, n, undefined, { type: "formations_declared", player: "p2" })?.text).toBe(
      "Battle formations revealed: Player 1: no Reserves",
    );
    expect(describeEvent(revealed, n, undefined, earlier)?.text).toBe("Battle formations revealed: Player 1: no Reserves");
  });
});
