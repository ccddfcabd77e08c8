import { execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, test } from "vitest";
import { StartedInUnitTest } from "../support/forbidStarting.js";
import { filesUnder } from "./sourceFiles.js";

/**
 * Where each kind of test lives (vitest.config.ts, docs/development.md): every test file is in
 * exactly one project, so none is left unrun; and a unit test starts nothing, which the unit
 * project's setup (test/support/forbidStarting.ts) enforces at run time.
 */
const projects = {
  unit: (path: string) => /^(src|tooling|scripts)\//.test(path) || /^test\/(support|repo)\//.test(path),
  integration: (path: string) => /^test\/(integration|e2e)\//.test(path),
  stress: (path: string) => /^test\/stress\//.test(path),
};

describe("test projects", () => {
  test("default: every test file belongs to exactly one project", () => {
    const files = [".", "packages"].flatMap((dir) =>
      filesUnder(dir, (name) => name.endsWith(".test.ts")).filter(
        (path) => dir === "packages" || !path.startsWith("packages/"),
      ),
    );
    expect(files.length).toBeGreaterThan(100);
    const misplaced = files.filter(
      (path) => Object.values(projects).filter((belongs) => belongs(path)).length !== 1,
    );
    expect(misplaced).toEqual([]);
  });

  test("error: a unit test that listens on a socket fails at once", () => {
    expect(() => createServer().listen(0)).toThrow(StartedInUnitTest);
  });

  test("error: a unit test that starts a process fails at once", () => {
    expect(() => spawn(process.execPath, ["-e", "0"])).toThrow(StartedInUnitTest);
    expect(() => execFileSync(process.execPath, ["-e", "0"])).toThrow(/test\/integration\/ or test\/e2e\//);
  });
});
