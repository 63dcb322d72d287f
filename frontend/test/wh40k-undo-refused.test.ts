// h4 s15 #16 "Undo after a refusal": in a strict game, once the opponent refused an undo the
// Undo button disappeared (the refusal drops the undo point, R16) and the requester was not told.

import { describe, expect, it } from "vitest";
import { undoRefusedNote } from "../src/wh40k/action-panel";
import { namer } from "../src/wh40k/names";
import { fixture } from "./wh40k-fixture";

const n = namer(fixture());
const moved = { type: "checkpoint", player: "p1", label: "p1-a: normal move" };
const asked = { type: "undo_requested", player: "p1" };
const refused = { type: "undo_answered", player: "p1", accepted: false, label: "p1-a: normal move" };

describe("after the opponent refuses an undo", () => {
  it("the requester is told why the Undo button went", () => {
    const events = [{ e: moved }, { e: asked }, { e: refused }];
    expect(undoRefusedNote(events, "p1", null, "Player 2", n)).toBe(
      "Player 2 refused the undo (Alpha: Normal move); the undo point is gone, so it cannot be asked again. " +
        "Your next action that rolls no dice can be undone.",
    );
  });
  it("the note goes with the next undo point, a new phase, or for anyone else", () => {
    const events = [{ e: moved }, { e: asked }, { e: refused }];
    expect(undoRefusedNote(events, "p2", null, "Player 1", n)).toBeNull();
    expect(undoRefusedNote(events, null, null, "", n)).toBeNull();
    expect(undoRefusedNote([...events, { e: { ...moved, label: "p1-a arrived" } }], "p1", null, "Player 2", n)).toBeNull();
    expect(undoRefusedNote([...events, { e: { type: "phase_started", phase: "shooting" } }], "p1", null, "Player 2", n)).toBeNull();
    expect(undoRefusedNote(events, "p1", { player: "p1" }, "Player 2", n)).toBeNull();
  });
  it("an allowed undo says nothing", () => {
    const events = [{ e: moved }, { e: asked }, { e: { ...refused, accepted: true } }];
    expect(undoRefusedNote(events, "p1", null, "Player 2", n)).toBeNull();
  });
});
