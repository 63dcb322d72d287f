// What this viewer may do now, driven by the pending decision (offered-actions.ts): the main
// decision, stratagems on your own initiative, undo, end the phase, concede.

import type { ComponentChildren } from "preact";
import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { AllocateActions, PrecisionActions } from "./allocate-actions";
import { ChargeMove, DeclareCharge } from "./charge-actions";
import { CoherencyActions, MortalActions, RerollActions } from "./choice-actions";
import { Consolidate, FightActions } from "./fight-actions";
import { MovementActions } from "./movement-actions";
import { type Namer, PHASE_TITLE, title, undoLabel } from "./names";
import type { MainOffer } from "./offered-actions";
import { ReactionActions } from "./reaction-actions";
import { DeclareFormations, Deploy, PlaceObjective, Scouts } from "./setup-actions";
import { ShootingActions } from "./shooting-actions";
import { StratagemForm } from "./stratagem-form";
import { useKeepFocus } from "../ui/keep-focus";
import type { W40Control } from "./w40-control";

function Main({ control, offer }: { control: W40Control; offer: MainOffer }) {
  const names = control.names.value;
  switch (offer.kind) {
    case "watch":
      return (
        <p class="muted" data-testid="w40-watch">
          {offer.waitingFor ? `Waiting for ${names.player(offer.waitingFor)} ${offer.what}.` : "Waiting for the server…"}
        </p>
      );
    case "place_objective":
      return <PlaceObjective control={control} />;
    case "declare_formations":
      return <DeclareFormations control={control} />;
    case "deploy":
      return <Deploy control={control} units={offer.units} />;
    case "scouts":
      return <Scouts control={control} units={offer.units} />;
    case "reaction":
      return <ReactionActions control={control} window={offer.window} unit={offer.unit} stratagems={offer.stratagems} />;
    case "allocate":
      return <AllocateActions control={control} unit={offer.unit} models={offer.models} />;
    case "precision":
      return <PrecisionActions control={control} unit={offer.unit} models={offer.models} />;
    case "charge_move":
      return <ChargeMove control={control} unit={offer.unit} targets={offer.targets} roll={offer.roll} outOfReach={offer.outOfReach} />;
    case "fight":
      return <FightActions control={control} units={offer.units} />;
    case "consolidate":
      return <Consolidate control={control} unit={offer.unit} />;
    case "reroll":
      return (
        <RerollActions
          control={control}
          unit={offer.unit}
          roll={offer.roll}
          dice={offer.dice}
          options={offer.options}
          failed={offer.failed}
          weapon={offer.weapon}
          target={offer.target}
        />
      );
    case "mortal":
      return (
        <MortalActions
          control={control}
          hazardous={offer.hazardous}
          unit={offer.unit}
          models={offer.models}
          source={offer.source}
          wounds={offer.wounds}
          dice={offer.dice}
        />
      );
    case "coherency":
      return <CoherencyActions control={control} unit={offer.unit} models={offer.models} suggested={offer.suggested} />;
    case "confirm_undo":
      return (
        <div class="w40-step" data-testid="w40-confirm-undo">
          <p>Your opponent asks to undo: {undoLabel(offer.label, control.names.value)}</p>
          <div class="w40-row">
            <button type="button" class="button button--primary" onClick={() => control.send({ type: "answer_undo", accept: true })}>
              Allow
            </button>
            <button type="button" class="button" onClick={() => control.send({ type: "answer_undo", accept: false })}>
              Refuse
            </button>
          </div>
        </div>
      );
    case "command":
      return <p class="muted">Command phase: CP gained and Battle-shock tests are in the log. End the phase to move.</p>;
    case "movement":
      return (
        <MovementActions
          control={control}
          units={offer.units}
          reserves={offer.reserves}
          embarked={offer.embarked}
          engaged={offer.engaged}
          stuck={offer.stuck}
          reservesLater={offer.reservesLater}
        />
      );
    case "shooting":
      return <ShootingActions control={control} units={offer.units} unable={offer.unable} />;
    case "charge":
      return <DeclareCharge control={control} units={offer.units} unable={offer.unable} />;
    case "fight_over":
      return <p class="muted">No unit is left to fight: end the phase.</p>;
    case "over":
      return <p>The game is over.</p>;
  }
}

/** Why the Undo button went away after the opponent refused it (strict games, R16): the
 * refusal drops the undo point, so the same action cannot be asked again; only an action after
 * it that rolls no dice can be. Null unless the latest undo-related event is the opponent's
 * refusal of this viewer's request and no undo point has been made since. */
export function undoRefusedNote(
  events: readonly { e?: Record<string, unknown> }[],
  me: string | null,
  undo: { player: string } | null,
  opponent: string,
  names: Namer,
): string | null {
  if (me === null || undo !== null) return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]?.e;
    const type = e?.["type"];
    if (type === "phase_started" || type === "checkpoint" || type === "undo_requested") return null;
    if (type !== "undo_answered") continue;
    if (e?.["player"] !== me || e["accepted"] !== false) return null;
    const label = typeof e["label"] === "string" ? e["label"] : "";
    return (
      `${opponent} refused the undo (${undoLabel(label, names)}); the undo point is gone, so it cannot be asked again. ` +
      "Your next action that rolls no dice can be undone."
    );
  }
  return null;
}

