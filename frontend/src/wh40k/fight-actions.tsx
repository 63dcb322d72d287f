// The Fight phase: select a unit when it is your turn to, pile in (optional), choose each melee
// weapon's target among the enemy units in reach, fight; then consolidate (or not).

import { useSignal, useSignalEffect } from "@preact/signals";
import type { ModelId, ModelInfo, UnitId } from "../protocol/messages";
import { baseGap, engaged, engagedUnits, meleeAttacks } from "./attack-choice";
import { positions, toPaths } from "./move-plan";
import { spentWeapons } from "./one-shot";
import { movePlan } from "./plan-start";
import { PlanControls } from "./plan-controls";
import { UnitPicker } from "./unit-picker";
import type { W40Control } from "./w40-control";
import { WeaponTargets, weaponsAimed } from "./weapon-targets";

/** The table with the planned pile-in applied: where the fighters will stand. */
function fightersAt(control: W40Control, unit: UnitId): ModelInfo[] {
  const state = control.store.state.value;
  const plan = control.plan.value;
  const at = plan && plan.unit === unit ? positions(plan) : new Map();
  return (state?.models ?? []).filter((m) => m.unit === unit).map((m) => ({ ...m, ...(at.get(m.id) ?? {}) }));
}

/** Inches: base contact as the server's `fight.can_fight` measures it. */
const CONTACT = 0.01;

/** The server's `fight.can_fight`: a model attacks a unit in its Engagement Range, or one in base
 * contact with a friend of its unit that is in base contact with it (§8.2). Pure. */
export function canReach(fighters: readonly ModelInfo[], enemies: readonly ModelInfo[], m: ModelInfo, target: UnitId): boolean {
  const foes = enemies.filter((e) => e.unit === target);
  if (foes.some((e) => engaged(m, e))) return true;
  return fighters.some((f) => f.id !== m.id && baseGap(f, m) <= CONTACT && foes.some((e) => baseGap(f, e) <= CONTACT));
}

/** The fighter a `rule/melee_reach` refusal names in its detail (the server's `fight.py`). */
const refusedModel = (detail: Readonly<Record<string, unknown>>, fighters: readonly ModelInfo[]): ModelId | null =>
  fighters.find((f) => f.id === detail["model"])?.id ?? null;

