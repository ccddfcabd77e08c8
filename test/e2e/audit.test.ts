import { join } from "node:path";
import { createPublicClient, http } from "viem";
import { describe, expect, test } from "vitest";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import type { History, HistorySession } from "../../src/devchain/history.js";
import type { DevChain } from "../../tooling/devchain/startDevChain.js";
import { diffFiles } from "../support/diffFiles.js";
import { expectedPublication } from "../support/expected/expectedPublication.js";
import { withRouterOf } from "../support/expected/withRouter.js";
import { devChainId } from "../support/expectedFor.js";
import { indexedLogs } from "../support/indexedLogs.js";
import { readPublishedJson } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { runCli } from "../support/runCli.js";
import { useDevChains } from "../support/useDevChains.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * audit.json against the test contract's own counters (getProviderModelStats, counted like the
 * real contract's): a complete index matches on every pair; a close the index never saw shows up
 * as exactly its pair; an index that starts after the first close is `partial`; a contract without
 * the function is `unavailable`, and the run still succeeds.
 */
const endTime = Date.UTC(2026, 8, 1, 12) / 1000;

type Audit = {
  pairs: number;
  matching: number;
  complete: boolean;
  unavailable: number[];
  partial: number[];
  items: Array<{
    modelId: string;
    provider: string;
    match: boolean;
    contract: { totalCount: number };
    index: { closes: number };
  }>;
};

/** A history whose sessions close a day apart or more, so that blocks separate them. */
function history(seed: number): History {
  return generateHistory({ seed, days: 12, sessionsPerDay: 8, endTime });
}

describe("the audit against the contract's own counters", () => {
  const withSilentClose = history(31);
  // One signed close the contract makes without its SessionClosed log: the index never sees it.
  const silent = withSilentClose.sessions
    .filter((s) => s.close && Number(s.close.closeoutType) === 0)
    .sort((a, b) => (a.close?.closedAt ?? 0) - (b.close?.closedAt ?? 0))
    .at(-1) as HistorySession;
  (silent.close as NonNullable<HistorySession["close"]>).silent = true;
  // A deployment without getProviderModelStats, nor the router's views (SPEC.md 1.3: available false).
  const unavailable = { ...history(32), statsUnavailable: true, routerViewsUnavailable: true };
  const later = history(33);
  const chains = useDevChains({
    silent: [withSilentClose],
    unavailable: [unavailable],
    later: [later, { write: { blockSpanSeconds: 86_400 } }],
  });
  const dir = useTempDir("mor-audit-");

  const run = (chain: DevChain, name: string, ...more: string[]) =>
    runCli([...runArgs(chain, { db: join(dir, `${name}.sqlite`), out: join(dir, name) }), ...more]);

  test("behavior: a close without its log shows up as exactly its pair, the run succeeds and says what to do", async () => {
    const result = await run(chains.silent, "silent");
    expect(result.code, result.stderr).toBe(0);
    const published = readPublishedJson(join(dir, "silent"));
    expect(
      diffFiles(
        published,
        await withRouterOf(
          expectedPublication([{ chainId: devChainId, history: withSilentClose, asOf: endTime }]),
          published,
          [chains.silent],
        ),
      ),
    ).toEqual([]);
    const audit = published["audit.json"] as Audit;
    const bid = withSilentClose.bids.find((b) => b.bidId === silent.bidId);
    const wrong = audit.items.filter((item) => !item.match);
    expect(wrong.map(({ modelId, provider }) => ({ modelId, provider }))).toEqual([
      { modelId: bid?.modelId.toLowerCase(), provider: bid?.provider },
    ]);
    expect(wrong[0]?.contract.totalCount).toBe((wrong[0]?.index.closes ?? 0) + 1);
    expect(audit).toMatchObject({ complete: false, matching: audit.pairs - 1, unavailable: [], partial: [] });
    expect((published["meta.json"] as { complete: boolean }).complete).toBe(false);
    expect(result.stderr).toMatch(
      /warn: the index disagrees with the contract's own counters on 1 of \d+ pairs/,
    );
    expect(result.stderr).toContain(`${devChainId}/${bid?.modelId.toLowerCase()}/${bid?.provider}`);
    expect(result.stderr).toMatch(/re-index from the contract's creation block/);
  });

  test("behavior: a contract without getProviderModelStats: that chain is unavailable, the run succeeds", async () => {
    const result = await run(chains.unavailable, "unavailable");
    expect(result.code, result.stderr).toBe(0);
    const published = readPublishedJson(join(dir, "unavailable"));
    expect(
      diffFiles(
        published,
        await withRouterOf(
          expectedPublication([
            { chainId: devChainId, history: unavailable, asOf: endTime, auditAvailable: false },
          ]),
          published,
          [chains.unavailable],
        ),
      ),
    ).toEqual([]);
    expect(published["audit.json"]).toMatchObject({
      pairs: 0,
      items: [],
      unavailable: [devChainId],
      complete: true,
    });
  });

  test("behavior: an index that starts after the contract's first close is partial, its items still published", async () => {
    const from = Math.floor(chains.later.lastBlock / 2);
    const result = await run(chains.later, "later", "--from-block", String(from));
    expect(result.code, result.stderr).toBe(0);
    const published = readPublishedJson(join(dir, "later"));
    const indexed = indexedLogs(chains.later.written, { fromBlock: from });
    // Bids posted before the first indexed block are known from their sessions only (SPEC.md 1.2).
    const first = await createPublicClient({ transport: http(chains.later.rpcUrl) }).getBlock({
      blockNumber: BigInt(from),
    });
    const bidsIndexedFrom = Number(first.timestamp);
    expect(
      diffFiles(
        published,
        await withRouterOf(
          expectedPublication([
            { chainId: devChainId, history: later, asOf: endTime, indexed, partial: true, bidsIndexedFrom },
          ]),
          published,
          [chains.later],
        ),
      ),
    ).toEqual([]);
    const audit = published["audit.json"] as Audit;
    expect(audit.partial).toEqual([devChainId]);
    expect(audit.pairs).toBeGreaterThan(0);
    expect(audit.complete).toBe(false);
  });
});
