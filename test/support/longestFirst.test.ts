import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import { longest } from "../../vitest.config.js";
import { longestFirst } from "./longestFirst.js";

const root = join(import.meta.dirname, "..", "..");

/** A test file of a project, as Vitest hands it to a sequencer. */
function spec(project: string, groupOrder: number, path: string): TestSpecification {
  return {
    moduleId: join(root, path),
    project: { name: project, config: { root, isolate: false, sequence: { groupOrder } } },
  } as unknown as TestSpecification;
}

/** Vitest's context as on a fresh clone: no durations cached, file sizes known. */
const freshClone = {
  config: { root },
  cache: { getFileTestResults: () => undefined, getFileStats: (key: string) => ({ size: key.length }) },
} as unknown as Vitest;

describe("longestFirst", () => {
  test("default: the named files first, in their order, within each project; projects keep their order", async () => {
    const Sequencer = longestFirst(["test/e2e/slow.test.ts", "test/bench/slower.test.ts"]);
    const files = [
      spec("unit", 0, "src/a.test.ts"),
      spec("integration", 1, "test/e2e/short-but-large-name.test.ts"),
      spec("integration", 1, "test/bench/slower.test.ts"),
      spec("integration", 1, "test/e2e/slow.test.ts"),
      spec("integration-timing", 2, "test/e2e/timing.test.ts"),
    ];
    const sorted = await new Sequencer(freshClone).sort(files);
    expect(sorted.map((file) => `${file.project.name} ${file.moduleId.slice(root.length + 1)}`)).toEqual([
      "unit src/a.test.ts",
      "integration test/e2e/slow.test.ts",
      "integration test/bench/slower.test.ts",
      "integration test/e2e/short-but-large-name.test.ts",
      "integration-timing test/e2e/timing.test.ts",
    ]);
  });

  test("error: every file vitest.config.ts names exists (a renamed file would silently lose its place)", () => {
    expect(longest.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
