// One side's army for a new game: a demo army, or a roster file imported by the server (with
// the base sizes it could not find asked for and sent back).

import { type Signal, useSignal, useSignalEffect } from "@preact/signals";
import { ApiRequestError } from "../net/http-api";
import { type ArmySummary, assumedBaseLines, baseQuestions, basesField, summarizeArmy, unfinishedHulls, unplayable } from "./army";
import { importRoster } from "./roster-api";
import { SCREEN_READER_ONLY } from "../ui/screen-reader-only";

/** The server's roster size limit (rosters/importer.py ``MAX_FILE_BYTES``): one limit, one message. */
export const MAX_ROSTER_BYTES = 4 * 1024 * 1024;

/** The message for a file over the limit, as the server words it. */
export const tooLarge = (name: string): string => `${name}: the file is larger than 4 MiB`;

/** `{"demo": i}` or an imported army's JSON; null while not ready. */
export type ArmyChoice = { demo: number } | Record<string, unknown>;

interface Props {
  side: string;
  label: string;
  demos: readonly unknown[];
  value: Signal<ArmyChoice | null>;
}

/** What the army's polite live region says about an imported roster (audit s16 E #10): reading,
 * then its summary and what is left to do. Empty for a demo army. Pure. */
export function importAnnouncement(label: string, fromFile: boolean, busy: boolean, s: ArmySummary | null): string {
  if (!fromFile) return "";
  if (busy) return `${label} army: reading the roster…`;
  if (s === null) return "";
  const parts = [`${label} army imported: ${s.name}${s.faction ? ` (${s.faction})` : ""}, ${s.points} pts, ${s.units.length} units, ${s.models} models.`];
  if (s.missingBases.length > 0) parts.push(`Base sizes needed for ${s.missingBases.length === 1 ? "1 model" : `${s.missingBases.length} models`}.`);
  if (s.assumedBases.length > 0) parts.push("Some base sizes were assumed; check them below.");
  const bad = unplayable(s);
  if (bad) parts.push(bad);
  return parts.join(" ");
}

