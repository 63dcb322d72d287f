// The help of the refereed games' pages (help-panel.tsx): a 10th-edition game (wh40k/wh40k-page)
// and a Death Angel game (death-angel/death-angel-page). Each says what its page's controls do,
// as the page implements them, and what the server decides there. Pure: words only.

import type { HelpRow, HelpSection } from "./table-help";
import { HELP, VIEW, toolsSection } from "./table-help";
import { SNAP } from "../wh40k/base-contact";

// ---- Warhammer 40,000 10th edition ----------------------------------------------------------

/** The marks a unit carries (wh40k/unit-markers.ts), by the short code of its badge on the table;
 * the unit card writes them out in words. */
export const W40_BADGES: readonly { codes: readonly string[]; text: string }[] = [
  { codes: ["BS", "½"], text: "Battle-shocked; below Half-strength" },
  {
    codes: ["Adv", "+n", "FB", "St", "Mv"],
    text: "Advanced; an Advance roll of n (before the Advance move); Fell Back; Remained Stationary; Moved this phase",
  },
  { codes: ["Chg", "Sh", "F"], text: "Charged; has shot; has fought" },
  { codes: ["Res", "Emb"], text: "in Reserves (Strategic or Deep Strike); embarked in a transport" },
  {
    codes: ["GtG", "Smk", "OW", "RR", "EC"],
    text: "Gone to Ground; Smokescreen; Fired Overwatch; Command Re-roll used; Epic Challenge",
  },
];

const W40_PANEL: HelpSection = {
  title: "Your actions",
  rows: [
    {
      how: "The action panel",
      text:
        "says what the game waits for and offers only what you may do now: pick a unit, its move, " +
        "its weapons and targets, or answer a question (which model takes an attack, a re-roll, a " +
        "stratagem in your opponent's turn). \"Waiting for …\" means the other player decides.",
    },
    { how: "End … phase", text: "ends the phase once you are done with it (confirm or cancel a planned move first)" },
    {
      how: "Offer me Command Re-roll / Ask me about stratagems",
      text: "untick to be asked less: no re-roll offer after a failed roll, no question in your opponent's turn",
    },
    { how: "Concede", text: "ends the game (you are asked once more)" },
  ],
};

const W40_PLAN: HelpSection = {
  title: "Deploying and moving a unit",
  rows: [
    {
      how: "Choose a unit to deploy, arrive or disembark",
      text:
        "its models are laid out for you (in your deployment zone, along a table edge, beside the " +
        "transport); drag them where you want them, then press Deploy, Arrive or Disembark",
    },
    {
      how: "Choose a unit, then its move",
      text:
        "Normal move, Advance, Fall Back, a charge, pile-in or consolidation: only then can its " +
        "models be dragged (with no move chosen, a drag pans the table and a click on a model " +
        "picks its unit in the panel)",
    },
    {
      how: "Drag the unit",
      text:
        "each drop adds a waypoint to every dragged model's path, drawn on the table; the referee " +
        "measures the whole path, so go round what is in the way. A move is planned with a " +
        "pointer (mouse, pen or finger): the keyboard can deploy a unit as it is laid out, but " +
        "cannot move models yet",
    },
    {
      how: "Click one model; shift-click or double-click",
      text: "drag that model alone next; select the whole unit again",
    },
    {
      how: "Farthest model: 5.5\" of 6\"",
      text: "how far the unit has gone against its limit, also beside it on the table (⚠ past the limit)",
    },
    {
      how: "Warnings under the plan",
      text:
        "what the referee will refuse (strict game) or log as a broken rule (casual game) if you " +
        "confirm now: too far, out of coherency, in Engagement Range, on an obstacle…",
    },
    {
      how: "Charge, pile-in, consolidation",
      text: `a model dropped within ${SNAP}" of an enemy base is put in base contact with it when the move allows`,
    },
    { how: "Step back", text: "takes back the last drop (its waypoint)" },
    {
      how: "Cancel",
      text:
        "drops the plan and the panel offers its choices again; a charge or consolidation the " +
        "game waits for starts again from where the models stood",
    },
    {
      how: "Confirm move, Deploy…",
      text: "sends the plan; if the referee refuses it, the plan stays on the table to fix, and the toast says why",
    },
  ],
};

const w40Undo = (spectator: boolean): HelpSection => ({
  title: "Undo",
  rows: [
    {
      how: spectator ? "Undo (players)" : "Undo",
      text:
        "takes back the player's last action while no die has been rolled, no phase has ended " +
        "and no stratagem has been used since",
    },
    {
      how: "Strict game",
      text:
        "the opponent is asked and may Allow or Refuse; a refused undo cannot be asked again " +
        "(the next action that rolls no dice can be)",
    },
    { how: "Casual game", text: "the action is undone at once, without asking" },
  ],
});

