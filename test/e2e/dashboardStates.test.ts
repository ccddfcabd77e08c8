import { once } from "node:events";
import { cpSync, existsSync, renameSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from "vitest";
import { createStaticServer } from "../../src/publish/createStaticServer.js";
import { cardText, readApi } from "../support/dashboardPage.js";
import { launchChromium } from "../support/launchChromium.js";
import { openDashboard, waitUntilDrawn } from "../support/openDashboard.js";
import { runArgs } from "../support/runArgs.js";
import { parseJson, runCli } from "../support/runCli.js";
import { startServe } from "../support/startServe.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";

type Meta = {
  updatedAt: number;
  updateIntervalSeconds: number;
  backfillComplete: boolean;
  chains: Array<{
    chainId: number;
    fromBlock: number;
    toBlock: number;
    caughtUp: boolean;
    targetBlock?: number;
  }>;
};

let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
const chromium = async () => {
  browser ??= await launchChromium();
  return browser.context;
};
const dir = useTempDir("mor-dashboard-states-");
/** A plain copy of a small demo's release, served as it is: the tests take files away and change them. */
let site: string;
let server: Server;
let url: string;

beforeAll(async () => {
  const out = join(dir, "out");
  const args = ["demo", "--no-serve", "--days", "40", "--sessions-per-day", "10", "--out", out, "--json"];
  parseJson(await runCli(args, { timeoutMs: 120_000 }));
  site = join(dir, "site");
  cpSync(join(out, "current"), site, { recursive: true, dereference: true });
  server = createStaticServer(site).listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe("dashboard: loading, errors, freshness", () => {
  test("error: a missing file is named with a retry while the rest draws; the retry brings it back", async () => {
    const api = join(site, "api/throughput");
    const missing = ["chains/42161/rollup/monthly.json", "providers.json"];
    const aside = (path: string) => join(dir, path.replaceAll("/", "_"));
    const restore = () => {
      for (const path of missing) if (existsSync(aside(path))) renameSync(aside(path), join(api, path));
    };
    for (const path of missing) renameSync(join(api, path), aside(path));
    onTestFinished(restore);
    const { page, problems } = await openDashboard(await chromium(), `${url}/`);
    expect(await page.getAttribute("#chart-volume .file-error", "data-file")).toBe(
      `api/throughput/${missing[0]}`,
    );
    expect(await page.textContent("#chart-volume .file-error")).toContain("(HTTP 404)");
    expect(await page.getAttribute("#providers-board .file-error", "data-file")).toBe(
      `api/throughput/${missing[1]}`,
    );
    // Everything else is drawn: cards, the other charts, the model leaderboard, the stuck sessions.
    const summary = readApi<{ all: { sessions: number } }>(site, "summary.json");
    expect(Number((await cardText(page, "all", "sessions")).replaceAll(",", ""))).toBe(summary.all.sessions);
    for (const part of [
      "#chart-ttft",
      "#chart-models",
      "#chart-providers",
      "#models-board",
      "#stuck",
      "#status",
      "#audit",
    ])
      expect(await page.getAttribute(part, "data-state"), part).toBe("ready");
    expect(await page.locator("#chart-ttft canvas").count()).toBeGreaterThan(0);
    expect(problems.filter((problem) => !missing.some((path) => problem.includes(path)))).toEqual([
      "console error: Failed to load resource: the server responded with a status of 404 (Not Found)",
      "console error: Failed to load resource: the server responded with a status of 404 (Not Found)",
    ]);
    restore();
    await page.click("#chart-volume .retry");
    await waitUntilDrawn(page);
    expect(await page.getAttribute("#chart-volume", "data-state")).toBe("ready");
    expect(await page.getAttribute("#providers-board", "data-state")).toBe("ready");
    expect(await page.locator(".file-error").count()).toBe(0);
    await page.close();
  });

  test("behavior: a stale publication says so; a backfill in progress says how far it got", async () => {
    // Another copy on another origin: the browser keeps meta.json of the first for five minutes.
    const backfilling = join(dir, "backfilling");
    cpSync(site, backfilling, { recursive: true });
    const meta = readApi<Meta>(site, "meta.json");
    const arbitrum = meta.chains.find((chain) => chain.chainId === 42161) as Meta["chains"][number];
    const span = arbitrum.toBlock - arbitrum.fromBlock;
    Object.assign(arbitrum, { caughtUp: false, targetBlock: arbitrum.fromBlock + 2 * span });
    writeFileSync(
      join(backfilling, "api/throughput/meta.json"),
      JSON.stringify({ ...meta, backfillComplete: false }),
    );
    const other = createStaticServer(backfilling).listen(0, "127.0.0.1");
    await once(other, "listening");
    try {
      const otherUrl = `http://127.0.0.1:${(other.address() as { port: number }).port}/`;
      const at = (seconds: number) => (page: Page) => page.clock.setFixedTime(seconds * 1000);
      const stale = await openDashboard(
        await chromium(),
        otherUrl,
        at(meta.updatedAt + 3 * meta.updateIntervalSeconds),
      );
      expect(await stale.page.textContent("#stale")).toMatch(
        /^These numbers may be out of date: the last update was 3 h ago/,
      );
      expect(await stale.page.textContent("[data-backfill]")).toBe(
        `History still being backfilled on Arbitrum One: 50 % (block ${arbitrum.toBlock} of ${arbitrum.fromBlock + 2 * span}). Totals are low until it finishes.`,
      );
      const fresh = await openDashboard(await chromium(), otherUrl, at(meta.updatedAt + 60));
      expect(await fresh.page.locator("#stale").count()).toBe(0);
      expect(await fresh.page.textContent("#as-of")).toContain(
        "updated 1 min ago; the publication updates every hour",
      );
      expect([...stale.problems, ...fresh.problems]).toEqual([]);
      await stale.page.close();
      await fresh.page.close();
    } finally {
      other.close();
    }
  });

  test("error: opened from disk (file://), the page says how to serve it instead of loading forever", async () => {
    const { page, problems } = await openDashboard(await chromium(), `file://${site}/index.html`);
    expect(await page.getAttribute("html", "data-state")).toBe("error");
    expect(await page.textContent("#file-protocol")).toContain(`npx mor-throughput serve --out ${site}`);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("dashboard: a chain with no closed session", () => {
  const endTime = Date.UTC(2026, 0, 15, 12) / 1000;
  const chain = useDevChain({ models: [], bids: [], sessions: [], endTime });
  const empty = useTempDir("mor-dashboard-empty-");

  test("default: zero cards, 'no data yet' states rather than empty charts, no console error", async () => {
    let serve: { url: string; stop(): Promise<void> } | undefined;
    try {
      const out = join(empty, "out");
      parseJson(await runCli(runArgs(chain, { db: join(empty, "db.sqlite"), out }, "--json")));
      serve = await startServe(out);
      const { page, problems } = await openDashboard(await chromium(), `${serve.url}/`);
      expect(await page.getAttribute("html", "data-state")).toBe("ready");
      expect(await cardText(page, "all", "sessions")).toBe("0");
      expect(await cardText(page, "24h", "ttft")).toBe("—");
      for (const id of ["chart-volume", "chart-models", "chart-providers"])
        expect(await page.textContent(`#${id}`), id).toMatch(/^No closed sessions in the /);
      expect(await page.textContent("#chart-ttft")).toBe(
        "No time to first token measured in the whole history.",
      );
      expect(await page.textContent("#stuck")).toBe("No stuck sessions.");
      expect(await page.textContent("#models-board")).toBe("No model closed a session in this window.");
      expect(await page.textContent("#audit-verdict")).toContain("Nothing to check yet");
      await page.click('button[data-range="24h"]');
      await waitUntilDrawn(page);
      expect(problems).toEqual([]);
      await page.close();
    } finally {
      await serve?.stop();
    }
  });
});
