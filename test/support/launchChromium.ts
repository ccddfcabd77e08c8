import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

/** Debian's chromium (scripts/ensure-chromium.sh installs it), or CHROMIUM_PATH. */
const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * Headless Chromium driven by playwright-core, with a fresh profile. Without the
 * background-networking flags Chromium keeps dialling out, which a closed network refuses.
 * Fails with what to do when no Chromium is installed: the browser tests never skip silently.
 */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `No Chromium at ${chromiumPath}: the dashboard test needs one. ` +
        "`npm test` installs Debian's chromium when it runs as root (scripts/ensure-chromium.sh); " +
        "otherwise run `sudo apt-get install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    );
  }
  const profile = mkdtempSync(join(tmpdir(), "mor-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
