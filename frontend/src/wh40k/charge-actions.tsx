// The Charge phase: choose a unit, its targets among those the server says are within 12",
// roll 2D6; then drag the charge move (or give up).

import { useSignal, useSignalEffect } from "@preact/signals";
import { useEffect } from "preact/hooks";
import type { ModelInfo, UnitId } from "../protocol/messages";
import { bringIntoContact, contactNote } from "./charge-contact";
import { toPaths } from "./move-plan";
import { movePlan } from "./plan-start";
import { PlanControls } from "./plan-controls";
import { readUnitList } from "./targets-query";
import { UnitPicker } from "./unit-picker";
import type { W40Control } from "./w40-control";

/** Each unit's charge targets as the server lists them; a unit whose question failed (refused,
 * timed out, offline) or whose answer could not be read maps to null. Never rejects, so the
 * panel never stays on "Asking…" (r3 review #8). */
export async function askChargeReach(
  ask: (q: Record<string, unknown>) => Promise<unknown>,
  units: readonly UnitId[],
): Promise<ReadonlyMap<UnitId, readonly string[] | null>> {
  // The session queues queries beyond the four the server answers at once (`query/busy`).
  const lists = await Promise.all(
    units.map((u) =>
      ask({ kind: "charge_targets", unit: u })
        .then(readUnitList)
        .catch(() => null),
    ),
  );
  return new Map(units.map((u, i) => [u, lists[i] ?? null]));
}

/** Each unit's charge targets as the server lists them (null until all have answered). A unit
 * whose question failed maps to null: it is neither offered nor said to be out of range. */
function useChargeReach(
  control: W40Control,
  units: UnitId[],
): { reach: ReadonlyMap<UnitId, readonly string[] | null> | null; retry: () => void } {
  const reach = useSignal<ReadonlyMap<UnitId, readonly string[] | null> | null>(null);
  const tries = useSignal(0);
  const version = control.store.stateV.value;
  const key = units.join("|");
  const attempt = tries.value;
  useEffect(() => {
    let live = true;
    reach.value = null;
    void askChargeReach((q) => control.query(q), units).then((map) => {
      if (live) reach.value = map;
    });
    return () => {
      live = false;
    };
  }, [control, key, version, attempt]);
  return { reach: reach.value, retry: () => (tries.value += 1) };
}

/** Which units to offer: only those the server says have an enemy within 12"; `out` have none,
 * `unknown` got no answer (never offered as able). */
export function chargeLists(
  units: readonly UnitId[],
  reach: ReadonlyMap<UnitId, readonly string[] | null> | null,
): { able: UnitId[]; out: UnitId[]; unknown: UnitId[] } {
  if (reach === null) return { able: [], out: [], unknown: [] };
  const listed = (u: UnitId) => reach.get(u) ?? null;
  return {
    able: units.filter((u) => (listed(u)?.length ?? 0) > 0),
    out: units.filter((u) => listed(u)?.length === 0),
    unknown: units.filter((u) => listed(u) === null),
  };
}

