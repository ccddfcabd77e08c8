import type { ChainFilePath } from "./fileSchemas.js";
import type * as Responses from "./responseTypes.js";

/**
 * The objects of SPEC.md as this build writes them: the types generated from schemas/, except
 * that the sums `tokens` and `seconds` may be bigints (only past 2^53, where a JSON number loses
 * precision: serializeJson writes them as exact integer digits).
 */
type Written<T> =
  T extends Array<infer Item>
    ? Written<Item>[]
    : T extends object
      ? { [K in keyof T]: K extends "tokens" | "seconds" ? number | bigint : Written<T[K]> }
      : T;

export type Bucket = Written<Responses.Bucket>;
export type SeriesBucket = Written<Responses.SeriesBucket>;
export type Rollup = Written<Responses.Rollup>;
export type WindowTotals = Written<Responses.WindowTotals>;
export type Summary = Written<Responses.Summary>;
export type StuckSession = Written<Responses.StuckSession>;
export type AuditPair = Written<Responses.AuditPair>;
export type PairWindow = Written<Responses.PairWindow>;
export type PairMarket = Written<Responses.PairMarket>;
export type Offer = Written<Responses.Offer>;
export type Meta = Written<Responses.Meta>;
export type MetaChain = Written<Responses.MetaChain>;
export type MetaUpgrade = Written<Responses.MetaUpgrade>;

/** Every file at the top level of the API, by path below api/throughput/. */
export type ApiFiles = { [Path in keyof Responses.ApiResponses]: Written<Responses.ApiResponses[Path]> };

/** The seven files of one chain alone (chains/{chainId}/). */
export type ChainFiles = Pick<ApiFiles, ChainFilePath>;

/** The version of SPEC.md these files follow. */
export const apiVersion = "1.3.0";
