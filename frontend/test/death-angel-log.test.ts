import { describe, expect, it } from "vitest";
import { daLog, describeDaEvent, playerName } from "../src/death-angel/event-text";
import { Namer, readPack } from "../src/death-angel/pack-names";

const names = new Namer(
  readPack({
    teams: [
      {
        id: "verdant",
        name: "Verdant Squad",
        marines: [
          { id: "oren", name: "Brother Oren" },
          { id: "vask", name: "Brother Vask" },
        ],
        actions: [
          { id: "verdant-hail", name: "Hail of Fire", ability: { hook: "extra_hit_face" } },
          { id: "verdant-resupply", name: "Field Resupply", ability: { hook: "team_tokens" } },
          { id: "verdant-reposition", name: "Reposition", ability: null },
        ],
      },
    ],
    genestealers: [{ type: "husk", name: "Husk" }],
    terrain: [{ id: "blast-door", name: "Blast Door" }],
    events: [
      { id: "lull", name: "Lull", ability: { hook: "quiet_reward" } },
      { id: "swarm-surge", name: "Swarm Surge", ability: null },
    ],
    locations: [{ id: "gantry-walk", name: "Gantry Walk" }],
  }),
  null,
);
const text = (e: Record<string, unknown> & { type: string }) => describeDaEvent(e, names).text;

