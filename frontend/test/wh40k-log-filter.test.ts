import { describe, expect, it } from "vitest";
import { filterNotice, filterNoticeText } from "../src/wh40k/game-log";
import { namer } from "../src/wh40k/names";
import { moreSides, playerMark } from "../src/wh40k/timeline-strip";
import type { Logged } from "../src/wh40k/w40-store";
import { fixture } from "./wh40k-fixture";

const n = namer(fixture());

const events: Logged[] = [
  { v: 1, e: { type: "roll_off", purpose: "attacker", dice: { p1: [2], p2: [5] }, winner: "p2" } },
  { v: 2, e: { type: "phase_started", round: 0, phase: "setup", step: "formations" } },
  { v: 3, e: { type: "formations_declared", player: "p1" } },
  { v: 4, e: { type: "formations_declared", player: "p2" } },
  { v: 5, e: { type: "phase_started", round: 1, player: "p1", phase: "command" } },
  { v: 6, e: { type: "waiting", pending: null } },
  { v: 7, e: { type: "formations_declared", player: "p2" } },
] as Logged[];

describe("the filtered log's notice", () => {
  it("is absent when the log shows every event", () => {
    expect(filterNotice(events, null, n)).toBeNull();
  });

  it("names the chosen segment and counts the newer lines it hides (not bookkeeping)", () => {
    const notice = filterNotice(events, new Set([2, 3, 4]), n);
    expect(notice).toEqual({ label: "Declare battle formations", newer: 2 });
    expect(filterNoticeText(notice!)).toBe("Showing only Declare battle formations · 2 newer events hidden");
  });

  it("names a round's phase as its chip does, and says nothing hidden for the newest segment", () => {
    const notice = filterNotice(events, new Set([5, 6, 7]), n);
    expect(notice).toEqual({ label: "R1 Command", newer: 0 });
    expect(filterNoticeText(notice!)).toBe("Showing only R1 Command");
    expect(filterNoticeText({ label: "Start", newer: 1 })).toBe("Showing only Start · 1 newer event hidden");
  });
});

describe("the timeline's scroll affordance", () => {
  it("tells which sides have more chips", () => {
    expect(moreSides(0, 300, 300)).toEqual({ left: false, right: false });
    expect(moreSides(0, 300, 900)).toEqual({ left: false, right: true });
    expect(moreSides(300, 300, 900)).toEqual({ left: true, right: true });
    expect(moreSides(599.5, 300, 900)).toEqual({ left: true, right: false });
  });
});

describe("the timeline's player marks", () => {
  it("shortens a player's name to its initials and numbers (the chips named no player)", () => {
    expect(playerMark("Player 2")).toBe("P2");
    expect(playerMark("Ashen Concord")).toBe("AC");
    expect(playerMark("Kim")).toBe("Kim");
    expect(playerMark("  ")).toBe("");
  });
});

describe("terrain in a refusal", () => {
  it("names a piece by its name, else its kind, once (QA s13: 'Barricade Barricade')", () => {
    const s = fixture();
    s.terrain = [
      { id: "t8", kind: "barricade", polygon: [[0, 0], [1, 0], [1, 1]], height: 1, traits: [], name: "Barricade" },
      { id: "t9", kind: "debris", polygon: [[0, 0], [1, 0], [1, 1]], height: 1, traits: [] },
    ];
    const words = namer(s).words;
    expect(words("Alpha #1 may not be set up or end a move on t8 (models may only move over")).toBe(
      "Alpha #1 may not be set up or end a move on Barricade (models may only move over",
    );
    expect(words("end a move on t9 (models")).toBe("end a move on debris (models");
  });
});
