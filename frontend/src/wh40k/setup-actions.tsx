// The set-up steps: place objective markers, declare battle formations, deploy, Scouts moves.

import { useSignal, useSignalEffect } from "@preact/signals";
import type { UnitId } from "../protocol/messages";
import { toPaths, toPlaces } from "./move-plan";
import { movePlan, placementPlan, planLimit, zoneBounds } from "./plan-start";
import { PlanControls } from "./plan-controls";
import { UnitPicker } from "./unit-picker";
import type { W40Control } from "./w40-control";

export function PlaceObjective({ control }: { control: W40Control }) {
  const x = useSignal(30);
  const y = useSignal(22);
  useSignalEffect(() => {
    control.tablePick.value = (px, py) => control.send({ type: "place_objective", x: px, y: py });
    return () => (control.tablePick.value = null);
  });
  return (
    <div class="w40-step" data-testid="w40-place-objective">
      <p>
        Click the table to place an objective marker: more than 6" from every edge and more than 9" from the other
        markers.
      </p>
      <div class="w40-row">
        <label>
          x <input type="number" step="0.5" value={x.value} onInput={(e) => (x.value = Number(e.currentTarget.value))} />
        </label>
        <label>
          y <input type="number" step="0.5" value={y.value} onInput={(e) => (y.value = Number(e.currentTarget.value))} />
        </label>
        <button type="button" class="button" onClick={() => control.send({ type: "place_objective", x: x.value, y: y.value })}>
          Place here
        </button>
      </div>
    </div>
  );
}

export function DeclareFormations({ control }: { control: W40Control }) {
  const reserves = useSignal<ReadonlySet<UnitId>>(new Set());
  const strategic = useSignal<ReadonlySet<UnitId>>(new Set());
  const attach = useSignal<Readonly<Record<UnitId, UnitId>>>({});
  const state = control.store.state.value;
  const me = control.store.me.value;
  if (!state || !me) return null;
  const mine = Object.entries(state.game.units).filter(([, s]) => s.sheet.player === me);
  const led = new Set(Object.values(attach.value));
  const joined = (id: UnitId) => id in attach.value;
  const join = (leader: UnitId, bodyguard: string) => {
    const next = { ...attach.value };
    delete next[leader];
    if (bodyguard) next[leader] = bodyguard;
    attach.value = next;
  };
  const toggle = (set: typeof reserves, id: UnitId) => {
    const next = new Set(set.value);
    if (!next.delete(id)) next.add(id);
    set.value = next;
  };
  return (
    <div class="w40-step" data-testid="w40-formations">
      <p>
        Declare battle formations (secret until both have declared): which Leader joins which unit, and which units start
        in Reserves (an attached unit is named by its Bodyguard unit).
      </p>
      <table class="w40-form-table">
        <thead>
          <tr>
            <th>Unit</th>
            <th>Deep Strike</th>
            <th>Strategic Reserves</th>
            <th>Leader of</th>
          </tr>
        </thead>
        <tbody>
          {mine.map(([id, s]) => (
            <tr key={id}>
              <td>
                {s.sheet.name} <span class="muted">{s.sheet.points} pts</span>
              </td>
              <td>
                {s.sheet.abilities.includes("DEEP STRIKE") && !joined(id) && (
                  <input type="checkbox" checked={reserves.value.has(id)} onChange={() => toggle(reserves, id)} />
                )}
              </td>
              <td>
                {!joined(id) && (
                  <input type="checkbox" checked={strategic.value.has(id)} onChange={() => toggle(strategic, id)} />
                )}
              </td>
              <td>
                {(s.sheet.leads ?? []).length > 0 && (
                  <select
                    aria-label={`${s.sheet.name} leads`}
                    data-attach={id}
                    value={attach.value[id] ?? ""}
                    onChange={(e) => join(id, e.currentTarget.value)}
                  >
                    <option value="">(leads no unit)</option>
                    {(s.sheet.leads ?? [])
                      .filter((b) => b === attach.value[id] || !led.has(b))
                      .map((b) => (
                        <option key={b} value={b}>
                          {state.game.units[b]?.sheet.name ?? b}
                        </option>
                      ))}
                  </select>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        class="button button--primary"
        data-testid="w40-declare"
        disabled={!control.store.idle.value}
        onClick={() =>
          control.send({
            type: "declare_formations",
            reserves: [...reserves.value].filter((u) => !joined(u)),
            strategic_reserves: [...strategic.value].filter((u) => !reserves.value.has(u) && !joined(u)),
            embark: {},
            attach: attach.value,
          })
        }
      >
        Declare
      </button>
    </div>
  );
}

export function Deploy({ control, units }: { control: W40Control; units: UnitId[] }) {
  const state = control.store.state.value;
  const plan = control.plan.value;
  if (!state) return null;
  const me = control.store.me.value ?? "";
  if (plan?.purpose === "deploy") {
    const facing = zoneBounds(state, me).low ? 90 : 270;
    return (
      <div class="w40-step" data-testid="w40-deploy">
        <p>
          Deploying <b>{control.names.value.unit(plan.unit)}</b> wholly within your deployment zone.
        </p>
        <PlanControls
          control={control}
          confirmLabel="Deploy"
          limit={null}
          onConfirm={() => control.sendPlanned({ type: "deploy", unit: plan.unit, models: toPlaces(plan, facing) })}
        />
      </div>
    );
  }
  return (
    <div class="w40-step" data-testid="w40-deploy">
      <p>Deploy a unit (the players alternate).</p>
      <UnitPicker
        units={units}
        names={control.names.value}
        label="Unit"
        onPick={(u) => {
          control.plan.value = placementPlan(state, u, "deploy", "zone");
          control.focus.value = u;
        }}
      />
    </div>
  );
}

export function Scouts({ control, units }: { control: W40Control; units: UnitId[] }) {
  const state = control.store.state.value;
  const plan = control.plan.value;
  if (!state) return null;
  return (
    <div class="w40-step" data-testid="w40-scouts">
      {plan?.purpose === "move" ? (
        <PlanControls
          control={control}
          confirmLabel="Scouts move"
          limit={planLimit(state, plan, "scouts")}
          onConfirm={() => control.sendPlanned({ type: "move", unit: plan.unit, kind: "scouts", paths: toPaths(plan) })}
        />
      ) : (
        <>
          <p>Scouts moves before the first turn (ending more than 9" from every enemy model).</p>
          <UnitPicker
            units={units}
            names={control.names.value}
            label="Scouts"
            onPick={(u) => {
              control.plan.value = movePlan(state, u, "move");
              control.selectUnit(u);
            }}
          />
          <button type="button" class="button" data-testid="w40-pass" onClick={() => control.send({ type: "pass" })}>
            No (more) Scouts moves
          </button>
        </>
      )}
    </div>
  );
}
