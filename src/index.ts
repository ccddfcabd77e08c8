/**
 * The public entry point of both packages, `mor-throughput` and `@mor-throughput/client` (built
 * from this very file by packages/client/build.mjs): the API's response types (generated from
 * schemas/), a typed client that fetches and validates them, and what tells a stale publication.
 * It reaches src/api/ and schemas/ only (test/repo/clientSources.test.ts).
 *
 *     import { createThroughputClient } from "@mor-throughput/client";
 *     const api = createThroughputClient("https://example.github.io/mor-throughput/");
 *     const summary = await api.summary(); // typed: summary["24h"].tokens
 *     // several files of one release, never two (docs/caching.md)
 *     const [total, daily] = await api.read((release) => Promise.all([release.summary(), release.rollup("daily")]));
 */

export { apiSchemas } from "./api/apiSchemas.js";
export { apiVersion } from "./api/apiTypes.js";
export {
  createThroughputClient,
  type ReadOptions,
  type ThroughputClient,
  type ThroughputClientOptions,
  type ThroughputFiles,
  type ThroughputReader,
  type ThroughputSnapshot,
} from "./api/client/createThroughputClient.js";
export { type Freshness, freshnessOf } from "./api/client/freshnessOf.js";
export { ThroughputClientError } from "./api/client/ThroughputClientError.js";
export { apiPath, chainFileSchemas, fileSchemas } from "./api/fileSchemas.js";
export type {
  ApiResponses,
  Audit,
  AuditPair,
  Bucket,
  ByModelDaily,
  ByProviderDaily,
  Market,
  Meta,
  MetaChain,
  ModelLeaderboard,
  ModelMarket,
  ModelSeries,
  ModelStanding,
  Offer,
  PairMarket,
  PairWindow,
  PairWindows,
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
