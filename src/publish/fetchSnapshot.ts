import { createHash } from "node:crypto";
import type { Meta } from "../api/apiTypes.js";
import { freshMetaUrl, releaseUrl } from "../api/releaseUrls.js";
import { UserError } from "../errors/BaseError.js";
import { fetchSiteFile } from "./fetchSiteFile.js";

/** A site's current release's snapshot of the index, its size and SHA-256 those meta.json names. */
export type FetchedSnapshot = { site: string; meta: Meta; bytes: Uint8Array; sha256: string };

/**
 * The snapshot of the index of a site's current release: meta.json fresh (past every cache),
 * then the snapshot it names, asked under its SHA-256 (`?v=<sha256>`), its size and hash checked
 * against meta.json's. A site that does not answer is a TransientError (exit 75); one without a
 * publication or a snapshot, or whose snapshot is not the one meta.json names, a UserError.
 */
export async function fetchSnapshot(
  site: string,
  fetchFunction: typeof globalThis.fetch = globalThis.fetch,
): Promise<FetchedSnapshot> {
  const base = new URL(site.endsWith("/") ? site : `${site}/`);
  const metaBytes = await fetchSiteFile(freshMetaUrl(base), fetchFunction);
  let meta: Meta | undefined;
  try {
    meta = metaBytes ? (JSON.parse(Buffer.from(metaBytes).toString("utf8")) as Meta) : undefined;
  } catch {}
  if (!meta || !Array.isArray(meta.chains))
    throw new UserError(
      `No publication at ${base.href}: api/throughput/meta.json is missing or not meta.json`,
      {
        details: "Expected the site root that serves api/throughput/meta.json (the folder of index.html).",
      },
    );
  const named = meta.snapshot;
  if (!named)
    throw new UserError(`${base.href} publishes no snapshot of its index`, {
      details:
        "Its meta.json names no snapshot: the site runs `build` without --snapshot. Bootstrap from another site, or sync from the chain (run without --bootstrap).",
    });
  const url = releaseUrl(base, named.path, named.sha256);
  const bytes = await fetchSiteFile(url, fetchFunction);
  if (!bytes)
    throw new UserError(`${url.href} is missing`, { details: "Expected the snapshot meta.json names." });
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  if (bytes.byteLength !== named.bytes || sha256 !== named.sha256)
    throw new UserError(`The snapshot of ${base.href} is not the one its meta.json names`, {
      details: `Read ${bytes.byteLength} bytes of SHA-256 ${sha256}; meta.json says ${named.bytes} bytes of SHA-256 ${named.sha256}.`,
    });
  return { site: base.href, meta, bytes, sha256 };
}
