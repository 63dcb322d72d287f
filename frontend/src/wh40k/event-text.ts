// Events in words for the log (docs/wh40k10e.md "Events"), with their dice kept apart so the log
// can draw them as dice faces. Pure: names come from a `Namer`.

import type { RawEvent } from "./w40-store";
import { type Namer, PHASE_TITLE, STEP_TITLE, STRATAGEM_TITLE, title, undoLabel } from "./names";

export interface DiceGroup {
  label: string;
  values: number[];
  /** What each die comes to when that is not its face: a D3 characteristic's D6 halved, rounding
   * up ("4→2"), a constant added to a single die ("D6+1": "3→4"). */
  counts?: number[];
}

/** A weapon's random characteristics, by the attacking unit and the weapon's name as the event
 * logs it (a Firing Deck weapon with its " [deck <model>]"; the unit sheets in the state:
 * `weaponLookup`). */
export type WeaponLookup = (unit: string, weapon: string) => { attacks: string; damage: string } | undefined;

export type LineTone = "phase" | "roll" | "damage" | "warning" | "score" | "plain";

export interface LogLine {
  text: string;
  dice: DiceGroup[];
  /** Whose action it was, when the event says. */
  player: string | null;
  tone: LineTone;
}

const nums = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((d): d is number => typeof d === "number") : [];
const str = (value: unknown): string => (typeof value === "string" ? value : "");
const strs = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((s): s is string => typeof s === "string") : [];
const rec = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

const DICE_LABEL: Readonly<Record<string, string>> = {
  attacks: "Attacks",
  hit: "Hit",
  wound: "Wound",
  save: "Save",
  damage: "Damage",
  feel_no_pain: "Feel No Pain",
  reroll_attacks: "Attacks re-roll",
  reroll_hit: "Hit re-roll",
  reroll_wound: "Wound re-roll",
  reroll_save: "Save re-roll",
  reroll_damage: "Damage re-roll",
};
const DICE_ORDER = ["attacks", "hit", "wound", "save", "damage", "feel_no_pain"];

const DICE_EXPR = /^(\d*)D([36])([+-]\d+)?$/i;

/** What each D6 rolled for a characteristic `expr` comes to ("D3": halved, rounding up; "D6+1"
 * or "D3+1": one die per roll, the constant added), or undefined when the faces already read as
 * the values (D6, or several dice a roll such as 2D6) or `expr` is not known. */
export function dieCounts(expr: string | undefined, values: readonly number[]): number[] | undefined {
  const m = expr === undefined ? null : DICE_EXPR.exec(expr.replaceAll(" ", ""));
  if (!m) return undefined;
  const d3 = m[2] === "3";
  const plus = m[3] && (m[1] === "" || m[1] === "1") ? Number(m[3]) : 0;
  if (!d3 && plus === 0) return undefined;
  return values.map((d) => (d3 ? Math.ceil(d / 2) : d) + plus);
}

/** Which characteristic a dice kind rolls. */
const CHARACTERISTIC: Readonly<Record<string, "attacks" | "damage">> = {
  attacks: "attacks",
  reroll_attacks: "attacks",
  damage: "damage",
  reroll_damage: "damage",
};

/** The dice of a `weapon_resolved` event in the order they are rolled; with the weapon's
 * characteristics, the Attacks and Damage dice of a D3 (or D6+1) say what they come to. */
export function weaponDice(dice: Record<string, unknown>, weapon?: { attacks: string; damage: string }): DiceGroup[] {
  const keys = [...DICE_ORDER, ...Object.keys(dice).filter((k) => !DICE_ORDER.includes(k))];
  return keys
    .map((k): DiceGroup => {
      const values = nums(dice[k]);
      const which = CHARACTERISTIC[k];
      const counts = weapon && which ? dieCounts(weapon[which], values) : undefined;
      return { label: DICE_LABEL[k] ?? k.replaceAll("_", " "), values, ...(counts ? { counts } : {}) };
    })
    .filter((g) => g.values.length > 0);
}

/** What the rolls needed, in words: " (hits on 3+, wounds on 4+)" (empty when not known). */
export function needWords(needs: Record<string, unknown>): string {
  const words = [
    ["hit", "hits"],
    ["wound", "wounds"],
  ]
    .filter(([key]) => typeof needs[key as string] === "number")
    .map(([key, word]) => `${word} on ${needs[key as string] as number}+`);
  return words.length > 0 ? ` (${words.join(", ")})` : "";
}

