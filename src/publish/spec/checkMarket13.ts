import type { Changes, Market } from "../../api/responseTypes.js";
import { checkChecksum } from "./checkChecksum.js";
import { checkOrder } from "./checkOrder.js";

type Pair = Market["models"][number]["providers"][number];
type Model = Market["models"][number];

/** The terms clamped to [0, 1] whatever the contract holds (success is only where successCount <= totalCount). */
const terms = ["tps", "ttft", "duration"] as const;

/**
 * SPEC.md 1.3's rules for a pair's bids: sorted by createdAt, chainId, bidId, each once, created at
 * or before the as-of and deleted (when it is) after its creation and at or before the as-of; the
 * pair's offers exactly its bids with deletedAt 0.
 */
export function checkPairBids(at: string, pair: Pair, asOf: number): string[] {
  const problems = checkOrder(`${at}/bids`, pair.bids, [
    (bid) => bid.createdAt,
    (bid) => bid.chainId,
    (bid) => bid.bidId,
  ]);
  for (const [k, bid] of pair.bids.entries()) {
    if (bid.createdAt > asOf)
      problems.push(`${at}/bids/${k}: created at ${bid.createdAt}, after the as-of ${asOf}`);
    if (bid.deletedAt !== 0 && (bid.deletedAt < bid.createdAt || bid.deletedAt > asOf))
      problems.push(`${at}/bids/${k}: deletedAt ${bid.deletedAt} is not between its creation and the as-of`);
  }
  const key = (bid: { chainId: number; bidId: string }) => `${bid.chainId}:${bid.bidId}`;
  const standing = pair.bids
    .filter((bid) => bid.deletedAt === 0)
    .map(key)
    .sort();
  const offers = pair.offers.map(key).sort();
  if (standing.join() !== offers.join())
    problems.push(
      `${at}/offers: not the pair's bids with deletedAt 0 (${offers.length} offers, ${standing.length} standing bids)`,
    );
  if (pair.bids.length === 0 && pair.windows.all.sessions < 1)
    problems.push(`${at}: neither a closed session nor a bid, so no entry`);
  return problems;
}

/**
 * A model's router (SPEC.md 1.3): entries by chainId, each once; an unavailable one without bids;
 * bids by score descending, each once, EIP-55, every score finite, the three z-terms in [0, 1] and
 * success not below 0 (above 1 only on a contract whose counters hold more successes than closes;
 * the stake's in [0, 1] unless the minimum stake reaches 2^63 wei: neither known from the file).
 */
export function checkRouter(where: string, model: Model): string[] {
  const problems = checkOrder(`${where}/router`, model.router, [(entry) => entry.chainId]);
  for (const [e, entry] of model.router.entries()) {
    const at = `${where}/router/${e}`;
    if (!entry.available && entry.bids.length > 0) problems.push(`${at}: unavailable, yet it lists bids`);
    const ids = entry.bids.map((bid) => bid.bidId);
    if (new Set(ids).size !== ids.length) problems.push(`${at}/bids lists a bid twice`);
    for (const [k, bid] of entry.bids.entries()) {
      problems.push(...checkChecksum(`${at}/bids/${k}/provider`, bid.provider));
      if (!Number.isFinite(bid.score)) problems.push(`${at}/bids/${k}: a score that is not finite`);
      if (k > 0 && bid.score > (entry.bids[k - 1]?.score ?? Number.POSITIVE_INFINITY))
        problems.push(`${at}/bids/${k}: scores more than the bid before it (sorted by score, descending)`);
      for (const term of terms)
        if (!(bid[term] >= 0 && bid[term] <= 1))
          problems.push(`${at}/bids/${k}: ${term} ${bid[term]} is outside [0, 1]`);
    }
  }
  return problems;
}

const kindRank = { withdrawn: 0, posted: 1, repriced: 1 } as const;

/**
 * changes.json (SPEC.md 1.3): its as-of the publication's; changes by time descending, then chainId,
 * then bidId, withdrawn first; each at or before the as-of, EIP-55; a repricing with its previous
 * bid and price, no other change with them; each the change of a bid of market.json.
 */
export function checkChanges(
  changes: Changes,
  market: Market | undefined,
  asOf: number | undefined,
): string[] {
  const problems: string[] = [];
  if (asOf !== undefined && changes.asOf !== asOf)
    problems.push(`changes.json: asOf ${changes.asOf} is not meta.json's ${asOf}`);
  const bids = new Set(
    market?.models.flatMap((model) =>
      model.providers.flatMap((pair) => pair.bids.map((bid) => `${bid.chainId}:${bid.bidId}`)),
    ),
  );
  for (const [k, change] of changes.changes.entries()) {
    const at = `changes.json: /changes/${k}`;
    problems.push(...checkChecksum(`${at}/provider`, change.provider));
    if (change.time > changes.asOf)
      problems.push(`${at}: at ${change.time}, after the as-of ${changes.asOf}`);
    const repriced = change.kind === "repriced";
    if (repriced !== (change.previousBidId !== undefined && change.previousPricePerSecond !== undefined))
      problems.push(`${at}: previousBidId and previousPricePerSecond belong to a repricing, and only to one`);
    if (market && !bids.has(`${change.chainId}:${change.bidId}`))
      problems.push(`${at}: a bid market.json does not list`);
    const before = changes.changes[k - 1];
    if (
      before &&
      (before.time < change.time ||
        (before.time === change.time &&
          (before.chainId > change.chainId ||
            (before.chainId === change.chainId &&
              (before.bidId > change.bidId ||
                (before.bidId === change.bidId && kindRank[before.kind] >= kindRank[change.kind]))))))
    )
      problems.push(`${at}: out of order (time descending, then chainId, bidId, withdrawn first)`);
  }
  return problems;
}
