import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { apiSchemas } from "../api/apiSchemas.js";
import { createValidator } from "../api/createValidator.js";
import { apiPath, chainFileSchemas, chainFolder, fileSchemas } from "../api/fileSchemas.js";
import type { Changes, Meta } from "../api/responseTypes.js";
import { assetsOf } from "./assetsOf.js";
import { feedPath } from "./buildAtomFeed.js";
import { openApiPath, schemasPath } from "./buildOpenApi.js";
import { releaseKey } from "./releaseKey.js";
import { checkConsistency } from "./spec/checkConsistency.js";
import { checkFeed } from "./spec/checkFeed.js";
import { checkFiles } from "./spec/checkFiles.js";

/**
 * Checks a published directory (out/, or out/current/ as it is deployed) and returns the problems
 * found (none: valid):
 *
 * - every file of SPEC.md's tables present, JSON and valid against its schema, at the top level
 *   and for every chain meta.json lists (chains/{chainId}/), and no other file under rollup/ or
 *   chains/;
 * - the rest of a publication: the dashboard (index.html and the assets it loads), the OpenAPI
 *   document and the schemas;
 * - the snapshot of the index meta.json names (`snapshot`), there with its size and SHA-256;
 * - market.atom, well-formed, its entries the newest of changes.json (spec/checkFeed.ts);
 * - the rules of SPEC.md that the files show (spec/checkFiles.ts: dense series, counts, sort
 *   orders, identifiers, nested windows, ...);
 * - with `deep`, that the files agree with each other (spec/checkConsistency.ts), meta.json's
 *   releaseKey with the files beside it included.
 */
export function validateDirectory(dir: string, options: { deep?: boolean } = {}): string[] {
  const root = join(dir, apiPath);
  if (!existsSync(root) || !statSync(root).isDirectory())
    return [`${root} does not exist: nothing published there`];
  const validator = createValidator();
  const problems: string[] = [];
  const files: Record<string, unknown> = {};
  const texts: Record<string, string> = {};
  const read = (path: string, schema: string) => {
    const file = join(root, path);
    if (!existsSync(file)) {
      problems.push(`${path}: missing`);
      return;
    }
    const text = readFileSync(file, "utf8");
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      problems.push(`${path}: not JSON (${(error as Error).message})`);
      return;
    }
    const found = validator.validate(schema, value);
    for (const problem of found) problems.push(`${path}: ${problem}`);
    // The rules of SPEC.md read only files that passed their schema.
    if (found.length === 0) {
      files[path] = value;
      texts[path] = text;
    }
  };
  for (const [path, schema] of Object.entries(fileSchemas)) read(path, schema);

  const chainIds = chainsOf(files["meta.json"] as Meta | undefined, root);
  for (const chainId of chainIds)
    for (const [path, schema] of Object.entries(chainFileSchemas))
      read(`${chainFolder(chainId)}/${path}`, schema);

  const feed = join(root, feedPath);
  problems.push(
    ...checkFeed(
      existsSync(feed) ? readFileSync(feed, "utf8") : undefined,
      files["changes.json"] as Changes | undefined,
    ),
  );
  problems.push(...snapshotProblems(root, files["meta.json"] as Meta | undefined));
  problems.push(...extraFiles(root, chainIds));
  problems.push(...siteProblems(dir));
  problems.push(...checkFiles(files));
  if (options.deep) {
    problems.push(...checkConsistency(files, texts));
    problems.push(...keyProblems(root, files["meta.json"] as Meta | undefined));
  }
  return problems;
}

/** The snapshot meta.json names: the file there, of its size and SHA-256 (its path is the schema's one constant). */
function snapshotProblems(root: string, meta: Meta | undefined): string[] {
  const named = meta?.snapshot;
  if (!named) return [];
  const file = join(root, named.path);
  if (!existsSync(file)) return [`${named.path}: missing (meta.json names it)`];
  const bytes = readFileSync(file);
  const problems: string[] = [];
  if (bytes.byteLength !== named.bytes)
    problems.push(`${named.path}: ${bytes.byteLength} bytes, meta.json says ${named.bytes}`);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  if (sha256 !== named.sha256)
    problems.push(`${named.path}: SHA-256 ${sha256}, meta.json says ${named.sha256}`);
  return problems;
}

/** The chains of the publication: meta.json's, else (meta.json unreadable) the folders there are. */
function chainsOf(meta: Meta | undefined, root: string): number[] {
  if (meta) return meta.chains.map((chain) => chain.chainId);
  const chains = join(root, "chains");
  return existsSync(chains)
    ? readdirSync(chains)
        .filter((name) => /^[1-9]\d*$/.test(name))
        .map(Number)
    : [];
}

/** SPEC.md: any other bucket is a 404, so nothing else under rollup/; no chain folder but the chains'. */
function extraFiles(root: string, chainIds: readonly number[]): string[] {
  const problems: string[] = [];
  const allowed = new Set(Object.keys(chainFileSchemas).filter((path) => path.startsWith("rollup/")));
  for (const folder of ["", ...chainIds.map((chainId) => `${chainFolder(chainId)}/`)]) {
    const rollup = join(root, folder, "rollup");
    if (!existsSync(rollup)) continue;
    for (const name of readdirSync(rollup))
      if (!allowed.has(`rollup/${name}`))
        problems.push(`${folder}rollup/${name}: not part of the API (SPEC.md allows no other file here)`);
  }
  const chains = join(root, "chains");
  if (existsSync(chains)) {
    const known = new Set(chainIds.map(String));
    for (const name of readdirSync(chains))
      if (!known.has(name)) problems.push(`chains/${name}: not a chain of meta.json`);
  }
  // market.json, the leaderboards, the audit and meta.json are published at the top level only.
  const topOnly = Object.keys(fileSchemas).filter((path) => !(path in chainFileSchemas));
  for (const chainId of chainIds)
    for (const path of topOnly)
      if (existsSync(join(root, chainFolder(chainId), path)))
        problems.push(`${chainFolder(chainId)}/${path}: published at the top level only (SPEC.md)`);
  return problems;
}

/**
 * A releaseKey that is not the hash of the files would let readers mix releases (docs/caching.md):
 * a key kept across a change of the files hands out cached copies of the old ones.
 */
function keyProblems(root: string, meta: Meta | undefined): string[] {
  if (meta?.releaseKey === undefined) return [];
  const files = new Map<string, Uint8Array>();
  const walk = (folder: string) => {
    for (const name of readdirSync(join(root, folder))) {
      const path = folder ? `${folder}/${name}` : name;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else files.set(path, readFileSync(join(root, path)));
    }
  };
  walk("");
  const key = releaseKey(files);
  return key === meta.releaseKey
    ? []
    : [`meta.json: releaseKey ${meta.releaseKey} is not the key of the files beside it (${key})`];
}

/** The rest of a release: the dashboard and the files it loads, the OpenAPI document, the schemas. */
function siteProblems(dir: string): string[] {
  const problems: string[] = [];
  const page = join(dir, "index.html");
  if (!existsSync(page)) problems.push("index.html: missing (the dashboard is part of a publication)");
  else {
    for (const asset of assetsOf(readFileSync(page, "utf8")))
      if (!existsSync(join(dir, asset))) problems.push(`${asset}: missing (index.html loads it)`);
  }
  const api = join(dir, apiPath);
  if (!existsSync(join(api, openApiPath))) problems.push(`${openApiPath}: missing`);
  for (const file of Object.keys(apiSchemas))
    if (!existsSync(join(api, schemasPath, file))) problems.push(`${schemasPath}/${file}: missing`);
  return problems;
}
