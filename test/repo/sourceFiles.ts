import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";

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

/** The path a relative specifier of `from` names, relative to the repository, with a .ts source for a .js one. */
export function resolveImport(from: string, specifier: string): string {
  const path = posix.normalize(posix.join(posix.dirname(from), specifier));
  const source = path.replace(/\.js$/, ".ts");
  return existsSync(join(repoRoot, source)) ? source : path;
}

/** The product's hand-written TypeScript modules: src/ without tests, declarations and generated files. */
export function productModules(): string[] {
  return filesUnder(
    "src",
    (name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts"),
  ).filter((path) => !generated.has(path));
}

/** Written by the generators (scripts/generate/, npm run build:contracts), not by hand. */
export const generated = new Set(["src/api/responseTypes.ts", "src/chain/deploylessAggregate3Code.ts"]);
