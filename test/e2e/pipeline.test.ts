import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import type { History, HistoryClose, HistorySession } from "../../src/devchain/history.js";
import { signedClose } from "../../tooling/devchain/signedClose.js";
import { copyState } from "../support/copyState.js";
import { diffFiles } from "../support/diffFiles.js";
import { expectedOn } from "../support/expectedFor.js";
import { readPublished, readPublishedJson, readRunTime } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { userAddresses } from "../support/userAddresses.js";
import { useTempDir } from "../support/useTempDir.js";

const endTime = Date.UTC(2026, 2, 1, 7, 30, 0) / 1000; // 2026-03-01: the month after a 28-day February
const id = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as const;

/** Sessions placed on the edges SPEC.md defines, on top of a generated history. */
function edgeSessions(history: History): HistorySession[] {
  const bid = history.bids[0];
  if (!bid) throw new Error("no bid");
  // Not mostly zeros: the privacy check searches for its hex, which must not be part of an id.
  const user = "0xe5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5" as const;
  const session = (n: number, openedAt: number, close?: HistoryClose): HistorySession => ({
    sessionId: id(n),
    user,
    bidId: bid.bidId,
    stake: 10n ** 18n,
    openedAt,
    endsAt: openedAt + 3600,
    ...(close ? { close } : {}),
  });
  const max = 2 ** 32 - 1;
  return [
    // Exactly as-of − 24 h: out of the 24h window; one second later: in.
    session(0xe1, endTime - 90_000, signedClose(id(0xe1), endTime - 86_400, 734, [10, 20])),
    session(0xe2, endTime - 90_000, signedClose(id(0xe2), endTime - 86_399, 1001, [30, 40])),
    // On the as-of time itself, and token counts near 2^32.
    session(0xe3, endTime - 3000, signedClose(id(0xe3), endTime, 2, [max, max])),
    // Stuck exactly at the grace edge (endsAt + 3600 = as-of) and one second short of it.
    { ...session(0xe4, endTime - 7200), endsAt: endTime - 3600 },
    { ...session(0xe5, endTime - 7200), endsAt: endTime - 3599 },
    // The last second of the leap-free February and the first of March.
    session(0xe6, endTime - 10 * 86_400, signedClose(id(0xe6), Date.UTC(2026, 2, 1) / 1000 - 1, 500, [1, 1])),
    session(0xe7, endTime - 10 * 86_400, signedClose(id(0xe7), Date.UTC(2026, 2, 1) / 1000, 600, [2, 2])),
    // A disputed close: the user wrote the receipt, here holding the user's own address (as text
    // and as an ABI word). It counts as a session and nothing else, and must be stored nowhere.
    session(0xe8, endTime - 5000, {
      closedAt: endTime - 4000,
      closeoutType: 1,
      receipt: `0x${user.slice(2).padStart(64, "0")}${Buffer.from(`user ${user}`).toString("hex")}`,
    }),
  ];
}

