import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * The unit project (vitest.config.ts) is pure and fast: a test file that starts a dev chain, a
 * fault proxy, a server, Chromium or another process belongs to the integration project, whose
 * files live under test/e2e/ and test/bench/ or are named *.integration.test.ts beside their code
 * (in src/, or in a workspace package's test/).
 */
const root = resolve(import.meta.dirname, "../..");

/** Modules whose import means "this file starts something": by file name, or node:child_process. */
const starters = [
  "startAnvil",
  "startDevChain",
  "createFaultProxy",
  "useDevChain",
  "useFaultProxy",
  "runCli",
  "killCli",
  "startServe",
  "launchChromium",
  "runProcess",
  "npm",
  "measure",
];

/** The starters a source imports: static imports and re-exports (at the start of a line), dynamic imports. */
function startersImported(source: string): string[] {
  const pattern = /^\s*(?:import|export)\b[^;]*?from\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;
  const specifiers = [...source.matchAll(pattern)].map((m) => (m[1] ?? m[2]) as string);
  return specifiers.filter(
    (specifier) =>
      specifier === "node:child_process" ||
      starters.some((name) => specifier.endsWith(`/${name}.js`) || specifier.endsWith(`/${name}.ts`)),
  );
}

function isIntegrationFile(path: string): boolean {
  return /^test\/(e2e|bench)\//.test(path) || path.endsWith(".integration.test.ts");
}

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith(".test.ts") ? [relative(root, path).split(sep).join("/")] : [];
  });
}

describe("test projects", () => {
  test("default: no test file of the unit project starts a chain, a proxy, a server or a process", () => {
    const packages = readdirSync(join(root, "packages")).map((name) => join(root, "packages", name, "test"));
    const files = [
      join(root, "src"),
      join(root, "test"),
      ...packages.filter((dir) => existsSync(dir)),
    ].flatMap(testFiles);
    expect(files.filter(isIntegrationFile).length).toBeGreaterThan(10);
    const misplaced = files
      // This file's samples below would count.
      .filter((path) => !isIntegrationFile(path) && path !== "test/unit/testProjects.test.ts")
      .flatMap((path) => {
        const found = startersImported(readFileSync(join(root, path), "utf8"));
        return found.length > 0 ? [`${path} imports ${found.join(", ")}: name it *.integration.test.ts`] : [];
      });
    expect(misplaced).toEqual([]);
  });

  test("error: the check sees a chain, the CLI or a child process", () => {
    expect(
      startersImported(
        [
          'import { startAnvil } from "../devchain/startAnvil.js";',
          'import { runCli } from "../support/runCli.js";',
          'import { spawn } from "node:child_process";',
          'const { killCli } = await import("../support/killCli.js");',
          'import { generateHistory } from "./generateHistory.js";',
          "// startDevChain in a comment is no import",
        ].join("\n"),
      ),
    ).toEqual([
      "../devchain/startAnvil.js",
      "../support/runCli.js",
      "node:child_process",
      "../support/killCli.js",
    ]);
  });
});
