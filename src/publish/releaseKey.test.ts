import { describe, expect, test } from "vitest";
import { releaseKey } from "./releaseKey.js";

const files = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe("releaseKey", () => {
  const base = { "meta.json": '{"updatedAt":1}', "summary.json": "{}", "rollup/daily.json": '{"series":[]}' };

  test("default: 16 hex digits, whatever order the files come in", () => {
    const key = releaseKey(files(base));
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(releaseKey(new Map([...files(base)].reverse()))).toBe(key);
  });

  test("behavior: meta.json is not part of it (a publication that changed only meta.json keeps the key)", () => {
    expect(releaseKey(files({ ...base, "meta.json": '{"updatedAt":2}' }))).toBe(releaseKey(files(base)));
    expect(releaseKey(new Map([...files(base)].filter(([path]) => path !== "meta.json")))).toBe(
      releaseKey(files(base)),
    );
  });

  test("behavior: any other file changed, added, removed or renamed changes it", () => {
    const key = releaseKey(files(base));
    const variants = [
      { ...base, "summary.json": '{"x":1}' },
      { ...base, "models.json": "{}" },
      { "meta.json": base["meta.json"], "summary.json": "{}" },
      { "meta.json": base["meta.json"], "summary2.json": "{}", "rollup/daily.json": '{"series":[]}' },
    ];
    const keys = variants.map((variant) => releaseKey(files(variant)));
    expect(new Set([key, ...keys]).size).toBe(variants.length + 1);
    // Bytes and text hash alike: the publisher hashes strings, `validate` the bytes it reads.
    expect(releaseKey(new Map([["summary.json", Buffer.from("{}")]]))).toBe(
      releaseKey(new Map([["summary.json", "{}"]])),
    );
  });
});
