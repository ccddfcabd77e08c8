/* Generated from schemas/ by scripts/generate/generateResponseTypes.ts: do not edit, run `npm run generate:types`. */

/**
 * A bucket of the hourly, daily or monthly rollup: a Bucket with the number of distinct providers and models.
 */
export type SeriesBucket = Bucket & {
  /**
   * Distinct providers with a closed session here (a session whose bid cannot be read counts for its log's provider).
   */
  providers: number;
  /**
   * Distinct modelIds with a closed session here (a session whose bid cannot be read counts for no model).
   */
  models: number;
  [k: string]: unknown;
};
/**
 * A summary window over one (model, provider) pair's closed sessions, with every field of a window (providers and models are 1, or 0 without a close), plus what the provider earned per million tokens.
 */
export type PairWindow = WindowTotals & {
  /**
   * floor(1,000,000 * E / T) in wei of MOR, over the window's closed sessions of the pair with a signed v2 receipt with tokens > 0: T the sum of their tokens, E the sum of their max(0, min(closedAt, endsAt) - openedAt) * pricePerSecond. Absent when there is no such session. What the provider was entitled to per million tokens it served (sessions pay for time, not tokens): never a price list.
   */
  earnedPerMillionTokens?: string;
  [k: string]: unknown;
};
/**
 * A function of the contract the index depends on.
 */
export type IndexedFunction =
  "getSession" | "getBid" | "getModel" | "getProviderModelStats" | "openSession" | "closeSession";

/**
 * Every published file, by path below api/throughput/.
 */
export interface ApiResponses {
  "summary.json": Summary;
  "rollup/hourly.json": Rollup;
  "rollup/daily.json": Rollup;
  "rollup/monthly.json": Rollup;
  "rollup/by-model-daily.json": ByModelDaily;
  "rollup/by-provider-daily.json": ByProviderDaily;
  "stuck-sessions.json": StuckSessions;
  "models.json": ModelLeaderboard;
  "providers.json": ProviderLeaderboard;
  "audit.json": Audit;
  "market.json": Market;
  "changes.json": Changes;
  "meta.json": Meta;
}
/**
 * Totals over the last 24 hours, 7 days, 30 days before the as-of time, and over all time.
 */
export interface Summary {
  "24h": WindowTotals;
  "7d": WindowTotals;
  "30d": WindowTotals;
  all: WindowTotals;
  [k: string]: unknown;
}
/**
 * Totals of the sessions closed in a window: 24h, 7d, 30d hold as-of - 86400*d < closedAt <= as-of; all holds every closed session.
 */
export interface WindowTotals {
  /**
   * inputTokens + outputTokens over signed v2 receipts (exact; may exceed 2^53).
   */
  tokens: number;
  /**
   * Closed sessions whose tokens `tokens` sums: signed v2 receipts whose inputTokens and outputTokens words both fit a uint32. A bucket with sessions > 0 and tokenSessions 0 has no token counts (v1 receipts, oversize token words, disputed or malformed closes): not zero tokens.
   */
  tokenSessions: number;
  /**
   * Closed sessions, disputed and malformed included.
   */
  sessions: number;
  /**
   * Nearest-rank median time to first token in seconds, over signed receipts with ttftMs > 0; absent when there is none.
   */
  ttft?: number;
  /**
   * Nearest-rank 90th percentile of ttftMs / 1000 over the receipts ttft uses (1-based rank ceil(9n / 10)): a tail over sessions (each receipt holds its session's mean), not over requests; absent when ttft is.
   */
  ttftP90?: number;
  /**
   * Nearest-rank median of tpsScaled1000 / 1000 (output tokens per second), over signed receipts with tpsScaled1000 > 0; absent when there is none.
   */
  tps?: number;
  /**
   * Nearest-rank 10th percentile of tpsScaled1000 / 1000 over the receipts tps uses (1-based rank ceil(n / 10)): a tail over sessions (each receipt holds its session's mean), not over requests; absent when tps is.
   */
  tpsP10?: number;
  /**
   * Session time: the sum of max(0, min(closedAt, endsAt) - openedAt) over the closed sessions, disputed and malformed included.
   */
  seconds: number;
  /**
   * What providers earned, wei of MOR as a decimal string: the sum of max(0, min(closedAt, endsAt) - openedAt) * pricePerSecond over the closed sessions whose bid could be read. The contract's entitlement, not money received.
   */
  earned: string;
  /**
   * Closed sessions with closeoutType != 0.
   */
  disputed: number;
  /**
   * Distinct providers with a closed session here (a session whose bid cannot be read counts for its log's provider).
   */
  providers: number;
  /**
   * Distinct modelIds with a closed session here (a session whose bid cannot be read counts for no model).
   */
  models: number;
  [k: string]: unknown;
}
/**
 * A dense series of buckets, ascending by ts, from the later of the retention start and the period of the earliest closed session to the period holding the as-of time.
 */
