// A small projected 10th-edition state for the wh40k tests: two units a side.

import type { ModelInfo } from "../src/protocol/messages";
import type { UnitStatus, W40State } from "../src/wh40k/wire";

const circle = (mm: number) => ({ shape: "circle" as const, diameter_mm: mm });

export function status(id: string, player: string, over: Partial<UnitStatus> = {}, keywords: string[] = ["INFANTRY"]): UnitStatus {
  return {
    location: "table",
    reserve: null,
    transport: null,
    move: "none",
    moved_this_phase: false,
    advance_roll: null,
    charged: false,
    cannot_charge: false,
    charge_declared: false,
    shot: false,
    fought: false,
    battle_shocked: false,
    failed_shock_now: false,
    disembarked_now: false,
    started_embarked: over.location === "embarked",
    effects: [],
    models_left: 2,
    below_half: false,
    destroyed_models: 0,
    character_models: keywords.includes("CHARACTER") ? [`${id}-1`, `${id}-2`] : [],
    sheet: {
      id,
      player,
      name: `Unit ${id}`,
      keywords,
      abilities: [],
      points: 100,
      invulnerable: null,
      feel_no_pain: null,
      scouts: 0,
      capacity: 0,
      weapons: [
        { name: "Gun", kind: "ranged", range: 24, attacks: "2", skill: 3, strength: 4, ap: -1, damage: "1", abilities: [] },
        { name: "Pistol", kind: "ranged", range: 12, attacks: "1", skill: 3, strength: 4, ap: 0, damage: "1", abilities: ["PISTOL"] },
        { name: "Blade", kind: "melee", range: null, attacks: "3", skill: 3, strength: 4, ap: 0, damage: "1", abilities: [] },
      ],
      models: [1, 2].map((n) => [
        `${id}-${n}`,
        { name: "Trooper", move: 6, toughness: 4, save: 3, wounds: 2, leadership: 6, oc: 2, base: circle(32), weapons: ["Gun", "Pistol", "Blade"] },
      ]),
    },
    ...over,
  };
}

export function fixture(): W40State {
  const model = (id: string, unit: string, x: number, y: number) => ({
    id,
    unit,
    name: "Trooper",
    base: circle(32),
    x,
    y,
    z: 0,
    height: 1.6,
    facing: 90,
    wounds: 2,
  });
  return {
    table: { width: 60, depth: 44 },
    players: [
      { id: "p1", name: "Player 1", color: "#2f6fdf" },
      { id: "p2", name: "Player 2", color: "#d6453d" },
    ],
    units: [
      { id: "p1-a", player: "p1", name: "Alpha", keywords: ["INFANTRY"] },
      { id: "p2-b", player: "p2", name: "Bravo", keywords: ["INFANTRY"] },
    ],
    models: [model("p1-a-1", "p1-a", 10, 10), model("p1-a-2", "p1-a", 11.5, 10), model("p2-b-1", "p2-b", 10, 30), model("p2-b-2", "p2-b", 11.5, 30)],
    terrain: [],
    objectives: [{ id: "o1", x: 30, y: 22, diameter_mm: 40 }],
    game: {
      round: 1,
      rounds: 5,
      phase: "shooting",
      step: "",
      active: "p1",
      first: "p1",
      attacker: "p1",
      strict: true,
      rules_revision: 3,
      battle_size: "incursion",
      pending: { player: "p1", kind: "act", unit: null, options: [], detail: {} },
      sides: {
        p1: { cp: 2, vp: 0, declared: true, stratagems_this_phase: [], overwatch_used: false },
        p2: { cp: 1, vp: 0, declared: true, stratagems_this_phase: [], overwatch_used: false },
      },
      zones: { p1: [[0, 0], [60, 0], [60, 12], [0, 12]], p2: [[0, 32], [60, 32], [60, 44], [0, 44]] },
      control: { o1: null },
      units: { "p1-a": status("p1-a", "p1"), "p2-b": status("p2-b", "p2") },
      charge_roll: null,
      attack: null,
      undo: null,
      result: null,
    },
  };
}

/** A model of `unit` at (x, y): a 32 mm round base unless given, facing +y, 1 wound. */
export const modelAt = (id: string, unit: string, x: number, y: number, base: ModelInfo["base"] = { shape: "circle", diameter_mm: 32 }): ModelInfo => ({
  id,
  unit,
  name: "",
  base,
  x,
  y,
  z: 0,
  height: 1.6,
  facing: 90,
  wounds: 1,
});