/** A re-rolled roll in words ("re-rolls the number of attacks"). */
const REROLLED: Readonly<Record<string, string>> = {
  attacks: "the number of attacks",
  hit: "a hit roll",
  wound: "a wound roll",
  save: "a saving throw",
  damage: "a damage roll",
  hazardous: "a Hazardous test",
  desperate_escape: "a Desperate Escape test",
  advance: "an Advance roll",
  charge: "a Charge roll",
};

/** A battle formation's broken rules in a casual game (its `warnings`, R42), or null. */
function brokenRules(e: Record<string, unknown>, n: Namer): string | null {
  const broken = (Array.isArray(e["warnings"]) ? e["warnings"] : []).map(rec);
  if (!broken.length) return null;
  return `Rules broken (casual game): ${broken.map((w) => `${n.words(str(w["message"]))} [${str(w["code"])}]`).join("; ")}`;
}

const line = (text: string, tone: LineTone = "plain", dice: DiceGroup[] = [], player: string | null = null): LogLine => ({
  text,
  dice,
  player,
  tone,
});

const MOVE_WORD: Readonly<Record<string, string>> = {
  normal: "made a Normal move",
  advance: "Advanced",
  fall_back: "Fell Back",
  stationary: "Remained Stationary",
  scouts: "made a Scouts move",
  pile_in: "piled in",
  consolidate: "consolidated",
};

const ROLL_PURPOSE: Readonly<Record<string, string>> = {
  objectives: "who places the first objective",
  attacker: "Attacker and Defender",
  first_turn: "the first turn",
};

/** The highest end height of moved or placed models (a ruin floor, R18), 0 on the ground. */
const highest = (models: unknown): number =>
  Array.isArray(models) ? models.reduce((z: number, m: unknown) => Math.max(z, Number(rec(m)["z"]) || 0), 0) : 0;
const floorText = (models: unknown): string => {
  const z = highest(models);
  return z > 0.01 ? `, up to the ${Number(z.toFixed(1))}" floor` : "";
};

/** "model|weapon" pairs as "Alpha #2's Gun". */
const lentText = (pairs: string[], n: Namer): string =>
  pairs
    .map((p) => {
      const bar = p.indexOf("|");
      return bar < 0 ? p : `${n.model(p.slice(0, bar))}'s ${p.slice(bar + 1)}`;
    })
    .join(", ");

/** A weapon's name, a FIRING DECK loan ("Gun [deck p1-a-2]", R21) as "Gun (Firing Deck: Alpha #2)". */
export function weaponName(weapon: string, n: Namer): string {
  const lent = /^(.*) \[deck ([^\]]+)\]$/.exec(weapon);
  return lent ? `${lent[1]} (Firing Deck: ${n.model(lent[2])})` : weapon;
}

const farthest = (models: unknown): number =>
  Array.isArray(models)
    ? models.reduce((d: number, m: unknown) => Math.max(d, Number(rec(m)["distance"]) || 0), 0)
    : 0;

/** The log line for one event, or null for bookkeeping the log does not show. */
/** What one player's battle formations put in Reserves, attached, embarked or set to Hover. */
function formationWords(e: Record<string, unknown>, n: Namer): string {
  // Deep Strike and Strategic Reserves arrive by different rules (§4.5): say which is which.
  const deep = strs(e["reserves"]);
  const strategic = strs(e["strategic_reserves"]);
  const parts: string[] = [];
  if (strategic.length) parts.push(`in Strategic Reserves ${strategic.map(n.unit).join(", ")}`);
  if (deep.length) parts.push(`in Deep Strike reserve ${deep.map(n.unit).join(", ")}`);
  if (!parts.length) parts.push("no Reserves");
  const attach = Object.entries(rec(e["attach"]));
  if (attach.length) parts.push(attach.map(([l, b]) => `${n.unit(l)} leads ${n.unit(str(b))}`).join(", "));
  const embark = Object.entries(rec(e["embark"]));
  if (embark.length) parts.push(embark.map(([u, t]) => `${n.unit(u)} embarked in ${n.unit(str(t))}`).join(", "));
  const hover = strs(e["hover"]);
  if (hover.length) parts.push(`Hover mode: ${hover.map(n.unit).join(", ")}`);
  return parts.join("; ");
}

/**
 * `before`: the event logged just before this one. The reveal repeats only the declarations that
 * were secret; the last player's, made in the open, is the event just before it (the same
 * command), and the reveal names it too, so that the line names both players (audit s16 C #15).
 */
