import { expect, test } from "vitest";
import { diffFiles } from "./diffFiles.js";

const expected = {
  "summary.json": { "24h": { tokens: 1, sessions: 1 }, all: { tokens: 1, sessions: 1, ttft: 0.5 } },
  "stuck-sessions.json": { count: 1, sessions: [{ sessionId: "0xab", openedAt: 5 }] },
};

test("default: equal files, extra files ignored", () => {
  expect(diffFiles({ ...structuredClone(expected), "meta.json": { chainId: 1 } }, expected)).toEqual([]);
});

test("behavior: values, missing files, key order", () => {
  const actual = {
    "summary.json": { "24h": { sessions: 1, tokens: 2 }, all: { tokens: 1, sessions: 1 } },
  };
  expect(diffFiles(actual, expected)).toEqual([
    "summary.json.24h: key order sessions, tokens, expected tokens, sessions",
    "summary.json.24h.tokens: expected 1, got 2",
    "summary.json.all: missing keys ttft",
    "stuck-sessions.json: missing file",
  ]);
});

test("behavior: extra keys are differences", () => {
  const actual = structuredClone(expected) as Record<string, unknown>;
  (actual["stuck-sessions.json"] as { sessions: Array<Record<string, unknown>> }).sessions[0] = {
    sessionId: "0xab",
    openedAt: 5,
    endsAt: 7,
  };
  expect(diffFiles(actual, expected)).toEqual(["stuck-sessions.json.sessions[0]: unexpected keys endsAt"]);
});