describe("describeDaEvent", () => {
  it("draws each die as a face beside the words", () => {
    const line = describeDaEvent(
      {
        type: "die_rolled",
        purpose: "attack",
        player: "p1",
        marine: "oren",
        face: 2,
        value: 1,
        skull: true,
        reroll: false,
      },
      names,
    );
    expect(line.text).toBe("Brother Oren rolls to attack: 1 and a skull.");
    expect(line.die).toEqual({ value: 1, skull: true, purpose: "attack", reroll: false });
    const again = describeDaEvent(
      {
        type: "die_rolled",
        purpose: "defence",
        player: "p2",
        marine: "vask",
        face: 6,
        value: 5,
        skull: false,
        reroll: true,
      },
      names,
    );
    expect(again.text).toBe("Brother Vask re-rolls to defend: 5.");
    expect(again.die?.skull).toBe(false);
  });

  it("tells a round's steps in words", () => {
    expect(text({ type: "round_started", round: 2 })).toBe("Round 2: choose action cards.");
    expect(
      text({
        type: "actions_revealed",
        order: ["verdant-resupply", "verdant-hail"],
        active_player: "p1",
      }),
    ).toBe("Revealed, in initiative order: Field Resupply, Hail of Fire.");
    expect(text({ type: "action_started", card: "verdant-hail" })).toBe("Hail of Fire resolves.");
    expect(
      text({ type: "support_given", card: "verdant-resupply", marine: "vask", placed: true }),
    ).toBe("Brother Vask is given a support token.");
    expect(text({ type: "marine_moved", card: "x", marine: "oren", other: "vask" })).toBe(
      "Brother Oren swaps places with Brother Vask.",
    );
    expect(text({ type: "marine_flipped", card: "x", marine: "oren", facing: "R" })).toBe(
      "Brother Oren turns to face right.",
    );
    expect(
      text({ type: "terrain_activated", card: "x", marine: "oren", terrain: "blast-door" }),
    ).toBe("Brother Oren activates Blast Door.");
    expect(
      text({ type: "attack_declared", card: "x", marine: "oren", position: 6, side: "R" }),
    ).toBe("Brother Oren attacks the swarm at position 6 right.");
    expect(text({ type: "attack_resolved", marine: "oren", hit: true })).toBe("Brother Oren hits.");
    expect(
      text({ type: "genestealer_slain", card: "husk-5", position: 6, side: "R", requested: true }),
    ).toBe("Husk slain at position 6 right.");
    // a last stand (Oath of Vengeance) is logged before the death it comes with: it says so
    expect(
      text({ type: "genestealer_slain", card: "husk-5", position: 6, side: "R", requested: false }),
    ).toBe("Last stand: as the defence fails, the falling marine slays Husk at position 6 right.");
    expect(text({ type: "token_spent", marine: "oren" })).toBe(
      "Brother Oren spends a support token to re-roll.",
    );
    expect(text({ type: "tokens_placed", marine: "vask", terrain: null, count: 2 })).toBe(
      "2 support tokens placed on Brother Vask.",
    );
    expect(text({ type: "tokens_discarded", marine: null, terrain: "blast-door", count: 1 })).toBe(
      "1 support token discarded from Blast Door.",
    );
    expect(
      text({
        type: "swarm_attack_started",
        position: 3,
        side: "R",
        marine: "vask",
        cards: ["a", "b", "c"],
      }),
    ).toBe("The swarm at position 3 right (3 cards) attacks Brother Vask.");
    expect(text({ type: "marine_killed", marine: "vask", position: 3, shift: "down" })).toBe(
      "Brother Vask is slain at position 3. The formation shifts down.",
    );
    expect(
      text({
        type: "team_eliminated",
        team: "verdant",
        cards: [],
        active_player: "p1",
        active_card: "",
      }),
    ).toBe("Verdant Squad is wiped out: its action cards leave the game.");
    expect(text({ type: "instinct_chosen", player: "p2", marine: "oren" })).toBe(
      "Player 2 chooses Brother Oren (instinct).",
    );
    expect(text({ type: "event_revealed", card: "lull" })).toBe("Event: Lull.");
    expect(text({ type: "location_entered", location: "gantry-walk" })).toBe(
      "The squad enters Gantry Walk.",
    );
    expect(
      text({
        type: "swarms_moved",
        box: 1,
        moves: [{ position: 1, side: "L", group: 0, to_position: 1, to_side: "R", flank: true }],
      }),
    ).toBe("Genestealers move: the swarm at position 1 left flanks to position 1 right.");
    expect(text({ type: "swarms_moved", box: 0, moves: [] })).toBe("No swarm moves.");
    expect(text({ type: "game_won", reason: "cleared" })).toBe("Victory: the hulk is cleared!");
    expect(text({ type: "game_lost" })).toBe("Defeat: every marine is dead.");
  });

  it("reads redacted events: counts instead of cards, no hidden choice", () => {
    expect(text({ type: "actions_selected", player: "p2" })).toBe("Player 2 has chosen.");
    expect(text({ type: "actions_selected", player: "p1", cards: ["verdant-hail"] })).toBe(
      "Player 1 has chosen: Hail of Fire.",
    );
    expect(text({ type: "event_drawn", player: "p1" })).toBe("Player 1 draws the event card.");
    expect(text({ type: "event_drawn", player: "p1", card: "lull" })).toBe(
      "Player 1 draws the event card (Lull).",
    );
    expect(text({ type: "blips_dealt", left: 4, right: 6 })).toBe(
      "Blip piles dealt: 4 left, 6 right.",
    );
    expect(text({ type: "deck_shuffled", deck: "genestealer", order: 12 })).toBe(
      "The genestealer discard pile is shuffled into a new deck (12 cards).",
    );
    expect(
      text({
        type: "setup_dealt",
        first_player: "p2",
        picks: [],
        formation: ["a", "b", "c", "d"],
        setup_card: "s",
        location_deck: 4,
        genestealer_deck: 30,
        event_deck: 12,
      }),
    ).toBe("The cards are dealt: 4 marines in the formation; Player 2 was drawn first player: the combat teams were dealt clockwise from them.");
  });

  it("says where genestealers spawn", () => {
    expect(
      text({
        type: "genestealers_placed",
        placements: [{ position: 6, side: "L", cards: ["husk-5", "maw-7", "talon-5"] }],
        from_blips: true,
        box_side: "L",
      }),
    ).toBe("Spawn: 3 genestealers at position 6 left.");
    expect(
      text({ type: "genestealers_placed", placements: [], from_blips: true, box_side: "R" }),
    ).toBe("No genestealers spawn on the right.");
  });

  it("says plainly that an empty pool gave no token (rules revision 2, E15, E16)", () => {
    const line = describeDaEvent({ type: "support_pool_empty", card: "verdant-resupply" }, names);
    expect(line).toEqual({
      text: "Field Resupply: the support pool is empty, so no token can be placed.",
      tone: "normal",
    });
    // a game of revision 1 asked for a marine anyway and logs the answer
    expect(
      text({ type: "support_given", card: "verdant-resupply", marine: "vask", placed: false }),
    ).toBe("Field Resupply: the pool is empty, no token for Brother Vask.");
  });

  it("still says something for an event it does not know", () => {
    expect(describeDaEvent({ type: "new_thing_happened" }, names)).toEqual({
      text: "new thing happened.",
      tone: "minor",
    });
    expect(playerName("p3")).toBe("Player 3");
    expect(playerName(null)).toBe("Someone");
  });
});

