/** The objects of SPEC.md as this build writes them (tokens is a bigint only past 2^53). */

export type Bucket = { ts: number; tokens: number | bigint; sessions: number; ttft?: number };
export type Rollup = { bucket: "hourly" | "daily" | "monthly"; series: Bucket[] };
export type WindowTotals = { tokens: number | bigint; sessions: number; ttft?: number };
export type Summary = { "24h": WindowTotals; "7d": WindowTotals; "30d": WindowTotals; all: WindowTotals };
export type ByModelDaily = { models: Array<{ modelId: string; name: string; series: Bucket[] }> };
export type ByProviderDaily = { providers: Array<{ provider: string; series: Bucket[] }> };
export type StuckSession = {
  sessionId: string;
  openedAt: number;
  endsAt: number;
  provider?: string;
  modelId?: string;
  stake?: string;
};
export type StuckSessions = { count: number; sessions: StuckSession[] };

export type Meta = {
  /** The API document version (SPEC.md), which the schemas follow. */
  schemaVersion: string;
  generator: string;
  chainId: number;
  contract: string;
  fromBlock: number;
  toBlock: number;
  toBlockHash: string;
  asOf: number;
  asOfIso: string;
  stuckGraceSeconds: number;
  counts: Record<string, number>;
  anomalies: Record<string, number>;
};

/** Every published file, by path below api/throughput/. */
export type ApiFiles = {
  "summary.json": Summary;
  "rollup/hourly.json": Rollup;
  "rollup/daily.json": Rollup;
  "rollup/monthly.json": Rollup;
  "rollup/by-model-daily.json": ByModelDaily;
  "rollup/by-provider-daily.json": ByProviderDaily;
  "stuck-sessions.json": StuckSessions;
  "meta.json": Meta;
};

export const apiVersion = "1.0.0";
