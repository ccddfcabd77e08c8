import { gunzipSync, gzipSync, inflateRawSync } from "node:zlib";
import { afterEach, describe, expect, test } from "vitest";
import { dumpSnapshot } from "./dumpSnapshot.js";
import { loadSnapshot, parseRow } from "./loadSnapshot.js";
import { type Database, openDatabase } from "./openDatabase.js";

const opened: Database[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});
const open = () => {
  const store = openDatabase(":memory:");
  opened.push(store);
  return store;
};

/** A database with a chain, a provider and a close whose tokens pass 2^53. */
function source(): Database {
  const store = open();
  store.sqlite
    .prepare(
      `INSERT INTO chains (chain_id, contract, from_block, block_number, block_hash, block_timestamp, synced_at)
       VALUES (31337, '0xabc', 0, 120, '0xhash', 1700000000, 1700000100)`,
    )
    .run();
  store.sqlite.prepare("INSERT INTO providers (ref, address) VALUES (1, '0xa1')").run();
  store.sqlite
    .prepare(
      `INSERT INTO closes (chain_id, session_id, block_number, log_index, kind, provider_ref, closed_at, opened_at,
         ends_at, closeout_type, tokens, token_counted, ttft_ms, tps)
       VALUES (31337, '0x01', 101, 0, 'v2', 1, 1700000001, 1699990000, 1700003600, '0', ?, 1, 250, 4000)`,
    )
    .run(2n ** 53n + 1n);
  return store;
}

describe("loadSnapshot", () => {
  test("default: a dumped database loaded into a new one dumps the same bytes; integers past 2^53 exact", () => {
    const dumped = dumpSnapshot(source().sqlite);
    const loaded = open();
    loadSnapshot(loaded, dumped);
    expect(Buffer.from(dumpSnapshot(loaded.sqlite)).equals(Buffer.from(dumped))).toBe(true);
    const tokens = loaded.sqlite.prepare("SELECT tokens FROM closes").safeIntegers(true).pluck().get();
    expect(tokens).toBe(2n ** 53n + 1n);
  });

  test("behavior: a snapshot past 4 MiB of text, deflated a piece at a time into one gzip member, loads row for row", () => {
    const big = source();
    const insert = big.sqlite.prepare(
      `INSERT INTO closes (chain_id, session_id, block_number, log_index, kind, provider_ref, closed_at, opened_at,
         ends_at, closeout_type, tokens, token_counted, ttft_ms, tps)
       VALUES (31337, ?, ?, 0, 'v2', 1, 1700000001, 1699990000, 1700003600, '0', 10, 1, 250, 4000)`,
    );
    big.sqlite.transaction(() => {
      for (let n = 2; n < 40_000; n++) insert.run(`0x${n.toString(16).padStart(64, "0")}`, 100 + n);
    })();
    const dumped = dumpSnapshot(big.sqlite);
    // One deflate stream between gzip's header and trailer, of more than one piece.
    expect(inflateRawSync(dumped.subarray(10, -8)).length).toBeGreaterThan(4 << 20);
    const loaded = open();
    loadSnapshot(loaded, dumped);
    expect(loaded.sqlite.prepare("SELECT COUNT(*) FROM closes").pluck().get()).toBe(39_999);
    expect(Buffer.from(dumpSnapshot(loaded.sqlite)).equals(dumped)).toBe(true);
  });

  test("error: another format, a row short, a row missing or in excess: refused, nothing loaded", () => {
    const text = gunzipText(dumpSnapshot(source().sqlite));
    const [header, ...rows] = text.trimEnd().split("\n");
    const variants = [
      [header?.replace("snapshot/1", "snapshot/9"), ...rows],
      [header, ...rows.slice(0, -1)],
      [header, ...rows, rows.at(-1)],
      [header, ...rows.slice(0, -1), (rows.at(-1) as string).replace(/,[^,]*\]$/, "]")],
    ];
    for (const lines of variants) {
      const loaded = open();
      expect(() => loadSnapshot(loaded, gzipSync(`${lines.join("\n")}\n`))).toThrow(/Not a snapshot/);
      expect(loaded.sqlite.prepare("SELECT count(*) FROM chains").pluck().get()).toBe(0);
    }
    expect(() => loadSnapshot(open(), Buffer.from("not gzip"))).toThrow(/not gzip/);
  });

  test("error: a header whose row counts are not whole numbers of rows: refused, nothing loaded", () => {
    const text = gunzipText(dumpSnapshot(source().sqlite));
    const [first, ...rows] = text.trimEnd().split("\n");
    const header = JSON.parse(first as string) as { tables: Array<{ name: string; rows: unknown }> };
    // Counts that add up to the lines there are, but are not counts: the rows would go to other tables.
    const chains = header.tables.find((table) => table.name === "chains") as { rows: unknown };
    const providers = header.tables.find((table) => table.name === "providers") as { rows: unknown };
    for (const [a, b] of [
      [-1, 3],
      [0.5, 1.5],
      ["1", 1],
    ]) {
      chains.rows = a;
      providers.rows = b;
      const loaded = open();
      expect(() =>
        loadSnapshot(loaded, gzipSync(`${[JSON.stringify(header), ...rows].join("\n")}\n`)),
      ).toThrow(/Not a snapshot.*row count/);
      expect(loaded.sqlite.prepare("SELECT count(*) FROM chains").pluck().get()).toBe(0);
    }
  });

  test("parseRow: strings with commas, quotes and brackets, nulls, numbers; not an array: undefined", () => {
    expect(parseRow('["a,b]","c\\"d",null,-3,1.5,18446744073709551615]')).toEqual([
      "a,b]",
      'c"d',
      null,
      -3,
      1.5,
      18446744073709551615n,
    ]);
    expect(parseRow("[]")).toEqual([]);
    expect(parseRow("[1,,2]")).toBeUndefined();
    expect(parseRow("{}")).toBeUndefined();
    expect(parseRow("[true]")).toBeUndefined();
  });
});

function gunzipText(gzip: Uint8Array): string {
  return gunzipSync(gzip).toString("utf8");
}
