import { parseJson, runCli } from "./runCli.js";

/**
 * `demo --no-serve` into `out`: both chains' two years of history at 6 sessions a day on Base
 * (some 3,300 closed sessions), enough for every part of the dashboard and every published file.
 */
export async function publishDemo(out: string): Promise<void> {
  parseJson(
    await runCli(["demo", "--no-serve", "--sessions-per-day", "6", "--out", out, "--json"], {
      timeoutMs: 240_000,
    }),
  );
}
