import { apiSchemas } from "../api/apiSchemas.js";
import { apiVersion } from "../api/apiTypes.js";
import { apiPath, chainFileSchemas, fileSchemas } from "../api/fileSchemas.js";
import { feedPath } from "./buildAtomFeed.js";
import { headersFor } from "./headers.js";

/** Where the published copies of schemas/ live, below api/throughput/. */
export const schemasPath = "schemas";
export const openApiPath = "openapi.json";

/**
 * The OpenAPI 3.1 description of the API: one GET per published file (and per file of one chain,
 * under chains/{chainId}/), each response a $ref to the published copy of its schema
 * (`./schemas/<file>`, beside this document). Nothing is restated: titles and descriptions come
 * from the schemas themselves.
 */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const entries = [
    ...Object.entries(fileSchemas).map(([path, schemaFile]) => ({ path, schemaFile, perChain: false })),
    ...Object.entries(chainFileSchemas).map(([path, schemaFile]) => ({ path, schemaFile, perChain: true })),
  ];
  for (const { path, schemaFile, perChain } of entries) {
    const schema = apiSchemas[schemaFile] as { title: string; description: string };
    const bucket = /^rollup\/(hourly|daily|monthly)\.json$/.exec(path)?.[1];
    const urlPath = `/${apiPath}/${perChain ? "chains/{chainId}/" : ""}${path}`;
    // The headers every host sends with the file (headers.ts): documented, not restated.
    const sent = headersFor(`/${apiPath}/${path}`);
    const summary = bucket ? `${schema.title}, bucket "${bucket}"` : schema.title;
    paths[urlPath] = {
      get: {
        operationId: `${operationId(path)}${perChain ? "OfChain" : ""}`,
        summary: perChain ? `${summary}, one chain alone` : summary,
        description: schema.description,
        tags: [perChain ? "chains" : "throughput"],
        ...(perChain
          ? {
              parameters: [
                {
                  name: "chainId",
                  in: "path",
                  required: true,
                  description: "A chain of meta.json's `chains` (8453 Base, 42161 Arbitrum One).",
                  schema: { type: "integer", minimum: 1 },
                },
              ],
            }
          : {}),
        responses: {
          "200": {
            description: `${schema.title} (${schemaFile})`,
            headers: {
              "Cache-Control": {
                description: "Updated hourly.",
                schema: { type: "string", const: sent["Cache-Control"] },
              },
              "Access-Control-Allow-Origin": {
                schema: { type: "string", const: sent["Access-Control-Allow-Origin"] },
              },
            },
            content: { "application/json": { schema: { $ref: `./${schemasPath}/${schemaFile}` } } },
          },
          "404": { description: "Not published (any other bucket name, for one)." },
        },
      },
    };
  }
  const feed = headersFor(`/${apiPath}/${feedPath}`);
  paths[`/${apiPath}/${feedPath}`] = {
    get: {
      operationId: "getMarketFeed",
      summary: "Market changes as an Atom feed",
      description:
        "An Atom 1.0 feed (RFC 4287) of the newest 50 changes of changes.json, in its order: each entry's id " +
        "urn:mor-throughput:{chainId}:{bidId}:{kind}, updated at the change's time, titled with the model, the " +
        "provider, what happened and the price an hour, linked to the model's dashboard page.",
      tags: ["throughput"],
      responses: {
        "200": {
          description: "The feed (market.atom)",
          headers: {
            "Cache-Control": {
              description: "Updated hourly.",
              schema: { type: "string", const: feed["Cache-Control"] },
            },
            "Content-Type": { schema: { type: "string", const: feed["Content-Type"] } },
          },
          content: { "application/atom+xml": { schema: { type: "string" } } },
        },
      },
    },
  };
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Morpheus marketplace throughput",
      version: apiVersion,
      summary: "Static JSON rollups of the inference marketplace's closed sessions.",
      description:
        "Aggregates mined from the marketplace contract's SessionClosed receipts on every chain it lived " +
        "on (Arbitrum One, then Base): tokens, sessions, session time, provider earnings, disputes, time " +
        "to first token and tokens per second per hour, day and month, per model and per provider; " +
        "summary windows, leaderboards, stuck sessions, an audit of the index against the " +
        "contract's own counters, and the market: for every model, who serves it, at what price (the " +
        "bids standing now, and every bid over time), how well, in which order the network's own router tries " +
        "them, and a feed of the changes. Each chain alone under chains/{chainId}/. Static files, updated " +
        "hourly, no authentication, CORS open to every origin. Objects may gain fields: clients treat " +
        "extra fields as additive.",
      license: { name: "MIT", identifier: "MIT" },
    },
    // Relative to this document ({base}/api/throughput/openapi.json): the host's root.
    servers: [{ url: "../..", description: "The host that serves this document" }],
    tags: [
      { name: "throughput", description: "Every configured chain together." },
      { name: "chains", description: "One chain alone, as if it were the only one configured." },
    ],
    paths,
  };
}

/** `rollup/by-model-daily.json` → `getRollupByModelDaily`. */
function operationId(path: string): string {
  const words = path.replace(/\.json$/, "").split(/[/-]/);
  return `get${words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("")}`;
}
