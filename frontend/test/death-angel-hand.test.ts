// The hand of a player whose combat teams are all wiped out (audit s16 D #3): told they still
// win or lose with the others, only while the others play on (review s16 r2 #7).
import { describe, expect, it } from "vitest";
import { decodeDaState } from "../src/death-angel/decode-state";
import { wipedOut } from "../src/death-angel/hand-panel";
import { SELECT_P1 } from "./death-angel-fixtures";

describe("wipedOut", () => {
  const state = decodeDaState(SELECT_P1);
  const dead = { ...state, teams: state.teams.map((t) => (t.player === state.viewer ? { ...t, alive: false } : t)) };

  it("is the viewer's every team dead while another player's lives", () => {
    expect(wipedOut(state)).toBe(false);
    expect(wipedOut(dead)).toBe(true);
    expect(wipedOut({ ...dead, viewer: null })).toBe(false);
  });

  it("is not once the game is over, nor when no team lives", () => {
    expect(wipedOut({ ...dead, phase: "over", outcome: "lost" })).toBe(false);
    expect(wipedOut({ ...dead, teams: dead.teams.map((t) => ({ ...t, alive: false })) })).toBe(false);
  });
});
