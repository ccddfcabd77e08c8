/** The package's public entry point: the API's types. */
export type {
  ApiFiles,
  Bucket,
  ByModelDaily,
  ByProviderDaily,
  Meta,
  Rollup,
  StuckSession,
  StuckSessions,
  Summary,
  WindowTotals,
} from "./rollup/apiTypes.js";
