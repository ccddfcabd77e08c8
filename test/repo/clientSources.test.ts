import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { packageRoot } from "../../src/util/packageRoot.js";

/**
 * One source of the contract: the client package is built from the indexer's own public entry,
 * src/index.ts, which reaches only src/api/ (with the validators compiled ahead of time) and the
 * JSON Schemas of schemas/, and no package: not even ajv at run time. A module
 * of a stage (chain, sync, store, rollup, publish, commands) or of util/, errors/, log/ there
 * would ship the indexer's code, and its dependencies, to every dashboard.
 */
describe("the client package's sources", () => {
  const repo = packageRoot();

  /** Every module src/index.ts reaches, and the packages they import. */
  function reach(entry: string): { files: string[]; packages: string[] } {
    const files = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (files.has(file)) return;
      files.add(file);
      if (file.endsWith(".json")) return;
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/g)) {
        const specifier = match[1] as string;
        if (/^import\s+type\s/.test(match[0].trim()) || /^export\s+type\s/.test(match[0].trim())) {
          if (!specifier.startsWith(".")) continue;
        }
        if (!specifier.startsWith(".")) {
          packages.add(specifier);
          continue;
        }
        const target = resolve(dirname(file), specifier.replace(/\.js$/, ".ts"));
        visit(existsSync(target) ? target : resolve(dirname(file), specifier));
      }
    };
    visit(entry);
    return { files: [...files].map((file) => relative(repo, file)).sort(), packages: [...packages].sort() };
  }

  test("default: src/index.ts reaches src/api/ and schemas/ only, and no package", () => {
    const { files, packages } = reach(join(repo, "src", "index.ts"));
    expect(
      files.filter(
        (file) =>
          !/^(src\/index\.ts|src\/api\/.+\.ts|src\/api\/schemaValidators\.js|schemas\/[\w-]+\.schema\.json)$/.test(
            file,
          ),
      ),
    ).toEqual([]);
    expect(files.filter((file) => file.endsWith(".test.ts"))).toEqual([]);
    expect(files).toContain("src/api/schemaValidators.js");
    expect(packages).toEqual([]);
  });

  test("default: the client's build leaves nothing outside, in both module systems", () => {
    const esm = readFileSync(join(repo, "packages", "client", "dist", "esm", "index.js"), "utf8");
    const cjs = readFileSync(join(repo, "packages", "client", "dist", "cjs", "index.js"), "utf8");
    expect([...new Set([...esm.matchAll(/\bfrom\s+["']([^"']+)["']/g)].map((m) => m[1]))]).toEqual([]);
    expect([...new Set([...cjs.matchAll(/\brequire\(["']([^"']+)["']\)/g)].map((m) => m[1]))]).toEqual([]);
    // The schemas are inside the bundle: no file to read at run time.
    expect(esm).toMatch(/\$id: "summary\.schema\.json"/);
  });

  test("error: the walk sees an import of the indexer's code", () => {
    expect(reach(join(repo, "src", "commands", "validate.ts")).files).toContain(
      "src/publish/validateDirectory.ts",
    );
  });
});
