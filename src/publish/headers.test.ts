import { describe, expect, test } from "vitest";
import { headersFromFile, parseHeadersFile } from "../../test/support/parseHeadersFile.js";
import {
  cacheControl,
  headerRules,
  headersFor,
  immutableCacheControl,
  pageCacheControl,
  renderHeadersFile,
} from "./headers.js";

const samplePaths = [
  "/",
  "/index.html",
  "/assets/dashboard-ABC123.js",
  "/assets/dashboard-ABC123.css",
  "/api/throughput/summary.json",
  "/api/throughput/rollup/hourly.json",
  "/api/throughput/openapi.json",
  "/api/throughput/schemas/bucket.schema.json",
  "/api/throughput/market.atom",
];

describe("headers", () => {
  test("default: the API is JSON, open to every origin, cached for an hourly update", () => {
    expect(headersFor("/api/throughput/summary.json")).toMatchObject({
      "Content-Type": "application/json; charset=utf-8",
      "Access-Control-Allow-Origin": "*",
      "Cache-Control": "public, max-age=300, stale-while-revalidate=3600",
      "X-Content-Type-Options": "nosniff",
    });
    // meta.json too: readers that need it fresh ask past the caches (docs/caching.md).
    expect(headersFor("/api/throughput/meta.json")["Cache-Control"]).toBe(cacheControl);
  });

  test("behavior: the feed (SPEC.md 1.3) is Atom on every host that reads the rules, cached as the API", () => {
    const feed = headersFor("/api/throughput/market.atom");
    expect(feed).toMatchObject({
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": cacheControl,
      "Access-Control-Allow-Origin": "*",
    });
    // _headers says so by a rule of its own; the JSON files' type is their extension's.
    const typesOf = (path: string) =>
      headersFromFile(parseHeadersFile(renderHeadersFile()), path)
        .filter(([name]) => name.toLowerCase() === "content-type")
        .map(([, value]) => value);
    expect(typesOf("/api/throughput/market.atom")).toEqual(["application/atom+xml; charset=utf-8"]);
    expect(typesOf("/api/throughput/summary.json")).toEqual([]);
  });

  test("behavior: the page is revalidated at every load, with a CSP; its hashed assets are immutable", () => {
    for (const path of ["/", "/index.html"]) {
      expect(headersFor(path, "/x/index.html")["Content-Type"]).toBe("text/html; charset=utf-8");
      expect(headersFor(path, "/x/index.html")["Cache-Control"]).toBe("no-cache");
      expect(headersFor(path, "/x/index.html")["Cache-Control"]).toBe(pageCacheControl);
      expect(headersFor(path, "/x/index.html")["Content-Security-Policy"]).toContain("default-src 'none'");
    }
    expect(headersFor("/assets/dashboard-ABC.js")).toMatchObject({
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": immutableCacheControl,
    });
    expect(headersFor("/assets/dashboard-ABC.js")["Content-Security-Policy"]).toBeUndefined();
  });

  test("behavior: _headers gives every path the headers serve sends (content type aside, which hosts infer)", () => {
    const rules = parseHeadersFile(renderHeadersFile());
    expect(rules.map((rule) => rule.pattern)).toEqual(headerRules.map((rule) => rule.pattern));
    for (const path of samplePaths) {
      const fromFile = headersFromFile(rules, path);
      // The hosts join a header set by two matching rules with a comma: no rule pair may do that.
      const names = fromFile.map(([name]) => name.toLowerCase());
      expect(new Set(names).size, `${path}: ${names.join(", ")}`).toBe(names.length);
      const served = headersFor(path);
      for (const [name, value] of fromFile) expect(served[name], `${path} ${name}`).toBe(value);
      expect(served["Access-Control-Allow-Origin"]).toBe("*");
      expect(served["Cache-Control"]).toBe(fromFile.find(([name]) => name === "Cache-Control")?.[1]);
    }
  });
});
