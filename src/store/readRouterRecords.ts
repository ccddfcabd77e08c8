import type Database from "better-sqlite3";
import type { RouterRecord } from "../rollup/IndexReader.js";
import type { RouterBidRead } from "../sync/RouterStore.js";
import { chainList } from "./statements/countStatements.js";
import { routerStatements } from "./statements/routerStatements.js";

const stat = (mean: string, sqSum: string) => ({ mean: BigInt(mean), sqSum: BigInt(sqSum) });

/** The router's inputs of these chains as the sync stored them (router_reads, router_models, router_bids). */
export function readRouterRecords(sqlite: Database.Database, chainIds: readonly number[]): RouterRecord[] {
  const s = routerStatements(sqlite);
  const list = chainList(chainIds);
  const records = new Map<number, RouterRecord>(
    s
      .readsOf(list)
      .all()
      .map((row) => [
        row.chainId,
        {
          chainId: row.chainId,
          available: row.available === 1,
          minimumStake: BigInt(row.minimumStake ?? 0),
          models: new Map(),
        },
      ]),
  );
  for (const row of s.modelsOf(list).all())
    records.get(row.chainId)?.models.set(row.modelId, {
      stats: {
        tps: stat(row.tpsMean, row.tpsSqSum),
        ttft: stat(row.ttftMean, row.ttftSqSum),
        duration: stat(row.durationMean, row.durationSqSum),
        count: row.count,
      },
      bids: [],
    });
  for (const row of s.bidsOf(list).all()) {
    const bid: RouterBidRead = {
      bidId: row.bidId,
      provider: row.provider,
      pricePerSecond: BigInt(row.pricePerSecond),
      stats: {
        tps: stat(row.tpsMean, row.tpsSqSum),
        ttft: stat(row.ttftMean, row.ttftSqSum),
        totalDuration: row.totalDuration,
        successCount: row.successCount,
        totalCount: row.totalCount,
      },
      stake: BigInt(row.stake),
    };
    records.get(row.chainId)?.models.get(row.modelId)?.bids.push(bid);
  }
  return [...records.values()];
}
