// Audit s16 E (keyboard and screen reader): the pure parts of the fixes; the browser test
// tests/e2e/test_a11y_browser.py checks the same on the pages (roles, names, focus).

import { describe, expect, it } from "vitest";
import type { DaLogEntry } from "../src/death-angel/da-store";
import { heldRoll, lastRoll } from "../src/death-angel/game-log";
import { marineLabel } from "../src/death-angel/marine-card";
import type { Marine } from "../src/death-angel/wire";
import { shouldRestore } from "../src/ui/keep-focus";
import type { ArmySummary } from "../src/wh40k/army";
import { importAnnouncement } from "../src/wh40k/army-picker";
import { rerollDieLabel } from "../src/wh40k/choice-actions";
import { mustDoText } from "../src/wh40k/phase-bar";
import { objectiveFieldLabel } from "../src/wh40k/setup-actions";
import type { Pending } from "../src/wh40k/wire";

describe("focus thrown to <body> goes back into the panel (#3)", () => {
  const lost = { hadFocus: true, lastGone: true, active: "body", dialogOpen: false } as const;
  it("restores when the focused control was removed or disabled and focus fell to <body>", () => {
    expect(shouldRestore(lost)).toBe(true);
    // a disabled button may keep document.activeElement for a moment
    expect(shouldRestore({ ...lost, active: "last" })).toBe(true);
  });
  it("leaves focus that is elsewhere, in a dialog, or that left the panel on purpose", () => {
    expect(shouldRestore({ ...lost, active: "elsewhere" })).toBe(false);
    expect(shouldRestore({ ...lost, dialogOpen: true })).toBe(false);
    expect(shouldRestore({ ...lost, hadFocus: false })).toBe(false);
    expect(shouldRestore({ ...lost, lastGone: false })).toBe(false);
  });
});

describe("10e: the live region says what this seat must now do (#4)", () => {
  const act: Pending = { player: "p1", kind: "act", unit: null, options: [], detail: {} };
  it("says the phase bar's words for this seat's turn or decision", () => {
    expect(mustDoText(act, "movement", true, false)).toBe("Your turn: move units in the Movement phase");
    expect(mustDoText({ ...act, kind: "reaction" }, "shooting", true, false)).toMatch(/^Your decision: /);
  });
  it("says nothing while another player acts, or once the game is over", () => {
    expect(mustDoText(act, "movement", false, false)).toBe("");
    expect(mustDoText(null, "over", true, true)).toBe("");
    expect(mustDoText(act, "movement", true, true)).toBe("");
  });
});

describe("Death Angel: marine names and the last roll (#5)", () => {
  const maro: Marine = {
    id: "m1",
    name: "Sergeant Maro",
    team: "t1",
    player: "p1",
    range: 2,
    facing: "L",
    tokens: 0,
    arrows: { left: "up", right: "down" },
  };
  it("names the marine's combat team and who plays him", () => {
    expect(marineLabel(maro, "Verdant Squad", "yours")).toBe(
      "Sergeant Maro, Verdant Squad, yours, faces left, range 2, 0 support tokens",
    );
  });
  it("reads the newest roll with what followed it", () => {
    const entry = (v: number, text: string, die = false): DaLogEntry => ({
      v,
      line: { text, tone: "normal", ...(die ? { die: { value: 3, skull: true, purpose: "attack", reroll: false } } : {}) },
    });
    expect(lastRoll([entry(1, "Round 1 begins.")])).toBeNull();
    const log = [
      entry(1, "Brother Oren rolls to attack: 1.", true),
      entry(2, "Brother Oren misses."),
      entry(3, "Brother Oren rolls to attack: 3 and a skull.", true),
      entry(4, "Brother Oren hits."),
    ];
    expect(lastRoll(log)).toEqual({ v: 3, text: "Brother Oren rolls to attack: 3 and a skull. Brother Oren hits." });
  });
  it("keeps a roll's words as first said while later lines come (review s16 r3 #5)", () => {
    const said = { v: 3, text: "Brother Oren rolls to attack: 3 and a skull. Brother Oren hits." };
    const grown = { v: 3, text: `${said.text} Brother Leon activates Move + Activate.` };
    expect(heldRoll(said, grown)).toBe(said); // the same roll: not read out again
    const next = { v: 7, text: "Brother Leon rolls to attack: 5." };
    expect(heldRoll(said, next)).toBe(next);
    expect(heldRoll(null, grown)).toBe(grown);
  });
});

describe("10e controls named for what they do (#7, #9)", () => {
  it("names each re-roll die by its number and value", () => {
    expect(rerollDieLabel("number of attacks", 1, 2, "3", false)).toBe("Re-roll number of attacks die 2 of 2: 3");
    expect(rerollDieLabel("hit roll", 0, 1, "2", true)).toBe("Re-roll hit roll die 1 of 1: 2, failed");
  });
  it("says the objective fields' unit and origin", () => {
    expect(objectiveFieldLabel("x", 60)).toBe("x, inches from the left edge (0–60)");
    expect(objectiveFieldLabel("y", 44)).toBe("y, inches from the top edge (0–44)");
  });
});

describe("the lobby announces an imported army (#10)", () => {
  const s: ArmySummary = {
    name: "Demo 500",
    faction: "Demo Legion",
    points: 180,
    units: [
      { name: "A", models: 5, points: 100, enhancements: [] },
      { name: "B", models: 1, points: 80, enhancements: [] },
    ],
    models: 6,
    missingBases: [],
    assumedBases: [],
    warnings: [],
  };
  it("says reading, then the summary", () => {
    expect(importAnnouncement("Player 1", true, true, null)).toBe("Player 1 army: reading the roster…");
    expect(importAnnouncement("Player 1", true, false, s)).toBe(
      "Player 1 army imported: Demo 500 (Demo Legion), 180 pts, 2 units, 6 models.",
    );
  });
  it("says nothing for a demo army", () => {
    expect(importAnnouncement("Player 2", false, false, s)).toBe("");
  });
});
