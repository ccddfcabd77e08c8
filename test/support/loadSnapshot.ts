import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import type { SnapshotHeader } from "../../src/store/dumpSnapshot.js";
import { openDatabase } from "../../src/store/openDatabase.js";

/**
 * A snapshot of the index (`build --snapshot`) loaded into a new database at `db`, row by row as
 * its header lays them out: what shows that the snapshot holds everything the build and the sync
 * need (a test's stand-in for `run --bootstrap`, which is not built yet). Integers are parsed as
 * JSON numbers: exact up to 2^53, which the test histories stay below.
 */
export function loadSnapshot(snapshot: string, db: string): SnapshotHeader {
  const lines = gunzipSync(readFileSync(snapshot)).toString("utf8").split("\n");
  const header = JSON.parse(lines[0] as string) as SnapshotHeader;
  const store = openDatabase(db);
  try {
    if (Number(store.sqlite.pragma("user_version", { simple: true })) !== header.schemaVersion)
      throw new Error(`the snapshot's schema version ${header.schemaVersion} is not this database's`);
    let line = 1;
    store.sqlite.transaction(() => {
      for (const table of header.tables) {
        const insert = store.sqlite.prepare(
          `INSERT INTO "${table.name}" (${table.columns.map((column) => `"${column}"`).join(", ")}) VALUES (${table.columns.map(() => "?").join(", ")})`,
        );
        for (let k = 0; k < table.rows; k++) insert.run(JSON.parse(lines[line++] as string));
      }
    })();
  } finally {
    store.close();
  }
  return header;
}
