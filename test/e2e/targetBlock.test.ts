import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { nodeCall } from "../../tooling/devchain/nodeCall.js";
import { createFaultProxy } from "../../tooling/faultProxy/createFaultProxy.js";
import { diffFiles } from "../support/diffFiles.js";
import { expectedOn } from "../support/expectedFor.js";
import { indexedLogs } from "../support/indexedLogs.js";
import { readPublishedJson } from "../support/readPublished.js";
import { chainArgs, runArgs } from "../support/runArgs.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";

const endTime = Date.UTC(2026, 3, 30, 18, 0, 0) / 1000;

type RunSummary = { sync: { chains: Array<{ toBlock: number; head: number }> } };

/**
 * Which block a run reaches: the confirmation depth (given, and the local chain's default), a
 * --to-block number or tag (anvil's safe and finalized are 32 and 64 blocks behind its head),
 * and `sync` then `build` as two commands. Each publication must equal SPEC.md computed for
 * exactly the logs up to that block, as of that block's time.
 */
describe("the block a run reaches, end to end through the CLI", () => {
  const history = generateHistory({ seed: 9, days: 15, sessionsPerDay: 30, endTime });
  // Three-hour blocks: more than 64 of them, with sessions opening and closing all along.
  const chain = useDevChain(history, { write: { blockSpanSeconds: 3 * 3600 } });
  const dir = useTempDir("mor-target-");
  const timestamps = new Map<number, number>();

  const blockTime = async (number: number): Promise<number> => {
    const known = timestamps.get(number);
    if (known !== undefined) return known;
    const block = await nodeCall<{ timestamp: string }>(chain.rpcUrl, "eth_getBlockByNumber", [
      `0x${number.toString(16)}`,
      false,
    ]);
    timestamps.set(number, Number(block.timestamp));
    return Number(block.timestamp);
  };

  /** The published files equal SPEC.md for the logs of blocks 0..toBlock, as of its time. */
  const expectPublishedUpTo = async (out: string, toBlock: number) => {
    const asOf = await blockTime(toBlock);
    const published = readPublishedJson(out);
    const expected = await expectedOn(chain, history, {
      asOf,
      indexed: indexedLogs(chain.written, { toBlock }),
      block: toBlock,
    });
    expect(diffFiles(published, expected)).toEqual([]);
    expect(published["meta.json"]).toMatchObject({ toBlock, asOf });
  };

  const paths = (name: string) => ({ db: join(dir, `${name}.sqlite`), out: join(dir, name) });

  test("default: on a local chain no block is kept back; --confirmations n keeps n", async () => {
    expect(chain.lastBlock).toBeGreaterThan(64);
    const defaults = paths("defaults");
    const ran = parseJson<RunSummary>(
      await runCli(["run", ...chainArgs(chain, defaults.db), "--out", defaults.out, "--json"]),
    );
    expect(ran.sync.chains[0]).toMatchObject({ head: chain.lastBlock, toBlock: chain.lastBlock });
    await expectPublishedUpTo(defaults.out, chain.lastBlock);

    const kept = paths("confirmations");
    const five = parseJson<RunSummary>(await runCli(runArgs(chain, kept, "--confirmations", "5", "--json")));
    expect(five.sync.chains[0]?.toBlock).toBe(chain.lastBlock - 5);
    await expectPublishedUpTo(kept.out, chain.lastBlock - 5);
  });

  test("behavior: --to-block as a number, safe and finalized; never past the confirmation depth", async () => {
    const cases: Array<[string, string[], number]> = [
      ["number", ["--to-block", "40"], 40],
      ["safe", ["--to-block", "safe"], chain.lastBlock - 32],
      ["finalized", ["--to-block", "finalized"], chain.lastBlock - 64],
      ["capped", ["--to-block", String(chain.lastBlock - 2), "--confirmations", "10"], chain.lastBlock - 10],
    ];
    for (const [name, flags, toBlock] of cases) {
      const target = paths(name);
      const ran = parseJson<RunSummary>(await runCli(runArgs(chain, target, ...flags, "--json")));
      expect([name, ran.sync.chains[0]?.toBlock]).toEqual([name, toBlock]);
      await expectPublishedUpTo(target.out, toBlock);
    }
  });

  test("behavior: logs an endpoint returns from outside the range asked for are not indexed", async () => {
    const proxy = await createFaultProxy(chain.rpcUrl);
    try {
      proxy.configure({ seed: 3, strayLogs: 1 });
      const target = paths("stray");
      const flags = ["--to-block", "40", "--json"];
      parseJson(await runCli(runArgs({ rpcUrl: proxy.url, contract: chain.contract }, target, ...flags)));
      expect(proxy.stats.faults.strayLogs).toBeGreaterThan(0);
      await expectPublishedUpTo(target.out, 40);
    } finally {
      await proxy.close();
    }
  });

  test("behavior: `sync` then `build` as two commands publish the block synced, and go on from there", async () => {
    const { db, out } = paths("two-steps");
    const chainFlags = [...chainArgs(chain, db), "--confirmations", "0"];
    const synced = await runCli(["sync", ...chainFlags, "--to-block", "50"]);
    expect(synced.code).toBe(0);
    expect(existsSync(out)).toBe(false); // `sync` publishes nothing
    const built = await runCli(["build", "--db", db, "--out", out]);
    expect(built.code).toBe(0);
    await expectPublishedUpTo(out, 50);

    // The next sync continues from block 51 to the head.
    expect((await runCli(["sync", ...chainFlags])).code).toBe(0);
    expect((await runCli(["build", "--db", db, "--out", out])).code).toBe(0);
    await expectPublishedUpTo(out, chain.lastBlock);
  });
});
