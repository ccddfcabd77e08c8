import { describe, expect, test } from "vitest";
import {
  kindOf,
  lastGoodOf,
  newerThanLastGoodOf,
  prunableOf,
  restoreOf,
  verdictOf,
  // @ts-expect-error: a workflow script in plain JavaScript, without declarations
} from "./publish-cache.mjs";

type Entry = { id: number; key: string; createdAt: string; ref: string };

/** Entries saved one an hour, in the order given. */
const entries = (...keys: string[]): Entry[] =>
  keys.map((key, k) => ({
    id: k + 1,
    key,
    createdAt: new Date(Date.UTC(2026, 0, 1, k)).toISOString(),
    ref: "refs/heads/main",
  }));
const keysOf = (list: Entry[] | undefined) => list?.map((entry) => entry.key);

describe("publish-cache (the publish workflow's databases)", () => {
  test("default: a run that published, validated and deployed is the last good database", () => {
    expect(verdictOf({ exitCode: "0", validated: "success", deployed: "success" }).kind).toBe("good");
  });

  test("behavior: what of a run is kept, by its exit code and the outcomes of validate and the deployment", () => {
    const kind = (exitCode: string, validated = "skipped", deployed = "skipped") =>
      verdictOf({ exitCode, validated, deployed }).kind;
    expect(kind("75")).toBe("resume");
    expect(kind("0", "success", "failure")).toBe("resume");
    expect(kind("0", "success", "skipped")).toBe("resume");
    for (const exitCode of ["1", "2", "130", "143"]) expect(kind(exitCode), exitCode).toBeUndefined();
    expect(kind("0", "failure")).toBeUndefined();
    expect(kind("0", "cancelled")).toBeUndefined();
    // The step never finished: not started, cancelled, timed out.
    expect(kind("", "skipped", "skipped")).toBeUndefined();
    expect(verdictOf({ exitCode: "2", validated: "", deployed: "" }).why).toMatch(/exited 2 \(a bug\)/);
  });

  test("behavior: keys: good and resume entries, the workflow's keys before them as resume, others unknown", () => {
    expect(kindOf("throughput-db-good-12-1")).toBe("good");
    expect(kindOf("throughput-db-resume-12-2")).toBe("resume");
    expect(kindOf("throughput-db-12-1")).toBe("resume");
    for (const key of ["throughput-db-good-12", "throughput-db-held-12-1", "throughput-db-good-12-1-x"])
      expect(kindOf(key), key).toBe("unknown");
  });

  test("behavior: the newest safe entry is restored; the last good one and it stay, the rest goes", () => {
    const list = entries(
      "throughput-db-7-1",
      "throughput-db-good-8-1",
      "throughput-db-resume-9-1",
      "throughput-db-good-10-1",
      "throughput-db-resume-11-1",
      "throughput-db-resume-12-1",
      "throughput-db-something",
    );
    expect(restoreOf(list)?.key).toBe("throughput-db-resume-12-1");
    expect(lastGoodOf(list)?.key).toBe("throughput-db-good-10-1");
    expect(keysOf(prunableOf(list))).toEqual([
      "throughput-db-7-1",
      "throughput-db-good-8-1",
      "throughput-db-resume-9-1",
      "throughput-db-resume-11-1",
    ]);
    expect(keysOf(newerThanLastGoodOf(list))).toEqual([
      "throughput-db-resume-11-1",
      "throughput-db-resume-12-1",
    ]);
    // Order is the entries' age, not the order of the listing.
    expect(restoreOf([...list].reverse())?.key).toBe("throughput-db-resume-12-1");
  });

  test("behavior: the last good entry is the newest: nothing newer to fall back from, one entry stays", () => {
    const list = entries("throughput-db-resume-1-1", "throughput-db-good-2-1");
    expect(restoreOf(list)?.key).toBe("throughput-db-good-2-1");
    expect(keysOf(prunableOf(list))).toEqual(["throughput-db-resume-1-1"]);
    expect(newerThanLastGoodOf(list)).toEqual([]);
  });

  test("error: no good entry: nothing to fall back to; an empty cache restores nothing", () => {
    const list = entries("throughput-db-resume-1-1", "throughput-db-resume-2-1");
    expect(newerThanLastGoodOf(list)).toBeUndefined();
    expect(keysOf(prunableOf(list))).toEqual(["throughput-db-resume-1-1"]);
    expect(restoreOf([])).toBeUndefined();
    expect(prunableOf([])).toEqual([]);
  });
});