function Summary({ s }: { s: ArmySummary }) {
  return (
    <div class="w40-army" data-testid="w40-army-summary">
      <b>{s.name}</b> {s.faction && <span class="muted">({s.faction})</span>} · {s.points} pts · {s.units.length} units ·{" "}
      {s.models} models
      <ul>
        {s.units.map((u, i) => (
          <li key={i}>
            {u.name} <span class="muted">×{u.models}, {u.points} pts</span>
            {u.enhancements.length > 0 && (
              <span class="w40-enhancement" data-testid="w40-enhancement">
                {" "}
                · Enhancement: {u.enhancements.join(", ")}
              </span>
            )}
          </li>
        ))}
      </ul>
      {s.assumedBases.length > 0 && (
        <div class="muted" data-testid="w40-assumed-bases">
          Base sizes assumed (the roster gives none; check them against your models):
          <ul>
            {assumedBaseLines(s.assumedBases).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {s.warnings.map((w, i) => (
        <p key={i} class="muted">
          ⚠ {w}
        </p>
      ))}
    </div>
  );
}

/** One model's base asked for: a diameter (or an oval's length and width), or "no base (hull)"
 * with the hull's length and width. */
function BaseRow({
  model,
  label = model,
  initial = null,
  answers,
  widths,
  hulls,
}: {
  /** The answer's key in `bases`: a model name, or an entry id (one unit's models). */
  model: string;
  /** How the row names the model ("Glint Rider (Glint Riders)"). */
  label?: string;
  /** The size the import assumed, shown until the player changes it; only a changed row is
   * sent (review s16 r3 #2: every row shown was sent as the player's answer). */
  initial?: { length: number; width?: number } | null;
  answers: Signal<Record<string, number>>;
  widths: Signal<Record<string, number>>;
  hulls: Signal<Record<string, boolean>>;
}) {
  const hull = hulls.value[model] === true;
  /** A changed field takes the row's other assumed value with it (an oval stays an oval). */
  const touch = (length: number | undefined, width: number | undefined) => {
    const l = length ?? answers.value[model] ?? initial?.length;
    const w = width ?? widths.value[model] ?? initial?.width;
    if (l !== undefined) answers.value = { ...answers.value, [model]: l };
    if (w !== undefined) widths.value = { ...widths.value, [model]: w };
  };
  return (
    <div class="w40-row">
      <span class="w40-bases__name">{label}</span>
      <input
        type="number"
        min="1"
        max="2000"
        placeholder={hull ? "length" : undefined}
        data-base={model}
        data-base-name={label}
        aria-label={hull ? `${label}: hull length (mm)` : `${label}: diameter or oval length (mm)`}
        value={answers.value[model] ?? initial?.length ?? ""}
        onInput={(e) => touch(Number(e.currentTarget.value), undefined)}
      />
      ×
      <input
        type="number"
        min="1"
        max="2000"
        placeholder="width"
        data-base-width={model}
        aria-label={hull ? `${label}: hull width (mm)` : `${label}: oval width (mm), empty for a round base`}
        value={widths.value[model] ?? initial?.width ?? ""}
        onInput={(e) => touch(undefined, Number(e.currentTarget.value))}
      />
      mm
      <label class="w40-bases__hull" title="The model has no base: it is measured to its hull, a rectangle of length × width">
        <input
          type="checkbox"
          style={{ width: "auto" }}
          data-base-hull={model}
          checked={hull}
          onChange={(e) => {
            touch(undefined, undefined);
            hulls.value = { ...hulls.value, [model]: e.currentTarget.checked };
          }}
        />
        no base (hull)
      </label>
    </div>
  );
}

export function ArmyPicker({ side, label, demos, value }: Props) {
  const source = useSignal<string>(String(side === "p2" ? 1 : 0));
  const file = useSignal<File | null>(null);
  const imported = useSignal<Record<string, unknown> | null>(null);
  const answers = useSignal<Record<string, number>>({});
  const widths = useSignal<Record<string, number>>({});
  const hulls = useSignal<Record<string, boolean>>({});
  const error = useSignal<string | null>(null);
  const busy = useSignal(false);

  const summary = source.value === "file" ? (imported.value ? summarizeArmy(imported.value) : null) : summarizeArmy(demos[Number(source.value)]);
  // The sizes the import assumed, shown for the player to check, may be changed: each becomes a
  // question like a missing base's, filled in with the assumed size (audit s16 C #18: only the
  // API could change them).
  const checking = useSignal(false);
  // One row per model entry (two units may share a model's name with different bases), keyed
  // by its entry id, which the import takes in `bases` as it takes a name.
  const assumedRows = [...new Map((summary?.assumedBases ?? []).map((a) => [a.entryId || a.model, a])).values()];
  const unfinished = unfinishedHulls(answers.value, widths.value, hulls.value);
  const importAgain = (
    <>
      {unfinished.length > 0 && (
        <p class="error" data-testid="w40-hull-unfinished">
          A hull needs its length and width (1 to 2000 mm): {unfinished.join(", ")}
        </p>
      )}
      <button
        type="button"
        class="button"
        data-testid="w40-import-again"
        disabled={busy.value || file.value === null || unfinished.length > 0}
        onClick={() => file.value && void send(file.value, basesField(answers.value, widths.value, hulls.value))}
      >
        Import again with these bases
      </button>
    </>
  );
  const ready = source.value !== "file" || (summary !== null && summary.missingBases.length === 0 && unplayable(summary) === null);
  useSignalEffect(() => {
    const src = source.value;
    const army = imported.value;
    if (src !== "file") value.value = { demo: Number(src) };
    else value.value = army && summarizeArmy(army).missingBases.length === 0 && unplayable(summarizeArmy(army)) === null ? army : null;
  });

  const send = async (f: File, bases: string | null) => {
    error.value = null;
    if (f.size > MAX_ROSTER_BYTES) {
      // the server's own words for a file over its limit (docs/army-import.md), named, before a
      // 10 MB upload meets the body limit's "bodies are limited to 8388608 bytes" (audit s14 #5)
      imported.value = null;
      error.value = tooLarge(f.name);
      return;
    }
    busy.value = true;
    try {
      const army: unknown = await importRoster(f, f.name, bases);
      imported.value = army && typeof army === "object" && !Array.isArray(army) ? (army as Record<string, unknown>) : null;
    } catch (err) {
      imported.value = null;
      error.value =
        err instanceof ApiRequestError
          ? err.status === 413
            ? tooLarge(f.name)
            : err.message
          : "The server could not be reached.";
    } finally {
      busy.value = false;
    }
  };

  return (
    <fieldset class="field w40-side-pick" data-side={side}>
      <legend>{label}</legend>
      <select
        aria-label={`${label} army`}
        value={source.value}
        onChange={(e) => {
          source.value = e.currentTarget.value;
          error.value = null;
        }}
      >
        <optgroup label="Demo armies">
          {demos.map((d, i) => (
            <option key={i} value={String(i)}>
              {summarizeArmy(d).name}
            </option>
          ))}
        </optgroup>
        <option value="file">Import a roster file…</option>
      </select>
      {source.value === "file" && (
        <input
          type="file"
          accept=".ros,.rosz,.json"
          aria-label={`${label} roster file`}
          onChange={(e) => {
            const f = e.currentTarget.files?.[0] ?? null;
            file.value = f;
            answers.value = {};
            widths.value = {};
            hulls.value = {};
            checking.value = false;
            if (f) void send(f, null);
          }}
        />
      )}
      <p role="status" style={SCREEN_READER_ONLY} data-testid={`w40-army-status-${side}`}>
        {importAnnouncement(label, source.value === "file", busy.value, summary)}
      </p>
      {busy.value && <p class="muted">Reading the roster…</p>}
      {error.value && (
        <p class="error" role="alert">
          {error.value}
        </p>
      )}
      {summary && <Summary s={summary} />}
      {summary && summary.missingBases.length > 0 && (
        <div class="w40-bases" data-testid="w40-missing-bases">
          <p>
            No base size is known for these models. Give each a round base's diameter in mm, or for
            an oval its length and width; for a model with no base (most vehicles), tick "no base"
            and give its hull's length and width:
          </p>
          {baseQuestions(summary.missingBases).map((model) => (
            <BaseRow key={model} model={model} answers={answers} widths={widths} hulls={hulls} />
          ))}
          {importAgain}
        </div>
      )}
      {summary && source.value === "file" && summary.assumedBases.length > 0 && (
        <div class="w40-bases" data-testid="w40-check-bases">
          {!checking.value ? (
            <button type="button" class="button" data-testid="w40-change-assumed" onClick={() => (checking.value = true)}>
              Change the assumed base sizes…
            </button>
          ) : (
            <>
              <p>Change a size where it is not your model's base (the import assumed the sizes shown), then import again; a size you leave stays assumed:</p>
              {assumedRows.map((a) => (
                <BaseRow
                  key={a.entryId || a.model}
                  model={a.entryId || a.model}
                  label={`${a.model} (${a.unit})`}
                  initial={a.mm}
                  answers={answers}
                  widths={widths}
                  hulls={hulls}
                />
              ))}
              {importAgain}
            </>
          )}
        </div>
      )}
      {!ready && !busy.value && source.value === "file" && !summary && <p class="muted">Choose a .ros, .rosz or New Recruit .json file.</p>}
      {summary && unplayable(summary) && (
        <p class="error" data-testid="w40-army-unplayable">
          {unplayable(summary)}
        </p>
      )}
    </fieldset>
  );
}
