import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { importsOf, productModules, repoRoot, resolveImport } from "./sourceFiles.js";

/**
 * The shape docs/architecture.md promises: small files, no import circles, and query results typed
 * where their statements are prepared (store/statements/*.ts), never cast where they are read.
 * Functions of at most 120 lines are Biome's rule (biome.json, noExcessiveLinesPerFunction), which
 * `npm run lint` checks and CI runs.
 */
const modules = productModules();
const text = (path: string) => readFileSync(join(repoRoot, path), "utf8");

/** Where each `.get(`, `.all(` or `.iterate(` call's result is cast with `as`: "file:line". */
function castQueryResults(path: string, source: string): string[] {
  const casts: string[] = [];
  for (const call of source.matchAll(/\.(get|all|iterate)\(/g)) {
    let depth = 0;
    let at = (call.index ?? 0) + call[0].length - 1;
    for (; at < source.length; at++) {
      if (source[at] === "(") depth++;
      else if (source[at] === ")" && --depth === 0) break;
    }
    if (/^\s*as\b/.test(source.slice(at + 1, at + 40))) {
      casts.push(`${path}:${source.slice(0, call.index).split("\n").length}`);
    }
  }
  return casts;
}

/** The import circles among `files` (each as its files, sorted), by Tarjan's strongly connected components. */
function importCircles(files: readonly string[], importsOfFile: (file: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const known = new Set(files);
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const target of importsOfFile(file).filter((target) => known.has(target))) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target))
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) circles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}

/**
 * Files a module's comments name (".ts", ".sol", ".md", ".mjs") that exist nowhere a reader would
 * look: beside the module, under src/, at the repository's root, in docs/ or scripts/.
 */
function missingReferences(path: string, source: string): string[] {
  const comments = source
    .split("\n")
    .filter((line) => /^\s*(\/\/|\/\*|\*)/.test(line) || line.includes("// "));
  const named = comments.flatMap((line) =>
    [...line.matchAll(/([\w./-]+\.(?:ts|sol|md|mjs))\b/g)].map((m) => m[1] as string),
  );
  const places = [dirname(path), "src", ".", "docs", "scripts"];
  return named
    .filter((ref) => !places.some((place) => existsSync(join(repoRoot, place, ref))))
    .map((ref) => `${path}: ${ref}`);
}

describe("the shape of the code", () => {
  test("default: no query result is cast: each statement is typed where it is prepared", () => {
    // The files that query SQLite: they prepare statements, or hold better-sqlite3's.
    const querying = modules.filter((path) => /\.prepare[<(]|from "better-sqlite3"/.test(text(path)));
    expect(querying.length).toBeGreaterThan(15);
    expect(querying.flatMap((path) => castQueryResults(path, text(path)))).toEqual([]);
  });

  test("default: no import circle in src/ (type imports included)", () => {
    const imports = (file: string) => importsOf(file).map((specifier) => resolveImport(file, specifier));
    expect(importCircles(modules, imports)).toEqual([]);
  });

  test("default: every hand-written module of src/ is at most 300 lines", () => {
    const long = modules
      .map((path) => ({ path, lines: text(path).split("\n").length - 1 }))
      .filter(({ lines }) => lines > 300);
    expect(long).toEqual([]);
  });

  test("default: every file a comment of src/ names exists", () => {
    expect(modules.flatMap((path) => missingReferences(path, text(path)))).toEqual([]);
  });

  test("error: the checks see a cast, a circle, a file that is not there", () => {
    expect(
      missingReferences("src/sync/x.ts", "// see sync/followChain.ts and store/createSyncStore.ts\n"),
    ).toEqual([]);
    expect(missingReferences("src/sync/x.ts", " * implemented by store/createNothing.ts\n")).toEqual([
      "src/sync/x.ts: store/createNothing.ts",
    ]);
    const source =
      "const a = s.all(chainId, limit) as string[];\nconst b = s.get(\n  x,\n) as Row | undefined;\nconst c = s.all();\n";
    expect(castQueryResults("x.ts", source)).toEqual(["x.ts:1", "x.ts:2"]);
    const graph: Record<string, string[]> = { a: ["b"], b: ["c"], c: ["a"], d: ["a"] };
    expect(importCircles(Object.keys(graph), (file) => graph[file] ?? [])).toEqual([["a", "b", "c"]]);
  });
});
