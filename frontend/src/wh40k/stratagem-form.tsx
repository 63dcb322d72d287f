// One stratagem ready to use: the unit it is used on and, where it needs them, an enemy target,
// a weapon or a model. Used for reaction windows and for stratagems used on your own initiative.

import { useSignal } from "@preact/signals";
import { reach } from "../geometry/base-footprint";
import type { UnitId } from "../protocol/messages";
import { STRATAGEM_CP, STRATAGEM_TITLE, title } from "./names";
import { engagedEnemies } from "./offered-actions";
import { unitWithLeader } from "./unit-with-leader";
import type { W40Control } from "./w40-control";
import type { StratagemName, W40State } from "./wire";

interface Needs {
  units: UnitId[];
  targets?: UnitId[];
  weapons?: string[];
  models?: string[];
}

/** The enemy units, the nearest to `unit` first (rim to rim, as the footprints' reach allows):
 * Tank Shock's target must be in Engagement Range, so the likely one comes first. Pure. */
function nearestFirst(state: W40State, unit: UnitId, enemies: UnitId[]): UnitId[] {
  const own = state.models.filter((m) => m.unit === unit);
  const gap = (u: UnitId): number =>
    Math.min(
      Infinity,
      ...state.models
        .filter((m) => m.unit === u)
        .flatMap((e) => own.map((o) => Math.hypot(e.x - o.x, e.y - o.y) - reach(e.base) - reach(o.base))),
    );
  return [...enemies].sort((a, b) => gap(a) - gap(b));
}

/** Which of this player's units (and what else) each stratagem asks for. Pure. */
export function stratagemNeeds(state: W40State, me: string, name: StratagemName, unit: UnitId | null): Needs {
  const g = state.game;
  const mine = Object.entries(g.units).filter(([, s]) => s.sheet.player === me);
  const onTable = mine.filter(([, s]) => s.location === "table").map(([id]) => id);
  const enemies = Object.entries(g.units)
    .filter(([, s]) => s.sheet.player !== me && s.location === "table")
    .map(([id]) => id);
  const kw = (u: UnitId, word: string) => (g.units[u]?.sheet.keywords ?? []).includes(word);
  switch (name) {
    case "insane_bravery":
      return { units: mine.filter(([, s]) => s.failed_shock_now).map(([id]) => id) };
    case "command_reroll":
      return {
        units: g.pending?.kind === "charge_move" && g.pending.unit ? [g.pending.unit] : mine.filter(([, s]) => s.advance_roll !== null && !s.moved_this_phase).map(([id]) => id),
      };
    case "grenade":
      return { units: onTable.filter((u) => kw(u, "GRENADES")), targets: enemies };
    case "tank_shock": {
      // The weapons are those of the VEHICLE the form shows (its first one until one is picked).
      const vehicles = onTable.filter((u) => kw(u, "VEHICLE") && g.units[u]?.charged);
      const shown = unit !== null && vehicles.includes(unit) ? unit : (vehicles[0] ?? "");
      return {
        units: vehicles,
        targets: nearestFirst(state, shown, enemies),
        weapons: g.units[shown]?.sheet.weapons.filter((w) => w.kind === "melee").map((w) => w.name) ?? [],
      };
    }
    case "epic_challenge": {
      // Only a unit in Engagement Range of an enemy Attached unit, and only its CHARACTER models
      // (each by the sheet it was mustered with, as the server's `leaders.is_character`; §6.2 item 3).
      const characters = (u: UnitId | undefined): string[] => {
        const named = new Set(u ? (g.units[u]?.character_models ?? []) : []);
        return state.models.filter((m) => m.unit === u && named.has(m.id)).map((m) => m.id);
      };
      const fighters = (g.pending?.options ?? []).filter(
        (u) => characters(u).length > 0 && engagedEnemies(g, state.models, u).some((e) => !!g.units[e]?.leader),
      );
      const shown = unit !== null && fighters.includes(unit) ? unit : fighters[0];
      return { units: fighters, models: characters(shown) };
    }
    case "go_to_ground":
    case "smokescreen": {
      const targeted = new Set(g.attack?.assignments.map((a) => a.target) ?? []);
      return { units: onTable.filter((u) => targeted.has(u) && kw(u, name === "go_to_ground" ? "INFANTRY" : "SMOKE")) };
    }
    case "rapid_ingress":
      return { units: mine.filter(([, s]) => s.location === "reserves").map(([id]) => id) };
    case "counter_offensive":
      return { units: mine.filter(([, s]) => s.location === "table" && !s.fought).map(([id]) => id) };
    case "fire_overwatch": {
      // the server names the units that could shoot the enemy unit (in range, able to see it)
      const named = g.pending?.detail["fire_overwatch"];
      const units = Array.isArray(named) ? named.filter((u): u is string => typeof u === "string") : null;
      return { units: units ?? onTable.filter((u) => !g.units[u]?.battle_shocked) };
    }
    default:
      return { units: onTable.filter((u) => !g.units[u]?.battle_shocked) };
  }
}

