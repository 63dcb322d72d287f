// h4 s15 #16 "Imported bases": the import filled in bases from base_sizes.json (Cog Walker 60 mm
// via *walker*) silently; the summary now lists them from the import's `assumed_bases`.

import { describe, expect, it } from "vitest";
import { assumedBaseLines, summarizeArmy } from "../src/wh40k/army";

describe("assumed bases in the army summary", () => {
  const army = {
    name: "Rivets",
    units: [
      { name: "Rivet Squad", points: 90, models: [{ count: 5 }] },
      { name: "Cog Walker", points: 120, models: [{ count: 1 }] },
    ],
    missing_bases: [],
    assumed_bases: [
      { unit_id: "s1", unit: "Rivet Squad", model: "Rivet Warden", entry_id: "e-rw", base: { shape: "circle", diameter_mm: 32 }, rule: "keywords INFANTRY" },
      { unit_id: "s2", unit: "Cog Walker", model: "Cog Walker", entry_id: "e-cog", base: { shape: "circle", diameter_mm: 60 }, rule: "name *walker*" },
      { unit_id: "s3", unit: "Riders", model: "Rider", entry_id: "e-r", base: { shape: "oval", length_mm: 90, width_mm: 52 }, rule: "keywords MOUNTED" },
      { unit_id: "s4", unit: "More Rivets", model: "Rivet Warden", entry_id: "e-rw", base: { shape: "circle", diameter_mm: 32 }, rule: "keywords INFANTRY" },
    ],
  };
  it("reads each with its size and the rule that gave it, one line per model name", () => {
    expect(assumedBaseLines(summarizeArmy(army).assumedBases)).toEqual([
      "Rivet Warden: assumed 32 mm (keywords INFANTRY)",
      "Cog Walker: assumed 60 mm (name *walker*)",
      "Rider: assumed oval 90×52 mm (keywords MOUNTED)",
    ]);
  });
  it("is empty for a demo army (no such field)", () => {
    expect(summarizeArmy({ name: "Demo", units: [] }).assumedBases).toEqual([]);
  });
});
