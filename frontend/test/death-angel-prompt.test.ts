import { describe, expect, it } from "vitest";
import { decodeDaState } from "../src/death-angel/decode-state";
import { EMPTY_NAMES, Namer, readPack } from "../src/death-angel/pack-names";
import {
  type Ask,
  anchoredKeys,
  askOf,
  choicesAt,
  defaultAllocation,
  defenceNeeds,
  loggedDefenceTerms,
  promptDefenceTerms,
  numberedNames,
  selectionCommand,
  tapOn,
  teamsWithoutCard,
  validAllocation,
  waitingText,
} from "../src/death-angel/prompt-choices";
import { shownActive, teamStatus } from "../src/death-angel/squad-panel";
import type { DaState, Pending } from "../src/death-angel/wire";
import { DecodeError } from "../src/protocol/read";
import { ATTACK_P1, ATTACK_SPECTATOR, MOVE_P1, REROLL_P1, SELECT_P1 } from "./death-angel-fixtures";

const names = (state: DaState | null = null) => new Namer(EMPTY_NAMES, state);
const ask = (raw: Record<string, unknown>, me: string | null): Ask => {
  const state = decodeDaState(raw);
  return askOf(state, me, names(state));
};
const withPending = (raw: Record<string, unknown>, pending: Pending): DaState => ({
  ...decodeDaState(raw),
  pending,
});
const choices = (a: Ask) => (a.kind === "choices" ? a.choices : []);

describe("decodeDaState", () => {
  it("reads the server's projected states", () => {
    for (const raw of [SELECT_P1, ATTACK_P1, ATTACK_SPECTATOR, MOVE_P1, REROLL_P1]) {
      const s = decodeDaState(raw);
      expect(s.formation.length).toBeGreaterThan(0);
      expect(s.formation[0]?.marine.facing).toMatch(/^[LR]$/);
      expect(s.blips.L + s.blips.R).toBeGreaterThanOrEqual(0);
    }
    expect(decodeDaState(ATTACK_SPECTATOR).hand).toEqual([]);
    expect(decodeDaState(ATTACK_SPECTATOR).pending?.options).toBeNull();
    expect(decodeDaState(SELECT_P1).hand.length).toBe(6);
  });

  it("names the bad field", () => {
    const bad = structuredClone(ATTACK_P1) as { formation: { marine: { facing: string } }[] };
    const row = bad.formation[1];
    if (row) row.marine.facing = "up";
    expect(() => decodeDaState(bad)).toThrow(DecodeError);
    expect(() => decodeDaState(bad)).toThrow("state.formation[1].marine.facing");
    expect(() => decodeDaState({ table: {} })).toThrow("state.system");
  });
});