interface Props {
  control: W40Control;
  name: StratagemName;
  /** Rapid Ingress sets the unit up: the page plans it first. */
  onUse?(cmd: { unit: UnitId }): void;
}

export function StratagemForm({ control, name, onUse }: Props) {
  const unit = useSignal<UnitId | null>(null);
  const target = useSignal<UnitId | null>(null);
  const weapon = useSignal<string | null>(null);
  const model = useSignal<string | null>(null);
  const state = control.store.state.value;
  const me = control.store.me.value;
  if (!state || !me) return null;
  const needs = stratagemNeeds(state, me, name, unit.value);
  const names = control.names.value;
  const u = unit.value && needs.units.includes(unit.value) ? unit.value : (needs.units[0] ?? null);
  const pickOne = <T extends string>(value: T | null, list: readonly T[] | undefined): T | undefined =>
    list ? (value && list.includes(value) ? value : list[0]) : undefined;
  const t = pickOne(target.value, needs.targets);
  const w = pickOne(weapon.value, needs.weapons);
  const m = pickOne(model.value, needs.models);
  const use = () => {
    if (!u) return;
    if (onUse) {
      onUse({ unit: u });
      return;
    }
    control.send({
      type: "stratagem",
      name,
      unit: u,
      ...(t ? { target: t } : {}),
      ...(w ? { weapon: w } : {}),
      ...(m ? { model: m } : {}),
    });
  };
  return (
    <div class="w40-strat" data-stratagem={name}>
      <b>{title(STRATAGEM_TITLE, name)}</b> <span class="muted">{STRATAGEM_CP[name] ?? "?"} CP</span>
      <select aria-label="Unit" value={u ?? ""} onChange={(e) => (unit.value = e.currentTarget.value)}>
        {needs.units.map((x) => (
          <option key={x} value={x}>
            {unitWithLeader(state, names, x)}
          </option>
        ))}
      </select>
      {needs.targets && (
        <select aria-label="Target" value={t ?? ""} onChange={(e) => (target.value = e.currentTarget.value)}>
          {needs.targets.map((x) => (
            <option key={x} value={x}>
              → {unitWithLeader(state, names, x)}
            </option>
          ))}
        </select>
      )}
      {needs.weapons && (
        <select aria-label="Weapon" value={w ?? ""} onChange={(e) => (weapon.value = e.currentTarget.value)}>
          {needs.weapons.map((x) => (
            <option key={x}>{x}</option>
          ))}
        </select>
      )}
      {needs.models && (
        <select aria-label="Model" value={m ?? ""} onChange={(e) => (model.value = e.currentTarget.value)}>
          {needs.models.map((x) => (
            <option key={x} value={x}>
              {names.model(x)}
            </option>
          ))}
        </select>
      )}
      <button type="button" class="button" disabled={!u || !control.store.idle.value} onClick={use} data-testid={`w40-use-${name}`}>
        Use
      </button>
    </div>
  );
}
