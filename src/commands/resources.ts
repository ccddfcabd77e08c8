import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ChainContext } from "../config/connectChain.js";
import { UserError } from "../errors/BaseError.js";
import { checkOutputDirectory } from "../publish/publishRelease.js";
import { acquireLock, type Lock } from "../store/acquireLock.js";
import { inspectDatabase } from "../store/inspectDatabase.js";
import { openStore, type Store } from "../store/openStore.js";
import { checkIdentity } from "../sync/checkIdentity.js";
import { checkWritable } from "../util/checkWritable.js";
import { makeDirectory } from "../util/makeDirectory.js";

/*
 * A command checks every path it will use (checkDatabase, checkOutput) before it creates
 * anything (lockOutput, openDatabase): a run refused for a bad path or an unusable database
 * leaves the disk exactly as it found it, lock files included.
 */

/**
 * Fails, creating nothing, when the database cannot be used: missing (unless it may be created),
 * not a writable file, written by a newer version, or (given the chain) indexed for another
 * chain, contract or start block.
 */
export function checkDatabase(path: string, options: { create: boolean; chain?: ChainContext }): void {
  if (!options.create && !existsSync(path)) {
    throw new UserError(`No database at ${path}`, {
      details: "Run `mor-throughput sync` (or `run`) first, or point --db at an existing database.",
    });
  }
  checkWritable(path, "--db");
  if (!existsSync(path)) return;
  if (!statSync(path).isFile()) {
    throw new UserError(`--db ${path} is not a file`, {
      details: "Expected the path of a SQLite database file (--db).",
    });
  }
  const indexed = inspectDatabase(path);
  const { chain } = options;
  if (indexed && chain) {
    checkIdentity(
      indexed,
      { chainId: chain.chainId, contract: chain.contract, fromBlock: chain.fromBlock },
      chain.fromBlockExplicit,
    );
  }
}

/** The database, locked against other runs for as long as it is open. */
function openDatabase(path: string, options: { create: boolean }): { store: Store; close(): void } {
  checkDatabase(path, options);
  const lock = acquireLock(`${path}.lock`, `the database ${path}`);
  try {
    const store = openStore(path);
    return {
      store,
      close() {
        store.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Runs `work` with the database open and locked (see openDatabase), and closes it after. */
export async function withDatabase<T>(
  path: string,
  options: { create: boolean },
  work: (store: Store) => T | Promise<T>,
): Promise<T> {
  const database = openDatabase(path, options);
  try {
    return await work(database.store);
  } finally {
    database.close();
  }
}

/** Fails, creating nothing, when the output directory cannot be published into. */
export function checkOutput(out: string): void {
  checkWritable(out, "--out");
  checkOutputDirectory(out);
}

/** The output directory (created if needed), locked against other publishers. */
function lockOutput(out: string): Lock {
  checkOutput(out);
  try {
    makeDirectory(out);
  } catch (error) {
    throw new UserError(`Cannot create the output directory ${out}`, {
      details: `Expected a writable directory (--out). ${(error as Error).message}`,
      cause: error,
    });
  }
  return acquireLock(join(out, ".lock"), `the output directory ${out}`);
}

/** Runs `work` with the output directory locked (see lockOutput), and releases it after. */
export async function withOutputLocked<T>(out: string, work: () => T | Promise<T>): Promise<T> {
  const lock = lockOutput(out);
  try {
    return await work();
  } finally {
    lock.release();
  }
}