describe("askOf", () => {
  it("asks a player to choose one allowed card per own team", () => {
    const a = ask(SELECT_P1, "p1");
    expect(a.kind).toBe("select_actions");
    if (a.kind !== "select_actions") return;
    expect(a.round).toBe(1);
    expect(a.teams.map((t) => t.team)).toEqual(["cobalt", "ivory"]);
    expect(a.teams[0]?.cards).toEqual(["cobalt-oath", "cobalt-longshot", "cobalt-leapfrog"]);
  });

  it("says which teams still need a card, and the squad panel shows the picks (QA s14 #4)", () => {
    const state = decodeDaState(SELECT_P1);
    const a = askOf(state, "p1", names(state));
    if (a.kind !== "select_actions") throw new Error("SELECT_P1 asks p1 to select");
    const picks = new Map([["cobalt", "cobalt-longshot"]]);
    expect(teamsWithoutCard(a.teams, new Map())).toEqual(["cobalt", "ivory"]);
    expect(teamsWithoutCard(a.teams, picks)).toEqual(["ivory"]);
    const cobalt = state.teams.find((t) => t.id === "cobalt");
    const ivory = state.teams.find((t) => t.id === "ivory");
    if (!cobalt || !ivory) throw new Error("SELECT_P1 has cobalt and ivory");
    expect(teamStatus(cobalt, state, "cobalt-longshot")).toBe("picked Long Shot, not confirmed");
    expect(teamStatus(ivory, state, null)).toBe("choosing…");
    // Once sent, the team has chosen that card; a new pick says it is not sent yet.
    const longShot = state.hand.find((c) => c.id === "cobalt-longshot") ?? null;
    const sent = { ...cobalt, has_chosen: true, chosen: longShot };
    expect(teamStatus(sent, state, "cobalt-longshot")).toBe("has chosen: Long Shot");
    expect(teamStatus(sent, state, "cobalt-oath")).toBe(
      "picked Oath of Vengeance, not confirmed (sent: Long Shot)",
    );
    expect(teamStatus({ ...cobalt, has_chosen: true, chosen: null }, state)).toBe("has chosen");
  });

  it("only tells a spectator who is being waited for", () => {
    const a = ask(ATTACK_SPECTATOR, null);
    expect(a).toEqual({ kind: "wait", text: "Waiting for Player 1 to attack." });
  });

  it("offers nothing to a player the prompt does not name", () => {
    expect(ask(ATTACK_P1, "p2").kind).toBe("wait");
    const selecting = withPending(SELECT_P1, {
      kind: "select_actions",
      players: ["p2"],
      commands: ["select_actions"],
      info: { round: 1, waiting: ["p2"] },
      options: null,
    });
    expect(askOf(selecting, "p1", names())).toEqual({
      kind: "wait",
      text: "Waiting for Player 2 to choose action cards.",
    });
  });

  it("lets a player who has chosen change his cards until the last player chooses (E2)", () => {
    // The server drops p1 from `players` once he has chosen but still sends him his options.
    const chosen = withPending(SELECT_P1, {
      kind: "select_actions",
      players: ["p2"],
      commands: ["select_actions"],
      info: { round: 1, waiting: ["p2"] },
      options: {
        round: 1,
        teams: [
          { team: "cobalt", cards: ["cobalt-oath", "cobalt-leapfrog"], chosen: "cobalt-oath" },
          { team: "ivory", cards: ["ivory-ward", "ivory-twin"], chosen: "ivory-twin" },
        ],
      },
    });
    const a = askOf(chosen, "p1", names());
    expect(a.kind).toBe("select_actions");
    if (a.kind !== "select_actions") return;
    expect(a.teams.map((t) => t.chosen)).toEqual(["cobalt-oath", "ivory-twin"]);
    expect(a.text).toContain("you may change it");
    expect(a.text).toContain("Waiting for Player 2");
    const swap = new Map([["cobalt", "cobalt-leapfrog"]]);
    expect(selectionCommand(a.round, a.teams, swap)).toEqual({
      type: "select_actions",
      round: 1,
      cards: ["cobalt-leapfrog", "ivory-twin"],
    });
  });

  it("turns attack options into attacks anchored to the marine and the swarm, plus ending", () => {
    const a = ask(ATTACK_P1, "p1");
    expect(choices(a).map((c) => c.cmd)).toEqual([
      { type: "attack", marine: "quill", position: 6, side: "L" },
      { type: "end_action" },
    ]);
    expect(anchoredKeys(a)).toEqual(new Set(["marine:quill", "swarm:6:L"]));
    expect(choicesAt(a, "swarm:6:L").map((c) => c.cmd.type)).toEqual(["attack"]);
    expect(choicesAt(a, "swarm:6:R")).toEqual([]);
  });

  it("lists moves (both marines anchored), flips, activations and ending", () => {
    const a = ask(MOVE_P1, "p1");
    const types = choices(a).map((c) => c.cmd.type);
    expect(types).toContain("move_marine");
    expect(types).toContain("flip_marine");
    expect(types.at(-1)).toBe("end_action");
    const swap = choicesAt(a, "marine:sael");
    expect(swap.length).toBeGreaterThan(0);
    expect(swap.every((c) => c.cmd.type === "move_marine")).toBe(true);
    expect(swap[0]?.label).toBe("Swap Brother Tiber with Brother Sael");
  });

  it("makes no move on a single tap: a thing with one choice shows it to confirm (QA s14 #3)", () => {
    const a = ask(MOVE_P1, "p1");
    // Brother Sael (another team's marine) is in one choice only: the swap with Tiber.
    expect(choicesAt(a, "marine:sael")).toHaveLength(1);
    expect(tapOn(a, "marine:sael", null)).toEqual({ focus: "marine:sael" });
    expect(tapOn(a, "marine:sael", "marine:sael")).toEqual({ focus: null }); // tapped again
    expect(tapOn(a, "marine:tiber", null)).toEqual({ focus: "marine:tiber" });
    expect(tapOn(a, "swarm:9:L", "marine:tiber")).toEqual({ focus: null }); // nothing there
    // An attack on the only swarm in sight is confirmed with its button too.
    const attack = ask(ATTACK_P1, "p1");
    expect(choicesAt(attack, "swarm:6:L")).toHaveLength(1);
    expect(tapOn(attack, "swarm:6:L", null)).toEqual({ focus: "swarm:6:L" });
  });

  it("answers a pick at once: the tapped marine gets the token, the tapped card dies", () => {
    const base = decodeDaState(ATTACK_P1);
    const pick = (kind: string, options: Record<string, unknown>) =>
      askOf(
        { ...base, pending: { kind, players: ["p1"], commands: [kind], options, info: {} } },
        "p1",
        names(base),
      );
    const support = pick("give_support", { marines: ["tiber", "quill"] });
    expect(tapOn(support, "marine:quill", null)).toEqual({
      send: { type: "give_support", marine: "quill" },
    });
    const kill = pick("choose_kill", { cards: ["husk-3", "talon-8"] });
    expect(tapOn(kill, "card:talon-8", null)).toEqual({
      send: { type: "choose_kill", card: "talon-8" },
    });
    const instinct = pick("choose_instinct", { card: "cold-sweat", marines: ["tiber"] });
    expect(tapOn(instinct, "marine:tiber", null)).toEqual({
      send: { type: "choose_instinct", marine: "tiber" },
    });
  });

  it("says how far a move may swap (Leapfrog, Shoulder Charge: two positions)", () => {
    const base = decodeDaState(MOVE_P1);
    const at = (reach: number | undefined) => {
      const p = base.pending;
      if (!p) throw new Error("MOVE_P1 has a prompt");
      const info = { ...p.info, reach };
      return askOf({ ...base, pending: { ...p, info } }, "p1", names(base)).text;
    };
    expect(at(2)).toContain("swap your marines with one up to 2 positions away");
    expect(at(1)).toContain("swap your marines with a neighbour");
    expect(at(undefined)).toContain("swap your marines with a neighbour"); // an older server
  });

  it("offers a re-roll only when the prompt does", () => {
    const a = ask(REROLL_P1, "p1");
    expect(choices(a).map((c) => c.cmd.type)).toEqual(["reroll", "keep_roll"]);
    expect(choices(a)[0]?.label).toBe("Re-roll (spend 1 of 3 tokens)");
    expect(a.kind === "choices" && a.text).toBe(
      "Brother Tiber rolled 5 on attack: spend a support token to re-roll?",
    );
  });

  it("says what a defence re-roll is for: the roll he needs, else he dies (QA s14 #2)", () => {
    const base = decodeDaState(REROLL_P1);
    const p = base.pending;
    if (!p) throw new Error("REROLL_P1 has a prompt");
    const info = { ...p.info, purpose: "defence", value: 1 };
    const defending: DaState = { ...base, pending: { ...p, info } };
    // The terms the server logged with the roll (views.defence_terms): +1 Hold the Line, a
    // broodlord −1, a swarm of 3 → survives on roll + 1 − 1 > 3, i.e. 4 or more.
    const logged = loggedDefenceTerms(
      [
        { e: { type: "die_rolled", purpose: "defence", marine: "vask", value: 3, against: 1 } },
        {
          e: {
            type: "die_rolled",
            purpose: "defence",
            marine: "tiber",
            value: 1,
            modifiers: [
              { label: "Hold the Line", value: 1 },
              { label: "The Pale Tyrant", value: -1 },
            ],
            against: 3,
          },
        },
        { e: { type: "token_spent", marine: "tiber" } },
      ],
      "tiber",
    );
    expect(logged && defenceNeeds(logged)).toBe(4);
    const text = (a: Ask) => (a.kind === "choices" ? a.text : "");
    expect(text(askOf(defending, "p1", names(base), logged))).toBe(
      "Brother Tiber rolled 1 on defence against a swarm of 3 (+1 Hold the Line, \u2212" +
        "1 The Pale Tyrant): he needs 4 or more to survive; kept, this roll kills him. " +
        "Spend a support token to re-roll?",
    );
    // Without the log's terms, the table gives the swarm (no card bonus is known there).
    const row = defending.formation.find((r) => r.position === 1);
    const swarm = row?.swarms.find((g) => g.side === "R" && !g.attacked);
    expect(swarm).toBeDefined();
    const size = swarm?.cards.length ?? 0;
    expect(text(askOf(defending, "p1", names(base)))).toContain(
      `against a swarm of ${size}: he needs ${size + 1} or more to survive, before any card bonus;`,
    );
    // A latest defence roll of another marine is not his.
    const other = { type: "die_rolled", purpose: "defence", marine: "vask", against: 2 };
    expect(loggedDefenceTerms([{ e: other }], "tiber")).toBeNull();
    // The prompt's own terms (combat.defence_words on the prompt) come first, log or no log.
    const told = { ...info, defence: { modifiers: [{ label: "Psychic Ward", value: 1 }], against: 2 } };
    const prompted: DaState = { ...base, pending: { ...p, info: told } };
    expect(promptDefenceTerms(prompted.pending!)).toEqual({
      modifiers: [{ label: "Psychic Ward", value: 1 }],
      against: 2,
      complete: true,
    });
    expect(text(askOf(prompted, "p1", names(base)))).toContain(
      "against a swarm of 2 (+1 Psychic Ward): he needs 2 or more to survive; kept, this roll kills him.",
    );
  });

  it("reads the other prompts", () => {
    const base = { players: ["p1"], info: {} };
    const state = (kind: string, options: Record<string, unknown>, info = {}) =>
      withPending(ATTACK_P1, { ...base, kind, commands: [kind], options, info });
    const kill = askOf(
      state("choose_kill", { cards: ["husk-3", "talon-8"] }, { position: 2, side: "R" }),
      "p1",
      names(),
    );
    expect(choices(kill).map((c) => c.cmd)).toEqual([
      { type: "choose_kill", card: "husk-3" },
      { type: "choose_kill", card: "talon-8" },
    ]);
    expect(choicesAt(kill, "card:talon-8")).toHaveLength(1);
    const instinct = askOf(
      state("choose_instinct", { card: "cold-sweat", marines: ["tiber"] }),
      "p1",
      names(),
    );
    expect(choices(instinct).map((c) => c.cmd)).toEqual([
      { type: "choose_instinct", marine: "tiber" },
    ]);
    const support = askOf(
      state("give_support", { marines: ["maro", "vask"] }, { card: "x" }),
      "p1",
      names(),
    );
    expect(anchoredKeys(support)).toEqual(new Set(["marine:maro", "marine:vask"]));
    // rules-decisions E15: with the pool empty nothing is placed, and the prompt says so
    const empty = askOf(
      state("give_support", { marines: ["maro", "vask"] }, { card: "x", pool: 0 }),
      "p1",
      names(),
    );
    expect(choices(empty).map((c) => [c.label, c.cmd])).toEqual([
      ["Go on", { type: "give_support", marine: "maro" }],
    ]);
    expect(anchoredKeys(empty)).toEqual(new Set());
    expect(empty.text).toBe("x: the support pool is empty, so there is no token to place.");
    const blip = askOf(state("choose_blip_side", { sides: ["L", "R"] }), "p1", names());
    expect(choices(blip).map((c) => c.cmd)).toEqual([
      { type: "choose_blip_side", side: "L" },
      { type: "choose_blip_side", side: "R" },
    ]);
    const targets = [
      { position: 2, terrain: "vent-shaft", max: 2 },
      { position: 5, terrain: "cable-nest", max: 3 },
    ];
    const spawn = askOf(
      state("allocate_spawn", { side: "R", available: 3, targets }),
      "p1",
      names(),
    );
    expect(spawn).toMatchObject({ kind: "allocate_spawn", side: "R", available: 3, targets });
  });

  it("names the genestealers to slay, never by their card ids", () => {
    const pending: Pending = {
      kind: "choose_kill",
      players: ["p1"],
      commands: ["choose_kill"],
      info: { position: 1, side: "L" },
      options: { cards: ["talon-3", "talon-5", "spine-3", "pale-tyrant"] },
    };
    const pack = readPack({
      genestealers: [
        { type: "talon", name: "Talon", count: 9 },
        { type: "spine", name: "Spine", count: 9 },
      ],
      broodlords: [{ id: "pale-tyrant", name: "The Pale Tyrant" }],
    });
    const state = withPending(ATTACK_P1, pending);
    const kill = askOf(state, "p1", new Namer(pack, state));
    expect(choices(kill).map((c) => c.label)).toEqual([
      "Slay Talon #1",
      "Slay Talon #2",
      "Slay Spine",
      "Slay The Pale Tyrant",
    ]);
    expect(choices(kill).map((c) => c.cmd)).toEqual(
      ["talon-3", "talon-5", "spine-3", "pale-tyrant"].map((card) => ({
        type: "choose_kill",
        card,
      })),
    );
  });

  it("numbers only the names that repeat", () => {
    expect(numberedNames(["Maw", "Husk", "Maw", "Maw"])).toEqual([
      "Maw #1",
      "Husk",
      "Maw #2",
      "Maw #3",
    ]);
    expect(numberedNames([])).toEqual([]);
  });

  it("says how the game ended when nothing is pending", () => {
    const over: DaState = { ...decodeDaState(ATTACK_P1), pending: null, outcome: "lost" };
    expect(askOf(over, "p1", names())).toEqual({ kind: "wait", text: "The squad is lost." });
  });
});

