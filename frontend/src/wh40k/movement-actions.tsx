// The Movement phase: choose a unit and how it moves (Normal, Advance after its roll, Fall
// Back, Remain Stationary), drag it along its path; or bring a unit in from Reserves.

import { useSignal } from "@preact/signals";
import type { UnitId } from "../protocol/messages";
import type { MoveKind, UnitStatus, W40State } from "./wire";
import { embarkOptions } from "./embark";
import { endHeights, levelLabel, planLevels } from "./elevation";
import { type MovePlan, toPaths, toPlaces } from "./move-plan";
import { WOODS_PENALTY, disembarkPlan, movePlan, placementPlan, planLimit, woodsPenalty, zoneBounds } from "./plan-start";
import { PlanControls } from "./plan-controls";
import { UnitPicker } from "./unit-picker";
import type { W40Control } from "./w40-control";

interface Props {
  control: W40Control;
  units: UnitId[];
  reserves: UnitId[];
  embarked: UnitId[];
  /** Units within Engagement Range: only Fall Back or Remain Stationary (§4.4). */
  engaged?: UnitId[];
  /** Embarked units that may not disembark now, and why. */
  stuck?: { unit: UnitId; why: string }[];
  /** Strategic Reserves that may not arrive yet (round 1), and why. */
  reservesLater?: { unit: UnitId; why: string }[];
}

const KIND_LABEL: Readonly<Record<string, string>> = {
  normal: "Normal move",
  advance: "Advance",
  fall_back: "Fall Back",
};

/** The height the unit's first model stands at now (the default end level of its move). */
function startLevel(state: W40State, plan: MovePlan): number {
  const first = state.models.find((m) => m.unit === plan.unit);
  return first?.z ?? 0;
}

