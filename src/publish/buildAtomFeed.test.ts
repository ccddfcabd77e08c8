import { describe, expect, test } from "vitest";
import type { ApiFiles } from "../api/apiTypes.js";
import { buildAtomFeed, morPerHour } from "./buildAtomFeed.js";
import { checkFeed } from "./spec/checkFeed.js";

const modelId = `0x${"a".repeat(64)}`;
const change = {
  time: 1_800_000_000,
  chainId: 8453,
  modelId,
  provider: `0x${"B".repeat(40)}`,
  kind: "posted" as const,
  bidId: `0x${"c".repeat(64)}`,
  pricePerSecond: "10000000000000",
};
const files = (name: string) =>
  ({
    "changes.json": { asOf: 1_800_000_100, changes: [change] },
    "market.json": { asOf: 1_800_000_100, models: [{ modelId, name, providers: [], router: [] }] },
  }) as unknown as Pick<ApiFiles, "changes.json" | "market.json">;

describe("buildAtomFeed", () => {
  test("default: an Atom feed of the changes, its entry titled with the model, the provider and the price an hour", () => {
    const feed = buildAtomFeed(files("llama <3> & co"));
    expect(checkFeed(feed, files("x")["changes.json"])).toEqual([]);
    expect(feed).toContain(
      "<title>llama &lt;3&gt; &amp; co: 0xBBBB…BBBB offers it at 0.036 MOR an hour on Base</title>",
    );
    expect(feed).toContain(`<link rel="alternate" type="text/html" href="../../#market=${modelId}"/>`);
    expect(morPerHour("10000000000000000")).toBe("36");
  });

  test("behavior: a model name with characters XML forbids (control characters, U+FFFE) still makes well-formed XML", () => {
    const feed = buildAtomFeed(files("bad\u0001\u000bname\uFFFE\uD800"));
    expect(feed).toContain("<title>bad\uFFFD\uFFFDname\uFFFD\uFFFD: ");
    expect(checkFeed(feed, files("x")["changes.json"])).toEqual([]);
    // The check itself refuses such characters, which a lenient parser lets through.
    const tampered = feed.replace("bad\uFFFD", "bad\u0001");
    expect(checkFeed(tampered, files("x")["changes.json"])).toEqual([
      "market.atom: not well-formed XML (a character XML 1.0 forbids at offset " +
        tampered.indexOf("\u0001") +
        ")",
    ]);
  });
});
