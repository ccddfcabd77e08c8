import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { UserError } from "../errors/BaseError.js";
import { checkOutputDirectory } from "../publish/publishRelease.js";
import { acquireLock, type Lock } from "../store/acquireLock.js";
import { openStore, type Store } from "../store/openStore.js";
import { checkWritable } from "../util/checkWritable.js";

/** The database, locked against other runs for as long as it is open. */
export function openDatabase(path: string, options: { create: boolean }): { store: Store; close(): void } {
  if (!options.create && !existsSync(path)) {
    throw new UserError(`No database at ${path}`, {
      details: "Run `mor-throughput sync` (or `run`) first, or point --db at an existing database.",
    });
  }
  checkWritable(dirname(path), "--db");
  if (existsSync(path)) checkWritable(path, "--db");
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

/** The output directory, locked against other publishers. */
export function lockOutput(out: string): Lock {
  checkWritable(out, "--out");
  checkOutputDirectory(out);
  return acquireLock(join(out, ".lock"), `the output directory ${out}`);
}
