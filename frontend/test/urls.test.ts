import { describe, expect, it } from "vitest";
import { absoluteUrl, gameSocketUrl, parsePlayRoute } from "../src/net/urls";

const http = { protocol: "http:", host: "localhost:8000", origin: "http://localhost:8000" };
const https = { protocol: "https:", host: "vtt.example", origin: "https://vtt.example" };

describe("urls", () => {
  it("builds the game socket address on ws or wss, with since when known", () => {
    expect(gameSocketUrl(http, "g1", "t&1", null)).toBe("ws://localhost:8000/ws/games/g1?token=t%261");
    expect(gameSocketUrl(https, "g1", "tok", 41)).toBe("wss://vtt.example/ws/games/g1?token=tok&since=41");
  });

  it("reads the play route", () => {
    expect(parsePlayRoute("/play/g_01J", "?token=abc")).toEqual({ gameId: "g_01J", token: "abc" });
    expect(parsePlayRoute("/", "")).toBeNull();
    expect(parsePlayRoute("/play/", "")).toBeNull();
  });

  it("makes server links absolute", () => {
    expect(absoluteUrl(http, "/play/g1?token=x")).toBe("http://localhost:8000/play/g1?token=x");
  });
});
