import type Database from "better-sqlite3";
import type { RouterRead, RouterStore } from "../sync/RouterStore.js";
import { routerStatements } from "./statements/routerStatements.js";

/** One chain's router inputs in the database (sync/RouterStore.ts declares it). */
export function createRouterStore(sqlite: Database.Database, chainId: number): RouterStore {
  const s = routerStatements(sqlite);
  const save = sqlite.transaction((read: RouterRead) => {
    for (const clear of s.clear) clear.run(chainId);
    s.insertRead.run({
      chainId,
      blockNumber: read.blockNumber,
      atLatest: read.atLatest ? 1 : 0,
      available: read.available ? 1 : 0,
      minimumStake: read.available ? read.minimumStake.toString() : null,
    });
    if (!read.available) return;
    for (const { modelId, stats, bids } of read.models) {
      s.insertModel.run({
        chainId,
        modelId,
        tpsMean: stats.tps.mean.toString(),
        tpsSqSum: stats.tps.sqSum.toString(),
        ttftMean: stats.ttft.mean.toString(),
        ttftSqSum: stats.ttft.sqSum.toString(),
        durationMean: stats.duration.mean.toString(),
        durationSqSum: stats.duration.sqSum.toString(),
        count: stats.count,
      });
      bids.forEach((bid, position) => {
        s.insertBid.run({
          chainId,
          modelId,
          position,
          bidId: bid.bidId,
          provider: bid.provider,
          pricePerSecond: bid.pricePerSecond.toString(),
          tpsMean: bid.stats.tps.mean.toString(),
          tpsSqSum: bid.stats.tps.sqSum.toString(),
          ttftMean: bid.stats.ttft.mean.toString(),
          ttftSqSum: bid.stats.ttft.sqSum.toString(),
          totalDuration: bid.stats.totalDuration,
          successCount: bid.stats.successCount,
          totalCount: bid.stats.totalCount,
          stake: bid.stake.toString(),
        });
      });
    }
  });
  return {
    block: () => s.readOf.get(chainId)?.blockNumber,
    models: () => s.bookModels.all(chainId),
    knownBid(bidId) {
      const row = s.knownBid.get(chainId, bidId);
      return row ? { provider: row.provider, pricePerSecond: BigInt(row.pricePerSecond) } : undefined;
    },
    save,
  };
}
