// The controls of a planned move or set-up: how far it goes against the limit, confirm, step
// back, start again, cancel.

import { useEffect } from "preact/hooks";
import { formatInches } from "../geometry/scale-bar";
import { cancelPlan, longestPath, PLACES_ONLY, undoDrop } from "./move-plan";
import type { ModelId } from "../protocol/messages";
import { climbNote, longestMeasured, overLimit, planWarnings } from "./plan-warnings";
import type { W40Control } from "./w40-control";

interface Props {
  control: W40Control;
  confirmLabel: string;
  limit: number | null;
  /** Why the limit is less than the move (e.g. woods). */
  limitNote?: string;
  hint?: string;
  /** Each moved model's end height (a move onto or off a floor): the climb counts. */
  heights?: ReadonlyMap<ModelId, number>;
  onConfirm(): void;
  /** Called after Cancel (which starts a charge or consolidation again, and drops any other plan). */
  onCancel?: () => void;
}

export function PlanControls({ control, confirmLabel, limit, limitNote, hint, heights, onConfirm, onCancel }: Props) {
  const plan = control.plan.value;
  // The table's distance read-out compares with the same limit.
  useEffect(() => {
    control.limit.value = limit;
    return () => {
      control.limit.value = null;
    };
  }, [control, limit]);
  useEffect(() => {
    control.heights.value = heights ?? null;
    return () => {
      control.heights.value = null;
    };
  }, [control, heights]);
  const state = control.store.state.value;
  if (!plan) return null;
  const busy = !control.store.idle.value;
  const placing = PLACES_ONLY.has(plan.purpose);
  const live = control.livePlan.value ?? plan;
  const far = state ? longestMeasured(live, state, heights) : longestPath(live);
  const over = overLimit(far, limit);
  const climb = state ? climbNote(live, state, heights) : null;
  const warnings = state ? planWarnings({ state, plan: live, limit, names: control.names.value, heights }) : [];
  const strict = state?.game.strict !== false;
  return (
    <div class="w40-plan" data-testid="w40-plan" data-purpose={plan.purpose}>
      <p class="muted">
        {hint ??
          (placing
            ? "Drag the unit into place, then confirm. Click one model to drag it alone; shift-click or double-click selects the whole unit again."
            : "Drag the unit; each drop adds a waypoint to the path. Click one model to drag it alone; shift-click or double-click selects the whole unit again.")}
      </p>
      {!placing && (
        <p class={over ? "w40-warn" : ""} data-testid="w40-plan-distance" data-over={over ? "yes" : "no"}>
          Farthest model: {formatInches(far)}
          {limit !== null && ` of ${formatInches(limit)}`}
          {limit !== null && limitNote && <span class="muted"> ({limitNote})</span>}
          {climb && (
            <span class="w40-warn" data-testid="w40-plan-climb">
              {" "}
              ({climb})
            </span>
          )}
        </p>
      )}
      {warnings.length > 0 && (
        <div class="w40-plan-warnings" data-testid="w40-plan-warnings">
          <p class="w40-warn">{strict ? "The referee will refuse this move:" : "The referee will log a broken rule:"}</p>
          <ul>
            {warnings.map((w) => (
              <li key={w} class="w40-warn">
                {w}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div class="w40-row">
        <button
          type="button"
          class="button button--primary"
          disabled={busy || (plan.purpose === "charge" && plan.steps.length === 0)}
          title={plan.purpose === "charge" && plan.steps.length === 0 ? "Drag the unit first (or give up the charge)" : undefined}
          onClick={onConfirm}
          data-testid="w40-confirm"
        >
          {confirmLabel}
        </button>
        <button type="button" class="button" disabled={plan.steps.length === 0} onClick={() => (control.plan.value = undoDrop(plan))}>
          Step back
        </button>
        <button
          type="button"
          class="button"
          data-testid="w40-cancel"
          onClick={() => {
            const next = cancelPlan(plan);
            control.plan.value = next;
            // The whole unit selected again, so that a drag moves it (as a new plan does).
            if (next) control.selectUnit(next.unit);
            onCancel?.();
          }}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