describe("selection and allocation", () => {
  const teams = [
    { team: "cobalt", cards: ["cobalt-oath", "cobalt-longshot"], chosen: null },
    { team: "ivory", cards: ["ivory-ward", "ivory-twin"], chosen: "ivory-twin" },
  ];

  it("builds select_actions once every team has an allowed card", () => {
    expect(selectionCommand(2, teams, new Map())).toBeNull();
    expect(selectionCommand(2, teams, new Map([["cobalt", "cobalt-leapfrog"]]))).toBeNull();
    expect(selectionCommand(2, teams, new Map([["cobalt", "cobalt-oath"]]))).toEqual({
      type: "select_actions",
      round: 2,
      cards: ["cobalt-oath", "ivory-twin"],
    });
    expect(
      selectionCommand(
        2,
        teams,
        new Map([
          ["cobalt", "cobalt-oath"],
          ["ivory", "ivory-ward"],
        ]),
      ),
    ).toEqual({ type: "select_actions", round: 2, cards: ["cobalt-oath", "ivory-ward"] });
  });

  it("checks a spawn allocation against each target's max and the total", () => {
    const targets = [
      { position: 1, terrain: "a", max: 2 },
      { position: 4, terrain: "b", max: 3 },
    ];
    expect(defaultAllocation(targets, 4)).toEqual([2, 2]);
    expect(validAllocation(targets, 4, [2, 2])).toBe(true);
    expect(validAllocation(targets, 4, [1, 3])).toBe(true);
    expect(validAllocation(targets, 4, [3, 1])).toBe(false);
    expect(validAllocation(targets, 4, [1, 2])).toBe(false);
    expect(validAllocation(targets, 4, [4])).toBe(false);
  });
});

