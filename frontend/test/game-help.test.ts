import { describe, expect, it } from "vitest";
import { W40_BADGES } from "../src/ui/game-help";
import { helpButtonLabel, helpFor } from "../src/ui/help-content";
import type { HelpSection } from "../src/ui/table-help";
import { BUTTONS } from "../src/ui/tool-bar";
import { unitMarkers } from "../src/wh40k/unit-markers";
import type { UnitStatus } from "../src/wh40k/wire";

const titles = (system: string, spectator: boolean) => helpFor({ system, spectator }).sections.map((s) => s.title);
const section = (system: string, spectator: boolean, title: string): HelpSection | undefined =>
  helpFor({ system, spectator }).sections.find((s) => s.title === title);
const words = (s: HelpSection | undefined) => JSON.stringify(s ?? null);

describe("which help a page shows", () => {
  it("gives the 10th-edition and Death Angel pages their own help, every table system the table's", () => {
    const w40 = helpFor({ system: "wh40k-10e", spectator: false });
    expect(w40.title).toBe("Game help");
    expect(w40.referee).toContain("10th edition");
    expect(w40.refereeTitle).toBe("What the referee decides");
    expect(titles("wh40k-10e", false)).toContain("Deploying and moving a unit");

    const da = helpFor({ system: "death-angel", spectator: false });
    expect(da.referee).toContain("Death Angel");
    expect(titles("death-angel", false)).toContain("A marine's card");
    expect(da.sections.some((s) => s.title.startsWith("Tools"))).toBe(false); // no table tools there

    for (const system of ["sandbox", "wh40k-9e", "wh40k-8e", "deathmatch", null]) {
      const table = helpFor({ system, spectator: false });
      expect(table.title).toBe("Table help");
      expect(table.referee).toContain("no turns, phases or movement limits");
      expect(table.sections.map((s) => s.title)).toContain("Turn");
    }
    // a refereed game is not said to have no turns
    expect(w40.referee).not.toContain("no turns");
    expect(da.referee).not.toContain("no turns");
  });

  it("words the ? button for what its help covers", () => {
    expect(helpButtonLabel("wh40k-9e")).toBe("Help: controls and what this table referees (?)");
    expect(helpButtonLabel("wh40k-10e")).toContain("badges");
    expect(helpButtonLabel("death-angel")).toContain("cards");
    for (const s of ["wh40k-10e", "death-angel", "sandbox"]) expect(helpButtonLabel(s)).toMatch(/\(\?\)$/);
  });

  it("ends every page's help with the ? key", () => {
    for (const system of ["wh40k-10e", "death-angel", "sandbox"]) {
      for (const spectator of [false, true]) {
        const last = helpFor({ system, spectator }).sections.at(-1);
        expect(last?.rows[0]?.keys).toEqual(["?"]);
      }
    }
  });
});

describe("the 10th-edition help", () => {
  it("covers the plan's drags, waypoints and buttons, and undo in strict and casual games", () => {
    const plan = words(section("wh40k-10e", false, "Deploying and moving a unit"));
    for (const w of ["waypoint", "Step back", "Cancel", "Confirm", "Deploy", "pans the table", "base contact"]) {
      expect(plan).toContain(w);
    }
    const undo = words(section("wh40k-10e", false, "Undo"));
    expect(undo).toContain("Strict game");
    expect(undo).toContain("Allow or Refuse");
    expect(undo).toContain("Casual game");
    expect(undo).toContain("at once");
    const timeline = words(section("wh40k-10e", false, "Timeline, log and dice"));
    expect(timeline).toContain("chip");
    expect(timeline).toContain("All");
  });

  it("names the top bar's tool keys and Escape", () => {
    const tools = section("wh40k-10e", false, "Tools (top bar)");
    expect(tools?.rows.flatMap((r) => r.keys ?? [])).toEqual([...BUTTONS.map((b) => b.key), "Esc"]);
    expect(words(tools)).toContain("drag a unit once its move is chosen");
    expect(words(section("wh40k-10e", true, "Tools (top bar)"))).toContain("goes back to Select");
  });

  it("explains every badge a unit can carry", () => {
    const base = {
      location: "table",
      reserve: null,
      move: "none",
      moved_this_phase: false,
      advance_roll: null,
      charged: false,
      shot: false,
      fought: false,
      battle_shocked: false,
      below_half: false,
      effects: [],
    };
    const statuses: Partial<UnitStatus>[] = [
      { battle_shocked: true, below_half: true, charged: true, shot: true, fought: true },
      { move: "advance", advance_roll: 4 },
      { advance_roll: 3 },
      { move: "fall_back" },
      { move: "stationary" },
      { move: "normal", moved_this_phase: true },
      { location: "reserves", reserve: "strategic" },
      { location: "embarked" },
      { effects: ["go_to_ground", "smokescreen", "overwatch", "command_reroll:x", "epic_challenge"] },
    ];
    const codes = new Set(statuses.flatMap((s) => unitMarkers({ ...base, ...s } as UnitStatus).map((m) => m.code)));
    const listed = new Set(W40_BADGES.flatMap((b) => b.codes));
    for (const code of codes) expect(listed.has(/^\+\d+$/.test(code) ? "+n" : code), code).toBe(true);
    expect(codes.size).toBe(17);
    const cards = words(section("wh40k-10e", false, "Unit cards and badges"));
    for (const code of listed) expect(cards).toContain(code);
    expect(cards).toContain("not refereed: apply it yourselves");
  });

  it("shows a spectator no panel, plan or moving", () => {
    const watcher = titles("wh40k-10e", true);
    expect(watcher).not.toContain("Your actions");
    expect(watcher).not.toContain("Deploying and moving a unit");
    expect(watcher).toContain("Unit cards and badges");
    expect(JSON.stringify(helpFor({ system: "wh40k-10e", spectator: true }).sections)).not.toContain("Drag a base");
  });
});

describe("the Death Angel help", () => {
  it("explains the swarm arrows, facing, range and support tokens on a marine's card", () => {
    const card = words(section("death-angel", false, "A marine's card"));
    for (const w of ["↑", "↓", "towards the head", "flanks", "the side he looks to", "Range", "◆", "support token"]) {
      expect(card).toContain(w);
    }
  });

  it("tells a player how to choose cards and pick targets", () => {
    const choose = words(section("death-angel", false, "Choosing action cards"));
    expect(choose).toContain("Confirm choice");
    expect(choose).toContain("initiative");
    const pick = words(section("death-angel", false, "Picking a marine, a swarm or a target"));
    for (const w of ["Highlighted", "Show all choices", "Re-roll", "End this action"]) expect(pick).toContain(w);
  });

  it("shows a spectator the cards but no choosing", () => {
    const watcher = titles("death-angel", true);
    expect(watcher).toContain("A marine's card");
    expect(watcher).not.toContain("Choosing action cards");
    expect(watcher).not.toContain("Picking a marine, a swarm or a target");
  });
});

describe("the table systems' sight", () => {
  it("says 9th-edition ruins, woods and craters block only with the obscuring trait", () => {
    const text = helpFor({ system: "wh40k-9e", spectator: false }).referee;
    expect(text).toContain("ruins, woods and craters block it only with the obscuring trait");
    expect(text).not.toContain("craters do not");
  });

  it("says models block sight at the sandbox", () => {
    expect(helpFor({ system: "sandbox", spectator: false }).referee).toContain("every model blocks line of sight");
  });
});
