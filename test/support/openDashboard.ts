import type { BrowserContext, Page } from "playwright-core";

export type DashboardPage = {
  page: Page;
  /** Console errors, uncaught exceptions, failed requests and HTTP errors seen so far. */
  problems: string[];
};

/** Opens the dashboard at `url`, recording everything that went wrong, and waits until it has drawn. */
export async function openDashboard(
  context: BrowserContext,
  url: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<DashboardPage> {
  const page = await context.newPage();
  await prepare?.(page);
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) =>
    problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`),
  );
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.goto(url);
  await waitUntilDrawn(page);
  return { page, problems };
}

/** Waits until every part of the page has drawn (or shown its error) after a load or a click. */
export async function waitUntilDrawn(page: Page): Promise<void> {
  await page.waitForSelector('html[data-state="ready"], html[data-state="error"]', { timeout: 30_000 });
}

/**
 * Pixels of a screenshot that are neither white nor grey: what the charts' series draw (axes,
 * grid lines and text are grey). The PNG is decoded by the browser itself, on a blank page.
 */
export function colouredPixels(context: BrowserContext, png: Buffer): Promise<number> {
  return countPixels(context, png, "Math.max(r, g, b) - Math.min(r, g, b) > 60");
}

/** Pixels that are near white (every channel above 215): on a dark page, what a light theme left behind. */
export function brightPixels(context: BrowserContext, png: Buffer): Promise<number> {
  return countPixels(context, png, "Math.min(r, g, b) > 215");
}

/** Pixels that are light grey, a table's rule on the light theme's white panel (#e1e3ea). */
export function greyPixels(context: BrowserContext, png: Buffer): Promise<number> {
  return countPixels(context, png, "Math.max(r, g, b) < 245 && Math.min(r, g, b) > 200");
}

async function countPixels(context: BrowserContext, png: Buffer, test: string): Promise<number> {
  const page = await context.newPage();
  try {
    const count = countMatching.replace("TEST", test);
    return (await page.evaluate(`(${count})(${JSON.stringify(png.toString("base64"))})`)) as number;
  } finally {
    await page.close();
  }
}

/** Runs in the browser (a string: this project's Node code is compiled without the DOM's types). */
const countMatching = `async (base64) => {
  const image = new Image();
  image.src = "data:image/png;base64," + base64;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i], g = data[i + 1], b = data[i + 2];
    if (TEST) count++;
  }
  return count;
}`;
