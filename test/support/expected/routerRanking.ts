import { type RouterScore, type RouterScoreInput, routerScore } from "./routerScore.js";

/** A bid of `router` as SPEC.md 1.3 writes it. */
export type RouterBid = { bidId: string; provider: string } & RouterScore;

/** A model's active bid, in the order getModelActiveBids returns it, with what scores it. */
export type RankedInput = { bidId: string; provider: string; input: RouterScoreInput };

/** A negative zero is written 0 (JSON.stringify would write it 0 too; toEqual tells them apart). */
const plain = (x: number): number => (x === 0 ? 0 : x);

/**
 * The router's order of a model's bids: each scored; a score that is NaN or infinite left out;
 * sorted by score descending, ties in input order (Array.prototype.sort is stable, as the
 * router's insertion sort is for a dozen bids or fewer).
 */
export function routerRanking(bids: readonly RankedInput[]): RouterBid[] {
  const scored: RouterBid[] = [];
  for (const bid of bids) {
    const s = routerScore(bid.input);
    if (!Number.isFinite(s.score)) continue;
    scored.push({
      bidId: bid.bidId,
      provider: bid.provider,
      score: plain(s.score),
      tps: plain(s.tps),
      ttft: plain(s.ttft),
      duration: plain(s.duration),
      success: plain(s.success),
      stake: plain(s.stake),
    });
  }
  return scored.sort((a, b) => b.score - a.score);
}
