import { describe, expect, test } from "vitest";
import { endpointKey } from "./endpointKey.js";

describe("endpointKey", () => {
  test("default: one URL, one key: 64 hex digits, the same every time", () => {
    const key = endpointKey("https://base-mainnet.example/v2/Zx9kQ2mN4pR7sT1uV3wY5");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(endpointKey("https://base-mainnet.example/v2/Zx9kQ2mN4pR7sT1uV3wY5")).toBe(key);
  });

  test("behavior: the URL as parsed: the host's case and an empty path's slash make no other endpoint", () => {
    expect(endpointKey("https://Base.Example")).toBe(endpointKey("https://base.example/"));
  });

  test("behavior: every part counts: another key, password, port, path or query is another endpoint", () => {
    const keys = [
      "https://base.example/v2/keyOfAFreePlan01",
      "https://base.example/v2/keyOfAPaidPlan001",
      "https://user:one@base.example/",
      "https://user:two@base.example/",
      "https://base.example:8545/",
      "https://base.example/?apikey=one",
      "https://base.example/?apikey=two",
    ].map(endpointKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
