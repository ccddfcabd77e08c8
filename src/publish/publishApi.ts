import type { ApiFiles, ChainFiles } from "../api/apiTypes.js";
import { createValidator } from "../api/createValidator.js";
import { apiPath, chainFolder, schemaOfPath } from "../api/fileSchemas.js";
import { UserError } from "../errors/BaseError.js";
import { buildSiteFiles } from "./buildSiteFiles.js";
import { type PublishResult, publishRelease } from "./publishRelease.js";
import { serializeJson } from "./serializeJson.js";

export class InvalidOutputError extends UserError {
  override name = "InvalidOutputError";
}

/**
 * Publishes the API's files as one atomic release beside the dashboard, `_headers`, the schemas
 * and the OpenAPI document: every file is validated against its schema first, and one invalid
 * file publishes nothing. Returns the release and the paths published.
 */
export function publishApi(
  out: string,
  files: ApiFiles,
  chains: ReadonlyMap<number, ChainFiles>,
): PublishResult & { paths: string[] } {
  const entries: Array<[string, unknown]> = Object.entries(files);
  for (const [chainId, chainFiles] of chains) {
    for (const [path, content] of Object.entries(chainFiles))
      entries.push([`${chainFolder(chainId)}/${path}`, content]);
  }
  const validator = createValidator();
  const release = new Map<string, string | Uint8Array>();
  const problems: string[] = [];
  for (const [path, content] of entries) {
    const text = serializeJson(content);
    const schema = schemaOfPath(path);
    if (!schema) throw new Error(`no schema for the published path ${path}`);
    for (const problem of validator.validate(schema, JSON.parse(text))) problems.push(`${path}: ${problem}`);
    release.set(`${apiPath}/${path}`, text);
  }
  if (problems.length > 0) {
    throw new InvalidOutputError(`${problems.length} schema violation(s): nothing was published`, {
      details: problems.slice(0, 20).join("\n"),
    });
  }
  for (const [path, content] of buildSiteFiles()) release.set(path, content);
  return { ...publishRelease(out, release), paths: [...release.keys()] };
}