const W40_CARDS: HelpSection = {
  title: "Unit cards and badges",
  rows: [
    {
      how: "A unit card",
      text:
        "models left (and wounds left, for models of several wounds), its marks in words, each " +
        "wounded model (#3: 1/2W; ★ a Leader's model); click its name to show the unit on the table",
    },
    {
      how: "The profile line (M T Sv W Ld OC)",
      text:
        "opens the datasheet: weapons and abilities. \"not refereed: apply it yourselves\" marks " +
        "an ability or weapon keyword the referee does not apply; \"spent\" a ONE SHOT weapon fired",
    },
    ...W40_BADGES.map((b): HelpRow => ({ how: b.codes.join("  "), text: b.text })),
    {
      how: "The badges",
      text: "are drawn below each unit on the table; its card says the same in words",
    },
    {
      how: "Objective rings",
      text: "the outer ring is the marker's 3\" range, in the colour of the player who controls it (its label names them)",
    },
  ],
};

const W40_TIMELINE: HelpSection = {
  title: "Timeline, log and dice",
  rows: [
    {
      how: "Timeline chips, below the table",
      text:
        "one chip per set-up step and per phase of each turn (R2 P1 Shooting: round 2, Player 1's " +
        "Shooting phase); choose one to show only its events in the log, All or the same chip again " +
        "to show everything; ‹ and › scroll to earlier or later phases",
    },
    { how: "Log", text: "every event, with its dice" },
    {
      how: "Dice",
      text:
        "the server rolls every die from a secret seed committed to at the start (its hash is shown) " +
        "and revealed at the end, with the game to download and verify; Add my entropy mixes your " +
        "browser's randomness into later rolls",
    },
  ],
};

const W40_TOUCH = (spectator: boolean): HelpSection => ({
  title: "Touch",
  rows: [
    { how: "Tap a base", text: "shows its name and picks its unit in the panel" },
    ...(spectator ? [] : [{ how: "Drag a base (with a move chosen)", text: "moves it, with the rest of the selection" }]),
    { how: "One finger on empty table", text: "pans" },
    { how: "Two fingers", text: "pinch to zoom, slide to pan" },
  ],
});

const W40_REFEREE =
  "The server referees the whole game of Warhammer 40,000 10th edition: whose turn and phase it " +
  "is and what each unit may still do, every die, how far a move may go, coherency and " +
  "Engagement Range, who can see whom and who has cover, hits, wounds, saves and damage, " +
  "Command points, objective control and victory points. In a strict game it refuses an action " +
  "that breaks a rule and says why; in a casual game it carries it out and logs the broken rule " +
  "for both players. A model off the table, overlapping bases or acting out of turn are refused " +
  "in every game. Abilities it does not apply are marked on the unit card: apply them " +
  "yourselves. The ruler, range ring and line of sight answer by the same rules: distances base " +
  "to base; every model outside the observer's unit blocks sight; buildings, hills, barricades " +
  "and debris block it; ruins block sight through them, not into them; woods and craters give " +
  "cover but do not block.";

function wh40kSections(spectator: boolean): HelpSection[] {
  return [
    ...(spectator ? [] : [W40_PANEL, W40_PLAN]),
    w40Undo(spectator),
    W40_CARDS,
    W40_TIMELINE,
    toolsSection(
      spectator,
      spectator
        ? "Select: look at models (spectators cannot move them)"
        : "Move: click a model to pick its unit; drag a unit once its move is chosen",
      spectator ? undefined : "cancels a drag; else clears the tool's marks, then the selection, then goes back to Move",
    ),
    VIEW,
    W40_TOUCH(spectator),
    HELP,
  ];
}

// ---- Space Hulk: Death Angel ----------------------------------------------------------------

const DA_TABLE: HelpSection = {
  title: "The table",
  rows: [
    {
      how: "The formation",
      text:
        "one row per marine, numbered from the head of the formation (1, at the top, nearest the " +
        "location). A row reads: the swarm on his left, terrain on his left, the marine, terrain " +
        "and swarm on his right",
    },
    {
      how: "Above the formation",
      text:
        "the left and right blip piles (face down: only their sizes) and the current location: " +
        "its ability, its victory condition and the spawn numbers",
    },
    {
      how: "The squad",
      text:
        "each combat team, its player and whether it has chosen; last round's card (not allowed " +
        "this round); this round's cards in initiative order, lowest first (click or tap one to " +
        "read it whole); the event card",
    },
    { how: "Decks and pools", text: "the decks and their discards, and the support pool (◆: tokens left to give)" },
  ],
};

const DA_MARINE: HelpSection = {
  title: "A marine's card",
  rows: [
    {
      how: "◀ left, right ▶",
      text:
        "the side he looks to: he attacks, spends support tokens and activates terrain only on " +
        "that side; the other side is behind him",
    },
    {
      how: "↑ ↓ at his left and right edges",
      text:
        "where a swarm on that side goes when an event card moves its genestealers: ↑ one " +
        "position up (towards the head), ↓ one down; a swarm that would leave the formation flanks " +
        "instead (goes behind him, unless it is there already). Turned around, he shows his card's other face, with its own arrows",
    },
    { how: "Range n", text: "how far he can attack: 0 only his own row, 1 also the rows next to it, and so on" },
    {
      how: "◆ n support tokens (◇ 0: none)",
      text:
        "his player may spend one to re-roll his attack or defence die against a swarm he faces; " +
        "the tokens move with him",
    },
    { how: "You, or a player's name", text: "who plays him; the band's colour is his combat team's" },
  ],
};