describe("pack names", () => {
  const pack = readPack({
    die: [{ value: 0 }, { value: 1, skull: true }],
    teams: [
      {
        id: "ember",
        name: "Ember Squad",
        colour: "#c8452c",
        marines: [{ id: "castor", name: "Brother Castor" }],
        actions: [{ id: "ember-hold", name: "Hold the Line" }],
      },
    ],
    genestealers: [{ type: "talon", name: "Talon", count: 9 }],
    broodlords: [{ id: "pale-tyrant", name: "The Pale Tyrant" }],
    events: [{ id: "lull", name: "Lull" }],
    locations: [{ id: "gantry", name: "Gantry Walk" }],
    setups: [{ id: "spur", name: "Docking Spur" }],
  });

  it("names marines, cards, genestealers and places; unknown ids stay ids", () => {
    const n = new Namer(pack, null);
    expect(pack.die).toEqual([
      { value: 0, skull: false },
      { value: 1, skull: true },
    ]);
    expect(n.marine("castor")).toBe("Brother Castor");
    expect(n.action("ember-hold")).toBe("Hold the Line");
    expect(n.team("ember")).toBe("Ember Squad");
    expect(n.genestealer("talon-7")).toBe("Talon");
    expect(n.genestealer("pale-tyrant")).toBe("The Pale Tyrant");
    expect(n.location("spur")).toBe("Docking Spur");
    expect(n.event("lull")).toBe("Lull");
    expect(n.marine("nobody")).toBe("nobody");
    expect(readPack("not a pack")).toBe(EMPTY_NAMES);
  });

  it("falls back on the state's names before the pack arrives", () => {
    const state = decodeDaState(ATTACK_P1);
    const first = state.formation[0]?.marine;
    expect(first && new Namer(EMPTY_NAMES, state).marine(first.id)).toBe(first?.name);
  });

  it("reads terrain, places, teams, events and swarm cards from the state too", () => {
    const base = decodeDaState(ATTACK_P1);
    const [head, ...rest] = base.formation;
    if (!head) throw new Error("the fixture has a formation");
    const swarms = [
      {
        side: "L" as const,
        attacked: false,
        moved: false,
        cards: [
          { id: "maw-4", types: ["maw"], broodlord: false, name: "Maw" },
          { id: "hollow-king", types: ["spine", "husk"], broodlord: true, name: "The Hollow King" },
        ],
      },
    ];
    const card = { id: "lull", name: "Lull", instinct: false, text: "", boxes: [] };
    const state: DaState = {
      ...base,
      formation: [{ ...head, swarms }, ...rest],
      event: { drawn: true, drawn_by: "p1", revealed: true, box: 0, card, choice: null },
    };
    const n = new Namer(EMPTY_NAMES, state);
    expect(n.terrain("vent-shaft")).toBe("Vent Shaft");
    expect(n.location("docking-spur")).toBe("Docking Spur");
    expect(n.team("cobalt")).toBe("Cobalt Squad");
    expect(n.event("lull")).toBe("Lull");
    expect(n.genestealer("maw-4")).toBe("Maw");
    expect(n.genestealer("hollow-king")).toBe("The Hollow King");
    expect(n.genestealer("husk-1")).toBe("husk");
  });
});

