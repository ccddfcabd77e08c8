import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * Every published file below out/api/throughput, as text, by path (through the symlinks). The one
 * wall-clock field, meta.json's `updatedAt` (when the sync ran), is blanked: two databases of the
 * same chain synced at different moments publish the same bytes otherwise. readRunTime reads it.
 */
export function readPublished(out: string, options: { keepRunTime?: boolean } = {}): Record<string, string> {
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
  if (files["meta.json"] && !options.keepRunTime)
    files["meta.json"] = files["meta.json"].replace(/"updatedAt":\d+/, '"updatedAt":0');
  return files;
}

/** meta.json's `updatedAt`: when the sync the publication was built from ran. */
export function readRunTime(out: string): number {
  return (
    JSON.parse(readFileSync(join(out, "api", "throughput", "meta.json"), "utf8")) as { updatedAt: number }
  ).updatedAt;
}

/** Every published JSON file below out/api/throughput, parsed, by path: what diffFiles compares (the feed, market.atom, is XML). */
export function readPublishedJson(out: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(readPublished(out))
      .filter(([path]) => path.endsWith(".json"))
      .map(([path, text]) => [path, JSON.parse(text)]),
  );
}
