// The Movement phase: choose a unit and how it moves (Normal, Advance after its roll, Fall
// Back, Remain Stationary), drag it along its path; or bring a unit in from Reserves.

import { useSignal } from "@preact/signals";
import type { UnitId } from "../protocol/messages";
import type { MoveKind } from "./wire";
import { toPaths, toPlaces } from "./move-plan";
import { movePlan, placementPlan, planLimit, zoneBounds } from "./plan-start";
import { PlanControls } from "./plan-controls";
import { UnitPicker } from "./unit-picker";
import type { W40Control } from "./w40-control";

interface Props {
  control: W40Control;
  units: UnitId[];
  reserves: UnitId[];
  embarked: UnitId[];
}

const KIND_LABEL: Readonly<Record<string, string>> = {
  normal: "Normal move",
  advance: "Advance",
  fall_back: "Fall Back",
};

export function MovementActions({ control, units, reserves, embarked }: Props) {
  const kind = useSignal<MoveKind>("normal");
  const state = control.store.state.value;
  const plan = control.plan.value;
  const focus = control.focus.value;
  const busy = !control.store.idle.value;
  if (!state) return null;
  const names = control.names.value;
  const me = control.store.me.value ?? "";

  if (plan && (plan.purpose === "arrive" || plan.purpose === "disembark")) {
    const facing = zoneBounds(state, me).low ? 90 : 270;
    return (
      <div class="w40-step" data-testid="w40-movement">
        <p>
          {plan.purpose === "arrive" ? "Arriving from Reserves" : "Disembarking"}: <b>{names.unit(plan.unit)}</b>
          {plan.purpose === "arrive" && ' (more than 9" from every enemy model)'}
        </p>
        <PlanControls
          control={control}
          confirmLabel={plan.purpose === "arrive" ? "Arrive" : "Disembark"}
          limit={null}
          onConfirm={() => control.sendPlanned({ type: plan.purpose === "arrive" ? "arrive" : "disembark", unit: plan.unit, models: toPlaces(plan, facing) })}
        />
      </div>
    );
  }
  if (plan) {
    return (
      <div class="w40-step" data-testid="w40-movement">
        <p>
          <b>{names.unit(plan.unit)}</b>: {KIND_LABEL[kind.value] ?? kind.value}
        </p>
        <PlanControls
          control={control}
          confirmLabel="Confirm move"
          limit={planLimit(state, plan, kind.value)}
          onConfirm={() => control.sendPlanned({ type: "move", unit: plan.unit, kind: kind.value, paths: toPaths(plan) })}
        />
      </div>
    );
  }
  const chosen = focus && units.includes(focus) ? focus : null;
  const status = chosen ? state.game.units[chosen] : undefined;
  const startMove = (k: MoveKind) => {
    if (!chosen) return;
    kind.value = k;
    control.plan.value = movePlan(state, chosen, "move");
    control.selectUnit(chosen);
  };
  return (
    <div class="w40-step" data-testid="w40-movement">
      <UnitPicker units={units} names={names} label="Move" disabled={busy} onPick={(u) => control.selectUnit(u)} />
      {chosen && status && (
        <div class="w40-row w40-kinds" data-testid="w40-move-kinds">
          <b>{names.unit(chosen)}</b>
          {status.advance_roll === null ? (
            <>
              <button type="button" class="button" disabled={busy} onClick={() => startMove("normal")}>
                Normal move
              </button>
              <button type="button" class="button" disabled={busy} onClick={() => control.send({ type: "roll_advance", unit: chosen })}>
                Roll to Advance
              </button>
              <button type="button" class="button" disabled={busy} onClick={() => startMove("fall_back")}>
                Fall Back
              </button>
              <button
                type="button"
                class="button"
                disabled={busy}
                onClick={() => control.send({ type: "move", unit: chosen, kind: "stationary", paths: [] })}
              >
                Remain Stationary
              </button>
            </>
          ) : (
            <button type="button" class="button button--primary" disabled={busy} onClick={() => startMove("advance")}>
              Advance (+{status.advance_roll}")
            </button>
          )}
        </div>
      )}
      <UnitPicker
        units={reserves}
        names={names}
        label="From Reserves"
        disabled={busy}
        onPick={(u) => (control.plan.value = placementPlan(state, u, "arrive", "edge"))}
      />
      <UnitPicker
        units={embarked}
        names={names}
        label="Disembark"
        disabled={busy}
        onPick={(u) => (control.plan.value = placementPlan(state, u, "disembark", "zone"))}
      />
    </div>
  );
}
