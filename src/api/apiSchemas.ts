import bucket from "../../schemas/bucket.schema.json" with { type: "json" };
import byModelDaily from "../../schemas/by-model-daily.schema.json" with { type: "json" };
import byProviderDaily from "../../schemas/by-provider-daily.schema.json" with { type: "json" };
import meta from "../../schemas/meta.schema.json" with { type: "json" };
import rollup from "../../schemas/rollup.schema.json" with { type: "json" };
import stuckSessions from "../../schemas/stuck-sessions.schema.json" with { type: "json" };
import summary from "../../schemas/summary.schema.json" with { type: "json" };
import window from "../../schemas/window.schema.json" with { type: "json" };

/**
 * Every JSON Schema of schemas/ (the one source of truth), by file name, imported so that a
 * bundle (the CLI, the typed client in a browser) carries them. A test checks that this list
 * equals the folder.
 */
export const apiSchemas: Readonly<Record<string, object>> = {
  "bucket.schema.json": bucket,
  "by-model-daily.schema.json": byModelDaily,
  "by-provider-daily.schema.json": byProviderDaily,
  "meta.schema.json": meta,
  "rollup.schema.json": rollup,
  "stuck-sessions.schema.json": stuckSessions,
  "summary.schema.json": summary,
  "window.schema.json": window,
};