export interface Rollup {
  bucket: "hourly" | "daily" | "monthly";
  series: SeriesBucket[];
  [k: string]: unknown;
}
/**
 * Totals of the sessions closed in one period (UTC).
 */
export interface Bucket {
  /**
   * Start of the period, unix seconds, UTC.
   */
  ts: number;
  /**
   * inputTokens + outputTokens over signed v2 receipts (exact; may exceed 2^53).
   */
  tokens: number;
  /**
   * Closed sessions whose tokens `tokens` sums: signed v2 receipts whose inputTokens and outputTokens words both fit a uint32. A bucket with sessions > 0 and tokenSessions 0 has no token counts (v1 receipts, oversize token words, disputed or malformed closes): not zero tokens.
   */
  tokenSessions: number;
  /**
   * Closed sessions, disputed and malformed included.
   */
  sessions: number;
  /**
   * Nearest-rank median time to first token in seconds, over signed receipts with ttftMs > 0; absent when there is none.
   */
  ttft?: number;
  /**
   * Nearest-rank median of tpsScaled1000 / 1000 (output tokens per second), over signed receipts with tpsScaled1000 > 0; absent when there is none.
   */
  tps?: number;
  /**
   * Session time: the sum of max(0, min(closedAt, endsAt) - openedAt) over the closed sessions, disputed and malformed included.
   */
  seconds: number;
  /**
   * What providers earned, wei of MOR as a decimal string: the sum of max(0, min(closedAt, endsAt) - openedAt) * pricePerSecond over the closed sessions whose bid could be read. The contract's entitlement, not money received.
   */
  earned: string;
  /**
   * Closed sessions with closeoutType != 0.
   */
  disputed: number;
  [k: string]: unknown;
}
/**
 * Daily series per model (the bid's modelId), over the daily rollup's range.
 */
export interface ByModelDaily {
  models: ModelSeries[];
  [k: string]: unknown;
}
export interface ModelSeries {
  modelId: string;
  /**
   * The model's current on-chain name; empty if it cannot be read.
   */
  name: string;
  series: Bucket[];
  [k: string]: unknown;
}
/**
 * Daily series per provider (the bid's provider), over the daily rollup's range.
 */
export interface ByProviderDaily {
  providers: ProviderSeries[];
  [k: string]: unknown;
}
export interface ProviderSeries {
  /**
   * EIP-55 checksummed address.
   */
  provider: string;
  series: Bucket[];
  [k: string]: unknown;
}
/**
 * Sessions opened and never closed although their stake ran out more than the grace period before the as-of time; sorted by openedAt, then sessionId, then chainId.
 */
export interface StuckSessions {
  count: number;
  sessions: StuckSession[];
  [k: string]: unknown;
}
export interface StuckSession {
  /**
   * The chain the session lives on.
   */
  chainId: number;
  sessionId: string;
  /**
   * Unix seconds (getSession).
   */
  openedAt: number;
  /**
   * Unix seconds: when the stake ran out.
   */
  endsAt?: number;
  provider?: string;
  modelId?: string;
  /**
   * Stake locked in the session, in wei (decimal string).
   */
  stake?: string;
  [k: string]: unknown;
}
/**
 * Every model with at least one closed session, ever, with its four summary windows; sorted by modelId.
 */
export interface ModelLeaderboard {
  models: ModelStanding[];
  [k: string]: unknown;
}
export interface ModelStanding {
  modelId: string;
  /**
   * The model's current on-chain name on the first configured chain where it reads non-empty; empty if there is none.
   */
  name: string;
  windows: Summary;
  [k: string]: unknown;
}
/**
 * Every provider with at least one closed session, ever, with its four summary windows; sorted by provider (lowercase).
 */
