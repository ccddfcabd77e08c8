import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { beforeAll, describe, expect, test } from "vitest";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import type { SnapshotHeader } from "../../src/store/dumpSnapshot.js";
import { freePort } from "../../tooling/process/freePort.js";
import { readPublished } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { useServedDirectories } from "../support/useServedDirectories.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * `run --bootstrap <site>` against a site that `run --snapshot` published from a dev chain a few
 * blocks behind its head, served locally: the bootstrapped deployment publishes what one that
 * backfilled from the chain does; a snapshot with a close removed or altered (its size and hash in
 * meta.json made right again, as a forger would) is refused with nothing written; a site that does
 * not answer is exit 75; a database that exists, exit 1.
 */
const endTime = Date.UTC(2026, 8, 1, 12) / 1000;
const history = generateHistory({ seed: 43, days: 2, sessionsPerDay: 12, endTime });
const api = "api/throughput";

describe("run --bootstrap <site>", () => {
  // One block an hour (spans aligned to UTC hours), as on a real chain a close's closedAt is its block's time.
  const chain = useDevChain(history, { write: { blockSpanSeconds: 3600 } });
  const dir = useTempDir("mor-bootstrap-");
  let site: string;

  const serve = useServedDirectories();
  /** A copy of the site whose snapshot's rows `change` rewrites, meta.json's size and hash made its own again. */
  async function forged(name: string, change: (header: SnapshotHeader, rows: string[]) => string[]) {
    const root = join(dir, `${name}-site`);
    cpSync(join(dir, "site", "current"), root, { recursive: true, dereference: true });
    const path = join(root, api, "snapshot.ndjson.gz");
    const [first, ...rows] = gunzipSync(readFileSync(path)).toString("utf8").trimEnd().split("\n");
    const header = JSON.parse(first as string) as SnapshotHeader;
    const changed = change(header, rows);
    const bytes = gzipSync(`${[JSON.stringify(header), ...changed].join("\n")}\n`);
    writeFileSync(path, bytes);
    const metaPath = join(root, api, "meta.json");
    const meta = JSON.parse(readFileSync(metaPath, "utf8"));
    meta.snapshot = {
      ...meta.snapshot,
      bytes: bytes.byteLength,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    };
    writeFileSync(metaPath, JSON.stringify(meta, null, 2));
    return serve(root);
  }

  /** The closes' rows: where they start among the rows, and how many. */
  const closesOf = (header: SnapshotHeader) => {
    let start = 0;
    for (const table of header.tables) {
      if (table.name === "closes") return { start, table };
      start += table.rows;
    }
    throw new Error("no closes");
  };

  const bootstrap = (url: string, name: string, ...more: string[]) =>
    runCli(
      runArgs(
        chain,
        { db: join(dir, name, "db.sqlite"), out: join(dir, name, "out") },
        "--bootstrap",
        url,
        "--rpc-retries",
        "0",
        "--json",
        ...more,
      ),
    );

  beforeAll(async () => {
    // The site: published a few blocks behind the head, with its snapshot.
    const built = await runCli(
      runArgs(
        chain,
        { db: join(dir, "site.sqlite"), out: join(dir, "site") },
        "--snapshot",
        "--to-block",
        String(chain.lastBlock - 5),
      ),
    );
    expect(built.code, built.stderr).toBe(0);
    site = await serve(join(dir, "site", "current"));
  });

  test("a good snapshot: verified, then synced on from its last block: the files of a deployment that backfilled from the chain, byte for byte", async () => {
    const result = await bootstrap(site, "good", "--seed", "5");
    expect(result.code, result.stderr).toBe(0);
    const run = parseJson<{
      bootstrap: {
        seed: number;
        chains: Array<{ pairs: number; toBlock: number; hours: Array<{ closes: number }> }>;
      };
      sync: { chains: Array<{ blocksSynced: number; toBlock: number }> };
    }>(result);
    expect(run.bootstrap.seed).toBe(5);
    const [checked] = run.bootstrap.chains;
    expect(checked?.toBlock).toBe(chain.lastBlock - 5);
    expect(checked?.pairs).toBeGreaterThan(0);
    expect(checked?.hours).toHaveLength(3);
    expect(checked?.hours.every((hour) => hour.closes > 0)).toBe(true);
    // The sync went on from the snapshot's last block: the five blocks after it, no more.
    expect(run.sync.chains.map((one) => [one.blocksSynced, one.toBlock])).toEqual([[5, chain.lastBlock]]);

    const backfilled = await runCli(
      runArgs(chain, { db: join(dir, "backfilled.sqlite"), out: join(dir, "backfilled") }),
    );
    expect(backfilled.code, backfilled.stderr).toBe(0);
    expect(readPublished(join(dir, "good", "out"))).toEqual(readPublished(join(dir, "backfilled")));
  });

  test("a snapshot with one close removed: the contract's counters disagree, refused (exit 1), nothing written", async () => {
    const url = await forged("removed", (header, rows) => {
      const { start, table } = closesOf(header);
      table.rows--;
      return rows.filter((_, i) => i !== start);
    });
    const result = await bootstrap(url, "removed");
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/disagrees with the chain/);
    expect(result.stderr).toMatch(/closes: the snapshot says \d+, the chain \d+/);
    expect(existsSync(join(dir, "removed"))).toBe(false);
  });

  test("a snapshot with one close's tokens altered: its hour recomputed from the chain disagrees, refused (exit 1), nothing written", async () => {
    let session = "";
    const url = await forged("altered", (header, rows) => {
      const { start, table } = closesOf(header);
      const tokens = table.columns.indexOf("tokens");
      const k = rows.slice(start, start + table.rows).findIndex((row) => Number(JSON.parse(row)[tokens]) > 0);
      const row = JSON.parse(rows[start + k] as string) as unknown[];
      row[tokens] = Number(row[tokens]) + 1;
      session = row[table.columns.indexOf("session_id")] as string;
      return rows.map((line, i) => (i === start + k ? JSON.stringify(row) : line));
    });
    expect(session).not.toBe("");
    // Every hour with closes recomputed: the altered one among them.
    const result = await bootstrap(url, "altered", "--bootstrap-hours", "1000");
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      /snapshot: chains\/\d+\/rollup\/hourly\.json \d+ tokens: the snapshot says/,
    );
    expect(existsSync(join(dir, "altered"))).toBe(false);
  });

  test("a site that does not answer: exit 75, nothing written", async () => {
    const port = await freePort();
    const result = await bootstrap(`http://127.0.0.1:${port}/`, "down");
    expect(result.code, result.stderr).toBe(75);
    expect(existsSync(join(dir, "down"))).toBe(false);
  });

  test("a database that exists: exit 1, left as it was", async () => {
    const before = readdirSync(dir).sort();
    const result = await runCli(
      runArgs(chain, { db: join(dir, "site.sqlite"), out: join(dir, "again") }, "--bootstrap", site),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/--bootstrap starts a new database/);
    expect(readdirSync(dir).sort()).toEqual(before);
  });
});
