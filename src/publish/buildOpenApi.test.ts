import { describe, expect, test } from "vitest";
import { validateOpenApi } from "../../test/support/validateOpenApi.js";
import { apiSchemas } from "../api/apiSchemas.js";
import { apiVersion } from "../api/apiTypes.js";
import { apiPath, chainFileSchemas, fileSchemas } from "../api/fileSchemas.js";
import { buildOpenApi } from "./buildOpenApi.js";

type Operation = {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }>;
};

describe("buildOpenApi", () => {
  test("default: a valid OpenAPI 3.1 document whose $refs resolve to the published schemas", async () => {
    const result = await validateOpenApi(buildOpenApi(), apiSchemas);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test("error: a reference to a schema that is not published fails validation", async () => {
    const document = buildOpenApi() as { paths: Record<string, { get: Operation }> };
    const content = document.paths[`/${apiPath}/summary.json`]?.get.responses["200"]?.content;
    if (!content?.["application/json"]) throw new Error("no summary response");
    content["application/json"].schema.$ref = "./schemas/missing.schema.json";
    expect((await validateOpenApi(document, apiSchemas)).valid).toBe(false);
  });

  test("behavior: one GET per published file and per file of one chain, each referencing its schema, at API version 1.3.0, and the feed", () => {
    const document = buildOpenApi() as {
      info: { version: string };
      paths: Record<string, { get: Operation }>;
    };
    expect(document.info.version).toBe(apiVersion);
    expect(apiVersion).toBe("1.3.0");
    const files = [
      ...Object.entries(fileSchemas).map(([path, schema]) => [`/${apiPath}/${path}`, schema]),
      ...Object.entries(chainFileSchemas).map(([path, schema]) => [
        `/${apiPath}/chains/{chainId}/${path}`,
        schema,
      ]),
    ];
    // SPEC.md 1.3: the market's feed, beside the JSON files.
    expect(Object.keys(document.paths)).toEqual([...files.map(([path]) => path), `/${apiPath}/market.atom`]);
    const feed = document.paths[`/${apiPath}/market.atom`]?.get.responses["200"]?.content;
    expect(Object.keys(feed ?? {})).toEqual(["application/atom+xml"]);
    for (const [path, schemaFile] of files) {
      const operation = document.paths[path as string]?.get;
      expect(operation?.responses["200"]?.content?.["application/json"]?.schema.$ref).toBe(
        `./schemas/${schemaFile}`,
      );
    }
    const ids = Object.values(document.paths).map((item) => item.get.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("getRollupByModelDaily");
    expect(ids).toContain("getAudit");
    // SPEC.md 1.2: market.json is published at the top level only.
    expect(ids).toContain("getMarket");
    expect(ids).not.toContain("getMarketOfChain");
    expect(ids).toContain("getSummaryOfChain");
  });
});
