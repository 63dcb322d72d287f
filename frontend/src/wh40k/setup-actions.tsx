// The set-up steps: place objective markers, declare battle formations, deploy, Scouts moves.

import { useSignal, useSignalEffect } from "@preact/signals";
import type { UnitId } from "../protocol/messages";
import { toPaths, toPlaces } from "./move-plan";
import { movePlan, placementPlan, planLimit, zoneBounds } from "./plan-start";
import { PlanControls } from "./plan-controls";
import { UnitPicker } from "./unit-picker";
import { unitWithLeader } from "./unit-with-leader";
import type { W40Control } from "./w40-control";
import type { UnitStatus } from "./wire";

/** An objective field's name (audit s16 E #7): its unit and origin, "x, inches from the left
 * edge (0–60)", "y, inches from the top edge (0–44)". Pure. */
export function objectiveFieldLabel(axis: "x" | "y", size: number): string {
  return `${axis}, inches from the ${axis === "x" ? "left" : "top"} edge (0–${size})`;
}

export function PlaceObjective({ control }: { control: W40Control }) {
  const x = useSignal(30);
  const y = useSignal(22);
  const table = control.store.state.value?.table;
  const width = table?.width ?? 60;
  const depth = table?.depth ?? 44;
  useSignalEffect(() => {
    control.tablePick.value = (px, py) => control.send({ type: "place_objective", x: px, y: py });
    return () => (control.tablePick.value = null);
  });
  return (
    <div class="w40-step" data-testid="w40-place-objective">
      <p>
        Click the table to place an objective marker, or type its centre below: its rim more than 6" from every
        edge and more than 9" from the other markers' rims.
      </p>
      <div class="w40-row">
        <label>
          x <input type="number" step="0.5" aria-label={objectiveFieldLabel("x", width)} value={x.value} onInput={(e) => (x.value = Number(e.currentTarget.value))} />
        </label>
        <label>
          y <input type="number" step="0.5" aria-label={objectiveFieldLabel("y", depth)} value={y.value} onInput={(e) => (y.value = Number(e.currentTarget.value))} />
        </label>
        <button type="button" class="button" onClick={() => control.send({ type: "place_objective", x: x.value, y: y.value })}>
          Place here
        </button>
      </div>
    </div>
  );
}

const isAircraft = (s: UnitStatus): boolean => s.sheet.keywords.includes("AIRCRAFT");
const canHover = (s: UnitStatus): boolean =>
  isAircraft(s) && (s.sheet.abilities.includes("HOVER") || s.sheet.keywords.includes("HOVER"));

