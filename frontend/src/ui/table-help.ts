// What the table pages' help panel says (help-panel.tsx): the controls the board, the top bar and
// the side panel implement, for a player or a spectator, and what the server referees at a table
// of each system (sandbox, wh40k-9e, wh40k-8e, deathmatch). Pure: words only. The refereed games'
// pages (10th edition, Death Angel) have their own words (game-help.ts), which share the tools,
// view and help sections below; help-content.ts picks a page's.

import { FINE_TURN_STEP, TURN_STEP } from "../board/turn";
import { FINE_NUDGE_STEP, NUDGE_STEP } from "../board/nudge";

/** One control: the keys that do it (shown as keys) and/or the gesture, and what it does. */
export interface HelpRow {
  keys?: readonly string[];
  how?: string;
  text: string;
}

export interface HelpSection {
  title: string;
  rows: readonly HelpRow[];
}

export interface HelpFor {
  system: string | null;
  spectator: boolean;
}

const select = (spectator: boolean): HelpSection => ({
  title: spectator ? "Select" : "Select and move",
  rows: [
    { how: "Click a base", text: "selects that model" },
    {
      how: "Shift-click or double-click",
      text: "selects the model's whole unit (with Unit on in the top bar, every click does)",
    },
    { how: "A unit in the side panel", text: "selects that unit" },
    ...(spectator
      ? []
      : [
          {
            how: "Drag one of your bases",
            text: "moves it, with the rest of the selection it belongs to; the dashed line shows how far",
          },
          {
            keys: ["←", "↑", "→", "↓"],
            text: `move the selected models ${NUDGE_STEP}" a press (${FINE_NUDGE_STEP}" with Shift); presses in a row are sent as one move when you pause`,
          },
          {
            how: "↶ Undo (top bar), Ctrl+Z or ⌘Z",
            text: "puts the models of your last move back where they stood (logged as a move), unless someone has moved them since; moves made on this page, up to 20 back",
          },
        ]),
    { how: "Click empty table", text: "clears the selection" },
  ],
});

const turn = (system: string | null): HelpSection => ({
  title: "Turn",
  rows: [
    {
      how: "Drag the ↻ handle",
      text: "beside a selected model: turns the selected models, each where it stands",
    },
    { keys: ["Q", "["], text: `turn left ${TURN_STEP}°` },
    { keys: ["E", "]"], text: `turn right ${TURN_STEP}°` },
    {
      keys: ["Shift"],
      text: `with Q, E, [ or ]: ${FINE_TURN_STEP}° steps. Presses in a row are sent as one move when you pause`,
    },
    ...(system === "deathmatch"
      ? [{ how: "While turning", text: "the shaded half-plane is what the model can see (its sight arc)" }]
      : []),
  ],
});

const LEVEL: HelpSection = {
  title: "Level",
  rows: [
    {
      how: "Level row, side panel",
      text: "shown when a selected model stands over a floor: puts it on that floor or the ground (a drag never climbs)",
    },
    { keys: ["PageUp", "PageDown"], text: "one level up or down" },
  ],
};

/** The top bar's tools; a page may word Move and Escape its own way (the 10th-edition table
 * drags only a planned move). */
export const toolsSection = (
  spectator: boolean,
  move: string = spectator ? "Select: look at models (spectators cannot move them)" : "Move: select, move and turn",
  escape: string = spectator
    ? "clears the tool's marks, then the selection, then goes back to Select"
    : "cancels a drag or a turn; else clears the tool's marks, then the selection, then goes back to Move",
): HelpSection => ({
  title: "Tools (top bar)",
  rows: [
    { keys: ["M"], text: move },
    { keys: ["R"], text: "Ruler: click a base or a point, then another (or drag between them)" },
    { keys: ["G"], text: "Range ring: click a model to ring it, again to remove; set the radius in the tool panel" },
    { keys: ["L"], text: "Line of sight: click the observer, then the target (with cover)" },
    {
      keys: ["Esc"],
      text: escape,
    },
  ],
});

export const VIEW: HelpSection = {
  title: "View",
  rows: [
    { how: "Mouse wheel, trackpad pinch", text: "zoom at the pointer" },
    { how: "Drag empty table, middle button, two-finger scroll", text: "pan" },
    { how: "− / + / Fit table", text: "zoom out, zoom in, show the whole table again" },
    { how: "Rest the pointer on a base", text: "its name, when the table has no room to write it" },
  ],
};

const touch = (spectator: boolean): HelpSection => ({
  title: "Touch",
  rows: [
    { how: "Tap a base", text: "selects it and shows its name; double-tap: its unit" },
    ...(spectator ? [] : [{ how: "Drag a base, or the ↻ handle", text: "moves it, or turns the selection" }]),
    { how: "One finger on empty table", text: "pans" },
    { how: "Two fingers", text: "pinch to zoom, slide to pan" },
  ],
});

export const HELP: HelpSection = {
  title: "Help",
  rows: [{ keys: ["?"], text: "opens and closes this help (Esc closes it too)" }],
};

/** The controls, as the page implements them; a spectator gets no moving, turning or levels. */
export function helpSections({ system, spectator }: HelpFor): HelpSection[] {
  return [
    select(spectator),
    ...(spectator ? [] : [turn(system), LEVEL]),
    toolsSection(spectator),
    VIEW,
    touch(spectator),
    HELP,
  ];
}

/** What each system's geometry answers (docs/geometry.md "Terrain by system"; the drag check:
 * board/tools/drag-rules.ts). */
const GEOMETRY: Readonly<Record<string, string>> = {
  sandbox:
    "The tools measure base edge to base edge; every terrain piece and every model blocks line " +
    "of sight (true line of sight, heights counted; a model sees past the rest of its own unit); " +
    "there is no cover, coherency or engagement.",
  "wh40k-9e":
    "Measuring, range rings and line of sight follow Warhammer 40,000 9th edition (models, " +
    "buildings, hills, walls, barricades and containers block sight by their height; ruins, " +
    "woods and craters block it only with the " +
    'obscuring trait and 5" of height, as the demo\'s ruins have, unless the observer or the ' +
    "target touches the piece; cover from touching light or heavy cover), and a drag shows " +
    'coherency and the 1" engagement range.',
  "wh40k-8e":
    "Measuring, range rings and line of sight follow Warhammer 40,000 8th edition as its " +
    "Official Update 1.6 (errata and FAQ) has it (buildings, hills and barricades block sight; ruins, woods and craters do not; cover from ruins, woods, " +
    'craters and barricades), and a drag shows coherency and the 1" engagement range.',
  deathmatch:
    "The tools follow Deathmatch: distances between silhouettes; a model sees only into the " +
    "half-plane in front of it (its facing matters); houses block sight, forests limit it and " +
    "give cover; a drag shows an enemy's melee control zone being entered. No coherency: " +
    "fighters act alone.",
};

const ANY_GEOMETRY = "The tools measure distances and check line of sight by this table's system.";

/**
 * "What this table referees": the geometry the tools answer by, what a move must respect (the
 * server's move checks), and that nothing else is enforced: a table system has no turns, phases
 * or movement limits.
 */
export function refereeText(system: string | null): string {
  const geometry = (system !== null && GEOMETRY[system]) || ANY_GEOMETRY;
  return (
    `${geometry} The server refuses only a move of another player's model, a base past the ` +
    "table edge or overlapping another base, or a height that is no floor. Nothing else is " +
    "enforced: there are no turns, phases or movement limits, so either player may move or " +
    "turn any of their own models, any distance, at any time."
  );
}
