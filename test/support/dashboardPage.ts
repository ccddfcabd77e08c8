import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { packageRoot } from "../../src/util/packageRoot.js";
import { waitUntilDrawn } from "./openDashboard.js";

export type Bucket = {
  ts: number;
  tokens: number;
  sessions: number;
  seconds: number;
  earned: string;
  ttft?: number;
  tps?: number;
  disputed: number;
};

/** A JSON file of a publication, by its path below api/throughput/. */
export function readApi<T = unknown>(root: string, path: string): T {
  return JSON.parse(readFileSync(join(root, "api/throughput", path), "utf8")) as T;
}

/**
 * Where the dashboard tests keep their screenshots (test-artifacts/dashboard/, ignored by git through
 * its own .gitignore); DASHBOARD_ARTIFACTS moves it (a CI job uploads that folder).
 */
export function artifactsDir(): string {
  const dir = process.env.DASHBOARD_ARTIFACTS || join(packageRoot(), "test-artifacts", "dashboard");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "..", ".gitignore"), "*\n");
  return dir;
}

/** Clicks and waits until the page has drawn again. */
export async function clickAndDraw(page: Page, selector: string): Promise<void> {
  await page.click(selector);
  await waitUntilDrawn(page);
}

/** The CSV a chart's "Download CSV" button saves, as rows of cells (header first). */
export async function downloadCsv(page: Page, chartId: string): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click(`#${chartId} .csv`)]);
  const text = readFileSync(await download.path(), "utf8");
  expect(text.endsWith("\n")).toBe(true);
  return { name: download.suggestedFilename(), rows: text.trimEnd().split("\n").map(parseCsvLine) };
}

function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === "," && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/** ISO period start of a bucket, as the CSV writes it. */
export const isoStart = (ts: number): string => new Date(ts * 1000).toISOString().replace(".000Z", "Z");

/** The last `count` buckets of a series (the chart's range), or all of it. */
export const lastBuckets = <T>(series: readonly T[], count = Number.POSITIVE_INFINITY): T[] =>
  Number.isFinite(count) ? series.slice(-count) : [...series];

/** MOR from wei with BigInt, rounded half up to `digits` decimals: the test's own arithmetic, not the page's. */
export function mor(wei: bigint | string, digits: number): string {
  const unit = 10n ** BigInt(18 - digits);
  const rounded = (BigInt(wei) + unit / 2n) / unit;
  const scale = 10n ** BigInt(digits);
  const fraction = digits > 0 ? `.${(rounded % scale).toString().padStart(digits, "0")}` : "";
  return `${(rounded / scale).toLocaleString("en-US")}${fraction} MOR`;
}

/** A card's value as the page shows it. */
export async function cardText(page: Page, window: "all" | "24h", field: string): Promise<string> {
  return (await page.locator(`[data-window="${window}"] [data-field="${field}"]`).textContent()) ?? "";
}

/** The number a card shows ("1,234,567" → 1234567). */
export async function cardNumber(page: Page, window: "all" | "24h", field: string): Promise<number> {
  return Number((await cardText(page, window, field)).replaceAll(",", ""));
}

/** A bid's price (wei of MOR a second) as the page writes it an hour: the test's own arithmetic. */
export const perHour = (wei: string): string => {
  const value = BigInt(wei) * 3600n;
  const one = 10n ** 18n;
  if (value >= 100n * one) return `${mor(value, 0)}/h`;
  if (value >= one) return `${mor(value, 2)}/h`;
  return `${mor(value, Math.min(18, 18 - value.toString().length + 3))}/h`;
};

export type Layout = { page: number; cut: string[]; labels: number[]; small: number };
/**
 * Runs in the page: how wide it is; every card value wider than its box (a figure cut); the
 * pictures' tick labels' rendered sizes (font size times the picture's scale); and the smallest
 * text of the rest of the page.
 */
const measure = `(() => {
  const cut = [...document.querySelectorAll(".card .value")]
    .filter((value) => value.offsetParent && (value.scrollWidth > value.clientWidth + 0.5 ||
      value.getBoundingClientRect().right > value.closest(".card").getBoundingClientRect().right))
    .map((value) => value.textContent);
  const labels = [...document.querySelectorAll("#market-page svg text")].filter((t) => t.getBoundingClientRect().width > 0).map((text) => {
    const svg = text.ownerSVGElement;
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return parseFloat(getComputedStyle(text).fontSize) * scale;
  });
  const sizes = [...document.querySelectorAll("body *:not(svg *):not(script):not(style)")]
    .filter((el) => el.offsetParent && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
    .map((el) => parseFloat(getComputedStyle(el).fontSize));
  return { page: document.documentElement.scrollWidth, cut, labels, small: Math.min(...sizes) };
})()`;

/** The page's layout as `measure` finds it. */
export async function measureFigures(page: Page): Promise<Layout> {
  return (await page.evaluate(measure)) as Layout;
}
