import { apiPath } from "./fileSchemas.js";

/** The query parameter that names the release a file is asked from: `?v=<releaseKey>`. */
const releaseParameter = "v";
/** The query parameter that takes meta.json past every cache: a value no cache has seen. */
const freshParameter = "fresh";

/**
 * The URL of an API file (`path` below api/throughput/) of the release whose meta.json gave
 * `releaseKey`: `…/api/throughput/summary.json?v=<releaseKey>`. A cache holds a file under the
 * URL it was asked with, so a copy of another release is never under this one (docs/caching.md).
 * Without a key (a publication older than releaseKey), the plain URL.
 */
export function releaseUrl(base: string | URL, path: string, releaseKey: string | undefined): URL {
  const url = new URL(`${apiPath}/${path}`, base);
  if (releaseKey !== undefined) url.searchParams.set(releaseParameter, releaseKey);
  return url;
}

let asked = 0;

/**
 * meta.json asked past every cache (the browser's, a proxy's, the host's CDN):
 * `…/api/throughput/meta.json?fresh=<token>`, a token never used before. Static hosts serve the
 * file whatever the query, and caches key their copies by the whole URL, so none holds this one;
 * unlike a request header (`Cache-Control: no-cache`), which a CDN may ignore, it needs nothing
 * of the host.
 */
export function freshMetaUrl(base: string | URL): URL {
  const url = new URL(`${apiPath}/meta.json`, base);
  const token = `${Date.now().toString(36)}${(asked++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  url.searchParams.set(freshParameter, token);
  return url;
}

/**
 * What tells one release from another: meta.json's releaseKey or, for a publication older than
 * it, meta.json's whole text (it changes with every publication: updatedAt is the wall clock).
 */
export function releaseIdentity(meta: unknown, text: string): string {
  const key = (meta as { releaseKey?: unknown } | null)?.releaseKey;
  return typeof key === "string" ? key : text;
}
