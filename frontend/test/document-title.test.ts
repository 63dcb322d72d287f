import { describe, expect, it } from "vitest";
import { documentTitle } from "../src/ui/document-title";

describe("documentTitle", () => {
  it("tells a player who must act, with what, before the game's name", () => {
    expect(documentTitle({ system: "wh40k-10e", mustAct: true, what: "to deploy a unit" })).toBe(
      "● Waiting for you to deploy a unit — Warhammer 40,000 10th edition — Vantage",
    );
  });

  it("says only 'Waiting for you' when there is no short what", () => {
    expect(documentTitle({ system: "death-angel", mustAct: true })).toBe("● Waiting for you — Death Angel — Vantage");
    expect(documentTitle({ system: "death-angel", mustAct: true, what: "  " })).toBe(
      "● Waiting for you — Death Angel — Vantage",
    );
  });

  it("is the game's name alone for whoever waits or watches, whatever the what", () => {
    expect(documentTitle({ system: "wh40k-9e", mustAct: false })).toBe("Warhammer 40,000 9th edition — Vantage");
    expect(documentTitle({ system: "wh40k-10e", mustAct: false, what: "to act" })).toBe(
      "Warhammer 40,000 10th edition — Vantage",
    );
  });

  it("falls back to the system's id, and to the app alone before the system is known", () => {
    expect(documentTitle({ system: "homebrew", mustAct: false })).toBe("homebrew — Vantage");
    expect(documentTitle({ system: null, mustAct: false })).toBe("Vantage");
    expect(documentTitle({ system: null, mustAct: true })).toBe("● Waiting for you — Vantage");
  });

  it("cuts a long what so the tab still shows the game", () => {
    const t = documentTitle({ system: "sandbox", mustAct: true, what: `to ${"x".repeat(100)}` });
    expect(t.endsWith(" — Sandbox — Vantage")).toBe(true);
    expect(t).toContain("…");
    expect(t.length).toBeLessThan(90);
  });
});