/** Where focus goes when a step takes the focused control away (audit s16 E #3): the button a
 * confirmation swapped in (Really concede, or Concede again), else the panel's heading. */
const refocusTarget = (panel: HTMLElement): HTMLElement | null =>
  panel.querySelector<HTMLElement>("[data-refocus]") ?? panel.querySelector<HTMLElement>("h3");

export function ActionPanel({ control }: { control: W40Control }) {
  const conceding = useSignal(false);
  // "Keep playing" swapped the confirmation back for Concede: focus goes to Concede, once.
  const backFromConceding = useSignal(false);
  // Concede is where focus goes back to from "Keep playing" only for that step: the mark goes
  // once the panel has re-rendered (a browser that does not focus a clicked button kept it, and
  // a later step sent focus to Concede; review s16 r3 #6).
  useEffect(() => {
    if (!backFromConceding.value) return;
    const t = setTimeout(() => (backFromConceding.value = false), 0);
    return () => clearTimeout(t);
  }, [backFromConceding.value]);
  const panel = useKeepFocus<HTMLElement>(refocusTarget);
  const offers = control.offers.value;
  const state = control.store.state.value;
  if (!offers || !state) return null;
  const busy = !control.store.idle.value;
  const undo = state.game.undo;
  const me = control.store.me.value;
  const opponent = control.names.value.player(state.players.find((p) => p.id !== me)?.id);
  const refused = state.game.strict ? undoRefusedNote(control.store.events.value, me, undo, opponent, control.names.value) : null;
  // Remount the decision's panel whenever the decision changes (its local choices reset).
  const p = state.game.pending;
  const key = `${state.game.round}|${state.game.phase}|${state.game.step}|${p?.player}|${p?.kind}|${p?.unit}`;
  return (
    <section class="w40-actions" data-testid="w40-actions" data-offer={offers.main.kind} aria-label="Your actions" ref={panel}>
      <h3 tabIndex={-1}>{state.game.phase === "setup" ? "Set-up" : state.game.phase === "over" ? "Game over" : `${title(PHASE_TITLE, state.game.phase)} phase`}</h3>
      <Main key={key} control={control} offer={offers.main} />
      {offers.stratagems.length > 0 && (
        <div class="w40-strats" data-testid="w40-stratagems">
          {offers.stratagems.map((name) => (
            <StratagemForm key={`${key}|${name}`} control={control} name={name} />
          ))}
        </div>
      )}
      {undo?.requested && undo.player === me && <p class="muted">Waiting for your opponent to allow the undo…</p>}
      {refused && (
        <p class="muted" data-testid="w40-undo-refused">
          {refused}
        </p>
      )}
      {me !== null && state.game.sides[me] && state.game.phase !== "setup" && state.game.phase !== "over" && (
        <>
          <OfferSetting control={control} setting="reroll_offers" busy={busy}>
            Offer me Command Re-roll after a failed roll
          </OfferSetting>
          <OfferSetting control={control} setting="reaction_offers" busy={busy}>
            Ask me about stratagems in my opponent's turn (Fire Overwatch and the like)
          </OfferSetting>
        </>
      )}
      <div class="w40-row w40-actions__foot">
        {offers.endPhase && (
          <button
            type="button"
            class="button button--primary"
            data-testid="w40-end-phase"
            disabled={busy || control.plan.value !== null}
            title={control.plan.value !== null ? "Confirm or cancel the planned move first" : undefined}
            onClick={() => control.send({ type: "end_phase" })}
          >
            End {title(PHASE_TITLE, state.game.phase)} phase
          </button>
        )}
        {offers.undo !== null && (
          <button type="button" class="button" data-testid="w40-undo" disabled={busy} title={undoLabel(offers.undo, control.names.value)} onClick={() => control.send({ type: "undo" })}>
            Undo{state.game.strict ? " (asks your opponent)" : ""}
          </button>
        )}
        {offers.concede &&
          (conceding.value ? (
            <>
              <button type="button" class="button button--danger" data-refocus onClick={() => control.send({ type: "concede" })}>
                Really concede
              </button>
              <button
                type="button"
                class="button"
                onClick={() => {
                  conceding.value = false;
                  backFromConceding.value = true;
                }}
              >
                Keep playing
              </button>
            </>
          ) : (
            <button
              type="button"
              class="button button--quiet"
              data-refocus={backFromConceding.value ? "" : undefined}
              onBlur={() => (backFromConceding.value = false)}
              onClick={() => (conceding.value = true)}
            >
              Concede
            </button>
          ))}
      </div>
      {busy && <p class="muted w40-busy">…</p>}
    </section>
  );
}

/** One of the player's settings (on unless switched off), sent as its command when changed. */
function OfferSetting({
  control,
  setting,
  busy,
  children,
}: {
  control: W40Control;
  setting: "reroll_offers" | "reaction_offers";
  busy: boolean;
  children: ComponentChildren;
}) {
  const me = control.store.me.value;
  const on = me === null ? true : control.store.state.value?.game.sides[me]?.[setting] !== false;
  return (
    <label class="w40-reroll-offers muted" data-testid={`w40-${setting.replace("_", "-")}`}>
      <input
        type="checkbox"
        checked={on}
        disabled={busy}
        onChange={(e) => control.send({ type: setting, offer: (e.currentTarget as HTMLInputElement).checked })}
      />
      {children}
    </label>
  );
}
