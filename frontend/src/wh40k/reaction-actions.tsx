// A reaction window in the other player's turn (or the defender's): the stratagems usable now,
// or pass. Rapid Ingress sets a unit up from Reserves, planned on the table first.

import { toPlaces } from "./move-plan";
import type { Namer } from "./names";
import { placementPlan, zoneBounds } from "./plan-start";
import { PlanControls } from "./plan-controls";
import { StratagemForm } from "./stratagem-form";
import { unitWithLeader } from "./unit-with-leader";
import type { W40Control } from "./w40-control";
import type { StratagemName, W40State } from "./wire";

/** A window in words without the unit it is about (the server names none, or an old one). */
const WINDOW: Readonly<Record<string, string>> = {
  moved: "An enemy unit has just moved or been set up",
  charge_declared: "An enemy unit has declared a charge",
  charged: "An enemy unit has just ended a charge move",
  targeted: "Your unit has been chosen as a target",
  movement_end: "Your opponent's Movement phase ends",
  fought: "An enemy unit has just fought",
};

/** What the enemy unit the window is about did ("has just fought"). */
const DID: Readonly<Record<string, string>> = {
  moved: "has just moved or been set up",
  charge_declared: "has declared a charge",
  charged: "has just ended a charge move",
  fought: "has just fought",
};

const andList = (items: string[]): string =>
  items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/**
 * The reaction prompt's first sentence. The window's `unit` is the enemy unit that acted (for
 * `targeted` the shooter, the targets are in the attack being resolved), so it is named as the
 * enemy's, and the targets as yours: "The enemy's Sapline Launchers has chosen your Ashguard Line
 * as its target." (audit s16 C #6: "(Sapline Launchers)" after "Your unit" read as your own). Pure.
 */
export function reactionText(state: W40State | null, names: Namer, window: string, unit: string | null): string {
  const enemy = unit ? `The enemy's ${names.unit(unit)}` : null;
  if (window === "targeted" && enemy) {
    const targets = [...new Set(state?.game.attack?.assignments.map((a) => a.target) ?? [])];
    if (targets.length > 0) {
      const yours = andList(targets.map((t) => unitWithLeader(state, names, t)));
      return `${enemy} has chosen your ${yours} as ${targets.length === 1 ? "its target" : "its targets"}.`;
    }
    return `${enemy} has chosen one of your units as a target.`;
  }
  const did = DID[window];
  if (enemy && did) return `${enemy} ${did}.`;
  return `${WINDOW[window] ?? window.replaceAll("_", " ")}.`;
}

interface Props {
  control: W40Control;
  window: string;
  unit: string | null;
  stratagems: StratagemName[];
}

export function ReactionActions({ control, window, unit, stratagems }: Props) {
  const state = control.store.state.value;
  const plan = control.plan.value;
  if (!state) return null;
  const names = control.names.value;
  if (plan?.purpose === "rapid_ingress") {
    const facing = zoneBounds(state, control.store.me.value ?? "").low ? 90 : 270;
    return (
      <div class="w40-step" data-testid="w40-reaction">
        <p>Rapid Ingress: set {names.unit(plan.unit)} up more than 9" from every enemy model.</p>
        <PlanControls
          control={control}
          confirmLabel="Use Rapid Ingress (1 CP)"
          limit={null}
          onConfirm={() => control.sendPlanned({ type: "stratagem", name: "rapid_ingress", unit: plan.unit, models: toPlaces(plan, facing) })}
        />
      </div>
    );
  }
  return (
    <div class="w40-step" data-testid="w40-reaction" data-window={window}>
      <p>{reactionText(state, names, window, unit)} You may use a stratagem now.</p>
      {stratagems.map((name) => (
        <StratagemForm
          key={name}
          control={control}
          name={name}
          onUse={name === "rapid_ingress" ? ({ unit: u }) => (control.plan.value = placementPlan(state, u, "rapid_ingress", "edge")) : undefined}
        />
      ))}
      <div class="w40-row">
        <button type="button" class="button" data-testid="w40-pass" disabled={!control.store.idle.value} onClick={() => control.send({ type: "pass" })}>
          Pass
        </button>
        <button
          type="button"
          class="button button--quiet"
          data-testid="w40-reaction-off"
          disabled={!control.store.idle.value}
          title="You can switch it back on under the actions"
          onClick={() => control.send({ type: "reaction_offers", offer: false })}
        >
          Pass and stop asking me
        </button>
      </div>
    </div>
  );
}