export function DeclareFormations({ control }: { control: W40Control }) {
  const reserves = useSignal<ReadonlySet<UnitId>>(new Set());
  const strategic = useSignal<ReadonlySet<UnitId>>(new Set());
  const hover = useSignal<ReadonlySet<UnitId>>(new Set());
  const attach = useSignal<Readonly<Record<UnitId, UnitId>>>({});
  const embark = useSignal<Readonly<Record<UnitId, UnitId>>>({});
  const state = control.store.state.value;
  const me = control.store.me.value;
  if (!state || !me) return null;
  const mine = Object.entries(state.game.units).filter(([, s]) => s.sheet.player === me);
  const led = new Set(Object.values(attach.value));
  const joined = (id: UnitId) => id in attach.value;
  const aboard = (id: UnitId) => id in embark.value;
  // AIRCRAFT start in Reserves unless in Hover mode (§4.9): Strategic Reserves unless Deep Strike.
  const grounded = (id: UnitId, s: UnitStatus) => isAircraft(s) && !hover.value.has(id);
  const transports = mine.filter(([, s]) => s.sheet.capacity > 0);
  const size = (id: UnitId): number => {
    const leader = Object.keys(attach.value).find((l) => attach.value[l] === id);
    return (state.game.units[id]?.models_left ?? 0) + (leader ? (state.game.units[leader]?.models_left ?? 0) : 0);
  };
  const room = (transport: UnitId, unit: UnitId): number =>
    (state.game.units[transport]?.sheet.capacity ?? 0) -
    Object.entries(embark.value)
      .filter(([u, t]) => t === transport && u !== unit)
      .reduce((n, [u]) => n + size(u), 0);
  const join = (leader: UnitId, bodyguard: string) => {
    const next = { ...attach.value };
    delete next[leader];
    if (bodyguard) next[leader] = bodyguard;
    attach.value = next;
    const rest = { ...embark.value };
    delete rest[leader];
    embark.value = rest;
  };
  const board = (unit: UnitId, transport: string) => {
    const next = { ...embark.value };
    delete next[unit];
    if (transport) next[unit] = transport;
    embark.value = next;
  };
  const toggle = (set: typeof reserves, id: UnitId) => {
    const next = new Set(set.value);
    if (!next.delete(id)) next.add(id);
    set.value = next;
  };
  const declare = () => {
    const free = (u: UnitId) => !joined(u) && !aboard(u);
    const deep = [...reserves.value].filter(free);
    const planes = mine.filter(([id, s]) => grounded(id, s) && free(id) && !deep.includes(id)).map(([id]) => id);
    control.send({
      type: "declare_formations",
      reserves: deep,
      strategic_reserves: [...new Set([...strategic.value, ...planes])].filter((u) => !deep.includes(u) && free(u)),
      embark: Object.fromEntries(Object.entries(embark.value).filter(([u]) => !joined(u))),
      attach: attach.value,
      ...(hover.value.size > 0 ? { hover: [...hover.value] } : {}),
    });
  };
  return (
    <div class="w40-step" data-testid="w40-formations">
      <p>
        Declare battle formations (secret until both have declared): which Leader joins which unit, which units start
        embarked or in Reserves (an attached unit is named by its Bodyguard unit).
      </p>
      <ul class="w40-formations">
        {mine.map(([id, s]) => {
          const leads = (s.sheet.leads ?? []).filter((b) => b === attach.value[id] || !led.has(b));
          const rides =
            // A TRANSPORT carries INFANTRY only (§3.7, the server's `deployment._embark_problems`).
            s.sheet.capacity === 0 && !joined(id) && !isAircraft(s) && s.sheet.keywords.includes("INFANTRY")
              ? transports.filter(([t]) => t === embark.value[id] || room(t, id) >= size(id))
              : null;
          const free = !joined(id) && !aboard(id);
          return (
            <li key={id} class="w40-formation" data-formation={id}>
              <div class="w40-formation__name">
                {s.sheet.name} <span class="muted">{s.sheet.points} pts</span>
              </div>
              <div class="w40-formation__choices">
                {(s.sheet.leads ?? []).length > 0 &&
                  (leads.length > 0 ? (
                    <label class="w40-formation__pick">
                      <span>Leads</span>
                      <select
                        aria-label={`${s.sheet.name} leads`}
                        data-attach={id}
                        value={attach.value[id] ?? ""}
                        onChange={(e) => join(id, e.currentTarget.value)}
                      >
                        <option value="">no unit</option>
                        {leads.map((b) => (
                          <option key={b} value={b}>
                            {state.game.units[b]?.sheet.name ?? b}
                          </option>
                        ))}
                      </select>
                    </label>
                  ) : (
                    <span class="muted" data-attach-none={id}>
                      Leads no unit (its units are led)
                    </span>
                  ))}
                {rides &&
                  transports.length > 0 &&
                  (rides.length > 0 ? (
                    <label class="w40-formation__pick">
                      <span>Starts</span>
                      <select
                        aria-label={`${s.sheet.name} starts embarked in`}
                        data-embark={id}
                        value={embark.value[id] ?? ""}
                        onChange={(e) => board(id, e.currentTarget.value)}
                      >
                        <option value="">on the table</option>
                        {rides.map(([t, ts]) => (
                          <option key={t} value={t}>
                            embarked in {ts.sheet.name}
                          </option>
                        ))}
                      </select>
                    </label>
                  ) : (
                    <span class="muted" data-embark-none={id}>
                      Starts on the table (no transport has room)
                    </span>
                  ))}
                {s.sheet.abilities.includes("DEEP STRIKE") && free && (
                  <label title="Set up in Reserves and arrive by Deep Strike">
                    <input
                      type="checkbox"
                      aria-label={`${s.sheet.name} Deep Strike`}
                      checked={reserves.value.has(id)}
                      onChange={() => toggle(reserves, id)}
                    />
                    Deep Strike
                  </label>
                )}
                {free && (
                  <label
                    title={
                      grounded(id, s)
                        ? "AIRCRAFT start in Reserves unless in Hover mode (§4.9)"
                        : "Strategic Reserves (up to 25% of the points)"
                    }
                  >
                    <input
                      type="checkbox"
                      aria-label={`${s.sheet.name} Strategic Reserves`}
                      data-strategic={id}
                      checked={grounded(id, s) ? !reserves.value.has(id) : strategic.value.has(id)}
                      disabled={grounded(id, s)}
                      onChange={() => toggle(strategic, id)}
                    />
                    Strategic Reserves
                  </label>
                )}
                {canHover(s) && (
                  <label title="AIRCRAFT in Hover mode: M 20&quot;, set up like other units">
                    <input
                      type="checkbox"
                      aria-label={`${s.sheet.name} Hover`}
                      data-hover={id}
                      checked={hover.value.has(id)}
                      onChange={() => toggle(hover, id)}
                    />
                    Hover
                  </label>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        class="button button--primary"
        data-testid="w40-declare"
        disabled={!control.store.idle.value}
        onClick={declare}
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
          Deploying <b>{unitWithLeader(state, control.names.value, plan.unit)}</b> wholly within your deployment zone.
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
        state={state}
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
            state={state}
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
