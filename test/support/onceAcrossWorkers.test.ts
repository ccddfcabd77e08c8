import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { onceAcrossWorkers } from "./onceAcrossWorkers.js";
import { useTempDir } from "./useTempDir.js";

describe("onceAcrossWorkers", () => {
  const dir = useTempDir("mor-once-test-");

  test("default: made once for callers at the same time; each gets the path once it is made", async () => {
    let makes = 0;
    const make = async (path: string) => {
      makes++;
      mkdirSync(path);
      await sleep(50);
      writeFileSync(join(path, "file.txt"), "made\n");
    };
    const paths = await Promise.all(
      [0, 1, 2].map(() => onceAcrossWorkers(dir, "fixture", make, { pollMs: 5 })),
    );
    expect(makes).toBe(1);
    expect(paths).toEqual([0, 1, 2].map(() => join(dir, "fixture")));
    for (const path of paths) expect(readdirSync(path)).toEqual(["file.txt"]);
    // A caller after that gets it at once.
    expect(await onceAcrossWorkers(dir, "fixture", make)).toBe(join(dir, "fixture"));
    expect(makes).toBe(1);
  });

  test("error: a failure to make it fails the maker and every waiter, with its message", async () => {
    const make = async () => {
      await sleep(20);
      throw new Error("no chain today");
    };
    const results = await Promise.allSettled(
      [0, 1].map(() => onceAcrossWorkers(dir, "broken", make, { pollMs: 5 })),
    );
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(String((results[0] as PromiseRejectedResult).reason)).toBe("Error: no chain today");
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(
      /^Error: broken: making it failed in another test file:\nError: no chain today/,
    );
  });

  test("error: a maker that never finishes: the waiters give up after the time given", async () => {
    void onceAcrossWorkers(dir, "stuck", () => new Promise(() => {}));
    await expect(
      onceAcrossWorkers(dir, "stuck", async () => {}, { timeoutMs: 30, pollMs: 5 }),
    ).rejects.toThrow(/stuck: another test file began making it and has not finished after 30 ms/);
  });
});