export function DeclareCharge({
  control,
  units,
  unable: barred = [],
}: {
  control: W40Control;
  units: UnitId[];
  unable?: { unit: UnitId; why: string }[];
}) {
  const { reach, retry } = useChargeReach(control, units);
  const { able, out: unable, unknown } = chargeLists(units, reach);
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
        // Ticked only when there is no choice to make: a second target makes the charge harder
        // (every target must end in Engagement Range), so a player adds it on purpose.
        targets.value = new Set(options.value.length === 1 ? options.value : []);
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
      <UnitPicker units={able} names={names} state={control.store.state.value} label="Charge with" disabled={busy} onPick={pick} />
      {reach === null && units.length > 0 && <p class="muted">Asking which units have an enemy within 12"…</p>}
      {reach !== null && able.length === 0 && unknown.length === 0 && <p class="muted">No unit can declare a charge.</p>}
      {unable.length > 0 && (
        <p class="muted" data-testid="w40-charge-unable">
          No enemy within 12" of {unable.map(names.unit).join(", ")}.
        </p>
      )}
      {unknown.length > 0 && (
        <p class="muted" data-testid="w40-charge-unknown">
          The server did not say whether {unknown.map(names.unit).join(", ")} can charge.{" "}
          <button type="button" class="button" onClick={retry}>
            Ask again
          </button>
        </p>
      )}
      {barred.length > 0 && (
        <ul class="muted w40-unable" data-testid="w40-charge-barred">
          {barred.map(({ unit: u, why }) => (
            <li key={u} data-unit={u}>
              {names.unit(u)} cannot charge: {why}.
            </li>
          ))}
        </ul>
      )}
      {chosen && options.value?.length === 0 && <p class="muted">No enemy unit within 12" of {names.unit(chosen)}.</p>}
      {chosen && (options.value?.length ?? 0) > 0 && (
        <>
          {(options.value?.length ?? 0) > 1 && (
            <p class="muted">Tick the unit(s) to charge: the move must end within Engagement Range of every one ticked.</p>
          )}
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

interface ChargeProps {
  control: W40Control;
  unit: UnitId;
  targets: UnitId[];
  roll: number;
}

/** A casual game's referee warns about a broken rule instead of refusing (rules decision R15). */
const isCasual = (control: W40Control): boolean => control.store.state.value?.game.strict === false;

/** The charge move after the roll; when the server says the roll cannot reach every target
 * (`outOfReach`), the charge fails and the only move is to carry on (a casual game may still
 * make the move: its referee warns instead of refusing, rules decision R15). */
export function ChargeMove(props: ChargeProps & { outOfReach: UnitId[] }) {
  const { outOfReach, ...charge } = props;
  const anyway = useSignal(false);
  const casual = isCasual(charge.control);
  if (outOfReach.length === 0 || (casual && anyway.value)) return <PlannedCharge {...charge} />;
  return <FailedCharge {...charge} outOfReach={outOfReach} onAnyway={casual ? () => (anyway.value = true) : null} />;
}

function GiveUp({ control, unit, label, primary = false }: { control: W40Control; unit: UnitId; label: string; primary?: boolean }) {
  return (
    <button
      type="button"
      class={`button ${primary ? "button--primary" : ""}`}
      data-testid="w40-give-up"
      onClick={() => control.sendPlanned({ type: "charge_move", unit, paths: [] })}
    >
      {label}
    </button>
  );
}

function FailedCharge({ control, unit, roll, outOfReach, onAnyway }: ChargeProps & { outOfReach: UnitId[]; onAnyway: (() => void) | null }) {
  const names = control.names.value;
  useSignalEffect(() => {
    // A plan made before a Command Re-roll came up short is no move any more.
    if (control.plan.value?.purpose === "charge") control.plan.value = null;
  });
  return (
    <div class="w40-step" data-testid="w40-charge-failed">
      <p class="w40-warn">
        <b>{names.unit(unit)}</b> rolled <b data-testid="w40-charge-roll">{roll}"</b>: the charge fails. It cannot reach Engagement
        Range of {outOfReach.map(names.unit).join(", ")}.
      </p>
      <div class="w40-row">
        <GiveUp control={control} unit={unit} label="Continue (the charge fails)" primary />
        {onAnyway && (
          <button type="button" class="button" data-testid="w40-charge-anyway" title="A casual game: the referee logs a warning" onClick={onAnyway}>
            Charge anyway
          </button>
        )}
      </div>
    </div>
  );
}

function PlannedCharge({ control, unit, targets, roll }: ChargeProps) {
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
  const note = useSignal<string | null>(null);
  const bring = () => {
    const state = control.store.state.peek();
    const now = control.plan.peek();
    if (!state || !now) return;
    const mover = state.game.units[unit]?.sheet.player;
    const owner = new Map(state.units.map((u) => [u.id, u.player]));
    const enemy = (m: ModelInfo) => owner.get(m.unit) !== mover;
    const done = bringIntoContact(state.models, now, enemy, new Set(targets), roll);
    control.plan.value = done.plan;
    note.value = contactNote(done);
  };
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
          onCancel={() => (note.value = null)}
        />
      )}
      {plan && (
        <div class="w40-row">
          <button
            type="button"
            class="button"
            data-testid="w40-bring-contact"
            disabled={!control.store.idle.value}
            title="Move each model that can reach an enemy model of a target straight into base contact with the nearest one"
            onClick={bring}
          >
            Bring into contact
          </button>
          {note.value && (
            <span class="muted" data-testid="w40-bring-contact-note">
              {note.value}
            </span>
          )}
        </div>
      )}
      <GiveUp control={control} unit={unit} label="Give up the charge" />
    </div>
  );
}
