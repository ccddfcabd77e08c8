/**
 * The package's public entry point: the API's response types (generated from schemas/) and a
 * typed client that fetches and validates them.
 *
 *     import { createThroughputClient } from "mor-throughput";
 *     const api = createThroughputClient("https://example.github.io/mor-throughput/");
 *     const summary = await api.summary(); // typed: summary["24h"].tokens
 */

export { apiVersion } from "./api/apiTypes.js";
export {
  createThroughputClient,
  type ThroughputClient,
  type ThroughputClientOptions,
  type ThroughputFiles,
} from "./api/client/createThroughputClient.js";
export { ThroughputClientError } from "./api/client/ThroughputClientError.js";
export type {
  ApiResponses,
  Audit,
  AuditPair,
  Bucket,
  ByModelDaily,
  ByProviderDaily,
  Meta,
  MetaChain,
  ModelLeaderboard,
  ModelSeries,
  ModelStanding,
  ProviderLeaderboard,
  ProviderSeries,
  ProviderStanding,
  Rollup,
  SeriesBucket,
  StuckSession,
  StuckSessions,
  Summary,
  WindowTotals,
} from "./api/responseTypes.js";