export interface ProviderLeaderboard {
  providers: ProviderStanding[];
  [k: string]: unknown;
}
export interface ProviderStanding {
  /**
   * EIP-55 checksummed address.
   */
  provider: string;
  windows: Summary;
  [k: string]: unknown;
}
/**
 * The index against the contract's own counters (getProviderModelStats), per (chain, modelId, provider) pair, read at each chain's last synced block. A complete index matches on every pair.
 */
export interface Audit {
  /**
   * The publication's as-of time, unix seconds.
   */
  asOf: number;
  /**
   * Number of items.
   */
  pairs: number;
  /**
   * Items whose three pairs of numbers are equal.
   */
  matching: number;
  /**
   * matching == pairs.
   */
  complete: boolean;
  /**
   * Chains whose contract has no getProviderModelStats (the call reverts): no items.
   */
  unavailable: number[];
  /**
   * Chains whose sync started after the contract's first close: they cannot match; their items are still published.
   */
  partial: number[];
  items: AuditPair[];
  [k: string]: unknown;
}
export interface AuditPair {
  chainId: number;
  modelId: string;
  /**
   * EIP-55 checksummed address.
   */
  provider: string;
  contract: ContractCounters;
  index: IndexCounters;
  match: boolean;
  [k: string]: unknown;
}
/**
 * getProviderModelStats at the chain's last synced block.
 */
export interface ContractCounters {
  totalCount: number;
  successCount: number;
  totalDuration: number;
  [k: string]: unknown;
}
/**
 * The same counted from the index: closes of every kind, closes with closeoutType 0, and the sum of closedAt - openedAt over those.
 */
export interface IndexCounters {
  closes: number;
  signedCloses: number;
  duration: number;
  [k: string]: unknown;
}
/**
 * For every model, each provider that served it (a closed session of the pair), offers it (a bid standing at the as-of time, on any chain) or ever bid for it (1.3): its bids over time, its offers and its four summary windows over that (model, provider) pair's closed sessions. Models sorted by modelId, providers by provider (lowercase). Published at the top level only.
 */
export interface Market {
  /**
   * The publication's as-of time, unix seconds.
   */
  asOf: number;
  models: ModelMarket[];
  [k: string]: unknown;
}
export interface ModelMarket {
  modelId: string;
  /**
   * The model's current on-chain name on the first configured chain where it reads non-empty; empty if there is none.
   */
  name: string;
  /**
   * Every provider with a closed session of this pair, or at least one bid for this model (an offer or not); sorted by provider (lowercase).
   */
  providers: PairMarket[];
  /**
   * The order in which the network's own router (proxy-router, default rating configuration) would try the model's active bids, per configured chain where the model has one at that chain's last synced block, sorted by chainId (SPEC.md 1.3). Each bid's score and its five terms before weighting, as the router computes them in doubles, stakes reduced to 64 bits; a bid whose score is NaN or infinite is left out.
   */
  router: RouterEntry[];
  [k: string]: unknown;
}
export interface PairMarket {
  /**
   * EIP-55 checksummed address.
   */
  provider: string;
  /**
   * The pair's bids standing at the as-of time on every configured chain (0 < createdAt <= asOf, deletedAt 0 or after asOf, getBid read at each chain's last synced block); sorted by chainId, createdAt, bidId.
   */
  offers: Offer[];
  /**
   * The pair's prices over time (1.3): every known bid of the pair on every configured chain whose getBid succeeds with 0 < createdAt <= asOf, withdrawn ones included; sorted by createdAt, chainId, bidId. The offers are exactly the bids with deletedAt 0.
   */
  bids: MarketBid[];
  windows: PairWindows;
  [k: string]: unknown;
}
export interface Offer {
  chainId: number;
  bidId: string;
  /**
   * The bid's price, wei of MOR per second, as a decimal string.
   */
  pricePerSecond: string;
  /**
   * When the bid was posted, unix seconds.
   */
  createdAt: number;
  [k: string]: unknown;
}
export interface MarketBid {
  chainId: number;
  bidId: string;
  /**
   * The bid's price, wei of MOR per second, as a decimal string.
   */
  pricePerSecond: string;
  /**
   * When the bid was posted, unix seconds.
   */
  createdAt: number;
  /**
   * When the bid was deleted (withdrawn, or replaced by a re-post), unix seconds, when that is at or before the as-of; 0 while it stands at the as-of.
   */
  deletedAt: number;
  [k: string]: unknown;
}
export interface PairWindows {
  "24h": PairWindow;
  "7d": PairWindow;
  "30d": PairWindow;
  all: PairWindow;
  [k: string]: unknown;
}
export interface RouterEntry {
  chainId: number;
  /**
   * false: one of the router's views reverted on this chain (a deployment without them); bids is then empty.
   */
  available: boolean;
  /**
   * The active bids in the router's order: score descending, ties in getModelActiveBids' order.
   */
  bids: RouterBid[];
  [k: string]: unknown;
}
export interface RouterBid {
  bidId: string;
  /**
   * EIP-55 checksummed address.
   */
  provider: string;
  /**
   * The weighted terms divided by the price in MOR a second.
   */
  score: number;
  /**
   * The pair's mean tpsScaled1000 against the model's, mapped onto [0, 1].
   */
  tps: number;
  /**
   * The pair's mean ttftMs against the model's (lower is better), mapped onto [0, 1].
   */
  ttft: number;
  /**
   * The pair's totalDuration against the model's statistic, mapped onto [0, 1].
   */
  duration: number;
  /**
   * The square of the pair's successCount / totalCount; 0 without a close. In [0, 1] on the deployed contract (a success is a close); a deployment whose counters say more successes than closes gives more, as the router computes it.
   */
  success: number;
  /**
   * The provider's stake between the minimum stake and ten times it, onto [0, 1], after the router reduces both to 64 bits; in [0, 1] whenever the minimum stake is below 2^63 wei.
   */
  stake: number;
  [k: string]: unknown;
}
/**
 * Market events from every configured chain's bids (SPEC.md 1.3): a bid posted, repriced (a re-post that deleted the pair's bid of nonce - 1 as it was created) or withdrawn. Sorted by time descending, then chainId, then bidId, then withdrawn before posted and repriced. Published at the top level only.
 */
