/* Generated from schemas/ by src/api/generateResponseTypes.ts: do not edit, run `npm run generate:types`. */

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
 * Totals of the sessions closed in a summary window.
 */
export interface WindowTotals {
  tokens: number;
  sessions: number;
  ttft?: number;
  [k: string]: unknown;
}
/**
 * A dense series of buckets, ascending by ts.
 */
export interface Rollup {
  bucket: "hourly" | "daily" | "monthly";
  series: Bucket[];
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
   * inputTokens + outputTokens over signed v2 receipts.
   */
  tokens: number;
  /**
   * Closed sessions, disputed and malformed included.
   */
  sessions: number;
  /**
   * Nearest-rank median time to first token, seconds; absent when no signed receipt measured it.
   */
  ttft?: number;
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
 * Sessions opened and never closed although their stake ran out more than the grace period before the as-of time.
 */
export interface StuckSessions {
  count: number;
  sessions: StuckSession[];
  [k: string]: unknown;
}
export interface StuckSession {
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
 * What the files were computed from: chain, contract, block range, as-of time, and anomaly counts.
 */
export interface Meta {
  /**
   * Version of the API document (1.0.0) that these files and their schemas follow.
   */
  schemaVersion: string;
  generator?: string;
  chainId: number;
  contract: string;
  fromBlock: number;
  toBlock: number;
  toBlockHash?: string;
  /**
   * Block time of toBlock, unix seconds.
   */
  asOf: number;
  asOfIso?: string;
  stuckGraceSeconds?: number;
  counts?: {
    [k: string]: number;
  };
  anomalies: {
    [k: string]: number;
  };
  [k: string]: unknown;
}
