import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fetchRelease } from "./fetchRelease.js";
import { validateDirectory } from "./validateDirectory.js";

/**
 * What `validate <dir>` checks, on a site: one release of it read (fetchRelease: meta.json, then
 * every file under its key, index.html and its assets, the snapshot meta.json names) into a temporary directory laid out as a
 * publication, validateDirectory run on it, the directory removed. A file of another release is a
 * problem with or without `deep` (which compares the key with the files itself).
 */
export async function validateSite(
  site: string,
  options: { deep?: boolean } = {},
): Promise<{ site: string; releaseKey: string | undefined; requests: number; problems: string[] }> {
  const release = await fetchRelease(site, { page: true, snapshot: true });
  const dir = mkdtempSync(join(tmpdir(), "mor-validate-"));
  try {
    for (const [path, content] of release.files) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    const problems = validateDirectory(dir, { deep: options.deep === true });
    const { keyMismatch } = release;
    if (keyMismatch && !options.deep)
      problems.push(
        `meta.json: releaseKey ${keyMismatch.published} is not the key of the files served under it (${keyMismatch.computed}): a file of another release`,
      );
    const releaseKey = typeof release.meta.releaseKey === "string" ? release.meta.releaseKey : undefined;
    return { site: release.site, releaseKey, requests: release.requests, problems };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
