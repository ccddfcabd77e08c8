import { inject } from "vitest";
import { onceAcrossWorkers } from "./onceAcrossWorkers.js";
import { parseJson, runCli } from "./runCli.js";

/**
 * The demo's publication, made once a run for every file that reads it (the dashboard's, the
 * publishing's): `demo --no-serve` with both chains' two years of history at 6 sessions a day on
 * Base (some 3,300 closed sessions), enough for every part of the dashboard and every published
 * file. Its `out` directory; read it, serve it, never write into it.
 */
export function sharedDemo(): Promise<string> {
  return onceAcrossWorkers(inject("runFixtures"), "demo-out", async (out) => {
    parseJson(
      await runCli(["demo", "--no-serve", "--sessions-per-day", "6", "--out", out, "--json"], {
        timeoutMs: 240_000,
      }),
    );
  });
}
