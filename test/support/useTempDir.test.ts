import { existsSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { useTempDir } from "./useTempDir.js";

const dirs: string[] = [];

describe("useTempDir", () => {
  const dir = useTempDir("mor-temp-dir-test-");
  const other = useTempDir("mor-temp-dir-test-");
  dirs.push(dir, other);
  const existsAtCollection = existsSync(dir);

  test("default: a private directory under the system's temporary folder, from before the first test", () => {
    expect(existsAtCollection).toBe(false);
    expect(dirname(dir)).toBe(tmpdir());
    expect(dir).toMatch(/\/mor-temp-dir-test-[0-9a-f]{12}$/);
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(other).not.toBe(dir);
    writeFileSync(join(dir, "file.txt"), "left behind\n");
  });
});

// The file's afterAll runs after the describe block's: both are gone, with what they held.
afterAll(() => {
  expect(dirs.map(existsSync)).toEqual([false, false]);
});
