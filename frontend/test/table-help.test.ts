import { describe, expect, it } from "vitest";
import { FINE_TURN_STEP, TURN_STEP, keyTurn } from "../src/board/turn";
import { type HelpSection, helpSections, refereeText } from "../src/ui/table-help";
import { BUTTONS } from "../src/ui/tool-bar";

const TABLES = ["sandbox", "wh40k-9e", "wh40k-8e", "deathmatch"];

const section = (all: HelpSection[], title: string) => all.find((s) => s.title === title);
const keysOf = (s: HelpSection | undefined) => s?.rows.flatMap((r) => r.keys ?? []) ?? [];

/** The key codes the board reads for the keys the help names. */
const CODES: Record<string, string> = { Q: "KeyQ", E: "KeyE", "[": "BracketLeft", "]": "BracketRight" };

describe("the controls", () => {
  const player = helpSections({ system: "wh40k-9e", spectator: false });

  it("name the turn keys the board turns by, with the steps it turns", () => {
    const turn = section(player, "Turn");
    const left = turn?.rows.find((r) => r.keys?.includes("Q"));
    const right = turn?.rows.find((r) => r.keys?.includes("E"));
    for (const k of left?.keys ?? []) expect(keyTurn(CODES[k] ?? "", false)).toBe(-TURN_STEP);
    for (const k of right?.keys ?? []) expect(keyTurn(CODES[k] ?? "", false)).toBe(TURN_STEP);
    expect(left?.text).toContain(`${TURN_STEP}°`);
    expect(keysOf(turn)).toEqual(["Q", "[", "E", "]", "Shift"]);
    expect(turn?.rows.find((r) => r.keys?.includes("Shift"))?.text).toContain(`${FINE_TURN_STEP}°`);
    expect(keyTurn("KeyQ", true)).toBe(-FINE_TURN_STEP);
    expect(turn?.rows[0]?.how).toContain("↻");
  });

  it("name the tool bar's keys, Escape, the level keys and the help key", () => {
    const tools = keysOf(section(player, "Tools (top bar)"));
    expect(tools).toEqual([...BUTTONS.map((b) => b.key), "Esc"]);
    expect(keysOf(section(player, "Level"))).toEqual(["PageUp", "PageDown"]);
    expect(keysOf(section(player, "Help"))).toEqual(["?"]);
  });

  it("cover the view and touch", () => {
    expect(section(player, "View")?.rows.map((r) => r.how)).toContain("− / + / Fit table");
    expect(section(player, "Touch")?.rows.some((r) => r.how?.includes("Two fingers"))).toBe(true);
  });

  it("show a spectator no moving, turning or levels", () => {
    const watcher = helpSections({ system: "wh40k-9e", spectator: true });
    expect(watcher.map((s) => s.title)).toEqual(["Select", "Tools (top bar)", "View", "Touch", "Help"]);
    const words = JSON.stringify(watcher);
    expect(words).not.toContain("Drag one of your bases");
    expect(words).toContain("spectators cannot move");
  });

  it("tell of the sight arc at Deathmatch only", () => {
    const arc = (system: string) => JSON.stringify(section(helpSections({ system, spectator: false }), "Turn"));
    expect(arc("deathmatch")).toContain("sight arc");
    for (const system of ["sandbox", "wh40k-9e", "wh40k-8e"]) expect(arc(system)).not.toContain("sight arc");
  });
});

describe("what the table referees", () => {
  it("says at every table that there are no turns or limits, and what a move must respect", () => {
    for (const system of [...TABLES, null, "unknown"]) {
      const text = refereeText(system);
      expect(text).toContain("no turns, phases or movement limits");
      expect(text).toContain("any distance, at any time");
      expect(text).toContain("table edge");
      expect(text).toContain("overlapping another base");
    }
  });

  it("names each system's own geometry", () => {
    expect(refereeText("wh40k-9e")).toContain("9th edition");
    expect(refereeText("wh40k-9e")).toContain("coherency");
    expect(refereeText("wh40k-8e")).toContain("8th edition");
    expect(refereeText("wh40k-8e")).toContain("Official Update 1.6");
    expect(refereeText("wh40k-8e")).not.toContain("9th");
    expect(refereeText("sandbox")).toContain("every terrain piece and every model blocks line of sight");
    expect(refereeText("sandbox")).toContain("no cover, coherency or engagement");
    expect(refereeText("deathmatch")).toContain("facing matters");
    expect(refereeText("deathmatch")).toContain("No coherency");
    expect(refereeText(null)).toContain("this table's system");
  });
});
