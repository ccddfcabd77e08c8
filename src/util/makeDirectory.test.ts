import { existsSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { makeDirectory } from "./makeDirectory.js";

const dir = mkdtempSync(join(tmpdir(), "mor-mkdir-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("makeDirectory", () => {
  test("default: every missing level, and nothing when it exists", () => {
    makeDirectory(join(dir, "a", "b", "c"));
    expect(statSync(join(dir, "a", "b", "c")).isDirectory()).toBe(true);
    makeDirectory(join(dir, "a", "b", "c"));
  });

  test("error: below a file, a dangling symlink, or /proc (where recursive mkdir never returns)", () => {
    writeFileSync(join(dir, "file"), "");
    symlinkSync(join(dir, "nowhere"), join(dir, "dangling"));
    expect(() => makeDirectory(join(dir, "file", "x"))).toThrow(/ENOTDIR/);
    expect(() => makeDirectory(join(dir, "dangling", "x"))).toThrow(/ENOENT/);
    if (process.platform === "linux") {
      expect(() => makeDirectory("/proc/mor-throughput/x")).toThrow(/ENOENT/);
      expect(existsSync("/proc/mor-throughput")).toBe(false);
    }
  });
});
