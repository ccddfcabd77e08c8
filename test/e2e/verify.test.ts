import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { floorHour } from "../../src/api/periods.js";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { apiPathsOf } from "../../src/publish/fetchRelease.js";
import { releaseKey } from "../../src/publish/releaseKey.js";
import { freePort } from "../../tooling/process/freePort.js";
import { runArgs } from "../support/runArgs.js";
import { runCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { useServedDirectories } from "../support/useServedDirectories.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * verify and validate <url> against a site that `run` built from a dev chain, served locally: the
 * honest site agrees; copies with one hour's tokens changed, one bucket's ttft changed (their
 * release key made right again, as a forger would), or a summary.json of another build mixed in,
 * each differ where they were changed; a site or an endpoint that does not answer is exit 75.
 */
const endTime = Date.UTC(2026, 8, 1, 12) / 1000;
const history = generateHistory({ seed: 41, days: 2, sessionsPerDay: 12, endTime });

/** The hours of the history's signed closes with a measured ttft, most closes first. */
const closeHours = (() => {
  const counts = new Map<number, number>();
  for (const session of history.sessions)
    if (session.close && Number(session.close.closeoutType) === 0)
      counts.set(floorHour(session.close.closedAt), (counts.get(floorHour(session.close.closedAt)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([hour]) => hour);
})();
const iso = (ts: number) => new Date(ts * 1000).toISOString();
const api = "api/throughput";

describe("verify <site> and validate <url>", () => {
  // One block an hour (spans aligned to UTC hours), as on a real chain a close's closedAt is its block's time.
  const chain = useDevChain(history, { write: { blockSpanSeconds: 3600 } });
  const dir = useTempDir("mor-verify-");
  let site: string;
  let chainId: number;

  const serve = useServedDirectories();
  /** A copy of the site with `change` applied to its files, meta.json's key made theirs again unless `keepKey`. */
  async function tampered(name: string, change: (root: string) => void, keepKey = false): Promise<string> {
    const root = join(dir, name);
    cpSync(join(dir, "site", "current"), root, { recursive: true, dereference: true });
    change(root);
    if (!keepKey) {
      const metaPath = join(root, api, "meta.json");
      const meta = JSON.parse(readFileSync(metaPath, "utf8"));
      const files = new Map(apiPathsOf(meta).map((path) => [path, readFileSync(join(root, api, path))]));
      writeFileSync(metaPath, JSON.stringify({ ...meta, releaseKey: releaseKey(files) }, null, 2));
    }
    return serve(root);
  }

  const editJson = (
    root: string,
    path: string,
    edit: (value: { series: Array<Record<string, number>> }) => void,
  ) => {
    const file = join(root, api, path);
    const value = JSON.parse(readFileSync(file, "utf8"));
    edit(value);
    writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  };

  const verify = (url: string, ...more: string[]) =>
    runCli(["verify", url, "--rpc-url", chain.rpcUrl, "--rpc-retries", "0", "--json", ...more]);

  beforeAll(async () => {
    const built = await runCli(runArgs(chain, { db: join(dir, "site.sqlite"), out: join(dir, "site") }));
    expect(built.code, built.stderr).toBe(0);
    site = await serve(join(dir, "site"));
    chainId = JSON.parse(readFileSync(join(dir, "site", api, "meta.json"), "utf8")).chains[0].chainId;
  });

  test("an honest site: three hours with closes agree, exit 0, in a few dozen requests", async () => {
    const hours = closeHours.slice(0, 3);
    const given = await verify(site, ...hours.flatMap((hour) => ["--hour", iso(hour)]));
    expect(given.code, given.stdout + given.stderr).toBe(0);
    const report = JSON.parse(given.stdout);
    expect(report.agree).toBe(true);
    expect(report.differences).toEqual([]);
    const checked = report.chains[0].hours;
    expect(checked.map((hour: { ts: number }) => hour.ts)).toEqual([...hours].sort((a, b) => a - b));
    expect(checked.every((hour: { closes: number }) => hour.closes > 0)).toBe(true);
    expect(report.chains[0].audit.pairs).toBeGreaterThan(0);
    expect(report.chains[0].audit.skipped).toBeUndefined();
    // Connecting, the block searches, three hours' logs, sessions and bids, the audit.
    expect(report.requests).toBeGreaterThan(0);
    expect(report.requests).toBeLessThanOrEqual(40);
  });

  test("a random draw: its seed printed, the same seed the same hours", async () => {
    const drawn = await verify(site, "--seed", "7");
    expect(drawn.code, drawn.stderr).toBe(0);
    const first = JSON.parse(drawn.stdout);
    expect(first.seed).toBe(7);
    expect(first.hours).toHaveLength(3);
    const again = JSON.parse((await verify(site, "--seed", "7")).stdout);
    expect(again.hours).toEqual(first.hours);
    const other = JSON.parse((await verify(site, "--seed", "8")).stdout);
    expect(other.hours).not.toEqual(first.hours);
  });

  test("one hour's tokens changed: found and named, exit 1", async () => {
    const hour = closeHours[0] as number;
    const url = await tampered("tokens", (root) =>
      editJson(root, `chains/${chainId}/rollup/hourly.json`, (rollup) => {
        const bucket = rollup.series.find((b) => b.ts === hour) as Record<string, number>;
        bucket.tokens = (bucket.tokens as number) + 1;
      }),
    );
    const result = await verify(url, "--hour", iso(hour));
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.differences).toHaveLength(1);
    expect(report.differences[0]).toMatchObject({
      file: `chains/${chainId}/rollup/hourly.json`,
      bucket: hour,
      field: "tokens",
    });
    expect(Number(report.differences[0].published)).toBe(Number(report.differences[0].computed) + 1);
  });

  test("one bucket's ttft changed: found and named, exit 1", async () => {
    const hour = closeHours[1] as number;
    const url = await tampered("ttft", (root) =>
      editJson(root, `chains/${chainId}/rollup/hourly.json`, (rollup) => {
        const bucket = rollup.series.find((b) => b.ts === hour) as Record<string, number>;
        bucket.ttft = (bucket.ttft ?? 0) + 5;
      }),
    );
    const result = await verify(url, "--hour", iso(hour));
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.differences.map((d: { field: string; bucket: number }) => [d.field, d.bucket])).toEqual([
      ["ttft", hour],
    ]);
  });

  test("a summary.json of another build served under this release's key: found and named, exit 1", async () => {
    // The same chain published up to an earlier block: another release.
    const other = await runCli(
      runArgs(
        chain,
        { db: join(dir, "other.sqlite"), out: join(dir, "other") },
        "--to-block",
        String(chain.lastBlock - 5),
      ),
    );
    expect(other.code, other.stderr).toBe(0);
    const url = await tampered(
      "mixed",
      (root) =>
        cpSync(join(dir, "other", api, "summary.json"), join(root, api, "summary.json"), {
          dereference: true,
        }),
      true,
    );
    const result = await verify(url, "--hour", iso(closeHours[0] as number));
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    const files = report.differences.map((d: { file: string }) => d.file);
    expect(files).toContain("meta.json");
    expect(files).toContain("summary.json");

    const validated = await runCli(["validate", url, "--json"]);
    expect(validated.code).toBe(1);
    expect(JSON.parse(validated.stdout).problems.join("\n")).toMatch(/another release/);
  });

  test("validate <url>: the served site is valid (exit 0); a broken file is named (exit 1)", async () => {
    const valid = await runCli(["validate", site, "--deep", "--json"]);
    expect(valid.code, valid.stdout + valid.stderr).toBe(0);
    expect(JSON.parse(valid.stdout)).toMatchObject({ valid: true, problems: [] });
    const url = await tampered("broken", (root) =>
      writeFileSync(join(root, api, `chains/${chainId}/rollup/daily.json`), "{ not json"),
    );
    const broken = await runCli(["validate", url, "--json"]);
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout).problems.join("\n")).toContain(
      `chains/${chainId}/rollup/daily.json: not JSON`,
    );
  });

  test("run's flags of what to sync (--from-block, --to-block, --confirmations, --time-limit, --accept-upgrade) are refused, not ignored: exit 1 naming the flag", async () => {
    for (const flag of [
      "--from-block",
      "--to-block",
      "--confirmations",
      "--time-limit",
      "--accept-upgrade",
    ]) {
      const refused = await runCli(["verify", site, "--rpc-url", chain.rpcUrl, flag, "5"]);
      expect(refused.code, flag).toBe(1);
      expect(refused.stderr).toContain(`unknown option '${flag}'`);
    }
  });

  test("a site or an endpoint that does not answer: exit 75", async () => {
    // A port nothing listens on.
    const port = await freePort();
    const closed = `http://127.0.0.1:${port}/`;
    expect((await verify(closed)).code).toBe(75);
    expect((await runCli(["validate", closed])).code).toBe(75);
    const noEndpoint = await runCli(["verify", site, "--rpc-url", closed, "--rpc-retries", "0"]);
    expect(noEndpoint.code, noEndpoint.stderr).toBe(75);
  });
});
