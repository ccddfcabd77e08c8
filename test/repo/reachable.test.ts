import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { describe, expect, test } from "vitest";
import { filesUnder, importsOf, repoRoot } from "./sourceFiles.js";

/**
 * What the shipped package is made of: the CLI, the package entry (typed client), the dashboard
 * page, and the database's schema, from which drizzle-kit writes the migrations the CLI applies.
 */
const drizzleSchema = /schema:\s*"\.\/([^"]+)"/.exec(
  readFileSync(join(repoRoot, "drizzle.config.ts"), "utf8"),
)?.[1];
/** The schema's files: drizzle.config.ts names them as `<folder>/*.ts`. */
const schemaFiles = drizzleSchema?.endsWith("/*.ts")
  ? filesUnder(
      drizzleSchema.slice(0, -"/*.ts".length),
      (name) => name.endsWith(".ts") && !name.endsWith(".test.ts"),
    )
  : [];
const entryPoints = ["src/cli.ts", "src/index.ts", "src/dashboard/main.ts", ...schemaFiles];

/** The modules reached from `entries` through relative imports of every kind (type imports too). */
function reachedFrom(entries: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const path = queue.pop() as string;
    if (reached.has(path)) continue;
    reached.add(path);
    for (const specifier of importsOf(path)) {
      const target = posix.normalize(posix.join(posix.dirname(path), specifier)).replace(/\.js$/, ".ts");
      if (target.endsWith(".ts") && existsSync(join(repoRoot, target))) queue.push(target);
    }
  }
  return reached;
}

describe("src/ holds the product", () => {
  test("default: every module of src/ is reached from an entry point of the product", () => {
    const modules = filesUnder("src", (name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
    const reached = reachedFrom(entryPoints);
    // Declarations of generated JavaScript are reached through the .js they describe.
    const unreached = modules.filter(
      (path) =>
        !reached.has(path) && !(path.endsWith(".d.ts") && reached.has(path.replace(/\.d\.ts$/, ".ts"))),
    );
    expect(unreached.filter((path) => !path.endsWith(".d.ts"))).toEqual([]);
  });

  test("default: drizzle.config.ts names the schema the migrations are written from", () => {
    expect(drizzleSchema).toBe("src/store/schema/*.ts");
    expect(schemaFiles.length).toBeGreaterThan(1);
  });

  test("error: a module nothing imports is seen", () => {
    expect(reachedFrom(["src/api/periods.ts"]).has("src/cli.ts")).toBe(false);
    expect(reachedFrom(["src/cli.ts"]).has("src/commands/run.ts")).toBe(true);
  });
});