export function describeEvent(e: RawEvent, n: Namer, weapons?: WeaponLookup, before?: RawEvent): LogLine | null {
  const player = str(e["player"]) || null;
  const who = n.player(player);
  const unit = n.unit(str(e["unit"]));
  switch (e.type) {
    case "roll_off": {
      const dice = rec(e["dice"]);
      const text = `Roll-off for ${ROLL_PURPOSE[str(e["purpose"])] ?? str(e["purpose"])}: ${n.player(str(e["winner"]))} wins`;
      const players = Object.keys(dice);
      const rolls = Math.max(0, ...players.map((p) => nums(dice[p]).length));
      if (players.length !== 2 || rolls < 2) {
        return line(text, "roll", players.map((p) => ({ label: n.player(p), values: nums(dice[p]) })));
      }
      // Ties are rolled again: each player's dice are successive roll-offs, read in pairs.
      const [a, b] = players.map((p) => nums(dice[p])) as [number[], number[]];
      const pairs = Array.from({ length: rolls }, (_, i) => [a[i] ?? 0, b[i] ?? 0] as const);
      const words = pairs.map(([x, y]) => `${x} v ${y}`).join(", ");
      const groups = pairs.map(([x, y], i) => ({
        label: i < rolls - 1 ? "Tie" : `${n.player(players[0])} v ${n.player(players[1])}`,
        values: [x, y],
      }));
      return line(`${text} (${words}: a tie is rolled again)`, "roll", groups);
    }
    case "objective_placed": {
      const o = rec(e["objective"]);
      return line(`${who} placed objective ${str(o["id"])} at (${Number(o["x"]).toFixed(1)}, ${Number(o["y"]).toFixed(1)})`, "plain", [], player);
    }
    case "roles_set":
      return line(`${n.player(str(e["attacker"]))} is the Attacker, ${n.player(str(e["defender"]))} the Defender`);
    case "formations_declared": {
      if (!("reserves" in e)) return line(`${who} declared battle formations (secret until both have declared)`, "plain", [], player);
      const declared = `${who} declared battle formations: ${formationWords(e, n)}`;
      const broken = brokenRules(e, n);
      return broken ? line(`${declared}. ${broken}`, "warning", [], player) : line(declared, "plain", [], player);
    }
    case "formations_revealed": {
      // R42: a secret declaration's broken rules are told to all here
      const revealed = (Array.isArray(e["declared"]) ? e["declared"] : []).map(rec);
      const last = before?.type === "formations_declared" && "reserves" in before ? rec(before) : null;
      // (its broken rules, if any, are on its own line already)
      if (last && !revealed.some((d) => str(d["player"]) === str(last["player"]))) revealed.push({ ...last, warnings: [] });
      const said = revealed.map((d) => {
        const broken = brokenRules(d, n);
        return `${n.player(str(d["player"]))}: ${formationWords(d, n)}${broken ? ` (${broken})` : ""}`;
      });
      const warned = revealed.some((d) => brokenRules(d, n) !== null);
      return said.length ? line(`Battle formations revealed: ${said.join(" · ")}`, warned ? "warning" : "plain") : null;
    }
    case "unit_placed": {
      const how = str(e["how"]);
      const verb = how === "arrive" ? "arrived from Reserves" : how === "disembark" ? "disembarked" : "was deployed";
      return line(`${unit} ${verb}${floorText(e["models"])}`);
    }
    case "first_turn":
      return line(`${who} takes the first turn`, "plain", [], player);
    case "phase_started": {
      const phase = str(e["phase"]);
      const round = Number(e["round"]) || 0;
      if (phase === "setup") return line(`Set-up: ${title(STEP_TITLE, str(e["step"]))}`, "phase");
      return line(`Round ${round} · ${who}'s ${title(PHASE_TITLE, phase)} phase`, "phase", [], player);
    }
    case "waiting":
    case "checkpoint":
    case "attack_paused":
    case "attacks_declared":
    case "attacks_done":
    case "fight_turn":
      return null;
    case "cp_changed": {
      const delta = Number(e["delta"]) || 0;
      return line(`${who} ${delta >= 0 ? "gains" : "spends"} ${plural(Math.abs(delta), "CP")} (${str(e["reason"]).replaceAll("_", " ")})`, "plain", [], player);
    }
    case "battle_shock_tested": {
      const dice = nums(e["dice"]);
      return line(
        `${unit} Battle-shock test: ${sum(dice)} against Leadership ${Number(e["leadership"])}+ — ${e["passed"] ? "passed" : "failed"}`,
        "roll",
        [{ label: "2D6", values: dice }],
      );
    }
    case "shock_changed":
      return line(`${unit} is ${e["battle_shocked"] ? "Battle-shocked" : "no longer Battle-shocked"} (${str(e["reason"]).replaceAll("_", " ")})`);
    case "advance_rolled": {
      const dice = nums(e["dice"]);
      return line(`${unit} ${e["reroll"] ? "re-rolled its Advance" : "rolled to Advance"}: +${sum(dice)}"`, "roll", [{ label: "Advance", values: dice }]);
    }
    case "unit_moved": {
      const kind = str(e["kind"]);
      const d = farthest(e["models"]);
      return line(`${unit} ${MOVE_WORD[kind] ?? kind}${d > 0 ? ` (${d.toFixed(1)}")` : ""}${floorText(e["models"])}`);
    }
    case "desperate_escape": {
      const dead = strs(e["destroyed"]);
      return line(`${unit} Desperate Escape: ${dead.length ? `${plural(dead.length, "model")} lost` : "no losses"}`, "roll", [{ label: "Escape", values: nums(e["dice"]) }]);
    }
    case "models_damaged": {
      const dead = strs(e["destroyed"]);
      const wounds = rec(e["wounds"]);
      const hurt = Object.keys(wounds).filter((m) => !dead.includes(m));
      const parts = [
        ...(dead.length ? [`${plural(dead.length, "model")} destroyed`] : []),
        ...hurt.map((m) => `${n.model(m)} has ${plural(Number(wounds[m]) || 0, "wound")} left`),
      ];
      return line(`${unit}: ${parts.join(", ") || "no damage"}${e["reason"] ? ` (${str(e["reason"]).replaceAll("_", " ")})` : ""}`, "damage");
    }
    case "embarked":
      return line(`${unit} embarked in ${n.unit(str(e["transport"]))}`);
    case "allocation_chosen":
      return line(`${who} allocates the next attack to ${n.model(str(e["model"]))}`, "plain", [], player);
    case "weapon_resolved": {
      const text =
        `${unit} → ${n.unit(str(e["target"]))}, ${weaponName(str(e["weapon"]), n)}: ` +
        `${plural(Number(e["attacks"]) || 0, "attack")}, ${plural(Number(e["hits"]) || 0, "hit")}, ` +
        `${plural(Number(e["wounds"]) || 0, "wound")}, ${plural(Number(e["failed_saves"]) || 0, "failed save")}, ` +
        `${Number(e["damage"]) || 0} damage` +
        (Number(e["mortal_wounds"]) ? `, ${plural(Number(e["mortal_wounds"]), "mortal wound")}` : "") +
        (e["plunging"] ? " (Plunging Fire: AP improved by 1)" : "") +
        needWords(rec(e["needs"]));
      const sheet = weapons?.(str(e["unit"]), str(e["weapon"]));
      return line(text, "roll", weaponDice(rec(e["dice"]), sheet));
    }
    case "mortal_wounds_rolled": {
      const source = str(e["source"]);
      const wounds = Number(e["mortal_wounds"]) || 0;
      const groups = [{ label: source.replaceAll("_", " ") || "Dice", values: nums(e["dice"]) }];
      const fnp = nums(e["feel_no_pain"]);
      if (fnp.length) groups.push({ label: "Feel No Pain", values: fnp });
      if (source === "hazardous") {
        // One test per die (§8.4): a 1 fails; the bearer is destroyed, or a big one takes 3.
        const failed = nums(e["dice"]).includes(1);
        const text = `${unit} ${failed ? "fails" : "passes"} a Hazardous test${wounds ? `: ${plural(wounds, "mortal wound")}` : ""}`;
        return line(text, "roll", groups);
      }
      return line(`${unit}: ${plural(wounds, "mortal wound")} (${source.replaceAll("_", " ")})`, "roll", groups);
    }
    case "charge_declared": {
      const dice = nums(e["dice"]);
      const targets = strs(e["targets"]).map(n.unit).join(", ");
      const what = e["heroic"] ? "Heroically Intervenes against" : e["reroll"] ? "re-rolls its charge against" : "declares a charge against";
      return line(`${unit} ${what} ${targets}: ${sum(dice)}"`, "roll", [{ label: "Charge", values: dice }]);
    }
    case "charge_ended":
      return line(`${unit} ${e["success"] ? `made its charge move (${farthest(e["models"]).toFixed(1)}")` : "failed its charge"}`);
    case "fight_selected":
      return line(`${unit} fights${str(e["step"]) === "fights_first" ? " (Fights First)" : ""}`);
    case "stratagem_used": {
      const target = str(e["target"]);
      return line(
        `${who} uses ${title(STRATAGEM_TITLE, str(e["name"]))} (${plural(Number(e["cp"]) || 0, "CP")}) on ${unit}${target ? ` → ${n.unit(target)}` : ""}`,
        "plain",
        [],
        player,
      );
    }
    case "effect_added": {
      const effect = str(e["effect"]);
      if (effect === "scouted") return null;
      const [name, model] = effect.split(":");
      if (name === "epic_challenge" && model) return line(`${n.model(model)} issues an Epic Challenge: its melee attacks have Precision`);
      return line(`${unit}: ${title(STRATAGEM_TITLE, effect)}`);
    }
    case "control_changed": {
      const control = rec(e["control"]);
      const held = Object.entries(control)
        .map(([o, p]) => `${o}: ${typeof p === "string" ? n.player(p) : "—"}`)
        .join(", ");
      return line(`Objective control: ${held || "none"}`, "score");
    }
    case "vp_scored": {
      const objectives = strs(e["objectives"]);
      return line(`${who} scores ${Number(e["vp"]) || 0} VP (${str(e["reason"]).replaceAll("_", " ")}${objectives.length ? `: ${objectives.join(", ")}` : ""})`, "score", [], player);
    }
    case "rule_warning":
      return line(`Rule broken by ${who} (casual game): ${n.words(str(e["message"]))} [${str(e["code"])}]`, "warning", [], player);
    case "undo_requested":
      return line(`${who} asks to undo their last action`, "warning", [], player);
    case "undo_answered":
      return line(`${e["accepted"] ? "Undone" : "Undo refused"}: ${undoLabel(str(e["label"]), n)}`, "warning", [], player);
    case "entropy_contributed":
      return line(`${who} mixed their own randomness into the dice`, "plain", [], player);
    case "rerolled": {
      const roll = REROLLED[str(e["roll"])] ?? `a ${str(e["roll"]).replaceAll("_", " ")} roll`;
      return line(`${who} re-rolls ${roll} for ${unit}`, "roll", [
        { label: "Was", values: nums(e["old"]) },
        { label: "Now", values: nums(e["new"]) },
      ], player);
    }
    case "reroll_declined":
      return null; // a roll kept as it was: the dice already show it, a line each is noise
    case "mortal_queued":
    case "mortal_paused":
      return null;
    case "mortal_chosen":
      return line(`${who} chooses ${n.model(str(e["model"]))}`, "plain", [], player);
    case "attached_unit_split":
      return line(`${n.unit(str(e["destroyed"]))} destroyed: ${n.unit(str(e["survivor"]))} is its own unit again`, "damage");
    case "firing_deck_equipped":
      return line(`${unit} Firing Deck: lent ${lentText(strs(e["weapons"]), n)}`);
    case "aircraft_left":
      return line(`${unit} flew off the battlefield: it is in Strategic Reserves`);
    case "reserves_destroyed": {
      const units = strs(e["units"]);
      return line(`Never arrived, counted as destroyed: ${units.map(n.unit).join(", ") || "none"}`, "damage");
    }
    case "reroll_offers_set":
      return line(`${who} ${e["offer"] ? "wants" : "no longer wants"} Command Re-roll offers`, "plain", [], player);
    case "reaction_offers_set":
      return line(`${who} ${e["offer"] ? "wants" : "no longer wants"} to be asked about stratagems in the opponent's turn`, "plain", [], player);
    case "game_ended": {
      const r = rec(e["result"]);
      const winner = str(r["winner"]);
      const vp = rec(r["vp"]);
      const score = Object.entries(vp).map(([p, v]) => `${n.player(p)} ${Number(v)}`).join(" – ");
      return line(`Game over (${str(r["reason"]).replaceAll("_", " ")}): ${winner ? `${n.player(winner)} wins` : "a draw"}${score ? `, ${score} VP` : ""}`, "score");
    }
    default:
      return line(e.type.replaceAll("_", " "));
  }
}