describe("pipeline, end to end through the CLI", () => {
  const generated = generateHistory({ seed: 7, days: 400, sessionsPerDay: 12, endTime });
  const history: History = { ...generated, sessions: [...generated.sessions, ...edgeSessions(generated)] };
  const chain = useDevChain(history);
  const dir = useTempDir("mor-e2e-");

  const args = (db: string, out: string, ...more: string[]) => runArgs(chain, { db, out }, "--json", ...more);

  type Summary = {
    sync: {
      chains: Array<{ toBlock: number; blocksSynced: number; rpc: { rpcCalls: number; reader: string } }>;
    };
    build: { asOf: number };
  };
  /**
   * One cold `run` of the whole history, which the tests below read (and copy where they run
   * again): a cold run of this history is the file's costliest step.
   */
  const cold = { db: "", out: "", summary: undefined as unknown as Summary };
  beforeAll(async () => {
    cold.db = join(dir, "a.sqlite");
    cold.out = join(dir, "out");
    cold.summary = parseJson<Summary>(await runCli(args(cold.db, cold.out)));
  });

  test("default: `run` publishes every file exactly as SPEC.md computes it", async () => {
    const { out, summary } = cold;
    expect(summary.sync.chains[0]?.toBlock).toBe(chain.lastBlock);
    expect(summary.build.asOf).toBe(endTime);
    const published = readPublishedJson(out);
    expect(diffFiles(published, await expectedOn(chain, history, { asOf: endTime }))).toEqual([]);
    // The edges are really exercised: a token count past 2^32 and the 24 h window's edge.
    expect((published["summary.json"] as { "24h": { sessions: number } })["24h"].sessions).toBeGreaterThan(0);
    const chainFiles = [
      "rollup/by-model-daily.json",
      "rollup/by-provider-daily.json",
      "rollup/daily.json",
      "rollup/hourly.json",
      "rollup/monthly.json",
      "stuck-sessions.json",
      "summary.json",
    ];
    expect(Object.keys(readPublished(out)).sort()).toEqual(
      [
        "audit.json",
        ...chainFiles.map((path) => `chains/31337/${path}`),
        "changes.json",
        "market.atom",
        "market.json",
        "meta.json",
        "models.json",
        "openapi.json",
        "providers.json",
        ...chainFiles,
        ...[
          "audit",
          "bucket",
          "by-model-daily",
          "by-provider-daily",
          "changes",
          "market",
          "meta",
          "models",
          "pair-window",
          "providers",
          "rollup",
          "series-bucket",
          "stuck-sessions",
          "summary",
          "window",
        ].map((name) => `schemas/${name}.schema.json`),
      ].sort(),
    );
    // With one chain configured, its own files are the top level's, byte for byte.
    const files = readPublished(out);
    for (const path of chainFiles) expect(files[`chains/31337/${path}`]).toBe(files[path]);
  });

  test("behavior: the same database gives byte-identical files; batch reads equal Multicall3 reads", async () => {
    const first = cold.out;
    const second = join(dir, "second");
    parseJson(await runCli(["build", "--db", cold.db, "--out", second, "--json"]));
    expect(readPublished(second)).toEqual(readPublished(first));
    const batch = join(dir, "batch");
    const result = parseJson<Summary>(await runCli(args(join(dir, "c.sqlite"), batch, "--no-multicall")));
    expect(cold.summary.sync.chains[0]?.rpc.reader).toBe("multicall");
    expect(result.sync.chains[0]?.rpc.reader).toBe("batch");
    expect(readPublished(batch)).toEqual(readPublished(first));
  });

  test("behavior: a second run with nothing new changes nothing but when it ran, and reads nothing twice", async () => {
    const { db, out } = copyState(cold, dir, "warm");
    const before = readPublished(out);
    const coldTime = readRunTime(out);
    // The wall clock moves on by a second at least: the run's time is what changes.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const warm = parseJson<Summary>(await runCli(args(db, out)));
    expect(warm.sync.chains[0]?.blocksSynced).toBe(0);
    expect(readPublished(out)).toEqual(before);
    expect(readRunTime(out)).toBeGreaterThan(coldTime);
    // Chain id; code of Multicall3 and of the contract and the head (for --from-block), in one
    // batch; five head samples; the target's header; the stored hash; the model names; the
    // contract's counters: no logs, sessions or bids.
    expect(warm.sync.chains[0]?.rpc.rpcCalls).toBeLessThanOrEqual(12);
    expect(cold.summary.sync.chains[0]?.rpc.rpcCalls).toBeGreaterThan(warm.sync.chains[0]?.rpc.rpcCalls ?? 0);
  });

  test("behavior: no published file, and nothing in the database, holds a user's address", async () => {
    const { db, out } = cold;
    const text = Object.values(readPublished(out)).join("\n").toLowerCase();
    // The database file byte for byte (tables, indexes, free pages): as hex text in any case,
    // and as the 20 raw bytes a blob or a topic would hold.
    const file = readFileSync(db);
    expect(existsSync(`${db}-wal`)).toBe(false);
    const fileText = file.toString("latin1").toLowerCase();
    const users = userAddresses(history);
    expect(users.length).toBeGreaterThan(10);
    for (const user of users) {
      expect(text).not.toContain(user.slice(2));
      expect(fileText).not.toContain(user.slice(2));
      expect(file.indexOf(Buffer.from(user.slice(2), "hex"))).toBe(-1);
    }
    // The search can find what is there: every provider's address is in the database.
    const provider = history.bids[0]?.provider.toLowerCase() as string;
    expect(fileText).toContain(provider.slice(2));
  });

  test("behavior: `validate` accepts what was published, rejects a foreign bucket, a broken, missing or unparsable file", async () => {
    const { out } = cold;
    const valid = await runCli(["validate", out, "--json"]);
    expect(valid.code).toBe(0);
    expect(JSON.parse(valid.stdout)).toMatchObject({ valid: true, problems: [] });
    const meta = JSON.parse(readFileSync(join(out, "api/throughput/meta.json"), "utf8"));
    expect(meta).toMatchObject({
      chainId: 31337,
      toBlock: chain.lastBlock,
      asOf: endTime,
      schemaVersion: "1.3.0",
    });

    // A copy with a foreign bucket, a file that breaks its schema, one missing, one not JSON.
    const broken = join(dir, "validate-broken");
    cpSync(join(out, "current"), broken, { recursive: true, dereference: true });
    const api = join(broken, "api/throughput");
    writeFileSync(join(api, "rollup/weekly.json"), '{"bucket":"weekly","series":[]}');
    writeFileSync(join(api, "rollup/hourly.json"), '{"bucket":"hourly","series":[{"ts":1.5}]}');
    rmSync(join(api, "summary.json"));
    writeFileSync(join(api, "stuck-sessions.json"), "{");
    const invalid = await runCli(["validate", broken, "--json"]);
    expect(invalid.code).toBe(1);
    const report = JSON.parse(invalid.stdout) as { valid: boolean; problems: string[] };
    expect(report.valid).toBe(false);
    expect(report.problems).toEqual([
      "summary.json: missing",
      ...["tokens", "sessions", "tokenSessions", "seconds", "earned", "disputed"].map(
        (field) =>
          `rollup/hourly.json: /series/0 must have required property '${field}' (missingProperty: ${field})`,
      ),
      "rollup/hourly.json: /series/0/ts must be integer (type: integer)",
      "rollup/hourly.json: /series/0 must have required property 'providers' (missingProperty: providers)",
      "rollup/hourly.json: /series/0 must have required property 'models' (missingProperty: models)",
      expect.stringMatching(/^stuck-sessions\.json: not JSON \(/),
      "rollup/weekly.json: not part of the API (SPEC.md allows no other file here)",
    ]);
    expect(invalid.stderr).toMatch(/is not a valid publication \(12 problem\(s\)\)/);
  });
});
