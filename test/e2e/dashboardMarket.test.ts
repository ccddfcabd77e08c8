import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { artifactsDir, clickAndDraw, mor, readApi } from "../support/dashboardPage.js";
import { launchChromium } from "../support/launchChromium.js";
import { openDashboard, waitUntilDrawn } from "../support/openDashboard.js";
import { sharedDemo } from "../support/sharedDemo.js";
import { startServe } from "../support/startServe.js";

type PairWindow = {
  sessions: number;
  tokens: number;
  seconds: number;
  disputed: number;
  ttft?: number;
  tps?: number;
  earnedPerMillionTokens?: string;
};
type Offer = { chainId: number; bidId: string; pricePerSecond: string; createdAt: number };
type Market = {
  asOf: number;
  models: Array<{
    modelId: string;
    name: string;
    providers: Array<{
      provider: string;
      offers: Offer[];
      windows: Record<"24h" | "7d" | "30d" | "all", PairWindow>;
    }>;
  }>;
};

let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
const chromium = async () => {
  browser ??= await launchChromium();
  return browser.context;
};
let root: string;
let serve: { url: string; stop(): Promise<void> };
let market: Market;

beforeAll(async () => {
  const out = await sharedDemo();
  root = join(out, "current");
  serve = await startServe(out);
  market = readApi<Market>(root, "market.json");
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await serve?.stop();
});

/** The test's own reading of a price: the lowest offer, MOR an hour as the page rounds it. */
const lowest = (offers: readonly Offer[]) =>
  offers
    .map((offer) => BigInt(offer.pricePerSecond))
    .reduce<bigint | undefined>((low, p) => (low === undefined || p < low ? p : low), undefined);
function morShort(wei: bigint): string {
  const one = 10n ** 18n;
  if (wei >= 100n * one) return mor(wei, 0);
  if (wei >= one || wei === 0n) return mor(wei, 2);
  return mor(wei, Math.min(18, 18 - wei.toString().length + 3));
}
const chainNames: Record<number, string> = { 8453: "Base", 42161: "Arbitrum One" };
/** The test's own reading of a price cell: each chain's lowest bid, the cheapest chain first. */
function chainLines(offers: readonly Offer[]): Array<[string, string]> {
  const low = new Map<number, bigint>();
  for (const offer of offers) {
    const price = BigInt(offer.pricePerSecond);
    const known = low.get(offer.chainId);
    if (known === undefined || price < known) low.set(offer.chainId, price);
  }
  return [...low]
    .sort(([a, x], [b, y]) => (x < y ? -1 : x > y ? 1 : a - b))
    .map(([chainId, price]) => [String(chainId), `${morShort(price * 3600n)}/h on ${chainNames[chainId]}`]);
}
const rowIds = (page: Page) =>
  page
    .locator("#market-table tbody tr")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-id")));
const column = (page: Page, name: string) =>
  page.locator(`#market-table tbody td[data-column="${name}"]`).allInnerTexts();

