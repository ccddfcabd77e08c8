import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** The repository's root (two folders up from test/repo/). */
export const repoRoot = join(import.meta.dirname, "..", "..");

const skipped = new Set(["node_modules", "dist", ".git", ".bench", "coverage", "artifacts"]);

/** Every file under `dir` whose name matches, as a path relative to the repository, with "/". */
export function filesUnder(dir: string, matches: (name: string) => boolean): string[] {
  return readdirSync(join(repoRoot, dir)).flatMap((name) => {
    if (skipped.has(name)) return [];
    const path = join(repoRoot, dir, name);
    if (statSync(path).isDirectory()) return filesUnder(relative(repoRoot, path), matches);
    return matches(name) ? [relative(repoRoot, path).split(sep).join("/")] : [];
  });
}

/**
 * The relative import specifiers of a TypeScript source: static imports, type imports,
 * re-exports and dynamic imports.
 */
export function importsOf(path: string): string[] {
  const text = readFileSync(join(repoRoot, path), "utf8");
  return [...text.matchAll(/(?:\bfrom|^\s*import|\bimport\s*\()\s*["'](\.{1,2}\/[^"']+)["']/gm)].map(
    (m) => m[1] as string,
  );
}
