import { describe, expect, test } from "vitest";
import { freshMetaUrl, releaseIdentity, releaseUrl } from "./releaseUrls.js";

const site = "https://example.github.io/mor-throughput/";

describe("releaseUrl", () => {
  test("default: a file of the API under its release's key, below the site's folder", () => {
    expect(releaseUrl(site, "summary.json", "0123456789abcdef").href).toBe(
      "https://example.github.io/mor-throughput/api/throughput/summary.json?v=0123456789abcdef",
    );
    expect(releaseUrl(new URL(site), "chains/8453/rollup/daily.json", "fedcba9876543210").href).toBe(
      "https://example.github.io/mor-throughput/api/throughput/chains/8453/rollup/daily.json?v=fedcba9876543210",
    );
  });

  test("behavior: without a key (a publication older than releaseKey), the plain URL", () => {
    expect(releaseUrl(site, "models.json", undefined).href).toBe(
      "https://example.github.io/mor-throughput/api/throughput/models.json",
    );
  });

  test("behavior: a page's own URL as the base (a hash, a query, index.html) keeps only its folder", () => {
    expect(releaseUrl("http://127.0.0.1:8080/index.html?x=1#chain=8453", "audit.json", "00").href).toBe(
      "http://127.0.0.1:8080/api/throughput/audit.json?v=00",
    );
  });
});

describe("freshMetaUrl", () => {
  test("default: meta.json with a token no cache has seen: never the same URL twice", () => {
    const urls = Array.from({ length: 1000 }, () => freshMetaUrl(site));
    for (const url of urls) {
      expect(url.origin + url.pathname).toBe(
        "https://example.github.io/mor-throughput/api/throughput/meta.json",
      );
      expect([...url.searchParams.keys()]).toEqual(["fresh"]);
    }
    expect(new Set(urls.map((url) => url.href)).size).toBe(urls.length);
  });
});

describe("releaseIdentity", () => {
  test("default: the releaseKey; without one, the whole text of meta.json", () => {
    expect(releaseIdentity({ releaseKey: "0123456789abcdef", updatedAt: 1 }, "{…}")).toBe("0123456789abcdef");
    expect(releaseIdentity({ updatedAt: 1 }, '{"updatedAt":1}')).toBe('{"updatedAt":1}');
    expect(releaseIdentity(null, "null")).toBe("null");
  });
});
