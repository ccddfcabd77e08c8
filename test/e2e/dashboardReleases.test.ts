import { once } from "node:events";
import { readdirSync, readFileSync, statSync } from "node:fs";
import type { Server } from "node:http";
import { join, relative } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { createThroughputClient } from "../../src/index.js";
import { createStaticServer } from "../../src/publish/createStaticServer.js";
import { publishRelease } from "../../src/publish/publishRelease.js";
import { cardNumber } from "../support/dashboardPage.js";
import { launchChromium } from "../support/launchChromium.js";
import { openDashboard, waitUntilDrawn } from "../support/openDashboard.js";
import { runArgs } from "../support/runArgs.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";

type Summary = { all: { tokens: number; sessions: number } };
/** A publication as the test saw it: its key and every file of its API, by path below api/throughput/. */
type Release = { key: string; files: Map<string, string> };

const endTime = Date.UTC(2026, 3, 30, 18) / 1000;

/** Every file below `dir`, by path relative to it. */
function filesBelow(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path, "utf8"));
    }
  };
  walk(dir);
  return files;
}

/** The API requests a server received, as "path?query" below api/throughput/. */
const apiRequests = (log: readonly string[]) =>
  log.filter((url) => url.startsWith("/api/throughput/")).map((url) => url.slice("/api/throughput/".length));
const isFreshMeta = (request: string) => /^meta\.json\?fresh=\w+$/.test(request);
const keyOf = (request: string) => new URLSearchParams(request.split("?")[1] ?? "").get("v");
const pathOf = (request: string) => request.split("?")[0] as string;

/**
 * Caches must not mix releases (issue 25): the real CLI publishes the same chain three times as
 * it grows (an hourly run), a static host serves whatever is published now (createStaticServer,
 * what `serve` runs: like GitHub Pages, it ignores the query), and Chromium keeps its HTTP cache
 * between the page views, as a visitor's browser does.
 */