describe("defence rolls", () => {
  const roll = {
    type: "die_rolled",
    purpose: "defence",
    player: "p1",
    marine: "oren",
    face: 3,
    value: 3,
    skull: false,
    reroll: false,
  };
  it("show the bonuses and the broodlord's malus, and the swarm it is measured against", () => {
    const modifiers = [
      { label: "Hold the Line", value: 1 },
      { label: "The Pale Tyrant", value: -1 },
    ];
    expect(text({ ...roll, modifiers, against: 2 })).toBe(
      "Brother Oren rolls to defend: 3, +1 Hold the Line, \u2212" +
        "1 The Pale Tyrant = 3 against a swarm of 2.",
    );
    expect(text({ ...roll, modifiers: [], against: 3 })).toBe(
      "Brother Oren rolls to defend: 3 against a swarm of 3.",
    );
    expect(text(roll)).toBe("Brother Oren rolls to defend: 3."); // an older server says no more
  });
});

describe("daLog", () => {
  const log = (types: Record<string, unknown>[]) =>
    daLog(
      types.map((e, v) => ({ v, e: e as { type: string } })),
      names,
    ).map(([, line]) => line.text);

  it("says only what happened at the setup: no ability of the opening event, no travel", () => {
    const lines = log([
      { type: "setup_dealt", formation: ["oren"], first_player: "p1" },
      { type: "travel_finished" },
      { type: "event_revealed", card: "lull" },
      { type: "event_ability_resolved", card: "lull" },
      { type: "event_discarded", card: "lull" },
      { type: "round_started", round: 1 },
      { type: "event_revealed", card: "lull" },
      { type: "event_ability_resolved", card: "lull" },
      { type: "travel_finished" },
    ]);
    expect(lines.filter((l) => l.includes("ability"))).toEqual([
      "Lull: its ability is resolved.",
    ]);
    expect(lines.filter((l) => l.includes("Travel"))).toEqual(["Travel is done."]);
    expect(lines.indexOf("Lull: its ability is resolved.")).toBeGreaterThan(
      lines.indexOf("Round 1: choose action cards."),
    );
  });

  it("has no ability line for a card without an ability", () => {
    const lines = log([
      { type: "round_started", round: 2 },
      { type: "event_revealed", card: "swarm-surge" },
      { type: "event_ability_resolved", card: "swarm-surge" },
      { type: "ability_used", card: "verdant-reposition" },
      { type: "ability_used", card: "verdant-hail" },
    ]);
    expect(lines).toEqual([
      "Round 2: choose action cards.",
      "Event: Swarm Surge.",
      "Hail of Fire: its ability takes effect.",
    ]);
  });

  it("says a player changed the choice when they choose again in the same round (E2)", () => {
    const lines = log([
      { type: "round_started", round: 3 },
      { type: "actions_selected", player: "p1" },
      { type: "actions_selected", player: "p2" },
      { type: "actions_selected", player: "p1" },
      { type: "round_started", round: 4 },
      { type: "actions_selected", player: "p1" },
    ]);
    expect(lines).toEqual([
      "Round 3: choose action cards.",
      "Player 1 has chosen.",
      "Player 2 has chosen.",
      "Player 1 changed the choice.",
      "Round 4: choose action cards.",
      "Player 1 has chosen.",
    ]);
  });

  it("keeps the lines while the pack (and so who has an ability) is unknown", () => {
    const unknown = new Namer(readPack(null), null);
    const lines = daLog([{ v: 1, e: { type: "ability_used", card: "x" } }], unknown);
    expect(lines.map(([, l]) => l.text)).toEqual(["x: its ability takes effect."]);
  });
});

