import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { samePublished } from "./samePublished.js";

describe("samePublished", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const site = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), "same-published-"));
    dirs.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };
  const meta = (fields: object) => JSON.stringify({ apiVersion: "1.3.0", ...fields });
  const base = {
    "api/throughput/summary.json": "1",
    "api/throughput/meta.json": meta({ updatedAt: 1, snapshot: { sha256: "a" } }),
    "api/throughput/snapshot.ndjson.gz": "a",
  };

  test("behavior: sites that differ only in the run's time and the snapshot are the same", () => {
    const other = site({
      ...base,
      "api/throughput/meta.json": meta({ updatedAt: 2, snapshot: { sha256: "b" } }),
      "api/throughput/snapshot.ndjson.gz": "b",
    });
    expect(samePublished(site(base), other)).toBe(true);
  });
  test("behavior: one byte of a file, a file more, a file elsewhere or another meta field makes them differ", () => {
    const left = site(base);
    expect(samePublished(left, site({ ...base, "api/throughput/summary.json": "2" }))).toBe(false);
    expect(samePublished(left, site({ ...base, "api/throughput/extra.json": "" }))).toBe(false);
    const { "api/throughput/summary.json": _, ...rest } = base;
    expect(samePublished(left, site({ ...rest, "api/summary.json": "1" }))).toBe(false);
    expect(
      samePublished(
        left,
        site({ ...base, "api/throughput/meta.json": meta({ updatedAt: 1, releaseKey: "x" }) }),
      ),
    ).toBe(false);
  });
});
