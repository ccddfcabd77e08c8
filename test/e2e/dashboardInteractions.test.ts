import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type Bucket,
  cardNumber,
  clickAndDraw,
  downloadCsv,
  isoStart,
  lastBuckets,
  readApi,
} from "../support/dashboardPage.js";
import { launchChromium } from "../support/launchChromium.js";
import { openDashboard, waitUntilDrawn } from "../support/openDashboard.js";
import { sharedDemo } from "../support/sharedDemo.js";
import { startServe } from "../support/startServe.js";

type Totals = { tokens: number; sessions: number };
type Standing = { modelId: string; name: string; windows: Record<"24h" | "7d" | "30d" | "all", Totals> };
type ModelSeries = { modelId: string; name: string; series: Bucket[] };

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

const rowIds = (page: Page, board: string) =>
  page.locator(`#${board} tbody tr`).evaluateAll((rows) => rows.map((row) => row.getAttribute("data-id")));
/** The layers a chart's legend names (not the line of hours drawn where receipts carry no token counts). */
const legend = async (page: Page, chart: string) =>
  (await page.locator(`#${chart} .legend-label`).allInnerTexts()).filter(
    (label) => !label.startsWith("Inference hours"),
  );
const fragment = (page: Page) => decodeURIComponent(new URL(page.url()).hash);

