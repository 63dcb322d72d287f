// The Shooting phase: choose a unit, ask the server which targets each weapon may shoot, pick
// a target per weapon, shoot. A TRANSPORT with FIRING DECK also offers its embarked models'
// ranged weapons (§3.7); spent ONE SHOT weapons are not offered (R19). The dice come back in the
// log for both players.

import { useSignal } from "@preact/signals";
import type { ModelId, ModelInfo, UnitId } from "../protocol/messages";
import { defaultRangedTargets, rangedAttacks } from "./attack-choice";
import { type DeckChoice, deckModels, deckRows, deckSize, deckTargets } from "./firing-deck";
import { FiringDeckForm } from "./firing-deck-form";
import { spentWeapons } from "./one-shot";
import { readTargets } from "./targets-query";
import { UnitPicker } from "./unit-picker";
import type { W40Control } from "./w40-control";
import { WeaponTargets, leftOutModels, leftOutText, weaponsAimed } from "./weapon-targets";
import type { WeaponSheet } from "./wire";

export function ShootingActions({
  control,
  units,
  unable = [],
}: {
  control: W40Control;
  units: UnitId[];
  /** Units that may not shoot now, and why. */
  unable?: { unit: UnitId; why: string }[];
}) {
  const unit = useSignal<UnitId | null>(null);
  const options = useSignal<Record<string, string[]> | null>(null);
  const choice = useSignal<Record<string, string | null>>({});
  const deck = useSignal<DeckChoice>({});
  const deckTarget = useSignal<Record<ModelId, UnitId | null>>({});
  const state = control.store.state.value;
  if (!state) return null;
  const names = control.names.value;
  const busy = !control.store.idle.value;
  const chosen = unit.value && units.includes(unit.value) ? unit.value : null;
  const status = chosen ? state.game.units[chosen] : undefined;

  const highlight = () => {
    const all = [...Object.values(choice.value), ...Object.values(deckTarget.value)];
    control.setHighlight({ targets: new Set(all.filter((t): t is string => !!t)) });
  };
  const pick = (u: UnitId) => {
    unit.value = u;
    options.value = null;
    deck.value = {};
    deckTarget.value = {};
    control.selectUnit(u);
    control.query({ kind: "targets", unit: u }).then(
      (a) => {
        const answer = readTargets(a);
        const s = control.store.state.peek()?.game.units[u];
        options.value = answer;
        choice.value = s ? defaultRangedTargets(answer, s) : {};
        highlight();
      },
      () => (options.value = {}),
    );
  };

  const modelsOf = (u: UnitId): ModelInfo[] => state.models.filter((m) => m.unit === u);
  const rows = status ? rangedAttacks(status, modelsOf(chosen ?? ""), choice.value, modelsOf) : null;
  const spent = status ? spentWeapons(status) : new Set<string>();
  const weapons =
    status?.sheet.weapons.filter((w) => w.kind === "ranged" && !spent.has(w.name) && options.value?.[w.name]) ?? [];

  // FIRING DECK: the transport's first model fires the lent weapons (R21).
  const size = deckSize(status);
  const lenders = chosen && size > 0 ? deckModels(state, chosen) : [];
  const carrier = chosen ? modelsOf(chosen)[0] : undefined;
  const me = control.store.me.value ?? "";
  const seen = new Set(Object.values(options.value ?? {}).flat());
  const targetsFor = (w: WeaponSheet): UnitId[] =>
    deckTargets(state, carrier, w, me).sort((a, b) => Number(seen.has(b)) - Number(seen.has(a)));
  const lent = deckRows(carrier?.id, deck.value, deckTarget.value);
  const total = (rows?.attacks.length ?? 0) + lent.attacks.length;
  // The models that fire nothing (or not every gun), and why, as far as the page knows.
  const leftOut =
    status && rows && options.value
      ? leftOutModels({
          status,
          models: modelsOf(chosen ?? ""),
          answer: options.value,
          choice: choice.value,
          fired: new Set(rows.attacks.map((a) => `${a.model}|${a.weapon}`)),
          outOfRange: rows.outOfRange,
          enemies: state.models.filter((m) => {
            const s = state.game.units[m.unit];
            return s !== undefined && s.sheet.player !== status.sheet.player && s.location === "table";
          }),
          names,
        })
      : [];

  return (
    <div class="w40-step" data-testid="w40-shooting">
      <UnitPicker units={units} names={names} state={state} label="Shoot with" disabled={busy} onPick={pick} />
      {unable.length > 0 && (
        <ul class="muted w40-unable" data-testid="w40-shoot-unable">
          {unable.map(({ unit: u, why }) => (
            <li key={u} data-unit={u}>
              {names.unit(u)} cannot shoot: {why}.
            </li>
          ))}
        </ul>
      )}
      {chosen && options.value === null && <p class="muted">Asking which targets are eligible…</p>}
      {chosen && options.value !== null && weapons.length === 0 && lenders.length === 0 && (
        <p class="muted">{names.unit(chosen)} has no eligible target (range, sight or Engagement Range).</p>
      )}
      {chosen && spent.size > 0 && (
        <p class="muted" data-testid="w40-spent-note">
          Spent (ONE SHOT): {[...spent].join(", ")}
        </p>
      )}
      {chosen && options.value !== null && rows && (weapons.length > 0 || lenders.length > 0) && (
        <>
          {weapons.length > 0 && (
            <WeaponTargets
              weapons={weapons}
              options={options.value}
              value={choice.value}
              onChange={(w, t) => {
                choice.value = { ...choice.value, [w]: t };
                highlight();
              }}
              names={names}
            />
          )}
          {lenders.length > 0 && (
            <FiringDeckForm
              size={size}
              models={lenders}
              choice={deck.value}
              targets={deckTarget.value}
              targetsFor={targetsFor}
              names={names}
              disabled={busy}
              onWeapon={(m, w) => {
                const next = { ...deck.value };
                delete next[m];
                if (w) next[m] = w;
                deck.value = next;
                const profile = w ? lenders.find((d) => d.model === m)?.weapons.find((x) => x.name === w) : undefined;
                deckTarget.value = { ...deckTarget.value, [m]: profile ? (targetsFor(profile)[0] ?? null) : null };
                highlight();
              }}
              onTarget={(m, t) => {
                deckTarget.value = { ...deckTarget.value, [m]: t };
                highlight();
              }}
            />
          )}
          <p class="muted" data-testid="w40-attack-count">
            {weaponsAimed(total)}
            {lent.attacks.length > 0 && ` (${lent.attacks.length} from the Firing Deck)`}
          </p>
          {leftOut.length > 0 && (
            <ul class="muted w40-unable" data-testid="w40-left-out">
              {leftOut.map((l) => (
                <li key={l.model} data-model={l.model}>
                  {leftOutText(l, names)}.
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            class="button button--primary"
            data-testid="w40-shoot"
            disabled={busy || total === 0}
            onClick={() => {
              control.send({
                type: "shoot",
                unit: chosen,
                attacks: [...rows.attacks, ...lent.attacks],
                ...(lent.firing_deck.length > 0 ? { firing_deck: lent.firing_deck } : {}),
              });
              unit.value = null;
              control.setHighlight(null);
            }}
          >
            Shoot
          </button>
        </>
      )}
    </div>
  );
}