export interface Changes {
  /**
   * The publication's as-of time, unix seconds.
   */
  asOf: number;
  changes: MarketChange[];
  [k: string]: unknown;
}
export interface MarketChange {
  /**
   * The bid's createdAt (posted, repriced) or deletedAt (withdrawn), unix seconds.
   */
  time: number;
  chainId: number;
  modelId: string;
  /**
   * EIP-55 checksummed address.
   */
  provider: string;
  kind: "posted" | "repriced" | "withdrawn";
  bidId: string;
  /**
   * The bid's price, wei of MOR per second, as a decimal string.
   */
  pricePerSecond: string;
  /**
   * Repriced only: the bid this one replaced.
   */
  previousBidId?: string;
  /**
   * Repriced only: the replaced bid's price.
   */
  previousPricePerSecond?: string;
  [k: string]: unknown;
}
/**
 * What the files were computed from: the chains, contracts and block ranges, the as-of time, freshness, backfill and audit state, counts and anomalies.
 */
export interface Meta {
  /**
   * Version of the API document (SPEC.md) that these files and their schemas follow.
   */
  schemaVersion: string;
  generator?: string;
  /**
   * The key of this release's other files: a content hash of every file below api/throughput/ except meta.json and the snapshot (named by its own hash in `snapshot`). Readers ask for the others with ?v=<releaseKey>, so that a copy cached from another release is never reused for this one (docs/caching.md).
   */
  releaseKey?: string;
  /**
   * The snapshot of the index this release was built from (`build --snapshot`), beside the API: gzip of NDJSON, the same rows giving the same bytes (docs/publishing.md). Outside releaseKey: ask it with ?v=<sha256>.
   */
  snapshot?: {
    /**
     * Its path below api/throughput/.
     */
    path: "snapshot.ndjson.gz";
    /**
     * Its size in bytes.
     */
    bytes: number;
    /**
     * The SHA-256 of its bytes, hex.
     */
    sha256: string;
  };
  /**
   * 1.0 compatibility: the first configured chain's id (see `chains` for every chain).
   */
  chainId: number;
  /**
   * 1.0 compatibility: the first configured chain's contract.
   */
  contract: string;
  /**
   * 1.0 compatibility: the first configured chain's first indexed block.
   */
  fromBlock: number;
  /**
   * 1.0 compatibility: the first configured chain's last synced block.
   */
  toBlock: number;
  toBlockHash?: string;
  /**
   * The publication's as-of time: the smallest of the chains' own as-of times, unix seconds.
   */
  asOf: number;
  asOfIso?: string;
  /**
   * Every chain of the publication, in configuration order.
   */
  chains: MetaChain[];
  stuckGraceSeconds?: number;
  /**
   * The audit's verdict: the index agrees with the contract's own counters on every (chain, model, provider) pair (audit.json).
   */
  complete: boolean;
  audit?: {
    pairs?: number;
    matching?: number;
    unavailable?: number[];
    partial?: number[];
    [k: string]: unknown;
  };
  /**
   * false while any chain's first backfill is still in progress: the publication then holds partial history.
   */
  backfillComplete: boolean;
  /**
   * false while any chain's one-time scan of bid logs (a database indexed before 1.2) is in progress: market.json's offers are then partial.
   */
  marketComplete?: boolean;
  /**
   * Wall-clock time (unix seconds) at which the sync this publication was built from finished: with updateIntervalSeconds, it tells a stale publication (a schedule that stopped) from a fresh one.
   */
  updatedAt?: number;
  /**
   * How often the publisher expects to update (--update-interval); a publication older than twice this is stale.
   */
  updateIntervalSeconds?: number;
  counts?: {
    [k: string]: number;
  };
  anomalies: {
    [k: string]: number;
  };
  [k: string]: unknown;
}
export interface MetaChain {
  chainId: number;
  /**
   * The preset's name (base, arbitrum, ...) or chain-<id>.
   */
  name: string;
  contract: string;
  /**
   * The first block indexed on this chain.
   */
  fromBlock: number;
  /**
   * The contract's creation block, when it was found (a sixteen-way search of eth_getCode); null when unknown.
   */
  creationBlock?: number | null;
  /**
   * Whether the index starts at or before the contract's creation block (so nothing of its history is missing).
   */
  fromCreationBlock: boolean;
  /**
   * The last block synced on this chain.
   */
  toBlock: number;
  toBlockHash: string;
  /**
   * Block time of toBlock, unix seconds: this chain's own as-of.
   */
  asOf: number;
  asOfIso?: string;
  /**
   * While a backfill is in progress (caughtUp false): the block the last sync of this chain aimed for.
   */
  targetBlock?: number;
  /**
   * false while a first backfill is in progress (a time-limited sync stopped before its target): the history of this chain is partial.
   */
  caughtUp: boolean;
  /**
   * false while the one-time scan of the bid logs of a database indexed before 1.2 is in progress on this chain: until it ends, market.json may miss this chain's offers or show bids deleted since as standing.
   */
  marketComplete?: boolean;
  counts?: {
    [k: string]: number;
  };
  anomalies?: {
    [k: string]: number;
  };
  /**
   * The contract's code changes (DiamondCut logs) between fromBlock and toBlock, in block order (docs/upgrades.md).
   */
  upgrades?: MetaUpgrade[];
  [k: string]: unknown;
}
export interface MetaUpgrade {
  /**
   * The block of the DiamondCut log.
   */
  block: number;
  /**
   * That block's time, unix seconds.
   */
  time: number;
  /**
   * noted: it changed none of the functions the index reads, or only added some before the index stored anything; verified: it added, replaced or removed some, and a sample of the stored sessions, closes, bids and models read back equal through the new code; unchecked: it replaced or removed some, and no stored record could be read back to check it (none stored since the last accepted upgrade); accepted: they read differently, and the publisher accepted the upgrade after checking.
   */
  status: "noted" | "verified" | "unchecked" | "accepted";
  /**
   * The functions the index reads that the cut added.
   */
  added: IndexedFunction[];
  /**
   * The functions the index reads that the cut gave to another facet (a removal of a function followed by its addition, in one cut or in the cuts of one synced block range, is one replacement, on the cut that adds it back).
   */
  replaced: IndexedFunction[];
  /**
   * The functions the index reads that the cut removed (getProviderModelStats removed: audit.json lists the chain as unavailable).
   */
  removed: IndexedFunction[];
  /**
   * Stored records read back through the new code (0 when noted or unchecked).
   */
  compared: number;
}
