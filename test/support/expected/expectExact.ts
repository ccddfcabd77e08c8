import { expect } from "vitest";

/** Deep equality with the same key order: how the published files are compared (diffFiles). */
export function expectExact(actual: unknown, expected: unknown): void {
  expect(JSON.stringify(actual, null, 1)).toBe(JSON.stringify(expected, null, 1));
}
