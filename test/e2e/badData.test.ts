import { readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { type Address, concat, getAddress, type Hex, keccak256, stringToHex, zeroAddress } from "viem";
import { describe, expect, test } from "vitest";
import { encodeReceipt } from "../../src/devchain/encodeReceipt.js";
import type { History, HistorySession } from "../../src/devchain/history.js";
import { signedClose } from "../../tooling/devchain/signedClose.js";
import { diffFiles } from "../support/diffFiles.js";
import { expectedOn } from "../support/expectedFor.js";
import { readPublished, readPublishedJson } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { runCli } from "../support/runCli.js";
import { treeState } from "../support/treeState.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";

const id = (label: string): Hex => keccak256(stringToHex(label));
const address = (label: string): Address => getAddress(`0x${id(label).slice(-40)}`);
const endTime = Date.UTC(2026, 5, 15, 12, 0, 0) / 1000;
const max = 2 ** 32 - 1;

/** `length` deterministic bytes that mean nothing. */
function garbage(label: string, length: number): Hex {
  const words: Hex[] = [];
  for (let k = 0; k * 32 < length; k++) words.push(id(`${label} ${k}`));
  return `0x${concat(words).slice(2, 2 + 2 * length)}`;
}

const longName = `${"ü".repeat(5000)}${"a".repeat(5000)}`; // 10,000 characters, 15,000 bytes
const nastyName = 'quote " backslash \\ newline \n nul \u0000 </script> \u2028';

/** One session of each kind of bad data CHAIN.md warns about, and a few good ones around them. */
function badHistory(): History {
  const models = [
    { modelId: id("model ok"), name: "Model OK" },
    { modelId: id("model long"), name: longName },
    { modelId: id("model invalid utf-8"), name: { rawHex: "0x4142ff43c0afe282" as Hex } },
    { modelId: id("model nasty"), name: nastyName },
    { modelId: id("model reverts"), name: "never read", reverts: true },
  ];
  const bid = (label: string, provider: Address, model: string, reverts?: boolean) => ({
    bidId: id(`bid ${label}`),
    provider,
    modelId: id(`model ${model}`),
    ...(reverts ? { reverts } : {}),
  });
  const bids = [
    bid("ok", address("provider a"), "ok"),
    bid("long", address("provider b"), "long"),
    bid("invalid utf-8", address("provider a"), "invalid utf-8"),
    bid("nasty", address("provider b"), "nasty"),
    bid("model reverts", address("provider a"), "reverts"),
    bid("zero provider", zeroAddress, "ok"),
    bid("reverts", address("provider c"), "ok", true),
  ];

  let n = 0;
  const session = (
    bidLabel: string,
    close?: { receipt?: Hex | ((sessionId: Hex) => Hex); closeoutType?: number },
    extra: Partial<HistorySession> = {},
  ): HistorySession => {
    n++;
    const sessionId = id(`session ${n}`);
    const closedAt = endTime - n * 3000;
    const signed = signedClose(sessionId, closedAt, 100 * n, [1000 + n, 200 + n]).receipt;
    const receipt =
      typeof close?.receipt === "function" ? close.receipt(sessionId) : (close?.receipt ?? signed);
    return {
      sessionId,
      user: address(`user ${n}`),
      bidId: id(`bid ${bidLabel}`),
      stake: 10n ** 18n,
      openedAt: closedAt - 1200,
      endsAt: closedAt + 600,
      ...(close ? { close: { closedAt, closeoutType: close.closeoutType ?? 0, receipt } } : {}),
      ...extra,
    };
  };
  const v2 = (sessionId: Hex, tokens: [number, number]) =>
    encodeReceipt({
      sessionId,
      chainId: 8453,
      timestamp: endTime - 10,
      tpsScaled1000: 1,
      ttftMs: 77,
      inputTokens: tokens[0],
      outputTokens: tokens[1],
    });
  const sessions = [
    session("ok", {}),
    session("ok", {
      receipt: (s) =>
        encodeReceipt({ sessionId: s, chainId: 1, timestamp: 1, tpsScaled1000: 1, ttftMs: 900 }),
    }), // v1
    session("ok", { receipt: (s) => v2(s, [5, 6]).slice(0, 2 + 2 * 100) as Hex }), // short: 100 bytes
    session("ok", { receipt: "0x" }), // empty
    session("ok", { receipt: garbage("garbage", 224) }), // 224 random bytes
    session("ok", { receipt: (s) => concat([v2(s, [7, 8]), garbage("tail", 76)]) }), // 300 bytes, v2 and more
    session("ok", { receipt: (s) => v2(s, [max, max]) }), // token counts near 2^32
    // An inputTokens word past uint32: the real contract accepts it, signed with 0 tokens (SPEC 1.1).
    session("ok", {
      receipt: (s) =>
        `${v2(s, [1, 2]).slice(0, 2 + 64 * 5 + 55)}1${v2(s, [1, 2]).slice(2 + 64 * 5 + 56)}` as Hex,
    }),
    session("ok", { closeoutType: 1 }), // disputed, although the receipt is valid
    session("ok", {}, { reverts: true }), // getSession reverts on a closed session
    session("ok", undefined, { reverts: true, endsAt: endTime - 86_400 }), // ... and on an open one
    session("long", {}),
    session("invalid utf-8", {}),
    session("nasty", {}),
    session("model reverts", {}),
    session("zero provider", {}),
    session("reverts", {}), // getBid reverts: counted in totals, in no model, under the log's provider
    session("ok", undefined, { endsAt: endTime - 7200 }), // stuck
  ];
  return { models, bids, sessions, endTime };
}

describe("bad data on chain, end to end through the CLI", () => {
  const history = badHistory();
  const chain = useDevChain(history);
  const dir = useTempDir("mor-bad-data-");

  const run = (name: string, ...more: string[]) =>
    runCli(runArgs(chain, { db: join(dir, `${name}.sqlite`), out: join(dir, name) }, ...more));

  test("default: published per SPEC.md, every anomaly counted in meta.json, exit 0", async () => {
    const out = join(dir, "out");
    const result = await run("out");
    expect(result.stderr).not.toMatch(/internal error|^error/m);
    expect(result.code).toBe(0);

    const published = readPublishedJson(out);
    expect(diffFiles(published, await expectedOn(chain, history, { asOf: endTime }))).toEqual([]);
    const meta = published["meta.json"] as {
      anomalies: Record<string, number>;
      counts: Record<string, number>;
    };
    expect(meta.anomalies).toEqual({
      malformedReceipts: 3, // 100 bytes, empty, garbage
      emptyReceipts: 1,
      oversizeTokenCounts: 1, // signed, 0 tokens
      disputedSessions: 1,
      unreadableSessions: 2, // the closed one and the open one
      inconsistentSessions: 0,
      unreadableBids: 1,
      zeroAddressProviders: 1,
      unreadableModels: 1,
      invalidModelNames: 1,
      foreignLogs: 0,
    });
    // Providers: a, b, the zero address, and c (named only by the log of the session whose bid reverts).
    expect(meta.counts).toEqual({ sessionsOpened: 18, sessionsClosed: 16, models: 5, providers: 4 });

    // The cases are really exercised: the names as published, the token counts near 2^33.
    const names = (published["rollup/by-model-daily.json"] as { models: Array<{ name: string }> }).models.map(
      (m) => m.name,
    );
    expect(names).toContain(longName);
    expect(names).toContain(nastyName);
    expect(names).toContain("AB\uFFFDC\uFFFD\uFFFD\uFFFD");
    expect(names).toContain("");
    expect((published["summary.json"] as { all: { tokens: number } }).all.tokens).toBeGreaterThan(2 * max);
    const providers = (
      published["rollup/by-provider-daily.json"] as { providers: Array<{ provider: string }> }
    ).providers;
    expect(providers.map((p) => p.provider)).toContain(zeroAddress);
    // Control characters are escaped: every file is one line of JSON.
    expect(readFileSync(join(out, "api/throughput/rollup/by-model-daily.json"), "utf8")).not.toMatch(/\n./);

    // validate's rules of SPEC.md, and --deep's consistency, hold on bad data too.
    const validate = await runCli(["validate", out, "--deep", "--json"]);
    expect(JSON.parse(validate.stdout)).toMatchObject({ valid: true, problems: [] });
  });

  test("error: output that fails its schema publishes nothing and exits 1", async () => {
    const out = join(dir, "schema");
    const db = join(dir, "schema.sqlite");
    expect((await run("schema")).code).toBe(0);
    const before = treeState(out);
    // A database damaged behind the indexer's back: negative token counts.
    const sqlite = new Database(db);
    sqlite.exec("UPDATE closes SET tokens = -1");
    sqlite.close();
    const build = await runCli(["build", "--db", db, "--out", out]);
    expect(build.code).toBe(1);
    expect(build.stderr).toMatch(/^error: \d+ schema violation\(s\): nothing was published\n/m);
    expect(build.stderr).toMatch(/^summary\.json: \/all\/tokens must be >= 0/m);
    expect(treeState(out)).toEqual(before);
  });

  test("behavior: reverting views read through batched eth_call give the same files as through Multicall3", async () => {
    const [multicall, batch] = await Promise.all([
      run("multicall"),
      run("batch", "--no-multicall", "--json"),
    ]);
    expect([multicall.code, batch.code]).toEqual([0, 0]);
    expect(JSON.parse(batch.stdout).sync.chains[0]?.rpc.reader).toBe("batch");
    expect(readPublished(join(dir, "batch"))).toEqual(readPublished(join(dir, "multicall")));
  });
});

describe("bad data on a chain without Multicall3", () => {
  const history = badHistory();
  const chain = useDevChain(history, { multicall: false });
  const dir = useTempDir("mor-bad-data-deployless-");

  test("behavior: views read through a deployless aggregate3 (reverts inside it too) give SPEC.md's files", async () => {
    const run = (name: string, ...more: string[]) =>
      runCli(runArgs(chain, { db: join(dir, `${name}.sqlite`), out: join(dir, name) }, "--json", ...more));
    const [deployless, batch] = await Promise.all([run("deployless"), run("batch", "--no-multicall")]);
    expect([deployless.code, batch.code], deployless.stderr + batch.stderr).toEqual([0, 0]);
    expect(JSON.parse(deployless.stdout).sync.chains[0]?.rpc.reader).toBe("deployless");
    expect(JSON.parse(batch.stdout).sync.chains[0]?.rpc.reader).toBe("batch");
    const expected = await expectedOn(chain, history, { asOf: endTime });
    expect(diffFiles(readPublishedJson(join(dir, "deployless")), expected)).toEqual([]);
    expect(readPublished(join(dir, "batch"))).toEqual(readPublished(join(dir, "deployless")));
  });
});
