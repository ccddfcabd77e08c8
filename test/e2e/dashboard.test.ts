import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  artifactsDir,
  type Bucket,
  cardNumber,
  cardText,
  clickAndDraw,
  downloadCsv,
  isoStart,
  mor,
  readApi,
} from "../support/dashboardPage.js";
import { launchChromium } from "../support/launchChromium.js";
import {
  brightPixels,
  colouredPixels,
  greyPixels,
  openDashboard,
  waitUntilDrawn,
} from "../support/openDashboard.js";
import { sharedDemo } from "../support/sharedDemo.js";
import { startServe } from "../support/startServe.js";

type Window = Omit<Bucket, "ts"> & { providers: number; models: number };
type Summary = Record<"24h" | "7d" | "30d" | "all", Window>;
type Series = { series: Bucket[] };

let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
const chromium = async () => {
  browser ??= await launchChromium();
  return browser.context;
};
let root: string;
let serve: { url: string; stop(): Promise<void> };

beforeAll(async () => {
  const out = await sharedDemo();
  root = join(out, "current");
  serve = await startServe(out);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await serve?.stop();
});

describe("dashboard: the demo's two chains", () => {
  test("default: every part draws without a console error or a foreign request; cards equal summary.json", async () => {
    const requests: string[] = [];
    const { page, problems } = await openDashboard(await chromium(), `${serve.url}/`, async (page) => {
      page.on("request", (request) => requests.push(request.url()));
    });
    expect(await page.getAttribute("html", "data-state")).toBe("ready");
    const summary = readApi<Summary>(root, "summary.json");
    expect(summary.all.sessions).toBeGreaterThan(1000);
    expect(await cardNumber(page, "all", "tokens")).toBe(summary.all.tokens);
    expect(await cardNumber(page, "all", "sessions")).toBe(summary.all.sessions);
    expect(await cardText(page, "all", "hours")).toBe(
      `${Math.round(summary.all.seconds / 3600).toLocaleString("en-US")} h`,
    );
    expect(await cardText(page, "all", "earned")).toBe(mor(summary.all.earned, 0));
    const day = summary["24h"];
    expect(await cardNumber(page, "24h", "tokens")).toBe(day.tokens);
    expect(await cardNumber(page, "24h", "sessions")).toBe(day.sessions);
    expect(await cardText(page, "24h", "ttft")).toBe(`${day.ttft?.toFixed(3)} s`);
    expect(await cardText(page, "24h", "tps")).toBe(`${day.tps} tok/s`);
    expect(await cardText(page, "24h", "disputed")).toBe(
      `${((100 * day.disputed) / day.sessions).toFixed(1)} %`,
    );

    const audit = readApi<{ pairs: number; matching: number }>(root, "audit.json");
    expect(audit.pairs).toBeGreaterThan(10);
    expect(await page.textContent("#audit-verdict")).toContain(
      `agrees with the contract's own counters for ${audit.matching} of ${audit.pairs} model/provider pairs`,
    );
    expect(await page.textContent("#as-of")).toContain("Data as of 2026-11-20 12:00 UTC");

    for (const id of [
      "chart-volume",
      "chart-models",
      "chart-providers",
      "chart-ttft",
      "chart-tps",
      "chart-disputed",
    ]) {
      const shot = await page.locator(`#${id} .plot`).screenshot();
      expect(await colouredPixels(await chromium(), shot), `${id} is blank`).toBeGreaterThan(800);
      expect(await page.getAttribute(`#${id} .plot`, "aria-label"), id).toMatch(/^[A-Z].{40,}\./);
    }
    // Models by name, never by hash; a model without one as "(unnamed) 0x…".
    const models = readApi<{ models: Array<{ name: string; modelId: string }> }>(root, "models.json").models;
    const labels = await page.locator("#chart-models .legend-label").allInnerTexts();
    const unnamed = models.find((model) => model.name === "");
    expect(labels).toEqual(expect.arrayContaining(models.filter((m) => m.name).map((m) => m.name)));
    expect(labels).toContain(`(unnamed) ${unnamed?.modelId.slice(0, 6)}…`);

    const stuck = readApi<{ count: number; sessions: Array<{ stake: string }> }>(root, "stuck-sessions.json");
    const locked = stuck.sessions.reduce((sum, session) => sum + BigInt(session.stake), 0n);
    expect(await page.textContent("#stuck-total")).toContain(
      `${stuck.count} sessions lock ${mor(locked, 2)}`,
    );
    expect(await page.locator("#stuck tbody tr").count()).toBe(10);
    await page.click("#stuck .link-button");
    expect(await page.locator("#stuck tbody tr").count()).toBe(stuck.count);

    expect(problems).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(`${serve.url}/`))).toEqual([]);
    await page.close();
  });

  test("default: screenshots at 1280 and 390 pixels, light and dark; nothing wider than the phone; cards on one line", async () => {
    for (const width of [1280, 390])
      for (const colorScheme of ["light", "dark"] as const) {
        const { page, problems } = await openDashboard(await chromium(), `${serve.url}/`, async (page) => {
          await page.emulateMedia({ colorScheme });
          await page.setViewportSize({ width, height: 900 });
        });
        await page.screenshot({
          path: join(artifactsDir(), `dashboard-${width}-${colorScheme}.png`),
          fullPage: true,
        });
        const layout = (await page.evaluate(`({
          page: document.documentElement.scrollWidth,
          canvases: [...document.querySelectorAll(".chart canvas")].map((canvas) => canvas.getBoundingClientRect().right),
          cards: [...document.querySelectorAll(".card .value")].map((value) =>
            [value.scrollWidth - value.clientWidth, value.getBoundingClientRect().height / parseFloat(getComputedStyle(value).fontSize)]),
        })`)) as { page: number; canvases: number[]; cards: Array<[number, number]> };
        expect(layout.page, `${width}`).toBeLessThanOrEqual(width);
        expect(layout.canvases.length).toBeGreaterThanOrEqual(6);
        for (const right of layout.canvases) expect(right).toBeLessThanOrEqual(width);
        expect(layout.cards).toHaveLength(10);
        // Each number whole on one line: no overflow, no second line ('1,335,22 / 3').
        for (const [overflow, lines] of layout.cards) expect([overflow, lines < 1.8]).toEqual([0, true]);
        expect(problems).toEqual([]);
        await page.close();
      }
  });

  test("behavior: on a phone, every leaderboard row has its rule under the sticky first column too", async () => {
    const { page, problems } = await openDashboard(await chromium(), `${serve.url}/`, async (page) => {
      await page.emulateMedia({ colorScheme: "light" });
      await page.setViewportSize({ width: 390, height: 900 });
    });
    const rows = page.locator('#models-board tbody th[scope="row"]');
    expect(await rows.count()).toBeGreaterThan(2);
    // The pixels along each row's lower edge, under the first cell and under the next one as far
    // as the table's scroll box shows it: the rule (light grey on the white panel) must run under both.
    const shown = await page.locator("#models-board").boundingBox();
    if (!shown) throw new Error("the leaderboard is not laid out");
    const ruled = async (box: { x: number; y: number; width: number; height: number }) => {
      const right = Math.min(box.x + box.width, shown.x + shown.width);
      const clip = { x: box.x + 2, y: box.y + box.height - 2, width: right - box.x - 4, height: 3 };
      const strip = await page.screenshot({ clip });
      return { width: clip.width, pixels: await greyPixels(await chromium(), strip) };
    };
    for (let k = 0; k < (await rows.count()); k++) {
      await rows.nth(k).scrollIntoViewIfNeeded();
      const first = await rows.nth(k).boundingBox();
      const next = await rows.nth(k).locator("xpath=following-sibling::td[1]").boundingBox();
      if (!first || !next) throw new Error(`row ${k} is not laid out`);
      for (const [cell, box] of [
        ["first", first],
        ["next", next],
      ] as const) {
        const { width, pixels } = await ruled(box);
        expect(pixels, `row ${k}, ${cell} cell`).toBeGreaterThanOrEqual(0.9 * width);
      }
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  test("behavior: the throughput chart stacks the chains; the range sets the granularity; its CSV equals the files", async () => {
    const { page, problems } = await openDashboard(await chromium(), `${serve.url}/`);
    const volume = page.locator("#chart-volume");
    const periods = async () => [
      await volume.getAttribute("data-granularity"),
      await volume.getAttribute("data-periods"),
    ];
    // By default the whole history, by month: the move from Arbitrum One to Base shows at once.
    expect(await page.locator("#chart-volume .legend-label").allInnerTexts()).toEqual(
      expect.arrayContaining(["Base", "Arbitrum One"]),
    );
    await clickAndDraw(page, 'button[data-range="90d"]');
    expect(await periods()).toEqual(["daily", "90"]);
    expect(page.url()).toContain("#range=90d");
    await clickAndDraw(page, 'button[data-range="7d"]');
    expect(await periods()).toEqual(["hourly", "168"]);
    await clickAndDraw(page, 'button[data-range="all"]');
    expect(new URL(page.url()).hash).toBe("");
    const monthly = readApi<Series>(root, "rollup/monthly.json").series;
    expect(await volume.getAttribute("data-granularity")).toBe("monthly");
    expect(Number(await volume.getAttribute("data-periods"))).toBe(monthly.length);
    // Receipts before v2 carry no token counts: said on the chart, with those months' inference hours.
    expect(await volume.getAttribute("data-summary")).toMatch(
      /sessions but no token counts \(their receipts/,
    );

    const chains = [8453, 42161].map(
      (id) => new Map(readApi<Series>(root, `chains/${id}/rollup/monthly.json`).series.map((b) => [b.ts, b])),
    );
    for (const metric of ["tokens", "sessions"] as const) {
      if (metric === "sessions") await clickAndDraw(page, 'button[data-metric="sessions"]');
      const csv = await downloadCsv(page, "chart-volume");
      expect(csv.name).toBe(`morpheus-throughput-${metric}-monthly-all-chains-all.csv`);
      expect(csv.rows[0]?.slice(0, 3)).toEqual(["period_start_utc", "Base", "Arbitrum One"]);
      expect(csv.rows.slice(1).map((row) => row.slice(0, 3))).toEqual(
        monthly.map((bucket) => [
          isoStart(bucket.ts),
          ...chains.map((chain) => String(chain.get(bucket.ts)?.[metric] ?? "")),
        ]),
      );
      expect(csv.rows.slice(1).map((row) => row[row.length - 1])).toEqual(
        monthly.map((_, i) => (i === monthly.length - 1 ? "yes" : "")),
      );
    }
    // The move from Arbitrum One to Base: Arbitrum carries the first month, Base the last.
    expect([chains[1]?.get(monthly[0]?.ts ?? 0)?.sessions, chains[0]?.get(monthly[0]?.ts ?? 0)]).toEqual([
      monthly[0]?.sessions,
      undefined,
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("behavior: switching the system theme after load redraws the charts in the dark theme's colours", async () => {
    const { page, problems } = await openDashboard(await chromium(), `${serve.url}/`);
    const draws = Number(await page.getAttribute("html", "data-draws"));
    await page.emulateMedia({ colorScheme: "dark" });
    type Dom = { document: { documentElement: { dataset: Record<string, string> } } };
    await page.waitForFunction(
      (before) => Number((globalThis as unknown as Dom).document.documentElement.dataset.draws) > before,
      draws,
    );
    await waitUntilDrawn(page);
    // Light grid lines or axis text left on the dark background would be near-white pixels.
    const shot = await page.locator("#chart-volume .plot").screenshot();
    expect(await brightPixels(await chromium(), shot)).toBeLessThan(50);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("default: one small bundle, measured: within its budget", () => {
    const assets = readdirSync(join(root, "assets"));
    const sizes = assets.map((name) => {
      const bytes = readFileSync(join(root, "assets", name));
      return {
        name,
        bytes: statSync(join(root, "assets", name)).size,
        gzip: gzipSync(bytes, { level: 9 }).length,
      };
    });
    expect(sizes.map((size) => size.name.replace(/-[A-Z0-9]+\./, "-*.")).sort()).toEqual([
      "dashboard-*.css",
      "dashboard-*.js",
    ]);
    const total = sizes.reduce(
      (sum, size) => ({ bytes: sum.bytes + size.bytes, gzip: sum.gzip + size.gzip }),
      { bytes: 0, gzip: 0 },
    );
    // uPlot is about 52 kB of it; a heavier charting library would not fit. The market pages
    // (tables, their price-against-speed picture in plain SVG) are some 15 kB of the rest, SPEC
    // 1.3's parts (the router's order, prices over time in plain SVG, the changes) some 13 kB.
    expect(total.bytes).toBeLessThan(136_000);
    expect(total.gzip).toBeLessThan(53_000);
  });
});
