import { createHash } from "node:crypto";
import type { ApiFiles, ChainFiles } from "../api/apiTypes.js";
import { createValidator } from "../api/createValidator.js";
import { apiPath, chainFolder, schemaOfPath, snapshotPath } from "../api/fileSchemas.js";
import type { Changes } from "../api/responseTypes.js";
import { UserError } from "../errors/BaseError.js";
import { buildAtomFeed, feedPath } from "./buildAtomFeed.js";
import { buildSiteFiles } from "./buildSiteFiles.js";
import { previousDashboardAssets } from "./previousDashboardAssets.js";
import { type PublishResult, publishRelease } from "./publishRelease.js";
import { releaseKey } from "./releaseKey.js";
import { serializeJson } from "./serializeJson.js";
import { checkFeed } from "./spec/checkFeed.js";

/** meta.json's `snapshot`: where the snapshot of the index is, its size and SHA-256. */
export type SnapshotName = { path: string; bytes: number; sha256: string };

export class InvalidOutputError extends UserError {
  override name = "InvalidOutputError";
}

/**
 * Publishes the API's files as one atomic release beside the dashboard, `_headers`, the schemas
 * and the OpenAPI document, with the market's feed (market.atom, from changes.json): every file is
 * validated against its schema first (the feed against changes.json), and one invalid file
 * publishes nothing. meta.json names the release's key (releaseKey.ts), and the previous
 * dashboard's assets stay beside the new one (previousDashboardAssets.ts). With `snapshot` (the
 * index's, store/dumpSnapshot.ts), it is published beside the API and meta.json names it with its
 * size and SHA-256 (outside the release key: releaseKey.ts). Returns the release, its key and the
 * paths published.
 */
export function publishApi(
  out: string,
  files: ApiFiles,
  chains: ReadonlyMap<number, ChainFiles>,
  snapshot?: Uint8Array,
): PublishResult & { releaseKey: string; paths: string[]; snapshot?: SnapshotName } {
  const entries: Array<[string, unknown]> = Object.entries(files);
  for (const [chainId, chainFiles] of chains) {
    for (const [path, content] of Object.entries(chainFiles))
      entries.push([`${chainFolder(chainId)}/${path}`, content]);
  }
  const site = buildSiteFiles();
  // Every file below api/throughput/, by its path there: the data, the schemas, the OpenAPI document.
  const api = new Map<string, string | Uint8Array>();
  for (const [path, content] of entries) if (path !== "meta.json") api.set(path, serializeJson(content));
  for (const [path, content] of site)
    if (path.startsWith(`${apiPath}/`)) api.set(path.slice(apiPath.length + 1), content);
  const feed = buildAtomFeed(files);
  api.set(feedPath, feed);
  const key = releaseKey(api);
  const named: SnapshotName | undefined = snapshot && {
    path: snapshotPath,
    bytes: snapshot.byteLength,
    sha256: createHash("sha256").update(snapshot).digest("hex"),
  };
  api.set(
    "meta.json",
    serializeJson({ ...files["meta.json"], releaseKey: key, ...(named ? { snapshot: named } : {}) }),
  );

  const validator = createValidator();
  const release = new Map<string, string | Uint8Array>();
  const problems: string[] = [];
  for (const [path] of entries) {
    const text = api.get(path) as string;
    const schema = schemaOfPath(path);
    if (!schema) throw new Error(`no schema for the published path ${path}`);
    for (const problem of validator.validate(schema, JSON.parse(text))) problems.push(`${path}: ${problem}`);
    release.set(`${apiPath}/${path}`, text);
  }
  problems.push(...checkFeed(feed, files["changes.json"] as Changes));
  release.set(`${apiPath}/${feedPath}`, feed);
  if (snapshot) release.set(`${apiPath}/${snapshotPath}`, snapshot);
  if (problems.length > 0) {
    throw new InvalidOutputError(`${problems.length} schema violation(s): nothing was published`, {
      details: problems.slice(0, 20).join("\n"),
    });
  }
  for (const [path, content] of site) release.set(path, content);
  for (const [path, content] of previousDashboardAssets(out, release)) release.set(path, content);
  return {
    ...publishRelease(out, release),
    releaseKey: key,
    paths: [...release.keys()],
    ...(named ? { snapshot: named } : {}),
  };
}
