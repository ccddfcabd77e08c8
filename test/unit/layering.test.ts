import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * The stages of the data flow, in order: a stage may import the stages before it and the shared
 * folders, never a later stage. One closed session travels chain → sync → store → rollup →
 * publish, and commands/ wires them (README, "How it works").
 */
const stages = ["chain", "sync", "store", "rollup", "publish", "commands"] as const;
/** Imported by every stage; they import no stage themselves. */
const shared = ["util", "errors", "log", "api"] as const;

/** Which src/ folders each folder may import, itself included. */
function allowedImports(folder: string): Set<string> {
  const stage = stages.indexOf(folder as (typeof stages)[number]);
  if (stage >= 0) {
    const allowed = new Set<string>([...shared, ...stages.slice(0, stage + 1)]);
    // Only the commands load the dev chain (the demo).
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

const srcRoot = resolve(import.meta.dirname, "../../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The relative import specifiers of a file (static and dynamic imports, re-exports). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1] as string);
}

function isSchemaFile(specifier: string): boolean {
  return /^(\.\.\/)+schemas\/[^/]+\.schema\.json$/.test(specifier);
}

function folderOf(path: string): string {
  const rel = relative(srcRoot, path);
  if (rel.startsWith("..")) return `outside src (${rel})`;
  const parts = rel.split(sep);
  return parts.length === 1 ? "." : (parts[0] as string);
}

describe("layering", () => {
  const files = sourceFiles(srcRoot);

  test("default: no stage imports a later one; shared folders import no stage", () => {
    const violations: string[] = [];
    for (const file of files.filter((f) => !f.endsWith(".test.ts"))) {
      const from = folderOf(file);
      const allowed = allowedImports(from);
      for (const specifier of importsOf(file)) {
        const to = folderOf(resolve(dirname(file), specifier));
        // The API's JSON Schemas live in schemas/ at the top: the one source of the contract.
        if (from === "api" && isSchemaFile(specifier)) continue;
        if (!allowed.has(to)) violations.push(`${relative(srcRoot, file)} imports ${specifier} (${to})`);
      }
    }
    expect(violations).toEqual([]);
  });

  test("default: nothing in src/ imports the tests' support code", () => {
    const violations = files.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => folderOf(resolve(dirname(file), specifier)).startsWith("outside src"))
        .filter((specifier) => !isSchemaFile(specifier))
        .map((specifier) => `${relative(srcRoot, file)} imports ${specifier}`),
    );
    expect(violations).toEqual([]);
  });

  test("error: the check sees a violation", () => {
    expect(allowedImports("sync").has("store")).toBe(false);
    expect(allowedImports("store").has("sync")).toBe(true);
    expect(allowedImports("api").has("chain")).toBe(false);
  });
});
