import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Every published file below out/api/throughput, as text, by path (through the symlinks). */
export function readPublished(out: string): Record<string, string> {
  const root = join(out, "api", "throughput");
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(root, path)] = readFileSync(path, "utf8");
    }
  };
  walk(root);
  return files;
}

/** Every published file below out/api/throughput, parsed, by path: what diffFiles compares. */
export function readPublishedJson(out: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(readPublished(out)).map(([path, text]) => [path, JSON.parse(text)]),
  );
}
