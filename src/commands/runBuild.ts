import { createValidator } from "../api/createValidator.js";
import { apiPath, fileSchemas } from "../api/fileSchemas.js";
import { UserError } from "../errors/BaseError.js";
import type { Logger } from "../log/createLogger.js";
import { buildSiteFiles } from "../publish/buildSiteFiles.js";
import { publishRelease } from "../publish/publishRelease.js";
import { serializeJson } from "../publish/serializeJson.js";
import { computeFiles } from "../rollup/computeFiles.js";
import { createRollupQueries } from "../store/createRollupQueries.js";
import { createSyncStore } from "../store/createSyncStore.js";
import type { Store } from "../store/openStore.js";
import { packageVersion } from "../util/packageVersion.js";

export class InvalidOutputError extends UserError {
  override name = "InvalidOutputError";
}

export type BuildSummary = {
  out: string;
  releaseId: string;
  changed: boolean;
  asOf: number;
  toBlock: number;
  files: string[];
  closedSessions: number;
  stuckSessions: number;
  durationMs: number;
};

export type BuildOptions = { out: string; stuckGrace: number };

/**
 * The `build` stage: every file of SPEC.md from the store, each validated against its schema,
 * then published as one atomic release with the dashboard, `_headers`, the schemas and the
 * OpenAPI document. One invalid file publishes nothing.
 */
export function runBuild(store: Store, options: BuildOptions, logger: Logger): BuildSummary {
  const started = performance.now();
  // One read transaction: a consistent snapshot even while a sync writes.
  const { synced, api } = store.sqlite.transaction(() => {
    const synced = createSyncStore(store).checkpoint();
    if (!synced) {
      throw new UserError("The database holds no synced block yet", {
        details: "Run `mor-throughput sync` (or `run`) first, with the same --db.",
      });
    }
    const generator = `mor-throughput ${packageVersion()}`;
    return { synced, api: computeFiles(createRollupQueries(store), synced, { ...options, generator }) };
  })();

  const validator = createValidator();
  const files = new Map<string, string | Uint8Array>();
  const problems: string[] = [];
  for (const [path, schema] of Object.entries(fileSchemas) as Array<[keyof typeof api, string]>) {
    const text = serializeJson(api[path]);
    for (const problem of validator.validate(schema, JSON.parse(text))) problems.push(`${path}: ${problem}`);
    files.set(`${apiPath}/${path}`, text);
  }
  if (problems.length > 0) {
    throw new InvalidOutputError(`${problems.length} schema violation(s): nothing was published`, {
      details: problems.slice(0, 20).join("\n"),
    });
  }

  for (const [path, content] of buildSiteFiles()) files.set(path, content);
  const published = publishRelease(options.out, files);
  logger.debug(published.changed ? "published" : "published set unchanged", {
    out: options.out,
    release: published.releaseId,
  });
  return {
    out: options.out,
    releaseId: published.releaseId,
    changed: published.changed,
    asOf: synced.blockTimestamp,
    toBlock: synced.blockNumber,
    files: [...files.keys()],
    closedSessions: api["summary.json"].all.sessions,
    stuckSessions: api["stuck-sessions.json"].count,
    durationMs: Math.round(performance.now() - started),
  };
}
