import type { ApiFiles } from "./apiTypes.js";

/** The schema (in schemas/) of every published file, by path below api/throughput/. */
export const fileSchemas: Record<keyof ApiFiles, string> = {
  "summary.json": "summary.schema.json",
  "rollup/hourly.json": "rollup.schema.json",
  "rollup/daily.json": "rollup.schema.json",
  "rollup/monthly.json": "rollup.schema.json",
  "rollup/by-model-daily.json": "by-model-daily.schema.json",
  "rollup/by-provider-daily.json": "by-provider-daily.schema.json",
  "stuck-sessions.json": "stuck-sessions.schema.json",
  "meta.json": "meta.schema.json",
};

/** Where the API lives inside the output directory. */
export const apiPath = "api/throughput";
