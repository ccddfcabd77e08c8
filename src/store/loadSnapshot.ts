import { gunzipSync } from "node:zlib";
import { UserError } from "../errors/BaseError.js";
import type { SnapshotHeader } from "./dumpSnapshot.js";
import type { Database } from "./openDatabase.js";
import { snapshotFormat, snapshotTables } from "./snapshotTables.js";

/**
 * A snapshot of the index (dumpSnapshot.ts) loaded into `store`, a database just created (its
 * migrations applied, no row yet), in one transaction: the header's format, schema version,
 * tables and columns must be this database's, every row as many values as its columns, and the
 * row count each table's. Integers are read exactly (as 64-bit where they pass 2^53), as the dump
 * writes them. A snapshot that is not one is a UserError; nothing of it is kept.
 */
export function loadSnapshot(store: Database, gzip: Uint8Array): SnapshotHeader {
  const refuse = (why: string) =>
    new UserError(`Not a snapshot this version can load: ${why}`, {
      details: `Expected a ${snapshotFormat} snapshot (build --snapshot) of a database of the same schema version.`,
    });
  let bytes: Buffer;
  try {
    // A Buffer, never one string: a whole network's rows pass the longest string V8 holds.
    bytes = gunzipSync(gzip);
  } catch {
    throw refuse("not gzip");
  }
  const lines = linesOf(bytes);
  let header: SnapshotHeader;
  try {
    header = JSON.parse(lines.next().value ?? "") as SnapshotHeader;
  } catch {
    throw refuse("its first line is not a header");
  }
  if (header?.format !== snapshotFormat) throw refuse(`format ${String(header?.format)}`);
  const version = Number(store.sqlite.pragma("user_version", { simple: true }));
  if (header.schemaVersion !== version)
    throw refuse(`schema version ${header.schemaVersion}, this database's is ${version}`);
  const names = (header.tables ?? []).map((table) => table.name);
  if (names.join() !== snapshotTables.join()) throw refuse(`tables ${names.join(", ")}`);
  const odd = header.tables.find((table) => !Number.isSafeInteger(table.rows) || table.rows < 0);
  if (odd) throw refuse(`${odd.name}'s row count ${JSON.stringify(odd.rows)}`);
  const total = header.tables.reduce((sum, table) => sum + table.rows, 1);
  const count = countLines(bytes);
  if (total !== count) throw refuse(`${count - 1} rows, its header says ${total - 1}`);
  let line = 1;
  store.sqlite.transaction(() => {
    for (const table of header.tables) {
      const stored = store.sqlite
        .prepare<[], { name: string; hidden: number }>(`PRAGMA table_xinfo("${table.name}")`)
        .all()
        .filter((column) => column.hidden === 0)
        .map((column) => column.name);
      if (stored.join() !== table.columns.join())
        throw refuse(
          `${table.name}'s columns ${table.columns.join(", ")}, this database's ${stored.join(", ")}`,
        );
      const insert = store.sqlite.prepare(
        `INSERT INTO "${table.name}" (${stored.map((column) => `"${column}"`).join(", ")}) VALUES (${stored.map(() => "?").join(", ")})`,
      );
      for (let k = 0; k < table.rows; k++, line++) {
        const row = parseRow(lines.next().value ?? "");
        if (!row || row.length !== stored.length)
          throw refuse(`line ${line + 1} is not a row of ${table.name}`);
        insert.run(row);
      }
    }
  })();
  return header;
}

/** The lines of NDJSON bytes, each decoded alone; a last newline ends the last line. */
function* linesOf(bytes: Buffer): Generator<string, undefined> {
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(10, start);
    const end = newline < 0 ? bytes.length : newline;
    yield bytes.toString("utf8", start, end);
    start = end + 1;
  }
  return undefined;
}

function countLines(bytes: Buffer): number {
  let lines = 0;
  for (let start = 0; start < bytes.length; lines++) {
    const newline = bytes.indexOf(10, start);
    start = newline < 0 ? bytes.length : newline + 1;
  }
  return lines;
}

type Value = string | number | bigint | null;

/**
 * One row of the snapshot: a JSON array of integers, numbers, strings and nulls, its integers
 * parsed exactly (JSON.parse would round those past 2^53). Undefined: not such an array.
 */
export function parseRow(text: string): Value[] | undefined {
  if (!text.startsWith("[") || !text.endsWith("]")) return undefined;
  const values: Value[] = [];
  let i = 1;
  const end = text.length - 1;
  if (i === end) return values;
  for (;;) {
    let next: number;
    if (text[i] === '"') {
      next = i + 1;
      while (next < end && text[next] !== '"') next += text[next] === "\\" ? 2 : 1;
      next++;
      try {
        values.push(JSON.parse(text.slice(i, next)) as string);
      } catch {
        return undefined;
      }
    } else {
      next = i;
      while (next < end && text[next] !== ",") next++;
      const token = text.slice(i, next);
      if (token === "null") values.push(null);
      else if (/^-?\d+$/.test(token)) {
        const number = Number(token);
        values.push(Number.isSafeInteger(number) ? number : BigInt(token));
      } else if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(token)) values.push(Number(token));
      else return undefined;
    }
    if (next === end) return values;
    if (text[next] !== ",") return undefined;
    i = next + 1;
  }
}
