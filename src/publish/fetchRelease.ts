import { apiSchemas } from "../api/apiSchemas.js";
import type { Meta } from "../api/apiTypes.js";
import { apiPath, chainFileSchemas, chainFolder, fileSchemas } from "../api/fileSchemas.js";
import { freshMetaUrl, releaseIdentity, releaseUrl } from "../api/releaseUrls.js";
import { UserError } from "../errors/BaseError.js";
import { assetsOf } from "./assetsOf.js";
import { feedPath } from "./buildAtomFeed.js";
import { openApiPath, schemasPath } from "./buildOpenApi.js";
import { fetchSiteFile } from "./fetchSiteFile.js";
import { releaseKey } from "./releaseKey.js";

/** One release of a published site, as fetchRelease read it. */
export type FetchedRelease = {
  /** The site root the paths are resolved against. */
  site: string;
  meta: Meta;
  /** Every file read, by its path in the release ("api/throughput/summary.json", "index.html", ...). */
  files: Map<string, Uint8Array>;
  /** Paths of the release the site answered 404 for. */
  missing: string[];
  /** HTTP requests made to the site. */
  requests: number;
  /** meta.json's releaseKey and the key of the API files read, when they differ: a file of another release. */
  keyMismatch: { published: string; computed: string } | undefined;
};

/**
 * Reads one release of a published site: meta.json fresh (past every cache), then every other
 * file of its API (SPEC.md's files at the top level and for each chain of meta.json, market.atom,
 * openapi.json, the schemas) asked with the release's key (`?v=<releaseKey>`), and with `page`
 * index.html and the assets it loads, and with `snapshot` the snapshot of the index meta.json names
 * (asked under its SHA-256, `?v=<sha256>`: it is outside the key). The key is the hash of the API files (releaseKey.ts): the
 * files read are hashed again, and when they do not give meta.json's key, meta.json is asked
 * again: a new release published meanwhile means reading again (up to `attempts` times); the same
 * one means a file of another release is served under this one (`keyMismatch`). A site that does
 * not answer (no connection, an HTTP 5xx) is a TransientError (exit 75); one without meta.json, a
 * UserError.
 */
export async function fetchRelease(
  site: string,
  options: { page?: boolean; snapshot?: boolean; attempts?: number; fetch?: typeof globalThis.fetch } = {},
): Promise<FetchedRelease> {
  const base = new URL(site.endsWith("/") ? site : `${site}/`);
  const fetchFunction = options.fetch ?? globalThis.fetch;
  let requests = 0;
  const get = (url: URL): Promise<Uint8Array | undefined> => {
    requests++;
    return fetchSiteFile(url, fetchFunction);
  };
  const freshMeta = async () => {
    const url = freshMetaUrl(base);
    const bytes = await get(url);
    const text = bytes ? Buffer.from(bytes).toString("utf8") : undefined;
    let meta: Meta | undefined;
    try {
      meta = text === undefined ? undefined : (JSON.parse(text) as Meta);
    } catch {}
    if (!meta || !Array.isArray(meta.chains))
      throw new UserError(
        `No publication at ${base.href}: ${url.pathname} is ${text ? "not meta.json" : "missing"}`,
        {
          details: "Expected the site root that serves api/throughput/meta.json (the folder of index.html).",
        },
      );
    return { meta, text: text as string, bytes: bytes as Uint8Array };
  };

  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    const { meta, text, bytes } = await freshMeta();
    const key = typeof meta.releaseKey === "string" ? meta.releaseKey : undefined;
    const files = new Map<string, Uint8Array>([[`${apiPath}/meta.json`, bytes]]);
    const missing: string[] = [];
    const api = new Map<string, Uint8Array>();
    const read = async (path: string, url: URL) => {
      const content = await get(url);
      if (content === undefined) missing.push(path);
      else files.set(path, content);
      return content;
    };
    await Promise.all(
      apiPathsOf(meta).map(async (path) => {
        const content = await read(`${apiPath}/${path}`, releaseUrl(base, path, key));
        if (content) api.set(path, content);
      }),
    );
    if (options.page) {
      const page = await read("index.html", keyed(new URL("index.html", base), key));
      if (page)
        await Promise.all(
          assetsOf(Buffer.from(page).toString("utf8")).map((asset) =>
            read(asset, keyed(new URL(asset, base), key)),
          ),
        );
    }
    const named = options.snapshot ? meta.snapshot : undefined;
    if (named) await read(`${apiPath}/${named.path}`, releaseUrl(base, named.path, named.sha256));
    const computed = releaseKey(api);
    const mismatch = key !== undefined && computed !== key ? { published: key, computed } : undefined;
    const again =
      mismatch && attempt < attempts
        ? releaseIdentity((await freshMeta()).meta, text) !== releaseIdentity(meta, text)
        : false;
    if (again) continue;
    missing.sort();
    return { site: base.href, meta, files, missing, requests, keyMismatch: mismatch };
  }
}

/** The paths below api/throughput/ of a release besides meta.json: what its key hashes. */
export function apiPathsOf(meta: Meta): string[] {
  const paths = Object.keys(fileSchemas).filter((path) => path !== "meta.json");
  for (const { chainId } of meta.chains)
    for (const path of Object.keys(chainFileSchemas)) paths.push(`${chainFolder(chainId)}/${path}`);
  paths.push(feedPath, openApiPath, ...Object.keys(apiSchemas).map((file) => `${schemasPath}/${file}`));
  return paths;
}

function keyed(url: URL, key: string | undefined): URL {
  if (key !== undefined) url.searchParams.set("v", key);
  return url;
}