export function FightActions({ control, units }: { control: W40Control; units: UnitId[] }) {
  const picked = useSignal<UnitId | null>(null);
  const choice = useSignal<Record<string, string | null>>({});
  /** Models whose attacks the player left out (or the server refused as out of reach). */
  const dropped = useSignal<ReadonlySet<ModelId>>(new Set());
  const seenRefusal = useSignal<number>(control.store.lastRejection.peek()?.seq ?? -1);
  useSignalEffect(() => {
    // A model the server says cannot attack is left out, so the next Fight goes through.
    const r = control.store.lastRejection.value;
    if (!r || r.seq === seenRefusal.peek() || r.code !== "rule/melee_reach") return;
    seenRefusal.value = r.seq;
    const st = control.store.state.peek();
    const fighters = st?.models.filter((m) => units.includes(m.unit)) ?? [];
    const id = refusedModel(r.detail, fighters);
    if (id) dropped.value = new Set([...dropped.peek(), id]);
  });
  const state = control.store.state.value;
  if (!state) return null;
  const names = control.names.value;
  const busy = !control.store.idle.value;
  const unit = picked.value && units.includes(picked.value) ? picked.value : units.length === 1 ? (units[0] ?? null) : null;
  const status = unit ? state.game.units[unit] : undefined;
  const me = status?.sheet.player;
  const fighters = unit ? fightersAt(control, unit) : [];
  const enemies = state.models.filter((m) => state.game.units[m.unit]?.sheet.player !== me);
  const inReach = engagedUnits(fighters, enemies);
  const spent = status ? spentWeapons(status) : new Set<string>();
  const melee = status?.sheet.weapons.filter((w) => w.kind === "melee" && !spent.has(w.name)) ?? [];
  const current: Record<string, string | null> = {};
  for (const w of melee) current[w.name] = choice.value[w.name] !== undefined ? choice.value[w.name] ?? null : (inReach[0] ?? null);
  const reachable = (m: ModelInfo, target: UnitId) => !dropped.value.has(m.id) && canReach(fighters, enemies, m, target);
  const attacks = status ? meleeAttacks(status, fighters, current, reachable) : [];
  // Every model that could swing at a chosen target, ticked unless left out.
  const swinging = status
    ? fighters.filter((m) => meleeAttacks(status, [m], current, (x, t) => canReach(fighters, enemies, x, t)).length > 0)
    : [];
  const plan = control.plan.value;
  const options: Record<string, string[]> = Object.fromEntries(melee.map((w) => [w.name, inReach]));
  return (
    <div class="w40-step" data-testid="w40-fight">
      {units.length > 1 && (
        <UnitPicker units={units} names={names} state={state} label="Fight with" disabled={busy} onPick={(u) => ((picked.value = u), control.selectUnit(u))} />
      )}
      {unit && status && (
        <>
          <p>
            <b>{names.unit(unit)}</b> fights.{" "}
            {plan?.purpose !== "pile_in" && (
              <button type="button" class="button" onClick={() => ((control.plan.value = movePlan(state, unit, "pile_in")), control.selectUnit(unit))}>
                Pile in (3")
              </button>
            )}
          </p>
          {plan?.purpose !== "pile_in" && (
            <p class="muted" data-testid="w40-pile-in-hint">
              To move models before fighting, press Pile in first: until then a drag on the table pans the view.
            </p>
          )}
          {plan?.purpose === "pile_in" && (
            <PlanControls control={control} confirmLabel="Keep this pile-in" limit={3} hint="Drag models up to 3&quot; closer to the nearest enemy; the pile-in is sent with the attacks." onConfirm={() => undefined} />
          )}
          {inReach.length === 0 ? (
            <p class="muted">No enemy unit is within Engagement Range: fight without attacks (or pile in first).</p>
          ) : (
            <WeaponTargets
              weapons={melee}
              options={options}
              value={current}
              onChange={(w, t) => (choice.value = { ...choice.value, [w]: t })}
              names={names}
            />
          )}
          {swinging.length > 0 && (
            <details class="w40-fighters" open={dropped.value.size > 0} data-testid="w40-fighters">
              <summary>
                Attacking models: {swinging.filter((m) => !dropped.value.has(m.id)).length} of {swinging.length}
              </summary>
              <p class="muted">Untick a model to leave its attacks out (the referee refuses a model it finds out of reach).</p>
              <div class="w40-row">
                {swinging.map((m) => (
                  <label key={m.id} class="w40-check">
                    <input
                      type="checkbox"
                      data-fighter={m.id}
                      checked={!dropped.value.has(m.id)}
                      onChange={() => {
                        const next = new Set(dropped.value);
                        if (!next.delete(m.id)) next.add(m.id);
                        dropped.value = next;
                      }}
                    />
                    {names.model(m.id)}
                  </label>
                ))}
              </div>
            </details>
          )}
          <p class="muted" data-testid="w40-attack-count">{weaponsAimed(attacks.length)}</p>
          <button
            type="button"
            class="button button--primary"
            data-testid="w40-fight-go"
            disabled={busy}
            onClick={() =>
              control.sendPlanned({ type: "fight", unit, pile_in: plan?.purpose === "pile_in" ? toPaths(plan) : [], attacks })
            }
          >
            Fight
          </button>
        </>
      )}
    </div>
  );
}

export function Consolidate({ control, unit }: { control: W40Control; unit: UnitId }) {
  useSignalEffect(() => {
    const state = control.store.state.value;
    const plan = control.plan.peek();
    if (state && (plan === null || plan.unit !== unit || plan.purpose !== "consolidate")) {
      control.plan.value = movePlan(state, unit, "consolidate");
      control.selectUnit(unit);
    }
  });
  const plan = control.plan.value;
  return (
    <div class="w40-step" data-testid="w40-consolidate">
      <p>
        <b>{control.names.value.unit(unit)}</b> may consolidate up to 3".
      </p>
      {plan && (
        <PlanControls control={control} confirmLabel="Consolidate" limit={3} onConfirm={() => control.sendPlanned({ type: "consolidate", unit, paths: toPaths(plan) })} />
      )}
      <button type="button" class="button" data-testid="w40-no-consolidate" onClick={() => control.sendPlanned({ type: "consolidate", unit, paths: [] })}>
        No consolidation
      </button>
    </div>
  );
}