const DA_SWARMS: HelpSection = {
  title: "Swarms and terrain",
  rows: [
    {
      how: "Swarm: n genestealers",
      text:
        "the genestealer cards engaged with the marine on that side (a broodlord by name); in the " +
        "Genestealers attack phase he survives when his die, with its bonuses and −1 per " +
        "broodlord, is more than the swarm's size",
    },
    {
      how: "Terrain card",
      text: "its colour and spawn boxes (where genestealers spawn), tokens on it and its ACTIVATE text; click or tap it to read it whole",
    },
  ],
};

const DA_CHOOSE: HelpSection = {
  title: "Choosing action cards",
  rows: [
    {
      how: "Your hand",
      text:
        "each round, one card for each of your teams, in secret: click a card to pick it (on a " +
        "touch screen a tap opens it to read, with a Choose button); its team is named on it; a " +
        "dimmed card (last round's) cannot be chosen",
    },
    {
      how: "Confirm choice",
      text: "sends your picks once every team has one; you may change them and confirm again until the last player has chosen",
    },
    {
      how: "The number at a card's top left",
      text: "its initiative: the round's cards are resolved from the lowest up",
    },
    {
      how: "Support, Attack, Move + Activate",
      text:
        "put a support token on any marine; each marine of the team may attack a swarm he faces " +
        "within his range; the team's marines may swap places, turn around and activate terrain " +
        "in front of them — each card adds its own ability",
    },
  ],
};

const DA_PICK: HelpSection = {
  title: "Picking a marine, a swarm or a target",
  rows: [
    { how: "The prompt, at the top", text: "says what the game waits for, with each choice as a button" },
    {
      how: "Highlighted cards",
      text:
        "the marines, swarms, terrain and genestealers a choice involves: click one to list only " +
        "its choices in the prompt (Show all choices lists every one again), then press the choice",
    },
    {
      how: "A pick with one answer",
      text:
        "a marine to get a support token, the genestealer to slay, a marine for an Instinct: a " +
        "click on the highlighted card sends it at once",
    },
    {
      how: "A swap, a turn, an attack",
      text: "never made by a click on a card alone: press its button in the prompt (or Activate on a terrain card)",
    },
    {
      how: "Re-roll or Keep the roll",
      text: "after a failed attack or defence roll: spend one of the marine's support tokens to roll again, or keep it",
    },
    { how: "End this action", text: "when your team has done what you want with the card" },
    {
      how: "Spawn them",
      text: "when a blip pile runs short: share its cards between the spawn points with − and +",
    },
  ],
};

const DA_READ: HelpSection = {
  title: "Reading cards",
  rows: [
    {
      how: "Click or tap a terrain card, a card in your hand or this round's card",
      text: "opens it whole when it is not a choice now (on a touch screen, always); Close, Esc or a tap beside it closes it",
    },
  ],
};

const DA_REFEREE =
  "The server runs the whole game of Space Hulk: Death Angel: it shuffles and deals (the combat " +
  "teams too, in the pack's order, clockwise from a player drawn at random), reveals the " +
  "chosen cards and resolves them by initiative, rolls every die, lets a marine attack only a " +
  "swarm he faces within his range, and plays the genestealers: their attacks, the event cards' " +
  "spawns and moves, the blip piles and travel to the next location, and victory or defeat. It " +
  "offers each player only the choices the rules allow, and the page highlights them; cards' " +
  "abilities are applied by the server.";

function deathAngelSections(spectator: boolean): HelpSection[] {
  return [
    DA_TABLE,
    DA_MARINE,
    DA_SWARMS,
    ...(spectator ? [] : [DA_CHOOSE, DA_PICK]),
    DA_READ,
    HELP,
  ];
}

/** What a game page's help shows: the dialog's name, the "?" button's words, what the referee
 * decides and the controls. */
export interface HelpContent {
  title: string;
  button: string;
  refereeTitle: string;
  referee: string;
  sections: HelpSection[];
}

export function wh40kHelp(spectator: boolean): HelpContent {
  return {
    title: "Game help",
    button: "Help: controls, badges and what the referee decides (?)",
    refereeTitle: "What the referee decides",
    referee: W40_REFEREE,
    sections: wh40kSections(spectator),
  };
}

export function deathAngelHelp(spectator: boolean): HelpContent {
  return {
    title: "Game help",
    button: "Help: the cards, choosing and what the referee decides (?)",
    refereeTitle: "What the referee decides",
    referee: DA_REFEREE,
    sections: deathAngelSections(spectator),
  };
}
