import audit from "../../schemas/audit.schema.json" with { type: "json" };
import bucket from "../../schemas/bucket.schema.json" with { type: "json" };
import byModelDaily from "../../schemas/by-model-daily.schema.json" with { type: "json" };
import byProviderDaily from "../../schemas/by-provider-daily.schema.json" with { type: "json" };
import changes from "../../schemas/changes.schema.json" with { type: "json" };
import market from "../../schemas/market.schema.json" with { type: "json" };
import meta from "../../schemas/meta.schema.json" with { type: "json" };
import models from "../../schemas/models.schema.json" with { type: "json" };
import pairWindow from "../../schemas/pair-window.schema.json" with { type: "json" };
import providers from "../../schemas/providers.schema.json" with { type: "json" };
import rollup from "../../schemas/rollup.schema.json" with { type: "json" };
import seriesBucket from "../../schemas/series-bucket.schema.json" with { type: "json" };
import stuckSessions from "../../schemas/stuck-sessions.schema.json" with { type: "json" };
import summary from "../../schemas/summary.schema.json" with { type: "json" };
import window from "../../schemas/window.schema.json" with { type: "json" };

/**
 * Every JSON Schema of schemas/ (the one source of truth), by file name, imported so that a
 * bundle (the CLI, the typed client in a browser) carries them. A test checks that this list
 * equals the folder.
 */
export const apiSchemas: Readonly<Record<string, object>> = {
  "audit.schema.json": audit,
  "bucket.schema.json": bucket,
  "by-model-daily.schema.json": byModelDaily,
  "by-provider-daily.schema.json": byProviderDaily,
  "changes.schema.json": changes,
  "market.schema.json": market,
  "meta.schema.json": meta,
  "models.schema.json": models,
  "pair-window.schema.json": pairWindow,
  "providers.schema.json": providers,
  "rollup.schema.json": rollup,
  "series-bucket.schema.json": seriesBucket,
  "stuck-sessions.schema.json": stuckSessions,
  "summary.schema.json": summary,
  "window.schema.json": window,
};
