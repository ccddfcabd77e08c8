import type { BrowserContext, Page } from "playwright-core";

export type DashboardPage = {
  page: Page;
  /** Console errors, uncaught exceptions, failed requests and HTTP errors seen so far. */
  problems: string[];
};

/** Opens the dashboard at `url`, recording everything that went wrong, and waits until it has drawn. */
export async function openDashboard(context: BrowserContext, url: string): Promise<DashboardPage> {
  const page = await context.newPage();
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
  await page.waitForSelector("html[data-state]", { timeout: 30_000 });
  return { page, problems };
}

/**
 * Pixels of a screenshot that are neither white nor grey: what the charts' series draw (axes,
 * grid lines and text are grey). The PNG is decoded by the browser itself, on a blank page.
 */
export async function colouredPixels(context: BrowserContext, png: Buffer): Promise<number> {
  const page = await context.newPage();
  try {
    return (await page.evaluate(`(${countColoured})(${JSON.stringify(png.toString("base64"))})`)) as number;
  } finally {
    await page.close();
  }
}

/** Runs in the browser (a string: this project's Node code is compiled without the DOM's types). */
const countColoured = `async (base64) => {
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
    if (Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 60) count++;
  }
  return count;
}`;