describe("dashboard: the market", () => {
  test("default: a model's name in the leaderboard opens its page: its providers side by side, as market.json says", async () => {
    const { page, problems } = await openDashboard(await chromium(), `${serve.url}/#window=all`);
    const served = market.models.filter((m) => m.providers.some((p) => p.windows.all.sessions > 0));
    const model = [...served].sort(
      (a, b) => b.providers.length - a.providers.length,
    )[0] as Market["models"][number];
    await clickAndDraw(page, `#models-board tr[data-id="${model.modelId}"] .page-link`);
    expect(new URL(page.url()).hash).toBe(`#window=all&market=${model.modelId}`);
    expect(await page.isVisible("#overview")).toBe(false);
    expect(await page.textContent("#market-title")).toContain(model.name || "(unnamed)");
    // Cheapest first; providers without an offer last.
    const byPrice = [...model.providers].sort((a, b) => {
      const [x, y] = [lowest(a.offers), lowest(b.offers)];
      if (x === undefined || y === undefined)
        return x === y ? b.windows.all.sessions - a.windows.all.sessions : x === undefined ? 1 : -1;
      return x < y ? -1 : x > y ? 1 : b.windows.all.sessions - a.windows.all.sessions;
    });
    expect(await rowIds(page)).toEqual(byPrice.map((p) => p.provider));
    const prices = await column(page, "price");
    byPrice.forEach((pair, k) => {
      const price = lowest(pair.offers);
      expect(prices[k]?.split("\n")[0]).toContain(
        price === undefined ? "no offer" : `${morShort(price * 3600n)}/h`,
      );
    });
    expect(await column(page, "sessions")).toEqual(
      byPrice.map((p) => p.windows.all.sessions.toLocaleString("en-US")),
    );
    expect(await column(page, "perMillion")).toEqual(
      byPrice.map((p) => {
        const value = p.windows.all.earnedPerMillionTokens;
        return value === undefined ? "—" : morShort(BigInt(value));
      }),
    );
    // Each price names its chain: the cheapest chain's first, each other chain's below it.
    const shown = await page
      .locator('#market-table tbody td[data-column="price"]')
      .evaluateAll((cells) =>
        cells.map((cell) =>
          [...cell.querySelectorAll(".chain-price")].map((line) => [
            line.getAttribute("data-chain"),
            (line.textContent ?? "").replace(/\s+/g, " "),
          ]),
        ),
      );
    expect(shown).toEqual(byPrice.map((pair) => chainLines(pair.offers)));
    expect(shown.some((lines) => lines.length > 1)).toBe(true); // the demo has bids on both chains
    // Each provider with an offer and a measured speed is a point of the picture, linked to its page.
    const plotted = model.providers.filter((p) => p.offers.length > 0 && p.windows.all.tps !== undefined);
    expect(await page.locator("#market-picture .point").count()).toBe(plotted.length);
    // The speed axis fits the points: they spread over a good part of it, not its last tenth.
    expect(plotted.length).toBeGreaterThanOrEqual(2);
    const picture = await page.locator("#market-picture svg").evaluate((svg) => ({
      width: Number(svg.getAttribute("width")),
      xs: [...svg.querySelectorAll(".point circle")].map((circle) => Number(circle.getAttribute("cx"))),
    }));
    const plotWidth = picture.width - 64 - 16;
    expect((Math.max(...picture.xs) - Math.min(...picture.xs)) / plotWidth).toBeGreaterThan(0.25);
    for (const x of picture.xs) expect(x).toBeGreaterThan(64);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("behavior: sortable by every column, in the URL; the window switch; the back link keeps the view", async () => {
    const model = market.models.find(
      (m) => m.providers.length >= 2 && m.providers.every((p) => p.windows.all.tps !== undefined),
    );
    if (!model) throw new Error("the demo has no model with two measured providers");
    const { page, problems } = await openDashboard(
      await chromium(),
      `${serve.url}/#window=all&market=${model.modelId}`,
    );
    await clickAndDraw(page, '#market-table button[data-column="tps"]');
    expect(page.url()).toContain("sort=tps-desc");
    const fastest = [...model.providers].sort((a, b) => (b.windows.all.tps ?? 0) - (a.windows.all.tps ?? 0));
    expect(await rowIds(page)).toEqual(fastest.map((p) => p.provider));
    expect(await page.getAttribute("#market-table th[aria-sort]", "aria-sort")).toBe("descending");
    await clickAndDraw(page, '#market-table button[data-column="tps"]');
    expect(await rowIds(page)).toEqual([...fastest].reverse().map((p) => p.provider));
    for (const name of ["name", "price", "perMillion", "ttft", "disputed", "sessions", "tokens", "hours"]) {
      await clickAndDraw(page, `#market-table button[data-column="${name}"]`);
      expect(await page.getAttribute("#market-table th[aria-sort] button", "data-column")).toBe(name);
    }
    await clickAndDraw(page, '#market-window-switch button[data-window="7d"]');
    expect(page.url()).toContain("window=7d");
    await clickAndDraw(page, '#market-table button[data-column="name"]');
    const sessions = await column(page, "sessions");
    const byName = [...model.providers].sort((a, b) =>
      a.provider.toLowerCase() < b.provider.toLowerCase() ? -1 : 1,
    );
    const ids = await rowIds(page);
    expect(sessions).toEqual(
      ids.map((id) =>
        (byName.find((p) => p.provider === id)?.windows["7d"]?.sessions ?? -1).toLocaleString("en-US"),
      ),
    );
    // Back to the whole marketplace, the window kept.
    await clickAndDraw(page, "#market-back");
    expect(new URL(page.url()).hash).toContain("window=7d");
    expect(new URL(page.url()).hash).not.toContain("market=");
    expect(await page.isVisible("#overview")).toBe(true);
    // And the browser's back button returns to the page.
    await page.goBack();
    await waitUntilDrawn(page);
    expect(await page.isVisible("#market-page")).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("behavior: a provider's page: its models, prices and record; an offered model never served, from the market index", async () => {
    const { page, problems } = await openDashboard(await chromium(), `${serve.url}/#window=all`);
    const offered = market.models.find((m) => m.providers.every((p) => p.windows.all.sessions === 0));
    if (!offered) throw new Error("the demo has no model offered and never served");
    // Every model of market.json is listed on the overview, its cheapest offer on each chain named;
    // the offered one links to its page.
    expect(await page.locator("#market-index tbody tr").count()).toBe(market.models.length);
    for (const model of market.models) {
      const lines = await page
        .locator(`#market-index tr[data-id="${model.modelId}"] .chain-price`)
        .evaluateAll((spans) =>
          spans.map((span) => [
            span.getAttribute("data-chain"),
            (span.textContent ?? "").replace(/\s+/g, " "),
          ]),
        );
      expect(lines).toEqual(chainLines(model.providers.flatMap((pair) => pair.offers)));
    }
    await clickAndDraw(page, `#market-index tr[data-id="${offered.modelId}"] a`);
    expect(await page.textContent("#market-picture")).toContain(
      "No provider has both an offer now and a measured speed",
    );
    const provider = offered.providers[0]?.provider as string;
    await clickAndDraw(page, `#market-table tr[data-id="${provider}"] a`);
    expect(new URL(page.url()).hash).toContain(`market=${provider}`);
    const mine = market.models.filter((m) => m.providers.some((p) => p.provider === provider));
    expect((await rowIds(page)).sort()).toEqual(mine.map((m) => m.modelId).sort());
    const standing = readApi<{
      providers: Array<{ provider: string; windows: Record<string, { sessions: number }> }>;
    }>(root, "providers.json").providers.find((p) => p.provider === provider);
    expect(await page.textContent('#market-record [data-record="sessions"] .value')).toBe(
      (standing?.windows.all?.sessions ?? 0).toLocaleString("en-US"),
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  test("default: screenshots of a model's page at 1280 and 390 pixels, light and dark; nothing wider than the phone", async () => {
    const model = [...market.models].sort((a, b) => b.providers.length - a.providers.length)[0];
    for (const width of [1280, 390])
      for (const colorScheme of ["light", "dark"] as const) {
        const { page, problems } = await openDashboard(
          await chromium(),
          `${serve.url}/#market=${model?.modelId}`,
          async (page) => {
            await page.emulateMedia({ colorScheme });
            await page.setViewportSize({ width, height: 900 });
          },
        );
        await page.screenshot({
          path: join(artifactsDir(), `market-${width}-${colorScheme}.png`),
          fullPage: true,
        });
        const layout = (await page.evaluate(`({
          page: document.documentElement.scrollWidth,
          picture: document.querySelector("#market-picture svg")?.getBoundingClientRect().right ?? 0,
        })`)) as { page: number; picture: number };
        expect(layout.page, `${width}`).toBeLessThanOrEqual(width);
        expect(layout.picture).toBeGreaterThan(0);
        expect(layout.picture).toBeLessThanOrEqual(width);
        expect(problems).toEqual([]);
        await page.close();
      }
  });
});
