// One unit's card: models and wounds left, status markers, profile and weapons.

import type { ModelInfo } from "../protocol/messages";
import { unitMarkers } from "./unit-markers";
import type { UnitStatus, WeaponSheet } from "./wire";

const LOCATION: Readonly<Record<string, string>> = {
  undeployed: "not deployed",
  reserves: "in Reserves",
  embarked: "embarked",
  destroyed: "destroyed",
  attached: "attached",
};

function weaponLine(w: WeaponSheet): string {
  const range = w.kind === "melee" ? "Melee" : `${w.range ?? "?"}"`;
  const skill = w.skill ? `${w.skill}+` : "N/A";
  const tags = w.abilities.length ? ` [${w.abilities.join(", ")}]` : "";
  return `${w.name}: ${range} A${w.attacks} ${w.kind === "melee" ? "WS" : "BS"}${skill} S${w.strength} AP${w.ap} D${w.damage}${tags}`;
}

interface Props {
  id: string;
  status: UnitStatus;
  models: readonly ModelInfo[];
  color: string;
  focused: boolean;
  /** The Leader attached to this (Bodyguard) unit: its models are marked (§3.6). */
  leader?: UnitStatus | undefined;
  /** A Leader unit attached to another: that unit's name. */
  joined?: string | undefined;
  onSelect(): void;
}

export function UnitCard({ id, status, models, color, focused, leader, joined, onSelect }: Props) {
  const leaderModels = new Set(leader?.sheet.models.map(([mid]) => mid) ?? []);
  const sheet = status.sheet;
  const profile = sheet.models[0]?.[1];
  const markers = unitMarkers(status);
  const full = sheet.models.length;
  const maxWounds = new Map(sheet.models.map(([mid, p]) => [mid, p.wounds]));
  const hurt = models.filter((m) => m.wounds < (maxWounds.get(m.id) ?? m.wounds));
  const gone = status.location === "destroyed";
  return (
    <li class={`w40-unit ${focused ? "w40-unit--focus" : ""} ${gone ? "w40-unit--gone" : ""}`} data-unit={id}>
      <button type="button" class="w40-unit__head" onClick={onSelect} title="Show this unit on the table">
        <span class="swatch" style={{ background: color }} />
        <span class="w40-unit__name">{sheet.name}</span>
        <span class="w40-unit__count" data-models-left={status.models_left}>
          {status.models_left}/{full}
        </span>
      </button>
      <div class="w40-unit__status">
        {status.location !== "table" && status.location !== "attached" && (
          <span class="muted">{LOCATION[status.location] ?? status.location}</span>
        )}
        {joined && (
          <span class="w40-mark w40-mark--effect" data-marker="joined" title="Leader attached to this unit (§3.6)">
            Leads {joined}
          </span>
        )}
        {leader && (
          <span class="w40-mark w40-mark--effect" data-marker="leader" title="Attached Leader (§3.6)">
            ★ Leader: {leader.sheet.name}
          </span>
        )}
        {markers.map((m) => (
          <span key={m.code} class={`w40-mark w40-mark--${m.tone}`} title={m.label} data-marker={m.code}>
            {m.label}
          </span>
        ))}
        {hurt.map((m) => (
          <span key={m.id} class="w40-mark w40-mark--bad" data-wounds={m.id}>
            {leaderModels.has(m.id) ? "★" : "#"}
            {/-(\d+)$/.exec(m.id)?.[1]}: {m.wounds}/{maxWounds.get(m.id)}W
          </span>
        ))}
      </div>
      <details class="w40-unit__sheet">
        <summary>
          {profile
            ? `M${profile.move}" T${profile.toughness} Sv${profile.save}+ W${profile.wounds} Ld${profile.leadership}+ OC${profile.oc}`
            : "Datasheet"}
          {sheet.invulnerable ? ` · ${sheet.invulnerable}++` : ""}
          {sheet.feel_no_pain ? ` · FNP ${sheet.feel_no_pain}+` : ""}
        </summary>
        <ul>
          {sheet.weapons.map((w) => (
            <li key={w.name}>{weaponLine(w)}</li>
          ))}
        </ul>
        {leader && (
          <p data-leader-models={[...leaderModels].join(" ")}>
            ★ Leader models: {sheet.models.filter(([mid]) => leaderModels.has(mid)).map(([, p]) => p.name).join(", ")}
            {leader.sheet.invulnerable ? ` · ${leader.sheet.invulnerable}++` : ""} (T of the Bodyguard against attacks)
          </p>
        )}
        <p class="muted">{[...sheet.keywords, ...sheet.abilities].join(", ")}</p>
      </details>
    </li>
  );
}
