import { gzipSync } from "node:zlib";
import type Sqlite from "better-sqlite3";
import { snapshotFormat, snapshotTables } from "./snapshotTables.js";

/** One table of a snapshot's header: its columns in the order of each row's array, and its row count. */
export type SnapshotTable = { name: string; columns: string[]; rows: number };

export type SnapshotHeader = {
  format: typeof snapshotFormat;
  /** The database's schema version (PRAGMA user_version: the migrations applied). */
  schemaVersion: number;
  tables: SnapshotTable[];
};

/** The gzip header's OS byte, fixed (zlib writes its platform's): the same rows give the same bytes everywhere. */
const unixOs = 3;

/**
 * The snapshot of the index (snapshotTables.ts says which tables and why): gzip (level 9, no file
 * name, no time) of NDJSON: a header line ({ format, schemaVersion, tables: [{ name, columns,
 * rows }] }), then each table's rows in that order, one JSON array of its stored columns (the
 * generated ones left out) a line, sorted by its primary key. Integers are written exactly (read
 * as 64-bit); nothing depends on this machine or on when it runs: the same rows give the same
 * bytes. Call it inside the read transaction of the build, so that it holds what the build read.
 */
export function dumpSnapshot(sqlite: Sqlite.Database): Buffer {
  const schemaVersion = Number(sqlite.pragma("user_version", { simple: true }));
  const tables: SnapshotTable[] = [];
  // The rows as bytes, a megabyte a chunk: a whole network's rows pass the longest string V8 holds.
  const chunks: Buffer[] = [];
  let chunk = "";
  for (const name of snapshotTables) {
    const info = sqlite
      .prepare<[], { name: string; pk: number; hidden: number }>(`PRAGMA table_xinfo(${name})`)
      .all();
    const stored = info.filter((column) => column.hidden === 0);
    const key = stored.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
    const columns = stored.map((column) => column.name);
    const order = (key.length > 0 ? key : stored).map((column) => `"${column.name}"`).join(", ");
    const select = sqlite
      .prepare<[], unknown[]>(
        `SELECT ${columns.map((column) => `"${column}"`).join(", ")} FROM "${name}" ORDER BY ${order}`,
      )
      .raw(true)
      .safeIntegers(true);
    let rows = 0;
    for (const row of select.iterate()) {
      chunk += `[${row.map(encodeValue).join(",")}]\n`;
      if (chunk.length >= 1 << 20) {
        chunks.push(Buffer.from(chunk));
        chunk = "";
      }
      rows++;
    }
    tables.push({ name, columns, rows });
  }
  const header: SnapshotHeader = { format: snapshotFormat, schemaVersion, tables };
  chunks.push(Buffer.from(chunk));
  const text = Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), ...chunks]);
  const gzip = gzipSync(text, { level: 9 });
  gzip[9] = unixOs;
  return gzip;
}

/** A stored value as JSON: a 64-bit integer exactly (SQLite's integers pass 2^53), text, null. */
function encodeValue(value: unknown): string {
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" && Number.isFinite(value)) return JSON.stringify(value);
  throw new Error(`a stored value the snapshot cannot hold: ${typeof value}`);
}
