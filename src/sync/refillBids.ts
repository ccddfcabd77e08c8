import type { BidRead } from "../chain/readBids.js";
import type { Logger } from "../log/createLogger.js";
import type { NewBid, SyncRun, SyncStore } from "./SyncStore.js";

/**
 * Reads again (getBid) the stored bids whose times are missing or wrong: those a 1.1 database
 * holds without createdAt and deletedAt (what an offer needs, SPEC.md 1.2), those a 1.2 database
 * holds without a nonce (what a repricing needs, 1.3), and those a read that
 * lagged behind the bid's logs left behind them (a posted bid stored as the empty record, a bid
 * stored standing although its deletion log is indexed). A bid's record is never removed, so the
 * latest state serves; each is read once per run, and a read that fails now leaves the bid out of
 * the offers. None to read (the usual case): no request. Returns how many bids were read.
 */
export async function refillBids(
  store: SyncStore,
  readBids: (ids: readonly string[]) => Promise<Map<string, BidRead>>,
  logger: Logger,
  /** The run as it writes now: a refill rewrites records anywhere from the first block indexed. */
  run: () => SyncRun,
  batch = 2_000,
): Promise<number> {
  let refilled = 0;
  for (let ids = store.bidsToRefill(batch); ids.length > 0; ids = store.bidsToRefill(batch, ids.at(-1))) {
    const reads = await readBids(ids);
    const bids = ids.map((bidId): NewBid => {
      const read = reads.get(bidId);
      return read?.ok ? { bidId, state: read.state } : { bidId };
    });
    store.saveRefilledBids({ run: run(), bids });
    refilled += ids.length;
  }
  if (refilled > 0)
    logger.info(
      "bids read again for their creation and deletion times or nonce (a database of 1.1 or 1.2, or reads that lagged)",
      {
        chain: store.chainId,
        bids: refilled,
      },
    );
  return refilled;
}