describe("dashboard: leaderboards, filters, chains and the URL", () => {
  test("behavior: leaderboards sort by any column; a row click filters the charts and the URL, several at once", async () => {
    const { page, problems } = await openDashboard(await chromium(), `${serve.url}/`);
    const standings = readApi<{ models: Standing[] }>(root, "models.json").models.filter(
      (m) => m.windows["30d"].sessions > 0,
    );
    // Ties by sessions, then by the name the page shows ("(unnamed) 0x…" for a model without one).
    const label = (m: Standing) => (m.name || `(unnamed) ${m.modelId.slice(0, 6)}…`).toLowerCase();
    const by = (key: keyof Totals, descending: boolean) =>
      [...standings]
        .sort(
          (a, b) =>
            (descending ? -1 : 1) * (a.windows["30d"][key] - b.windows["30d"][key]) ||
            b.windows["30d"].sessions - a.windows["30d"].sessions ||
            (label(a) < label(b) ? -1 : label(a) > label(b) ? 1 : 0),
        )
        .map((m) => m.modelId);
    expect(await rowIds(page, "models-board")).toEqual(by("sessions", true));
    await clickAndDraw(page, '#models-board button[data-column="tokens"]');
    expect(await rowIds(page, "models-board")).toEqual(by("tokens", true));
    expect(await page.getAttribute("#models-board th[aria-sort]", "aria-sort")).toBe("descending");
    await clickAndDraw(page, '#models-board button[data-column="tokens"]');
    expect(await rowIds(page, "models-board")).toEqual(by("tokens", false));
    expect(fragment(page)).toBe("#msort=tokens-asc");
    await clickAndDraw(page, '#providers-board button[data-column="earned"]');
    expect(await page.getAttribute("#providers-board th[aria-sort]", "aria-sort")).toBe("descending");

    const [first, second] = by("sessions", true);
    const series = new Map(
      readApi<{ models: ModelSeries[] }>(root, "rollup/by-model-daily.json").models.map((m) => [
        m.modelId,
        m,
      ]),
    );
    const name = (id?: string) => standings.find((m) => m.modelId === id)?.name ?? "";
    await clickAndDraw(page, `#models-board tr[data-id="${first}"]`);
    expect(fragment(page)).toContain(`model=${first}`);
    expect(await legend(page, "chart-volume")).toEqual([name(first)]);
    expect(await page.getAttribute("#chart-volume", "data-granularity")).toBe("daily");
    // Per-model series are daily: the whole history becomes their 365 days.
    const csv = await downloadCsv(page, "chart-volume");
    expect(csv.rows.slice(1).map((row) => row.slice(0, 2))).toEqual(
      (series.get(first ?? "")?.series ?? []).map((b) => [isoStart(b.ts), String(b.tokens)]),
    );
    await clickAndDraw(page, `#models-board tr[data-id="${second}"] .row-toggle`);
    expect(fragment(page)).toContain(`model=${first},${second}`);
    for (const chart of ["chart-volume", "chart-ttft", "chart-models"])
      expect(await legend(page, chart)).toEqual([name(first), name(second)]);
    expect(await page.locator("#models-board tr.selected").count()).toBe(2);
    await clickAndDraw(page, "#filters .chip");
    expect(await legend(page, "chart-volume")).toEqual([name(second)]);
    await clickAndDraw(page, '#filters button[data-focus="clear"]');
    expect(fragment(page)).not.toContain("model=");
    expect(await legend(page, "chart-volume")).toEqual(["Base", "Arbitrum One"]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("behavior: the chain switch shows one chain's own files; a shared URL opens the same view", async () => {
    const { page, problems } = await openDashboard(await chromium(), `${serve.url}/`);
    await clickAndDraw(page, 'button[data-chain="8453"]');
    expect(fragment(page)).toBe("#chain=8453");
    expect(await page.textContent("#chart-volume .legend")).not.toContain("Arbitrum");
    const base = readApi<{ all: Totals }>(root, "chains/8453/summary.json");
    expect(await cardNumber(page, "all", "tokens")).toBe(base.all.tokens);
    expect(await cardNumber(page, "all", "sessions")).toBe(base.all.sessions);
    await clickAndDraw(page, 'button[data-range="90d"]');
    const daily = readApi<{ series: Bucket[] }>(root, "chains/8453/rollup/daily.json").series;
    const csv = await downloadCsv(page, "chart-volume");
    expect(csv.rows.slice(1).map((row) => row.slice(0, 2))).toEqual(
      lastBuckets(daily, 90).map((b) => [isoStart(b.ts), String(b.tokens)]),
    );
    expect(await page.isVisible("#boards-note")).toBe(true);
    await page.close();

    const shared = await openDashboard(
      await chromium(),
      `${serve.url}/#chain=42161&range=all&metric=sessions&window=all`,
    );
    for (const button of [
      '[data-chain="42161"]',
      '[data-range="all"]',
      '[data-metric="sessions"]',
      '[data-window="all"]',
    ])
      expect(await shared.page.getAttribute(`button${button}`, "aria-pressed"), button).toBe("true");
    const monthly = readApi<{ series: Bucket[] }>(root, "chains/42161/rollup/monthly.json").series;
    const sessions = await downloadCsv(shared.page, "chart-volume");
    expect(sessions.rows[0]?.[1]).toBe("Arbitrum One");
    expect(sessions.rows.slice(1).map((row) => Number(row[1]))).toEqual(monthly.map((b) => b.sessions));
    expect([...problems, ...shared.problems]).toEqual([]);
    await shared.page.close();
  });

  test("behavior: keyboard and mouse: arrow keys read a chart's periods; drag zooms, a button resets; Enter toggles a row and a sort", async () => {
    const { page, problems } = await openDashboard(await chromium(), `${serve.url}/#range=30d`);
    await page.focus("#chart-volume .plot");
    await page.keyboard.press("End");
    expect(await page.textContent("#chart-volume .tooltip-title")).toBe("20 Nov 2026 (partial)");
    await page.keyboard.press("ArrowLeft");
    expect(await page.textContent("#chart-volume .tooltip-title")).toBe("19 Nov 2026");
    expect(await page.textContent("#chart-volume [aria-live]")).toMatch(
      /^19 Nov 2026: Arbitrum One 0, Base [\d,]+, Total [\d,]+$/,
    );
    // Drag to zoom (the hint says so), and a reset that appears only when zoomed.
    const reset = page.locator("#chart-volume .chart-foot button", { hasText: "Reset zoom" });
    expect(await reset.isVisible()).toBe(false);
    const over = await page.locator("#chart-volume .u-over").boundingBox();
    if (!over) throw new Error("the throughput chart has no plot");
    await page.mouse.move(over.x + over.width * 0.3, over.y + 50);
    await page.mouse.down();
    await page.mouse.move(over.x + over.width * 0.6, over.y + 60, { steps: 5 });
    await page.mouse.up();
    expect(await reset.isVisible()).toBe(true);
    await reset.click();
    expect(await reset.isVisible()).toBe(false);
    await page.focus("#models-board .row-toggle");
    await page.keyboard.press("Enter");
    await waitUntilDrawn(page);
    expect(fragment(page)).toMatch(/model=0x[0-9a-f]{64}/);
    // The redrawn board keeps the focus where it was.
    expect(await page.evaluate("document.activeElement.className")).toBe("row-toggle");
    await page.focus('#models-board button[data-column="ttft"]');
    await page.keyboard.press("Enter");
    await waitUntilDrawn(page);
    expect(fragment(page)).toContain("msort=ttft-desc");
    expect(problems).toEqual([]);
    await page.close();
  });
});
