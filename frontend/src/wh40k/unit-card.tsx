// One unit's card: models and wounds left, status markers, profile and weapons.

import type { ModelInfo } from "../protocol/messages";
import { unitMarkers } from "./unit-markers";
import type { AbilityNote, UnitStatus, WeaponSheet } from "./wire";
import { stat } from "./weapon-stats";

const NOT_REFEREED = "not refereed: apply it yourselves";

const LOCATION: Readonly<Record<string, string>> = {
  undeployed: "not deployed",
  reserves: "in Reserves",
  embarked: "embarked",
  destroyed: "destroyed",
  attached: "attached",
};

/** ONE SHOT weapons fired, by weapon: how many of the unit's models have spent it (R19). */
function spentCounts(status: UnitStatus): Map<string, number> {
  const out = new Map<string, number>();
  for (const entry of status.spent ?? []) {
    const weapon = entry.slice(entry.indexOf("|") + 1);
    out.set(weapon, (out.get(weapon) ?? 0) + 1);
  }
  return out;
}

function weaponLine(w: WeaponSheet): string {
  const range = w.kind === "melee" ? "Melee" : `${w.range ?? "?"}"`;
  const skill = w.skill ? `${w.skill}+` : "N/A";
  const tags = w.abilities.length ? ` [${w.abilities.join(", ")}]` : "";
  return `${w.name}: ${range} ${stat("A", w.attacks)} ${w.kind === "melee" ? "WS" : "BS"}${skill} S${w.strength} AP${w.ap} ${stat("D", w.damage)}${tags}`;
}

/** The mark beside an ability or weapon keyword the referee does not apply (R39). */
function NotRefereed({ what }: { what: string }) {
  return (
    <span
      class="w40-mark w40-mark--effect"
      data-not-refereed={what}
      title={`The referee does not apply ${what}: the players apply it themselves, by agreement`}
    >
      {NOT_REFEREED}
    </span>
  );
}

function AbilityLine({ note }: { note: AbilityNote }) {
  return (
    <li data-ability={note.name} data-refereed={note.refereed ? "yes" : "no"}>
      <b>{note.name}</b>
      {note.enhancement && (
        <>
          {" "}
          <span class="w40-mark w40-mark--enhancement" data-enhancement={note.name} title="An Enhancement chosen for this unit">
            Enhancement
          </span>
        </>
      )}
      {note.text ? `: ${note.text}` : ""} {!note.refereed && <NotRefereed what={note.name} />}
    </li>
  );
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
  /** Embarked: the transport's name. */
  transport?: string | undefined;
  onSelect(): void;
}

export function UnitCard({ id, status, models, color, focused, leader, joined, transport, onSelect }: Props) {
  const leaderModels = new Set(leader?.sheet.models.map(([mid]) => mid) ?? []);
  const sheet = status.sheet;
  const profile = sheet.models[0]?.[1];
  const markers = unitMarkers(status);
  const full = sheet.models.length;
  const maxWounds = new Map(sheet.models.map(([mid, p]) => [mid, p.wounds]));
  const hurt = models.filter((m) => m.wounds < (maxWounds.get(m.id) ?? m.wounds));
  const gone = status.location === "destroyed";
  const spent = spentCounts(status);
  // Wounds left of a unit of multi-wound models (what a player counts before allocating).
  const multi = models.length > 0 && models.every((m) => (maxWounds.get(m.id) ?? 1) > 1);
  const woundsLeft = models.reduce((n, m) => n + m.wounds, 0);
  const woundsMax = multi ? models.reduce((n, m) => n + (maxWounds.get(m.id) ?? m.wounds), 0) : 0;
  const carriers = (weapon: string): number => sheet.models.filter(([, p]) => p.weapons.includes(weapon)).length;
  const notes = sheet.datasheet ?? [];
  const unrefereed = notes.filter((n) => !n.refereed).length + sheet.weapons.reduce((n, w) => n + (w.unrefereed?.length ?? 0), 0);
  return (
    <li class={`w40-unit ${focused ? "w40-unit--focus" : ""} ${gone ? "w40-unit--gone" : ""}`} data-unit={id}>
      <button type="button" class="w40-unit__head" onClick={onSelect} title="Show this unit on the table">
        <span class="swatch" style={{ background: color }} />
        <span class="w40-unit__name">{sheet.name}</span>{" "}
        {status.location === "attached" ? (
          <span class="w40-unit__count muted" data-models-left={status.models_left} title="Its models are in the unit it leads">
            attached
          </span>
        ) : (
          <span class="w40-unit__count" data-models-left={status.models_left}>
            {status.models_left}/{full}
            {woundsMax > 1 && !gone && " "}
            {woundsMax > 1 && !gone && (
              <span class="w40-unit__wounds" data-wounds-left={woundsLeft} title="Wounds left on the table">
                {woundsLeft}/{woundsMax}W
              </span>
            )}
          </span>
        )}
      </button>
      <div class="w40-unit__status">
        {status.location !== "table" && status.location !== "attached" && status.location !== "reserves" && status.location !== "embarked" && (
          <span class="muted">{LOCATION[status.location] ?? status.location}</span>
        )}
        {status.location === "embarked" && transport && (
          <span class="muted" data-embarked-in={status.transport ?? ""}>
            in {transport}
          </span>
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
        {[...spent].map(([weapon, n]) => (
          <span key={`spent-${weapon}`} class="w40-mark w40-mark--done" data-marker="spent" data-spent={weapon} title="ONE SHOT: fired once this battle">
            {weapon} spent{carriers(weapon) > 1 ? ` ${n}/${carriers(weapon)}` : ""}
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
          {unrefereed > 0 && (
            <span class="w40-unit__unrefereed" data-unrefereed-count={unrefereed} title="Abilities the referee does not apply: open the datasheet">
              {" "}
              · ⚠ {unrefereed} not refereed
            </span>
          )}
        </summary>
        <ul>
          {sheet.weapons.map((w) => (
            <li key={w.name} class={spent.has(w.name) ? "w40-weapon--spent" : ""}>
              {weaponLine(w)}
              {spent.has(w.name) && <b> (spent)</b>}
              {(w.unrefereed ?? []).map((k) => (
                <span key={k}>
                  {" "}
                  [{k}] <NotRefereed what={k} />
                </span>
              ))}
            </li>
          ))}
        </ul>
        {leader && (
          <p data-leader-models={[...leaderModels].join(" ")}>
            ★ Leader models: {sheet.models.filter(([mid]) => leaderModels.has(mid)).map(([, p]) => p.name).join(", ")}
            {leader.sheet.invulnerable ? ` · ${leader.sheet.invulnerable}++` : ""} (T of the Bodyguard against attacks)
          </p>
        )}
        {notes.length > 0 && (
          <ul class="w40-unit__abilities" data-abilities={sheet.id}>
            {notes.map((n, i) => (
              <AbilityLine key={`${i}-${n.name}`} note={n} />
            ))}
          </ul>
        )}
        <p class="muted">{[...sheet.keywords, ...sheet.abilities].join(", ")}</p>
      </details>
    </li>
  );
}
