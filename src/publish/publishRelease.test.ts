import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { publishRelease } from "./publishRelease.js";

let out: string;

beforeEach(() => {
  out = join(mkdtempSync(join(tmpdir(), "mor-publish-")), "out");
});

afterEach(() => {
  rmSync(join(out, ".."), { recursive: true, force: true });
});

const set = (value: string) => new Map([["api/throughput/summary.json", `{"value":${value}}`]]);

/** Above Linux's largest pid (2^22): no process can own it. */
const deadPid = 4_194_305;

describe("publishRelease", () => {
  test("behavior: leftovers of a publisher killed mid-swap (a staging folder, a new link) are removed", () => {
    publishRelease(out, set("1"));
    // What a SIGKILL between symlink(2) and rename(2), or during staging, leaves behind.
    symlinkSync(".releases/nowhere", join(out, `.current-${deadPid}-0a1b2c3d`));
    mkdirSync(join(out, ".releases", `.tmp-${deadPid}-0a1b2c3d`, "api"), { recursive: true });

    const { releaseId } = publishRelease(out, set("2"));

    expect(readdirSync(out).sort()).toEqual([".releases", "api", "current"]);
    expect(readdirSync(join(out, ".releases")).length).toBe(2);
    expect(readdirSync(join(out, ".releases"))).toContain(releaseId);
    expect(readFileSync(join(out, "api/throughput/summary.json"), "utf8")).toBe('{"value":2}');
  });
});
