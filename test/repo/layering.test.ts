import { dirname } from "node:path";
import { describe, expect, test } from "vitest";
import { filesUnder, importsOf, resolveImport } from "./sourceFiles.js";

/**
 * The stages, in the order their imports go: a stage may import the stages before it and the
 * shared folders, never a later stage. One closed session travels chain → sync → store → rollup →
 * publish; the store implements the ports of both stages around it (sync/SyncStore.ts,
 * rollup/IndexReader.ts), so it imports them both and neither imports it; commands/ wires them
 * (docs/architecture.md).
 */
const stages = ["chain", "sync", "rollup", "store", "publish", "commands"] as const;
/** Imported by every stage; they import no stage themselves. */
const shared = ["util", "errors", "log", "api"] as const;

/** Which src/ folders each folder may import, itself included. */
function allowedImports(folder: string): Set<string> {
  const stage = stages.indexOf(folder as (typeof stages)[number]);
  if (stage >= 0) {
    const allowed = new Set<string>([...shared, ...stages.slice(0, stage + 1)]);
    // Only the commands load the demo's dev chain.
    if (folder === "commands") allowed.add("devchain");
    return allowed;
  }
  switch (folder) {
    case "util":
    case "errors":
      return new Set(["util", "errors"]);
    case "log":
      return new Set(["log", "util", "errors"]);
    case "api":
      return new Set(["api", "util", "errors"]);
    case "devchain":
      return new Set(["devchain", "chain", ...shared]);
    case "dashboard":
      return new Set(["dashboard", "api"]);
    case ".":
      return new Set([".", "api", "commands", "util"]);
    default:
      return new Set();
  }
}

/** The src/ folder of a path relative to the repository ("." for src/ itself), or where it is outside src/. */
function folderOf(path: string): string {
  const parts = path.split("/");
  if (parts[0] !== "src") return `outside src (${path})`;
  return parts.length === 2 ? "." : (parts[1] as string);
}

function isSchemaFile(path: string): boolean {
  return /^schemas\/[^/]+\.schema\.json$/.test(path);
}

const isTest = (path: string) => path.endsWith(".test.ts");
const productModules = filesUnder("src", (name) => /\.ts$/.test(name) && !name.endsWith(".d.ts")).filter(
  (path) => !isTest(path),
);

describe("layering", () => {
  test("default: no stage imports a later one; shared folders import no stage", () => {
    const violations: string[] = [];
    for (const file of productModules) {
      const from = folderOf(file);
      for (const specifier of importsOf(file)) {
        const target = resolveImport(file, specifier);
        // The API's JSON Schemas live in schemas/ at the top: the one source of the contract.
        if (from === "api" && isSchemaFile(target)) continue;
        const to = folderOf(target);
        if (!allowedImports(from).has(to)) violations.push(`${file} imports ${specifier} (${to})`);
      }
    }
    expect(violations).toEqual([]);
  });

  test("default: the product imports nothing of the test and bench tooling", () => {
    const violations = productModules.flatMap((file) =>
      importsOf(file)
        .map((specifier) => resolveImport(file, specifier))
        .filter((target) => !target.startsWith("src/") && !isSchemaFile(target))
        .map((target) => `${file} imports ${target}`),
    );
    expect(violations).toEqual([]);
  });

  test("default: the tooling imports the product and itself, never the tests or the bench", () => {
    const tooling = filesUnder("tooling", (name) => name.endsWith(".ts") && !isTest(name));
    expect(tooling.length).toBeGreaterThan(10);
    const violations = tooling.flatMap((file) =>
      importsOf(file)
        .map((specifier) => resolveImport(file, specifier))
        .filter((target) => !/^(src|tooling)\//.test(target) && !isSchemaFile(target))
        .map((target) => `${file} imports ${target}`),
    );
    expect(violations).toEqual([]);
  });

  test("error: the checks see a violation", () => {
    expect(allowedImports("sync").has("store")).toBe(false);
    expect(allowedImports("rollup").has("store")).toBe(false);
    expect(allowedImports("store").has("sync")).toBe(true);
    expect(allowedImports("store").has("rollup")).toBe(true);
    expect(allowedImports("api").has("chain")).toBe(false);
    expect(folderOf(resolveImport("src/sync/followChain.ts", "../../tooling/fakeChain/fakeChain.js"))).toBe(
      "outside src (tooling/fakeChain/fakeChain.ts)",
    );
    expect(dirname(resolveImport("src/cli.ts", "./commands/run.js"))).toBe("src/commands");
  });
});
