import { describe, expect, it } from "vitest";
import { MAX_ROSTER_BYTES, tooLarge } from "../src/wh40k/army-picker";

// Army audit s14 #5: a 10 MB roster got "bodies are limited to 8388608 bytes" without its name,
// a 5 MB one "larger than 4 MiB": the picker now refuses both before upload in the server's words.
describe("roster size", () => {
  it("is the server's 4 MiB limit, named with the file", () => {
    expect(MAX_ROSTER_BYTES).toBe(4 * 1024 * 1024);
    expect(tooLarge("bad_10MB.ros")).toBe("bad_10MB.ros: the file is larger than 4 MiB");
  });
});