describe("the active player in the squad panel", () => {
  it("is not shown while action cards are chosen (the reveal decides it), then is", () => {
    const selecting = decodeDaState(SELECT_P1);
    const team = selecting.teams.find((t) => t.player === selecting.active_player);
    expect(team).toBeDefined();
    if (!team) return;
    expect(selecting.teams.some((t) => shownActive(t, selecting))).toBe(false);
    const attacking = decodeDaState(ATTACK_P1);
    const active = attacking.teams.filter((t) => shownActive(t, attacking)).map((t) => t.player);
    expect(active.length).toBeGreaterThan(0);
    expect(new Set(active)).toEqual(new Set([attacking.active_player]));
  });
});

describe("waiting lines", () => {
  it("list three players as people write them", () => {
    const p: Pending = {
      kind: "select_actions",
      players: ["p1", "p2", "p3"],
      commands: ["select_actions"],
      info: { round: 1, waiting: ["p1", "p2", "p3"] },
      options: null,
    };
    expect(waitingText(p)).toBe(
      "Waiting for Player 1, Player 2 and Player 3 to choose action cards.",
    );
    const two = { ...p, info: { round: 1, waiting: ["p1", "p3"] } };
    expect(waitingText(two)).toBe("Waiting for Player 1 and Player 3 to choose action cards.");
  });
});