/** End level and embarking choices of a planned move (R18, §3.7). */
function MoveExtras({ state, plan, kind, level, into, names }: {
  state: W40State;
  plan: MovePlan;
  kind: MoveKind;
  level: { value: number | null };
  into: { value: UnitId | "" };
  names: W40Control["names"]["value"];
}) {
  const levels = planLevels(state.terrain, plan);
  const current = level.value ?? startLevel(state, plan);
  const transports = embarkOptions(state, plan, kind);
  return (
    <>
      {levels.length > 1 && (
        <div class="w40-row" data-testid="w40-move-level">
          <span>End on:</span>
          {levels.map((z) => (
            <button
              key={z}
              type="button"
              class={`button ${Math.abs(z - current) < 1e-6 ? "button--primary" : ""}`}
              aria-pressed={Math.abs(z - current) < 1e-6}
              onClick={() => (level.value = z)}
            >
              {levelLabel(z)}
            </button>
          ))}
        </div>
      )}
      {transports.length > 0 && (
        <label class="w40-row" data-testid="w40-embark">
          <span>Then embark into</span>
          <select value={into.value} onChange={(e) => (into.value = (e.currentTarget as HTMLSelectElement).value)}>
            <option value="">(do not embark)</option>
            {transports.map((t) => (
              <option key={t} value={t}>
                {names.unit(t)}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}

/** A unit whose datasheet says it cannot Advance, as the referee reads it (the sheet's
 * "CANNOT ADVANCE" flag, rules decision R39): it is not offered the Advance roll. */
export const cannotAdvance = (status: UnitStatus): boolean => status.sheet.abilities.includes("CANNOT ADVANCE");

type Stuck = { unit: UnitId; why: string };

/** The Disembark picker's units and the units that cannot disembark: a unit aboard a transport
 * that is not on the battlefield (in Reserves) is in Reserves too and cannot disembark (§3.7,
 * §4.5; the server's `movement.disembark` refuses it, `transport/not_on_table`, R43 d). */
export function disembarkChoices(
  state: W40State,
  embarked: readonly UnitId[],
  stuck: readonly Stuck[],
): { embarked: UnitId[]; stuck: Stuck[] } {
  const away = (u: UnitId): boolean => {
    const transport = state.game.units[u]?.transport;
    const where = transport ? state.game.units[transport]?.location : undefined;
    return where !== undefined && where !== "table";
  };
  return {
    embarked: embarked.filter((u) => !away(u)),
    stuck: [
      ...stuck,
      ...embarked.filter(away).map((u) => ({ unit: u, why: "its transport is not on the battlefield (§3.7, §4.5)" })),
    ],
  };
}

/** Where an arriving unit may be set up (§4.5, as the server's `movement.arrive` checks):
 * more than 9" from every enemy model; Strategic Reserves also wholly within 6" of a battlefield
 * edge, and in battle round 2 not in the enemy's deployment zone. */
export function arrivalRule(state: W40State, unit: UnitId): string {
  const far = 'more than 9" from every enemy model';
  if (state.game.units[unit]?.reserve !== "strategic") return far;
  const zone = state.game.round === 2 ? ", not in the enemy's deployment zone" : "";
  return `wholly within 6" of a battlefield edge${zone}, ${far}`;
}

export function MovementActions({
  control,
  units,
  reserves,
  embarked: aboard,
  engaged = [],
  stuck: barred = [],
  reservesLater = [],
}: Props) {
  const kind = useSignal<MoveKind>("normal");
  const level = useSignal<number | null>(null);
  const into = useSignal<UnitId | "">("");
  const state = control.store.state.value;
  const plan = control.plan.value;
  const focus = control.focus.value;
  const busy = !control.store.idle.value;
  if (!state) return null;
  const names = control.names.value;
  const me = control.store.me.value ?? "";
  const { embarked, stuck } = disembarkChoices(state, aboard, barred);

  if (plan && (plan.purpose === "arrive" || plan.purpose === "disembark")) {
    const facing = zoneBounds(state, me).low ? 90 : 270;
    return (
      <div class="w40-step" data-testid="w40-movement">
        <p>
          {plan.purpose === "arrive" ? "Arriving from Reserves" : "Disembarking"}: <b>{names.unit(plan.unit)}</b>
          {plan.purpose === "arrive" && ` (${arrivalRule(state, plan.unit)})`}
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
    // The limit (woods) follows the drag as the distance does.
    const live = control.livePlan.value ?? plan;
    return (
      <div class="w40-step" data-testid="w40-movement">
        <p>
          <b>{names.unit(plan.unit)}</b>: {KIND_LABEL[kind.value] ?? kind.value}
        </p>
        <MoveExtras state={state} plan={plan} kind={kind.value} level={level} into={into} names={names} />
        <PlanControls
          control={control}
          confirmLabel={into.value && embarkOptions(state, plan, kind.value).includes(into.value) ? "Move and embark" : "Confirm move"}
          limit={planLimit(state, live, kind.value)}
          heights={endHeights(state.terrain, live, level.value ?? startLevel(state, plan))}
          limitNote={woodsPenalty(state, live, kind.value) > 0 ? `woods −${WOODS_PENALTY}"` : undefined}
          hint={planLevels(state.terrain, plan).length > 1 ? "Each drop adds a waypoint; climbing up or down counts against the move." : undefined}
          onConfirm={() => {
            const heights = endHeights(state.terrain, plan, level.value ?? startLevel(state, plan));
            const embark = into.value && embarkOptions(state, plan, kind.value).includes(into.value) ? into.value : undefined;
            control.sendPlanned({
              type: "move",
              unit: plan.unit,
              kind: kind.value,
              paths: toPaths(plan, heights),
              ...(embark ? { embark } : {}),
            });
          }}
        />
      </div>
    );
  }
  const chosen = focus && units.includes(focus) ? focus : null;
  const status = chosen ? state.game.units[chosen] : undefined;
  const isEngaged = chosen !== null && engaged.includes(chosen);
  const startMove = (k: MoveKind) => {
    if (!chosen) return;
    kind.value = k;
    level.value = null;
    into.value = "";
    control.plan.value = movePlan(state, chosen, "move");
    control.selectUnit(chosen);
  };
  return (
    <div class="w40-step" data-testid="w40-movement">
      <UnitPicker units={units} names={names} state={state} label="Move" disabled={busy} onPick={(u) => control.selectUnit(u)} />
      {chosen && status && (
        <p data-testid="w40-move-hint">
          {isEngaged && status.advance_roll === null ? (
            <>
              <b>{names.unit(chosen)}</b> is within Engagement Range of an enemy unit: it may only Fall Back or Remain
              Stationary.
            </>
          ) : (
            <>
              Choose {status.advance_roll === null ? "Normal move (or another move)" : "Advance"} for <b>{names.unit(chosen)}</b>{" "}
              first, then drag it on the table.
            </>
          )}
        </p>
      )}
      {chosen && status && (
        <div class="w40-row w40-kinds" data-testid="w40-move-kinds">
          <b>{names.unit(chosen)}</b>
          {status.advance_roll === null ? (
            <>
              {!isEngaged && (
                <button type="button" class="button" disabled={busy} onClick={() => startMove("normal")}>
                  Normal move
                </button>
              )}
              {!isEngaged && !cannotAdvance(status) && (
                <button type="button" class="button" disabled={busy} onClick={() => control.send({ type: "roll_advance", unit: chosen })}>
                  Roll to Advance
                </button>
              )}
              {!isEngaged && cannotAdvance(status) && (
                <span class="muted" data-testid="w40-no-advance">
                  cannot Advance (its datasheet)
                </span>
              )}
              {isEngaged && (
                <button type="button" class="button" disabled={busy} onClick={() => startMove("fall_back")}>
                  Fall Back
                </button>
              )}
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
        state={state}
        label="From Reserves"
        disabled={busy}
        onPick={(u) => (control.plan.value = placementPlan(state, u, "arrive", "edge"))}
      />
      {reservesLater.length > 0 && (
        <ul class="muted w40-unable" data-testid="w40-reserves-later">
          {reservesLater.map(({ unit: u, why }) => (
            <li key={u} data-unit={u}>
              {reserves.includes(u)
                ? `${names.unit(u)}: ${why}; arriving now breaks that rule (the referee will log it).`
                : `${names.unit(u)} cannot arrive yet: ${why}.`}
            </li>
          ))}
        </ul>
      )}
      <UnitPicker
        units={embarked}
        names={names}
        state={state}
        label="Disembark"
        disabled={busy}
        onPick={(u) => (control.plan.value = disembarkPlan(state, u))}
      />
      {stuck.length > 0 && (
        <ul class="muted w40-unable" data-testid="w40-disembark-unable">
          {stuck.map(({ unit: u, why }) => (
            <li key={u} data-unit={u}>
              {names.unit(u)} cannot disembark: {why}.
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
