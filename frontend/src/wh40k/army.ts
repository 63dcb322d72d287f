// Armies as the lobby handles them (docs/army-import.md): the demo list, an imported roster
// (`vantage-army/1`), its summary, and the bases it still needs. Pure reading of untrusted JSON.

import { isObject } from "../protocol/read";

export interface MissingBase {
  unit: string;
  model: string;
}

/** A base the import filled in from its table (`base_sizes.json`) for the player to check:
 * "assumed 60 mm (name *walker*)". */
export interface AssumedBase {
  unit: string;
  model: string;
  /** "60 mm", "oval 90×52 mm", "hull 120×60 mm". */
  size: string;
  /** The table's rule that matched: "name *walker*", "keywords INFANTRY", "entry id". */
  rule: string;
  /** The size as the picker's answer fields hold it (mm): a round base's diameter, or an
   * oval's length and width; null for a shape the fields do not take. */
  mm: { length: number; width?: number } | null;
  /** The model's entry id: the `bases` key for this unit's models alone (empty if unknown). */
  entryId: string;
}

export interface ArmySummary {
  name: string;
  faction: string;
  points: number;
  /** Each unit with the names of the Enhancements it was given (abilities marked
   * `enhancement: true` by the import; display only). */
  units: { name: string; models: number; points: number; enhancements: string[] }[];
  models: number;
  missingBases: MissingBase[];
  /** The import's `assumed_bases` (a derived field, absent for demo armies). */
  assumedBases: AssumedBase[];
  warnings: string[];
}

/** A base in words: "32 mm", "oval 90×52 mm", or "hull" for a hull model. */
function baseWords(base: unknown): string {
  const b = isObject(base) ? base : {};
  if (b["shape"] === "circle") return `${num(b["diameter_mm"])} mm`;
  if (b["shape"] === "oval") return `oval ${num(b["length_mm"])}×${num(b["width_mm"])} mm`;
  return str(b["shape"]) || "?";
}

/** A round or oval base as the answer fields hold it (mm). */
function baseMm(base: unknown): AssumedBase["mm"] {
  const b = isObject(base) ? base : {};
  if (b["shape"] === "circle" && num(b["diameter_mm"]) > 0) return { length: num(b["diameter_mm"]) };
  if (b["shape"] === "oval" && num(b["length_mm"]) > 0) return { length: num(b["length_mm"]), width: num(b["width_mm"]) };
  return null;
}

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Why an imported army cannot play, in words, or null (the server refuses a game with an army
 * of no units: army audit s14 #10, the picker had shown "825 pts · 0 units" as ready). */
export function unplayable(s: ArmySummary): string | null {
  return s.units.length === 0 ? "This list has no units (only its points and options came through): a game needs at least one unit." : null;
}

export function summarizeArmy(army: unknown): ArmySummary {
  const a = isObject(army) ? army : {};
  const units = arr(a["units"]).map((u) => {
    const o = isObject(u) ? u : {};
    const models = arr(o["models"]).reduce((n: number, g) => n + num(isObject(g) ? g["count"] : 0), 0);
    const enhancements = arr(o["abilities"]).flatMap((a) => (isObject(a) && a["enhancement"] === true && str(a["name"]) ? [str(a["name"])] : []));
    return { name: str(o["custom_name"]) || str(o["name"]), models, points: num(o["points"]), enhancements };
  });
  const missingBases = arr(a["missing_bases"]).flatMap((m) =>
    isObject(m) ? [{ unit: str(m["unit"]), model: str(m["model"]) }] : [],
  );
  return {
    name: str(a["name"]) || "Army",
    faction: str(a["faction"]),
    points: num(a["points"]) || units.reduce((n, u) => n + u.points, 0),
    units,
    models: units.reduce((n, u) => n + u.models, 0),
    missingBases,
    assumedBases: arr(a["assumed_bases"]).flatMap((m) =>
      isObject(m)
        ? [{ unit: str(m["unit"]), model: str(m["model"]), size: baseWords(m["base"]), rule: str(m["rule"]), mm: baseMm(m["base"]), entryId: str(m["entry_id"]) }]
        : [],
    ),
    warnings: arr(a["warnings"]).map(str).filter(Boolean),
  };
}

/** The `bases` form field: model name → diameter in mm, only the answered ones (> 0, ≤ 2000).
 * A width as well makes the answer an oval; a model marked in `hulls` (no base, measured to its
 * hull: wh40k-10th §3.3) needs both, and is sent as `{"shape": "hull", ...}`. */
export function basesField(
  answers: Readonly<Record<string, number>>,
  widths: Readonly<Record<string, number>> = {},
  hulls: Readonly<Record<string, boolean>> = {},
): string {
  const size = isBaseSize;
  // a width as well makes the answer an oval: {"length_mm": L, "width_mm": W} (the server's
  // bases field; army audit s14 #8); a diameter alone, a round base; a hull, both or nothing
  const ok = Object.entries(answers)
    .filter(([model, mm]) => size(mm) && (!hulls[model] || size(widths[model])))
    .map(([model, mm]) => {
      const width = widths[model];
      if (hulls[model]) return [model, { shape: "hull", length_mm: mm, width_mm: width }] as const;
      return [model, size(width) ? { length_mm: mm, width_mm: width } : mm] as const;
    });
  return JSON.stringify(Object.fromEntries(ok));
}

/** A size the server takes for a base or hull, in mm (its `MAX_BASE_MM`). */
const isBaseSize = (mm: number | undefined): mm is number => mm !== undefined && Number.isFinite(mm) && mm > 0 && mm <= 2000;

/** The models ticked "no base (hull)" whose length or width is still missing: the answer needs
 * both, so the picker says which before it imports again (review s15). */
export function unfinishedHulls(
  answers: Readonly<Record<string, number>>,
  widths: Readonly<Record<string, number>>,
  hulls: Readonly<Record<string, boolean>>,
): string[] {
  return Object.keys(hulls).filter((model) => hulls[model] && !(isBaseSize(answers[model]) && isBaseSize(widths[model])));
}

/** The assumed bases, one line per model name: "Cog Walker: assumed 60 mm (name *walker*)". */
export function assumedBaseLines(assumed: readonly AssumedBase[]): string[] {
  const seen = new Map<string, AssumedBase>();
  for (const a of assumed) if (!seen.has(a.model)) seen.set(a.model, a);
  return [...seen.values()].map((a) => `${a.model}: assumed ${a.size}${a.rule ? ` (${a.rule})` : ""}`);
}

/** Distinct model names still without a base (one question per name). */
export const baseQuestions = (missing: readonly MissingBase[]): string[] => [...new Set(missing.map((m) => m.model))];
