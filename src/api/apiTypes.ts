import type * as Responses from "./responseTypes.js";

/**
 * The objects of SPEC.md as this build writes them: the types generated from schemas/, except
 * that `tokens` may be a bigint (only past 2^53, where a JSON number loses precision).
 */
type Written<T> =
  T extends Array<infer Item>
    ? Written<Item>[]
    : T extends object
      ? { [K in keyof T]: K extends "tokens" ? number | bigint : Written<T[K]> }
      : T;

export type Bucket = Written<Responses.Bucket>;
export type Rollup = Written<Responses.Rollup>;
export type WindowTotals = Written<Responses.WindowTotals>;

/** Every published file, by path below api/throughput/. */
export type ApiFiles = { [Path in keyof Responses.ApiResponses]: Written<Responses.ApiResponses[Path]> };

export const apiVersion = "1.0.0";
