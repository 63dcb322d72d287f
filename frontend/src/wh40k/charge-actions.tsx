// The Charge phase: choose a unit, its targets among those the server says are within 12",
// roll 2D6; then drag the charge move (or give up).

import { useSignal, useSignalEffect } from "@preact/signals";
import type { UnitId } from "../protocol/messages";
import { toPaths } from "./move-plan";
import { movePlan } from "./plan-start";
import { PlanControls } from "./plan-controls";
import { readUnitList } from "./targets-query";
import { UnitPicker } from "./unit-picker";
import type { W40Control } from "./w40-control";

export function DeclareCharge({ control, units }: { control: W40Control; units: UnitId[] }) {
  const unit = useSignal<UnitId | null>(null);
  const options = useSignal<string[] | null>(null);
  const targets = useSignal<ReadonlySet<UnitId>>(new Set());
  const names = control.names.value;
  const busy = !control.store.idle.value;
  const chosen = unit.value && units.includes(unit.value) ? unit.value : null;
  const pick = (u: UnitId) => {
    unit.value = u;
    options.value = null;
    control.selectUnit(u);
    control.query({ kind: "charge_targets", unit: u }).then(
      (a) => {
        options.value = readUnitList(a);
        targets.value = new Set(options.value.slice(0, 1));
        control.setHighlight({ targets: targets.value });
      },
      () => (options.value = []),
    );
  };
  const toggle = (t: UnitId) => {
    const next = new Set(targets.value);
    if (!next.delete(t)) next.add(t);
    targets.value = next;
    control.setHighlight({ targets: next });
  };
  return (
    <div class="w40-step" data-testid="w40-charge">
      <UnitPicker units={units} names={names} label="Charge with" disabled={busy} onPick={pick} />
      {chosen && options.value?.length === 0 && <p class="muted">No enemy unit within 12" of {names.unit(chosen)}.</p>}
      {chosen && (options.value?.length ?? 0) > 0 && (
        <>
          <div class="w40-row" role="group" aria-label="Charge targets">
            {options.value?.map((t) => (
              <label key={t} class="w40-check">
                <input type="checkbox" data-target={t} checked={targets.value.has(t)} onChange={() => toggle(t)} />
                {names.unit(t)}
              </label>
            ))}
          </div>
          <button
            type="button"
            class="button button--primary"
            data-testid="w40-declare-charge"
            disabled={busy || targets.value.size === 0}
            onClick={() => {
              control.send({ type: "declare_charge", unit: chosen, targets: [...targets.value] });
              unit.value = null;
            }}
          >
            Declare charge (roll 2D6)
          </button>
        </>
      )}
    </div>
  );
}

export function ChargeMove({ control, unit, targets, roll }: { control: W40Control; unit: UnitId; targets: UnitId[]; roll: number }) {
  const names = control.names.value;
  useSignalEffect(() => {
    const state = control.store.state.value;
    const plan = control.plan.peek();
    if (state && (plan === null || plan.unit !== unit || plan.purpose !== "charge")) {
      control.plan.value = movePlan(state, unit, "charge");
      control.selectUnit(unit);
      control.setHighlight({ targets: new Set(targets) });
    }
  });
  const plan = control.plan.value;
  return (
    <div class="w40-step" data-testid="w40-charge-move">
      <p>
        <b>{names.unit(unit)}</b> rolled <b data-testid="w40-charge-roll">{roll}"</b> to charge {targets.map(names.unit).join(", ")}.
        End within Engagement Range of every target, each model closer to one.
      </p>
      {plan && (
        <PlanControls
          control={control}
          confirmLabel="Charge move"
          limit={roll}
          onConfirm={() => control.sendPlanned({ type: "charge_move", unit, paths: toPaths(plan) })}
        />
      )}
      <button type="button" class="button" data-testid="w40-give-up" onClick={() => control.sendPlanned({ type: "charge_move", unit, paths: [] })}>
        Give up the charge
      </button>
    </div>
  );
}
