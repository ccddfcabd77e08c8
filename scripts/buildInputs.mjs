import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** What dist/ is built from: the sources, the schemas, the build's own scripts and settings, the locked dependencies. */
export const buildInputs = [
  "src",
  "schemas",
  "scripts/build.mjs",
  "scripts/buildInputs.mjs",
  "scripts/swapIn.mjs",
  "packages/client/build.mjs",
  "packages/client/package.json",
  "packages/client/tsconfig.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "package.json",
  "package-lock.json",
];

/**
 * A digest of every file under `paths` (relative to `root`): its path and its bytes, in a fixed
 * order. The same inputs give the same digest; any change of a file, or a file added or removed,
 * gives another. Tests beside the sources (*.test.ts) are left out: they are not built.
 */
export function inputsDigest(root, paths = buildInputs) {
  const hash = createHash("sha256");
  const files = [];
  const walk = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (!path.endsWith(".test.ts")) files.push(path);
  };
  for (const path of paths) walk(join(root, path));
  for (const file of files.map((f) => relative(root, f).split(sep).join("/")).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}
