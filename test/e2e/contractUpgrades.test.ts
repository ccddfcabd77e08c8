import { existsSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { MetaChain, MetaUpgrade } from "../../src/api/responseTypes.js";
import { indexedFunctions } from "../../src/chain/abi.js";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import type { History } from "../../src/devchain/history.js";
import { writeHistory } from "../../src/devchain/writeHistory.js";
import { cutDiamond, deployFacet, selectorOf } from "../../tooling/devchain/cutDiamond.js";
import type { DevChain } from "../../tooling/devchain/startDevChain.js";
import { diffFiles } from "../support/diffFiles.js";
import { expectedPublication } from "../support/expected/expectedPublication.js";
import { withRouterOf } from "../support/expected/withRouter.js";
import { devChainId } from "../support/expectedFor.js";
import { readPublished, readPublishedJson } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { runCli } from "../support/runCli.js";
import { useDevChains } from "../support/useDevChains.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * The contract is upgraded under the indexer (docs/upgrades.md), through the real CLI against
 * the test marketplace cut like the real diamond: a cut of nothing the index reads is noted in
 * meta.json and the run goes on; a getSession replaced by the same code (removed and added, as
 * real upgrades do) is verified and the run goes on; getProviderModelStats removed makes the audit unavailable and the run goes on; a
 * getSession with another layout stops the run (exit 1, the block, the facet and the function
 * named, the last publication left as it was), run after run, until the contract serves a layout
 * the index reads again; different values can be accepted (--accept-upgrade).
 */
const day = 86_400;
const startTime = Date.UTC(2026, 4, 1, 12) / 1000;

/** Part `k` of a chain's history: three days of sessions, after everything before it and a day to spare. */
const part = (seed: number, k: number): History =>
  generateHistory({ seed: seed * 10 + k, days: 3, sessionsPerDay: 6, endTime: startTime + k * 4 * day });

/** Histories written one after the other, as one history (what the expected files are computed from). */
const joined = (...parts: History[]): History => ({
  models: parts.flatMap((p) => p.models),
  bids: parts.flatMap((p) => p.bids),
  sessions: parts.flatMap((p) => p.sessions),
  renames: parts.flatMap((p) => p.renames ?? []),
  endTime: (parts.at(-1) as History).endTime,
});

/** meta.json as published: the API's own types, with the upgrades this test's runs always note. */
type Meta = { chains: Array<MetaChain & { upgrades: MetaUpgrade[] }> };
type Failure = {
  error: { message: string; details: string; exitCode: number };
  upgrade: { block: number; syncedBlock: number | null; acceptable: boolean };
};

const benign = { a: part(1, 0), b: part(1, 1), c: part(1, 2), d: part(1, 3) };
const breaking = { a: part(2, 0), b: part(2, 1), c: part(2, 2) };
const different = { a: part(3, 0), b: part(3, 1), c: part(3, 2) };
const swapped = { a: part(4, 0), b: part(4, 1) };

const chains = useDevChains({
  benign: [benign.a],
  breaking: [breaking.a],
  different: [different.a],
  swapped: [swapped.a],
});
const dir = useTempDir("mor-upgrades-");

const paths = (name: string) => ({ db: join(dir, `${name}.sqlite`), out: join(dir, name) });
const run = (chain: DevChain, name: string, ...more: string[]) =>
  runCli(runArgs(chain, paths(name), ...more));
const write = (chain: DevChain, history: History) => writeHistory(chain.rpcUrl, chain.contract, history);
const meta = (name: string) => readPublishedJson(paths(name).out)["meta.json"] as Meta;
/** SPEC.md's files of the history, with the router's order read from `chain` at the block `name` synced to. */
const expected = (
  chain: DevChain,
  name: string,
  history: History,
  options: { auditAvailable?: boolean } = {},
) =>
  withRouterOf(
    expectedPublication([{ chainId: devChainId, history, asOf: history.endTime, ...options }]),
    readPublishedJson(paths(name).out),
    [chain],
  );
const getSession = indexedFunctions.getSession;

describe("the contract upgraded under the indexer", () => {
  test("default: cuts of nothing the index reads, of getSession by the same code, of getProviderModelStats: noted, verified, the audit unavailable; every run goes on", async () => {
    const chain = chains.benign;
    expect((await run(chain, "benign")).code).toBe(0);

    const clone = await deployFacet(chain.rpcUrl, "TestMarketplace");
    const noted = await cutDiamond(chain.rpcUrl, chain.contract, [
      {
        action: "add",
        facet: clone,
        functions: ["setPoolConfig(uint256,(uint256,uint128,uint128,uint128))"],
      },
    ]);
    await write(chain, benign.b);
    const first = await run(chain, "benign");
    expect(first.code, first.stderr).toBe(0);
    expect(
      diffFiles(
        readPublishedJson(paths("benign").out),
        await expected(chain, "benign", joined(benign.a, benign.b)),
      ),
    ).toEqual([]);
    const none = { added: [], replaced: [], removed: [] };
    expect(meta("benign").chains[0]?.upgrades).toEqual([
      { block: noted.block, time: noted.time, status: "noted", ...none, compared: 0 },
    ]);
    expect(first.stderr).toContain(
      `the contract was upgraded at block ${noted.block}: none of the functions`,
    );

    // As real upgrades swap facets: the old one's selector removed, the new one's added.
    const same = await cutDiamond(chain.rpcUrl, chain.contract, [
      { action: "remove", functions: [getSession] },
      { action: "add", facet: clone, functions: [getSession] },
    ]);
    await write(chain, benign.c);
    const second = await run(chain, "benign");
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(
      new RegExp(
        `warn: the contract was upgraded at block ${same.block} under functions the index reads; \\d+ stored records read back equal`,
      ),
    );
    expect(
      diffFiles(
        readPublishedJson(paths("benign").out),
        await expected(chain, "benign", joined(benign.a, benign.b, benign.c)),
      ),
    ).toEqual([]);
    const verified = meta("benign").chains[0]?.upgrades[1];
    expect(verified).toMatchObject({
      block: same.block,
      time: same.time,
      status: "verified",
      added: [],
      replaced: ["getSession"],
      removed: [],
    });
    expect(verified?.compared).toBeGreaterThan(10);

    const stats = await cutDiamond(chain.rpcUrl, chain.contract, [
      { action: "remove", functions: [indexedFunctions.getProviderModelStats] },
    ]);
    await write(chain, benign.d);
    const third = await run(chain, "benign");
    expect(third.code, third.stderr).toBe(0);
    const all = joined(benign.a, benign.b, benign.c, benign.d);
    expect(
      diffFiles(
        readPublishedJson(paths("benign").out),
        await expected(chain, "benign", all, { auditAvailable: false }),
      ),
    ).toEqual([]);
    expect(readPublishedJson(paths("benign").out)["audit.json"]).toMatchObject({ unavailable: [devChainId] });
    expect(meta("benign").chains[0]?.upgrades.map((u) => [u.block, u.status, u.removed])).toEqual([
      [noted.block, "noted", []],
      [same.block, "verified", []],
      [stats.block, "verified", ["getProviderModelStats"]],
    ]);
  });

  test("error: getSession with another layout: exit 1 naming block, facet and function, nothing kept or published, every run until the contract reads as before", async () => {
    const chain = chains.breaking;
    const name = "breaking";
    const first = await run(chain, name, "--json");
    expect(first.code, first.stderr).toBe(0);
    const syncedBefore = meta(name).chains[0]?.toBlock as number;
    const published = readPublished(paths(name).out);
    const release = readlinkSync(join(paths(name).out, "current"));

    // Sessions before the cut, read by the next run through the new code: not kept either.
    await write(chain, breaking.b);
    const facet = await deployFacet(chain.rpcUrl, "SessionFacetWithoutReceipt");
    const cut = await cutDiamond(chain.rpcUrl, chain.contract, [
      { action: "replace", facet, functions: [getSession] },
    ]);
    await write(chain, breaking.c);

    for (let attempt = 0; attempt < 2; attempt++) {
      const failed = await run(chain, name, "--json");
      expect(failed.code, failed.stderr).toBe(1);
      expect(failed.stderr).toContain(
        `error: Chain ${devChainId}: the contract was upgraded at block ${cut.block}, and the index cannot read it as before`,
      );
      expect(failed.stderr).toContain(
        `replaced ${getSession} [${selectorOf(getSession)}] with facet ${facet}`,
      );
      expect(failed.stderr).toMatch(/getSession fails: undecodable getSession result/);
      expect(failed.stderr).toContain(`chain ${devChainId} is back at block ${syncedBefore}`);
      expect(failed.stderr).toContain(
        "What to do: install a mor-throughput release that reads the upgraded contract",
      );
      expect(failed.stderr).toContain(`the sync continues from block ${syncedBefore + 1}`);
      const output = JSON.parse(failed.stdout) as Failure;
      expect(output.error.exitCode).toBe(1);
      expect(output.upgrade).toMatchObject({
        block: cut.block,
        syncedBlock: syncedBefore,
        acceptable: false,
      });
      expect(readPublished(paths(name).out)).toEqual(published);
      expect(readlinkSync(join(paths(name).out, "current"))).toBe(release);
    }

    // Not accepted: reads that fail cannot be.
    const refused = await run(chain, name, "--accept-upgrade", `${devChainId}=${cut.block}`);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`--accept-upgrade ${devChainId}=${cut.block} cannot accept it`);

    // Fixed: getSession is served by code the index reads again; the next run continues from
    // the block before what the failed runs had read, and every session counts.
    const clone = await deployFacet(chain.rpcUrl, "TestMarketplace");
    const restored = await cutDiamond(chain.rpcUrl, chain.contract, [
      { action: "replace", facet: clone, functions: [getSession] },
    ]);
    const fixed = await run(chain, name, "--json");
    expect(fixed.code, fixed.stderr).toBe(0);
    const summary = JSON.parse(fixed.stdout) as {
      sync: { chains: Array<{ fromBlock: number; toBlock: number; blocksSynced: number }> };
    };
    expect((summary.sync.chains[0]?.toBlock ?? 0) - (summary.sync.chains[0]?.blocksSynced ?? 0)).toBe(
      syncedBefore,
    );
    const history = joined(breaking.a, breaking.b, breaking.c);
    expect(
      diffFiles(
        readPublishedJson(paths(name).out),
        await expected(chain, name, { ...history, endTime: restored.time }),
      ),
    ).toEqual([]);
    expect(meta(name).chains[0]?.upgrades.map((u) => [u.block, u.status])).toEqual([
      [cut.block, "verified"],
      [restored.block, "verified"],
    ]);
  });

  test("behavior: getSession returning other values: exit 1 saying how to accept; accepted, the run goes on and meta.json says so", async () => {
    const chain = chains.different;
    const name = "different";
    expect((await run(chain, name)).code).toBe(0);
    // Days after that run (a cut within a minute of a run's last write would roll it back too).
    await write(chain, different.b);
    const facet = await deployFacet(chain.rpcUrl, "SessionFacetEmptyReceipt");
    const cut = await cutDiamond(chain.rpcUrl, chain.contract, [
      { action: "replace", facet, functions: [getSession] },
    ]);
    await write(chain, different.c);
    const failed = await run(chain, name);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/receiptLength stored (160|192|224), now 0/);
    const accept = `--accept-upgrade ${devChainId}=${cut.block}`;
    expect(failed.stderr).toContain(
      `If you have checked that the new values are right, run again with ${accept} instead.`,
    );

    const accepted = await run(chain, name, ...accept.split(" "));
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stderr).toMatch(/accepted \(--accept-upgrade\): going on/);
    const published = meta(name);
    expect(published.chains[0]?.upgrades).toEqual([
      expect.objectContaining({
        block: cut.block,
        time: cut.time,
        status: "accepted",
        replaced: ["getSession"],
      }),
    ]);
    expect(published.chains[0]?.toBlock).toBeGreaterThan(cut.block);
    // Read after the cut, the receipts read empty: the new closes are malformed, as accepted.
    const anomalies = (
      readPublishedJson(paths(name).out)["meta.json"] as { anomalies: { emptyReceipts: number } }
    ).anomalies;
    const closes = [...different.b.sessions, ...different.c.sessions].filter((s) => s.close).length;
    expect(anomalies.emptyReceipts).toBeGreaterThan(closes / 2);
  });

  test("error: getBid returning createdAt and deletedAt swapped: exit 1 naming the bids' times, nothing published", async () => {
    const chain = chains.swapped;
    const name = "swapped";
    expect((await run(chain, name)).code).toBe(0);
    const published = readPublished(paths(name).out);
    await write(chain, swapped.b);
    const facet = await deployFacet(chain.rpcUrl, "BidFacetSwappedTimes");
    const getBid = indexedFunctions.getBid;
    const cut = await cutDiamond(chain.rpcUrl, chain.contract, [
      { action: "replace", facet, functions: [getBid] },
    ]);
    const failed = await run(chain, name);
    expect(failed.code, failed.stderr).toBe(1);
    expect(failed.stderr).toContain(
      `error: Chain ${devChainId}: the contract was upgraded at block ${cut.block}, and the index cannot read it as before`,
    );
    expect(failed.stderr).toContain(`replaced ${getBid} [${selectorOf(getBid)}] with facet ${facet}`);
    expect(failed.stderr).toMatch(/bid 0x[0-9a-f]{64}: createdAt stored \d+, now 0/);
    expect(readPublished(paths(name).out)).toEqual(published);
  });

  test("error: --accept-upgrade for a chain that is not configured, or not a block", async () => {
    const chain = chains.different;
    const other = await run(chain, "flags", "--accept-upgrade", "8453=12");
    expect(other.code).toBe(1);
    expect(other.stderr).toContain("--accept-upgrade 8453=… names chain 8453, which is not configured");
    // Refused with the other flags that name a chain, before the database is made.
    expect(existsSync(paths("flags").db)).toBe(false);
    const bad = await run(chain, "flags", "--accept-upgrade", "soon");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Invalid --accept-upgrade: "soon"');
  });
});
