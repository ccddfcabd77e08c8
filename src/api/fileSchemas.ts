/**
 * The seven files of SPEC.md's first table and their schemas (in schemas/): published at the top
 * level for every configured chain together and, for each chain alone, under chains/{chainId}/.
 */
export const chainFileSchemas = {
  "summary.json": "summary.schema.json",
  "rollup/hourly.json": "rollup.schema.json",
  "rollup/daily.json": "rollup.schema.json",
  "rollup/monthly.json": "rollup.schema.json",
  "rollup/by-model-daily.json": "by-model-daily.schema.json",
  "rollup/by-provider-daily.json": "by-provider-daily.schema.json",
  "stuck-sessions.json": "stuck-sessions.schema.json",
} as const;

/** Every file at the top level of the API, by path below api/throughput/, with its schema. */
export const fileSchemas = {
  ...chainFileSchemas,
  "models.json": "models.schema.json",
  "providers.json": "providers.schema.json",
  "audit.json": "audit.schema.json",
  "market.json": "market.schema.json",
  "changes.json": "changes.schema.json",
  "meta.json": "meta.schema.json",
} as const;

export type ChainFilePath = keyof typeof chainFileSchemas;
export type FilePath = keyof typeof fileSchemas;

/** Where the API lives inside the output directory. */
export const apiPath = "api/throughput";

/**
 * The snapshot of the index (`build --snapshot`), below api/throughput/ beside the files it was
 * built with; meta.json's `snapshot` names it with its size and SHA-256 (docs/publishing.md).
 */
export const snapshotPath = "snapshot.ndjson.gz";

/** The folder of one chain's files, below api/throughput/. */
export function chainFolder(chainId: number): string {
  return `chains/${chainId}`;
}

/**
 * The schema of any published path below api/throughput/ (top level, or a chain's own file under
 * chains/{chainId}/); undefined for a path the API does not have.
 */
export function schemaOfPath(path: string): string | undefined {
  if (path in fileSchemas) return fileSchemas[path as FilePath];
  const perChain = /^chains\/([1-9][0-9]*)\/(.+)$/.exec(path);
  if (perChain?.[2] && perChain[2] in chainFileSchemas) return chainFileSchemas[perChain[2] as ChainFilePath];
  return undefined;
}