describe("log lines that say what happened, and only that (QA s14 #5)", () => {
  const log = (events: Record<string, unknown>[]) =>
    daLog(
      events.map((e, v) => ({ v, e: e as { type: string } })),
      names,
    ).map(([, line]) => line.text);

  it("names an ability after its effects, and says nothing when it had none as the card resolved", () => {
    expect(
      log([
        { type: "action_started", card: "verdant-hail" }, // passive: works on its attacks
        { type: "ability_used", card: "verdant-hail" },
        { type: "action_finished", card: "verdant-hail" },
        { type: "action_started", card: "verdant-resupply" },
        { type: "tokens_placed", marine: "oren", count: 1 },
        { type: "ability_used", card: "verdant-resupply" },
        { type: "action_finished", card: "verdant-resupply" },
      ]),
    ).toEqual([
      "Hail of Fire resolves.",
      "Hail of Fire is done.",
      "Field Resupply resolves.",
      "1 support token placed on Brother Oren.",
      "Field Resupply: its ability is resolved.",
      "Field Resupply is done.",
    ]);
  });

  it("says when an ability's skull finds no swarm in front (Purge Volley)", () => {
    const die = (marine: string, skull: boolean) => ({
      type: "die_rolled",
      purpose: "ability",
      player: "p1",
      marine,
      value: skull ? 1 : 3,
      skull,
      reroll: false,
    });
    const lines = log([
      { type: "action_started", card: "verdant-hail" },
      die("oren", true),
      { type: "kill_requested", position: 1, side: "L", count: 1 },
      die("vask", true),
      { type: "ability_used", card: "verdant-hail" },
    ]);
    expect(lines).toContain("Brother Oren rolls for an ability: 1 and a skull.");
    expect(lines).toContain(
      "Brother Vask rolls for an ability: 1 and a skull, but no swarm is in front of him.",
    );
  });

  it("skips the setup's event boxes, which only spawn", () => {
    const lines = log([
      { type: "setup_dealt", formation: ["oren"], first_player: "p1" },
      { type: "box_resolved", box: 0 },
      { type: "box_resolved", box: 1 },
      { type: "round_started", round: 1 },
      { type: "box_resolved", box: 1 },
    ]);
    expect(lines.filter((l) => l.startsWith("Event box"))).toEqual(["Event box 2 is done."]);
  });

  it("counts swarms that make the same move once", () => {
    const flank = { position: 1, side: "L", to_position: 1, to_side: "R", flank: true };
    expect(
      text({
        type: "swarms_moved",
        box: 1,
        moves: [
          { ...flank, group: 0 },
          { ...flank, group: 1 },
          { position: 3, side: "R", group: 0, to_position: 2, to_side: "R", flank: false },
        ],
      }),
    ).toBe(
      "Genestealers move: 2 swarms at position 1 left flank to position 1 right; " +
        "the swarm at position 3 right moves to position 2 right.",
    );
  });

  it("says who goes without a token from the empty pool, and a location's ability (E17)", () => {
    expect(text({ type: "pool_ran_out", marines: ["oren", "vask"], terrain: null })).toBe(
      "The support pool is empty, so Brother Oren and Brother Vask get no token.",
    );
    expect(text({ type: "pool_ran_out", marines: [], terrain: "blast-door" })).toBe(
      "The support pool is empty, so Blast Door gets no token.",
    );
    // one who got some of his tokens is not told he got none (review s14)
    expect(text({ type: "pool_ran_out", marines: ["vask"], terrain: null, partly: ["oren"] })).toBe(
      "The support pool is empty, so Brother Vask gets no token; Brother Oren gets fewer than the ability gives.",
    );
    expect(text({ type: "location_ability_used", location: "gantry-walk" })).toBe(
      "Gantry Walk: its on-entering ability applies.",
    );
  });
});