describe("caches: one page view reads one release, across publications", () => {
  const history = generateHistory({ seed: 25, days: 15, sessionsPerDay: 30, endTime });
  // Three-hour blocks: every publication below ends at a block with more closed sessions.
  const chain = useDevChain(history, { write: { blockSpanSeconds: 3 * 3600 } });
  const dir = useTempDir("mor-releases-");
  const out = join(dir, "out");
  const db = join(dir, "db.sqlite");
  /** Every URL the host was asked, in order. */
  const log: string[] = [];
  let server: Server;
  let url: string;
  let browser: Awaited<ReturnType<typeof launchChromium>>;

  /** `run` up to `toBlock` (the head when undefined), as the cron would, and what it published. */
  async function publish(toBlock?: number): Promise<Release> {
    const more = toBlock === undefined ? [] : ["--to-block", String(toBlock)];
    parseJson(await runCli([...runArgs(chain, { db, out }, ...more), "--json"]));
    const files = filesBelow(join(out, "current", "api", "throughput"));
    const key = (JSON.parse(files.get("meta.json") as string) as { releaseKey: string }).releaseKey;
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    return { key, files };
  }
  const json = <T>(release: Release, path: string) => JSON.parse(release.files.get(path) as string) as T;
  const sessions = (release: Release, path = "summary.json") => json<Summary>(release, path).all.sessions;

  beforeAll(async () => {
    server = createStaticServer(out).listen(0, "127.0.0.1");
    server.on("request", (request) => log.push(request.url ?? ""));
    await once(server, "listening");
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  /** Opens the page and returns the host's API requests made while it drew. */
  async function view(): Promise<{ page: Page; problems: string[]; requests: string[] }> {
    const start = log.length;
    const { page, problems } = await openDashboard(browser.context, `${url}/`);
    return { page, problems, requests: apiRequests(log.slice(start)) };
  }

  let first: Release;
  let second: Release;
  let open: Page;

  test("behavior: a view reads meta.json fresh and every other file under its key; a view after a publication, none of the old release's cached copies", async () => {
    first = await publish(Math.floor(chain.lastBlock / 2));

    const a = await view();
    expect(await a.page.getAttribute("html", "data-release")).toBe(first.key);
    expect(await cardNumber(a.page, "all", "sessions")).toBe(sessions(first));
    const files = a.requests.filter((request) => !isFreshMeta(request));
    expect(a.requests.filter(isFreshMeta).length).toBeGreaterThanOrEqual(2); // the key, then confirmations
    expect(files.length).toBeGreaterThan(5);
    for (const request of files) expect(keyOf(request), request).toBe(first.key);
    expect(new Set(files).size).toBe(files.length); // each file once
    await a.page.close();

    // The same page again: the browser's cache answers every keyed file (max-age), only meta.json
    // reaches the host. Without the key, a view after the next publication would be served these.
    const again = await view();
    expect(again.requests.length).toBeGreaterThan(0);
    expect(again.requests.filter((request) => !isFreshMeta(request))).toEqual([]);
    await again.page.close();

    second = await publish(Math.floor((chain.lastBlock * 2) / 3));
    expect(second.key).not.toBe(first.key);
    expect(sessions(second)).toBeGreaterThan(sessions(first));

    const b = await view();
    open = b.page;
    expect(await b.page.getAttribute("html", "data-release")).toBe(second.key);
    expect(await cardNumber(b.page, "all", "sessions")).toBe(sessions(second));
    const fetched = b.requests.filter((request) => !isFreshMeta(request));
    for (const request of fetched) expect(keyOf(request), request).toBe(second.key);
    // Every file the first view read, read again under the new key: nothing from the cached copies.
    expect(fetched.map(pathOf).sort()).toEqual(files.map(pathOf).sort());
    expect([...a.problems, ...again.problems, ...b.problems]).toEqual([]);
  });

  test("behavior: a publication while the page is open: it finds it when it next loads a file, refuses what came under the old key, and draws everything again from the new release", async () => {
    const page = open;
    const chainId = (
      json<{ chains: Array<{ chainId: number }> }>(second, "meta.json").chains[0] as { chainId: number }
    ).chainId;
    // Every drawing of the headline, with the release the page said it was drawing from.
    await page.evaluate(`(() => {
      window.drawn = [];
      const headline = document.getElementById("headline");
      new MutationObserver(() => {
        const card = headline.querySelector('[data-window="all"] [data-field="sessions"]');
        if (card) window.drawn.push([document.documentElement.dataset.release, card.textContent]);
      }).observe(headline, { childList: true, subtree: true, characterData: true });
    })()`);

    const third = await publish();
    expect(third.key).not.toBe(second.key);
    const chainFile = `chains/${chainId}/summary.json`;
    expect(sessions(third, chainFile)).toBeGreaterThan(sessions(second, chainFile));

    const start = log.length;
    await page.click(`button[data-chain="${chainId}"]`);
    await waitUntilDrawn(page);
    expect(await page.getAttribute("html", "data-release")).toBe(third.key);
    expect(await cardNumber(page, "all", "sessions")).toBe(sessions(third, chainFile));

    const requests = apiRequests(log.slice(start)).filter((request) => !isFreshMeta(request));
    // The chain's files were first asked under the old key (the host answered with the new
    // release's files: the race a cache-less host always has), then everything under the new one.
    const old = requests.filter((request) => keyOf(request) === second.key);
    expect(old.length).toBeGreaterThan(0);
    for (const request of old) expect(pathOf(request)).toMatch(/^chains\//);
    const renewed = requests.filter((request) => keyOf(request) === third.key).map(pathOf);
    expect(old.length + renewed.length).toBe(requests.length);
    for (const path of [chainFile, "models.json", "providers.json", "audit.json"])
      expect(renewed).toContain(path);

    // No drawing ever showed a file of one release while the page drew another.
    const drawn = (await page.evaluate("window.drawn")) as Array<[string, string]>;
    expect(drawn.length).toBeGreaterThan(0);
    for (const [release, shown] of drawn) {
      const expected = release === third.key ? sessions(third, chainFile) : sessions(second);
      expect([release, Number(shown.replaceAll(",", ""))]).toEqual([release, expected]);
    }
    expect(drawn.at(-1)?.[0]).toBe(third.key);
    await page.close();
  });

  test("behavior: the typed client's read() during a publication reads again, and returns one release", async () => {
    const before = filesBelow(join(out, "current", "api", "throughput"));
    expect(JSON.parse(before.get("stuck-sessions.json") as string).count).toBeGreaterThan(0);
    const api = createThroughputClient(url);
    let runs = 0;
    let after: Map<string, string> | undefined;
    const [summary, daily, meta] = await api.read(async (release) => {
      runs++;
      const summary = await release.summary();
      // Another publication between two files of the first read: with a grace of ten years no
      // session is stuck any more, so its stuck-sessions files are new.
      if (runs === 1) {
        const grace = String(10 * 365 * 86_400);
        parseJson(await runCli(["build", "--db", db, "--out", out, "--stuck-grace", grace, "--json"]));
        after = filesBelow(join(out, "current", "api", "throughput"));
      }
      return [summary, await release.rollup("daily"), await release.meta()] as const;
    });
    expect(runs).toBe(2);
    const now = after as Map<string, string>;
    expect(now.get("stuck-sessions.json")).not.toBe(before.get("stuck-sessions.json"));
    expect(meta).toEqual(JSON.parse(now.get("meta.json") as string));
    expect(summary).toEqual(JSON.parse(now.get("summary.json") as string));
    expect(daily).toEqual(JSON.parse(now.get("rollup/daily.json") as string));
  });

  test("behavior: after a dashboard upgrade, a page a cache still holds finds its script and style sheet; index.html is revalidated", async () => {
    // The published release as an older version would have written it: the same page under other
    // asset names (what a rebuilt dashboard has).
    const current = filesBelow(join(out, "current"));
    const older = new Map<string, string>();
    for (const [path, content] of current) {
      const renamed = path.replace(/^assets\/dashboard-/, "assets/dashboard-OLD");
      older.set(
        renamed,
        path === "index.html" ? content.replaceAll("assets/dashboard-", "assets/dashboard-OLD") : content,
      );
    }
    publishRelease(out, older);
    const oldPage = older.get("index.html") as string;

    // The upgrade: this version's `build` publishes its own page, and keeps the old one's assets.
    parseJson(await runCli(["build", "--db", db, "--out", out, "--json"]));
    const assets = readdirSync(join(out, "current", "assets")).sort();
    expect(assets.filter((name) => name.startsWith("dashboard-OLD"))).toHaveLength(2);
    expect(assets).toHaveLength(4);
    const page = await fetch(`${url}/`);
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(await page.text()).not.toContain("dashboard-OLD");

    // A browser whose cache (or a CDN's) still holds the old index.html: it draws, nothing is missing.
    const { page: stale, problems } = await openDashboard(browser.context, `${url}/`, async (tab) => {
      await tab.route(`${url}/`, (route) =>
        route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: oldPage }),
      );
    });
    expect(await stale.getAttribute("html", "data-state")).toBe("ready");
    expect(await stale.content()).toContain("dashboard-OLD");
    expect(problems).toEqual([]);
    await stale.close();
  });
});
