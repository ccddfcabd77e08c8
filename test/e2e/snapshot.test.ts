import { createHash } from "node:crypto";
import { once } from "node:events";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import Sqlite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import type { History, HistorySession } from "../../src/devchain/history.js";
import { createStaticServer } from "../../src/publish/createStaticServer.js";
import type { SnapshotHeader } from "../../src/store/dumpSnapshot.js";
import { loadSnapshot } from "../../src/store/loadSnapshot.js";
import { openDatabase } from "../../src/store/openDatabase.js";
import { readPublished } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { userAddresses } from "../support/userAddresses.js";
import { useTempDir } from "../support/useTempDir.js";

const endTime = Date.UTC(2026, 2, 1, 7, 30, 0) / 1000;
const api = (out: string) => join(out, "api", "throughput");
type Named = { path: string; bytes: number; sha256: string };
const metaOf = (out: string) =>
  JSON.parse(readFileSync(join(api(out), "meta.json"), "utf8")) as { releaseKey: string; snapshot?: Named };
/** The published files, the snapshot and meta.json's naming of it left out (updatedAt blanked). */
function withoutSnapshot(out: string): Record<string, string> {
  const { "snapshot.ndjson.gz": _, ...files } = readPublished(out);
  const { snapshot: __, ...meta } = JSON.parse(files["meta.json"] as string);
  return { ...files, "meta.json": JSON.stringify(meta) };
}
const snapshotOf = (out: string) => readFileSync(join(api(out), "snapshot.ndjson.gz"));

/** A disputed close whose receipt (written by the user) holds the user's address: stored nowhere. */
function disputedByUser(history: History): HistorySession {
  const bid = history.bids[0];
  if (!bid) throw new Error("no bid");
  const user = "0xe5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5" as const;
  return {
    sessionId: `0x${"e8".padStart(64, "0")}`,
    user,
    bidId: bid.bidId,
    stake: 10n ** 18n,
    openedAt: endTime - 5000,
    endsAt: endTime - 1400,
    close: {
      closedAt: endTime - 4000,
      closeoutType: 1,
      receipt: `0x${user.slice(2).padStart(64, "0")}${Buffer.from(`user ${user}`).toString("hex")}`,
    },
  };
}

