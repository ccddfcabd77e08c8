import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, test } from "vitest";
import { dumpSnapshot, type SnapshotHeader } from "./dumpSnapshot.js";
import { type Database, knownSchemaVersion, openDatabase } from "./openDatabase.js";
import { snapshotTables } from "./snapshotTables.js";

const opened: Database[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

const id = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

/** A database with a few rows in some tables, the closes inserted in the order given. */
function database(closeOrder: number[] = [2, 1]): Database {
  const store = openDatabase(":memory:");
  opened.push(store);
  const { sqlite } = store;
  sqlite
    .prepare(
      `INSERT INTO chains (chain_id, contract, from_block, block_number, block_hash, block_timestamp, synced_at)
       VALUES (31337, '0xabc', 0, 120, '0xhash', 1700000000, 1700000100)`,
    )
    .run();
  sqlite
    .prepare(
      "INSERT INTO endpoint_limits (chain_id, endpoint, range_size) VALUES (31337, 'endpoint-of-this-machine', 2000)",
    )
    .run();
  sqlite
    .prepare("INSERT INTO providers (ref, address) VALUES (1, '0x00000000000000000000000000000000000000A1')")
    .run();
  for (const n of closeOrder) {
    sqlite
      .prepare(
        `INSERT INTO closes (chain_id, session_id, block_number, log_index, kind, provider_ref, closed_at, opened_at,
           ends_at, closeout_type, tokens, token_counted, ttft_ms, tps)
         VALUES (31337, ?, ?, 0, 'v2', 1, ?, 1699990000, 1700003600, '0', ?, 1, 250, 4000)`,
      )
      .run(id(n), 100 + n, 1700000000 + n, n === 1 ? 2n ** 53n + 1n : 10);
  }
  return store;
}

function parse(gzip: Uint8Array): { header: SnapshotHeader; rows: unknown[][] } {
  const lines = gunzipSync(gzip).toString("utf8").split("\n");
  expect(lines.pop()).toBe("");
  return { header: JSON.parse(lines[0] as string), rows: lines.slice(1).map((line) => JSON.parse(line)) };
}

describe("dumpSnapshot", () => {
  test("default: a header naming the format, the schema version and each table's columns and rows, then the rows in table order", () => {
    const store = database();
    const { header, rows } = parse(dumpSnapshot(store.sqlite));
    expect(header.format).toBe("mor-throughput-snapshot/1");
    expect(header.schemaVersion).toBe(knownSchemaVersion());
    expect(header.tables.map((table) => table.name)).toEqual([...snapshotTables]);
    for (const table of header.tables) {
      const count = store.sqlite.prepare(`SELECT count(*) FROM ${table.name}`).pluck().get();
      expect(table.rows, table.name).toBe(count);
    }
    expect(rows.length).toBe(header.tables.reduce((sum, table) => sum + table.rows, 0));
    // The generated columns (day, facts) are left out: a database computes them itself.
    const closes = header.tables.find((table) => table.name === "closes");
    expect(closes?.columns).not.toContain("day");
    expect(closes?.columns).not.toContain("facts");
    expect(closes?.columns.slice(0, 3)).toEqual(["chain_id", "session_id", "block_number"]);
    expect(rows[0]).toEqual([
      31337,
      "0xabc",
      0,
      null,
      120,
      "0xhash",
      1700000000,
      null,
      null,
      1700000100,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  test("behavior: rows sorted by primary key whatever order they were written in; integers past 2^53 exact", () => {
    const one = dumpSnapshot(database([2, 1]).sqlite);
    const other = dumpSnapshot(database([1, 2]).sqlite);
    expect(Buffer.from(one).equals(Buffer.from(other))).toBe(true);
    const text = gunzipSync(one).toString("utf8");
    expect(text.indexOf(`"${id(1)}"`)).toBeLessThan(text.indexOf(`"${id(2)}"`));
    expect(text).toContain(`,${2n ** 53n + 1n},`);
  });

  test("behavior: the same database gives the same bytes (gzip without time or name); one close changed changes them", () => {
    const store = database();
    const first = dumpSnapshot(store.sqlite);
    expect(Buffer.from(dumpSnapshot(store.sqlite)).equals(Buffer.from(first))).toBe(true);
    // gzip's header: no file name flag, mtime 0, level 6 (no extra flag), the OS byte fixed to Unix.
    expect([...first.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
    store.sqlite.prepare("UPDATE closes SET ttft_ms = 251 WHERE session_id = ?").run(id(2));
    expect(Buffer.from(dumpSnapshot(store.sqlite)).equals(Buffer.from(first))).toBe(false);
  });

  test("behavior: every table of the database is in the snapshot but this machine's endpoints and the migrations' record", () => {
    const store = database();
    const tables = store.sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    const leftOut = tables.filter((name) => !(snapshotTables as readonly string[]).includes(name));
    expect(leftOut).toEqual(["__drizzle_migrations", "endpoint_limits"]);
    expect(gunzipSync(dumpSnapshot(store.sqlite)).toString("utf8")).not.toContain("endpoint-of-this-machine");
  });
});
