import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { assetsOf } from "./assetsOf.js";
import { currentLink } from "./publishRelease.js";

/**
 * The assets of the previous dashboard, to publish again beside the new one: after an upgrade, an
 * index.html that a browser or a CDN still holds (GitHub Pages lets both keep every file for ten
 * minutes, whatever `_headers` says) still finds the script and style sheet it loads
 * (docs/caching.md). They stay until the dashboard changes again:
 *
 * - the published release's page differs from the new one (an upgrade): its assets are carried;
 * - it is the same page: the assets that release carried are carried again.
 *
 * So a release holds its own page's assets and at most one other page's. Nothing to carry from a
 * directory with no publication yet.
 */
export function previousDashboardAssets(
  outDir: string,
  files: ReadonlyMap<string, string | Uint8Array>,
): Map<string, Uint8Array> {
  const published = join(outDir, currentLink);
  const page = join(published, "index.html");
  const carried = new Map<string, Uint8Array>();
  const newPage = files.get("index.html");
  if (newPage === undefined || !existsSync(page)) return carried;
  const own = new Set(assetsOf(readFileSync(page, "utf8")));
  const newOwn = new Set(
    assetsOf(typeof newPage === "string" ? newPage : Buffer.from(newPage).toString("utf8")),
  );
  const samePage = own.size === newOwn.size && [...own].every((asset) => newOwn.has(asset));
  const folder = join(published, "assets");
  const all = existsSync(folder)
    ? readdirSync(folder)
        .map((name) => `assets/${name}`)
        .filter((asset) => statSync(join(published, asset)).isFile())
    : [];
  const keep = samePage ? all.filter((asset) => !own.has(asset)) : [...own];
  for (const asset of keep.sort()) {
    if (files.has(asset) || !existsSync(join(published, asset))) continue;
    carried.set(asset, readFileSync(join(published, asset)));
  }
  return carried;
}