describe("the snapshot of the index (build --snapshot)", () => {
  const generated = generateHistory({ seed: 11, days: 30, sessionsPerDay: 10, endTime });
  const history: History = { ...generated, sessions: [...generated.sessions, disputedByUser(generated)] };
  const chain = useDevChain(history);
  const dir = useTempDir("mor-snapshot-");
  const db = () => join(dir, "a.sqlite");
  const out = join(dir, "out");
  let server: Server | undefined;

  beforeAll(async () => {
    parseJson(await runCli(runArgs(chain, { db: db(), out }, "--json", "--snapshot")));
  });
  afterAll(() => server?.close());

  test("default: `run --snapshot` publishes it beside the API, named in meta.json with its size and hash; its header and rows are the database's", () => {
    const named = metaOf(out).snapshot;
    const bytes = snapshotOf(out);
    expect(named).toEqual({
      path: "snapshot.ndjson.gz",
      bytes: bytes.byteLength,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
    const lines = gunzipSync(bytes).toString("utf8").trimEnd().split("\n");
    const header = JSON.parse(lines[0] as string) as SnapshotHeader;
    const sqlite = new Sqlite(db(), { readonly: true });
    try {
      expect(header.schemaVersion).toBe(sqlite.pragma("user_version", { simple: true }));
      let line = 1;
      for (const table of header.tables) {
        expect(table.rows, table.name).toBe(
          sqlite.prepare(`SELECT count(*) FROM ${table.name}`).pluck().get(),
        );
        for (const row of lines.slice(line, line + table.rows))
          expect((JSON.parse(row) as unknown[]).length).toBe(table.columns.length);
        line += table.rows;
      }
      expect(line).toBe(lines.length);
      const closes = header.tables.find((table) => table.name === "closes");
      expect(closes?.rows).toBeGreaterThan(100);
    } finally {
      sqlite.close();
    }
  });

  test("behavior: the same database gives the same bytes; the release key does not depend on the snapshot; one close changed changes the bytes", async () => {
    const again = join(dir, "again");
    parseJson(await runCli(["build", "--db", db(), "--out", again, "--snapshot", "--json"]));
    expect(snapshotOf(again).equals(snapshotOf(out))).toBe(true);
    expect(metaOf(again).snapshot).toEqual(metaOf(out).snapshot);
    const without = join(dir, "without");
    parseJson(await runCli(["build", "--db", db(), "--out", without, "--json"]));
    expect(metaOf(without).snapshot).toBeUndefined();
    expect(metaOf(without).releaseKey).toBe(metaOf(out).releaseKey);

    const changedDb = join(dir, "changed.sqlite");
    cpSync(db(), changedDb);
    const sqlite = new Sqlite(changedDb);
    sqlite
      .prepare("UPDATE closes SET ttft_ms = ttft_ms + 1 WHERE rowid = (SELECT min(rowid) FROM closes)")
      .run();
    sqlite.close();
    const changed = join(dir, "changed");
    parseJson(await runCli(["build", "--db", changedDb, "--out", changed, "--snapshot", "--json"]));
    expect(metaOf(changed).snapshot?.sha256).not.toBe(metaOf(out).snapshot?.sha256);
  });

  test("behavior: a database loaded from the snapshot builds the same files, byte for byte, and its sync goes on from the snapshot's last block", async () => {
    const loadedDb = join(dir, "loaded.sqlite");
    const loaded = openDatabase(loadedDb);
    loadSnapshot(loaded, snapshotOf(out));
    loaded.close();
    const built = join(dir, "loaded-build");
    parseJson(await runCli(["build", "--db", loadedDb, "--out", built, "--snapshot", "--json"]));
    expect(readPublished(built, { keepRunTime: true })).toEqual(readPublished(out, { keepRunTime: true }));
    expect(snapshotOf(built).equals(snapshotOf(out))).toBe(true);
    // The sync continues from the snapshot's checkpoint: nothing new to read, the same files.
    const ran = parseJson<{ sync: { chains: Array<{ blocksSynced: number; toBlock: number }> } }>(
      await runCli(runArgs(chain, { db: loadedDb, out: join(dir, "loaded-run") }, "--json")),
    );
    expect(ran.sync.chains.map((one) => [one.blocksSynced, one.toBlock])).toEqual([[0, chain.lastBlock]]);
    expect(withoutSnapshot(join(dir, "loaded-run"))).toEqual(withoutSnapshot(built));
  });

  test("behavior: the snapshot holds no user's address, in any case, as text or as raw bytes", () => {
    const bytes = snapshotOf(out);
    const raw = gunzipSync(bytes);
    const text = raw.toString("latin1").toLowerCase();
    const users = userAddresses(history);
    expect(users.length).toBeGreaterThan(10);
    for (const user of users) {
      expect(text).not.toContain(user.slice(2));
      expect(raw.indexOf(Buffer.from(user.slice(2), "hex"))).toBe(-1);
      expect(bytes.indexOf(Buffer.from(user.slice(2), "hex"))).toBe(-1);
    }
    // The search can find what is there: a provider's address is in it.
    const provider = history.bids[0]?.provider.toLowerCase() as string;
    expect(text).toContain(provider.slice(2));
  });

  test("error: `validate` finds a snapshot of another size or hash (exit 1) and accepts the honest one, as a directory and through its URL", async () => {
    const valid = await runCli(["validate", out, "--deep", "--json"]);
    expect(valid.code, valid.stdout).toBe(0);
    server = createStaticServer(join(out, "current")).listen(0, "127.0.0.1");
    await once(server, "listening");
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    const remote = await runCli(["validate", url, "--json"]);
    expect(remote.code, remote.stdout).toBe(0);

    const { bytes, sha256 } = metaOf(out).snapshot as Named;
    const longer = join(dir, "longer");
    cpSync(join(out, "current"), longer, { recursive: true, dereference: true });
    writeFileSync(
      join(api(longer), "snapshot.ndjson.gz"),
      Buffer.concat([snapshotOf(out), Buffer.from([0])]),
    );
    const tampered = join(dir, "tampered");
    cpSync(join(out, "current"), tampered, { recursive: true, dereference: true });
    const altered = Buffer.from(snapshotOf(out));
    altered[20] = (altered[20] as number) ^ 1;
    writeFileSync(join(api(tampered), "snapshot.ndjson.gz"), altered);

    const size = await runCli(["validate", longer, "--json"]);
    expect(size.code).toBe(1);
    expect(JSON.parse(size.stdout).problems).toContain(
      `snapshot.ndjson.gz: ${bytes + 1} bytes, meta.json says ${bytes}`,
    );
    const hash = await runCli(["validate", tampered, "--json"]);
    expect(hash.code).toBe(1);
    const problems = JSON.parse(hash.stdout).problems as string[];
    expect(problems).toEqual([
      `snapshot.ndjson.gz: SHA-256 ${createHash("sha256").update(altered).digest("hex")}, meta.json says ${sha256}`,
    ]);
  });
});
