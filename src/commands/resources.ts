import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ConnectedChain } from "../chain/connectChain.js";
import { UserError } from "../errors/BaseError.js";
import { checkOutputDirectory } from "../publish/publishRelease.js";
import { acquireLock } from "../store/acquireLock.js";
import { damagedDatabaseError } from "../store/DamagedDatabaseError.js";
import { inspectDatabase } from "../store/inspectDatabase.js";
import { type Database, openDatabase } from "../store/openDatabase.js";
import { checkIdentity } from "../sync/checkIdentity.js";
import { checkWritable } from "../util/checkWritable.js";

/*
 * withResources checks every path a command will use (checkDatabase, checkOutput) before it
 * creates anything (the output lock, the database and its lock): a run refused for a bad path or
 * an unusable database leaves the disk exactly as it found it, lock files included. Commands that
 * connect to endpoints first call checkPaths before connecting, so that a path no retry can fix
 * is reported as such (exit 1) even when the endpoint is down (exit 75).
 */

/**
 * Fails, creating nothing, when the database cannot be used: missing (unless it may be created),
 * not a writable file, written by a newer version or by another application, or (given the
 * chains) indexed for another contract or start block on one of them. Returns the chains it holds
 * (none for a new one).
 */
function checkDatabase(
  path: string,
  options: { create: boolean; chains?: readonly ConnectedChain[] },
): number[] {
  if (!options.create && !existsSync(path)) {
    throw new UserError(`No database at ${path}`, {
      details: "Run `mor-throughput sync` (or `run`) first, or point --db at an existing database.",
    });
  }
  checkWritable(path, "--db");
  if (!existsSync(path)) return [];
  if (!statSync(path).isFile()) {
    throw new UserError(`--db ${path} is not a file`, {
      details: "Expected the path of a SQLite database file (--db).",
    });
  }
  const indexed = inspectDatabase(path);
  for (const chain of options.chains ?? []) {
    const stored = indexed.find((row) => row.chainId === chain.chainId);
    if (!stored) continue;
    checkIdentity(
      stored,
      { chainId: chain.chainId, contract: chain.contract, fromBlock: chain.fromBlock ?? stored.fromBlock },
      chain.fromBlock !== undefined,
    );
  }
  return indexed.map((row) => row.chainId);
}

/** What a command works on: the database, and the output directory when it publishes. */
export type Resources = {
  db: string;
  /** The database may be created (sync, run) or must exist (build). */
  create: boolean;
  /** Given: the database must hold these chains' contracts and start blocks, if it holds them. */
  chains?: readonly ConnectedChain[];
  out?: string;
};

/**
 * The checks of withResources that need no chain: every path, and the database's own state.
 * Returns the chains an existing database holds (none for a new one), read without writing: a
 * run must not drop one of them because an endpoint that may be its only one is down
 * (connectChains).
 */
export function checkPaths(resources: Omit<Resources, "chains">): number[] {
  const indexed = checkDatabase(resources.db, resources);
  if (resources.out !== undefined) checkOutput(resources.out);
  return indexed;
}

/**
 * Runs `work` with the output directory (when given) and the database locked against other
 * runs, the database open; checks everything first, and releases everything after. A damaged
 * database ends it with a DamagedDatabaseError (exit 1), whichever query finds the damage.
 */
export async function withResources<T>(
  resources: Resources,
  work: (store: Database) => T | Promise<T>,
): Promise<T> {
  const { db, out } = resources;
  checkDatabase(db, resources);
  if (out !== undefined) checkOutput(out);
  const releases: Array<() => void> = []; // in the order taken; undone in reverse
  try {
    if (out !== undefined) {
      // Taking the output lock creates the output directory.
      const outputLock = acquireLock(join(out, ".lock"), `the output directory ${out}`);
      releases.push(() => outputLock.release());
    }
    const databaseLock = acquireLock(`${db}.lock`, `the database ${db}`);
    releases.push(() => databaseLock.release());
    const store = openDatabase(db);
    releases.push(() => store.close());
    return await work(store);
  } catch (error) {
    // Corrupt pages surface wherever a query first reads them: exit 1 and what to do, wherever.
    throw damagedDatabaseError(db, error) ?? error;
  } finally {
    for (const release of releases.reverse()) release();
  }
}

/** Fails, creating nothing, when the output directory cannot be published into. */
function checkOutput(out: string): void {
  checkWritable(out, "--out");
  checkOutputDirectory(out);
}
