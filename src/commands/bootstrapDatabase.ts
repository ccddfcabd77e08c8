import { existsSync, linkSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { ConnectedChain } from "../chain/connectChain.js";
import { UserError } from "../errors/BaseError.js";
import type { Logger } from "../log/createLogger.js";
import type { FetchedSnapshot } from "../publish/fetchSnapshot.js";
import { type SnapshotChainVerified, verifySnapshot } from "../publish/verify/verifySnapshot.js";
import { createIndexReader } from "../store/createIndexReader.js";
import { loadSnapshot } from "../store/loadSnapshot.js";
import { type Database, openDatabase } from "../store/openDatabase.js";
import { packageVersion } from "../util/packageVersion.js";
import type { OutputOptions } from "./options/settleOptions.js";

/** What `run --bootstrap` started from (the run summary's `bootstrap`). */
export type BootstrapSummary = {
  site: string;
  snapshot: { bytes: number; sha256: string };
  seed: number;
  chains: SnapshotChainVerified[];
};

/**
 * `run --bootstrap`: the database at `output.db` (there is none yet) made from a site's snapshot,
 * verified before it is trusted. The snapshot is loaded into a temporary database beside the
 * target, never the target itself; checked against the chains (publish/verify/verifySnapshot.ts);
 * and only when everything agrees linked into place, at once (a database that appeared there
 * meanwhile is never replaced). A snapshot that disagrees with the chain is a UserError listing
 * the differences; whatever fails, nothing is left behind (the temporary files, a folder made
 * for them).
 */
export async function bootstrapDatabase(
  fetched: FetchedSnapshot,
  chains: readonly ConnectedChain[],
  output: OutputOptions,
  draw: { hours: number; seed: number },
  logger: Logger,
): Promise<BootstrapSummary> {
  const { db } = output;
  const folder = dirname(db);
  const madeFolder = !existsSync(folder);
  const temporary = join(folder, `.${basename(db)}.bootstrap-${process.pid}`);
  const leftovers = [temporary, `${temporary}-wal`, `${temporary}-shm`, `${temporary}-journal`];
  let store: Database | undefined;
  let placed = false;
  try {
    store = openDatabase(temporary);
    const header = loadSnapshot(store, fetched.bytes);
    logger.info(`loaded the snapshot of ${fetched.site} into a temporary database`, {
      rows: header.tables.reduce((sum, table) => sum + table.rows, 0),
    });
    const verified = await verifySnapshot(
      createIndexReader(store),
      chains,
      { ...output, generator: `mor-throughput ${packageVersion()}`, ...draw },
      logger,
    );
    store.close();
    store = undefined;
    if (verified.differences.length > 0)
      throw new UserError(
        `The snapshot of ${fetched.site} disagrees with the chain (${verified.differences.length} difference(s)): refused`,
        {
          details: [
            ...verified.differences
              .slice(0, 20)
              .map(
                (d) =>
                  `${d.file} ${d.bucket} ${d.field}: the snapshot says ${d.published}, the chain ${d.computed}`,
              ),
            "Nothing was written. Bootstrap from another site, or sync from the chain (run without --bootstrap).",
          ].join("\n"),
          data: { differences: verified.differences },
        },
      );
    try {
      linkSync(temporary, db);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      throw new UserError(`A database appeared at ${db} while the snapshot was checked`, {
        details: "Expected no database at --db for --bootstrap: it is left as it is.",
      });
    }
    placed = true;
    return {
      site: fetched.site,
      snapshot: { bytes: fetched.bytes.byteLength, sha256: fetched.sha256 },
      seed: draw.seed,
      chains: verified.chains,
    };
  } finally {
    store?.close();
    for (const path of leftovers) rmSync(path, { force: true });
    if (!placed && madeFolder && existsSync(folder) && readdirSync(folder).length === 0) rmdirSync(folder);
  }
}
