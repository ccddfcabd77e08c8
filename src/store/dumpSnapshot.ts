import type Sqlite from "better-sqlite3";
import { createGzipWriter } from "./createGzipWriter.js";
import { snapshotFormat, snapshotTables } from "./snapshotTables.js";

/** One table of a snapshot's header: its columns in the order of each row's array, and its row count. */
export type SnapshotTable = { name: string; columns: string[]; rows: number };

export type SnapshotHeader = {
  format: typeof snapshotFormat;
  /** The database's schema version (PRAGMA user_version: the migrations applied). */
  schemaVersion: number;
  tables: SnapshotTable[];
};

/** Text deflated at a time: no more than this is held uncompressed. */
const pieceChars = 4 << 20;

/**
 * The snapshot of the index (snapshotTables.ts says which tables and why): one gzip member
 * (level 6, no file name, no time; deflated 4 MiB of text at a time: createGzipWriter.ts) of
 * NDJSON: a header line ({ format, schemaVersion, tables: [{ name, columns, rows }] }), then each table's rows in that order, one JSON array of its stored columns (the
 * generated ones left out) a line, sorted by its primary key. Integers are written exactly (read
 * as 64-bit); nothing depends on this machine or on when it runs: the same rows give the same
 * bytes. Call it inside the read transaction of the build, so that it holds what the build read.
 */
export function dumpSnapshot(sqlite: Sqlite.Database): Buffer {
  const schemaVersion = Number(sqlite.pragma("user_version", { simple: true }));
  const queries = snapshotTables.map((name) => tableQuery(sqlite, name));
  const tables: SnapshotTable[] = queries.map(({ name, columns, count }) => ({
    name,
    columns,
    rows: Number(count()),
  }));
  const header: SnapshotHeader = { format: snapshotFormat, schemaVersion, tables };
  const gzip = createGzipWriter(6);
  let text = `${JSON.stringify(header)}\n`;
  for (const [index, { name, select }] of queries.entries()) {
    let rows = 0;
    for (const row of select.iterate()) {
      text += `[${row.map(encodeValue).join(",")}]\n`;
      if (text.length >= pieceChars) {
        gzip.write(text);
        text = "";
      }
      rows++;
    }
    // Written in the build's read transaction: nothing changes between the count and the rows.
    if (rows !== tables[index]?.rows) throw new Error(`snapshot: ${name} changed while it was dumped`);
  }
  gzip.write(text);
  return gzip.end();
}

/** A table's stored columns (the generated ones left out), its rows in primary-key order, and its count. */
function tableQuery(sqlite: Sqlite.Database, name: string) {
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
  const counter = sqlite.prepare<[], number>(`SELECT COUNT(*) FROM "${name}"`).pluck();
  return { name, columns, select, count: () => counter.get() ?? 0 };
}

/** A stored value as JSON: a 64-bit integer exactly (SQLite's integers pass 2^53), text, null. */
function encodeValue(value: unknown): string {
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" && Number.isFinite(value)) return JSON.stringify(value);
  throw new Error(`a stored value the snapshot cannot hold: ${typeof value}`);
}
