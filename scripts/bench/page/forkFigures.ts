import type { ForkReport } from "../fork/forkRun.js";
import { minutes } from "../scale/formatScale.js";
import { describeLimits } from "../scale/limitSets.js";
import { after, firstCompleteAfterSeconds, mb } from "./forkSection.js";

/** The page that quotes the fork suite's figures in its marked block, and the marks. */
export const forkFiguresFile = "docs/publishing.md";
const begin = "<!-- fork-figures: generated from docs/performance.json by `npm run bench -- --render` -->";
const end = "<!-- /fork-figures -->";

/** What docs/publishing.md says of a fork's first publication, from the recorded fork suite. */
export function forkFigures(fork: ForkReport | null | undefined): string {
  if (!fork || fork.runs.length === 0)
    return "How long a fork's first publication takes with and without `BOOTSTRAP_FROM` is not measured yet.";
  const parts = fork.runs.map((run) => {
    const backfill = firstCompleteAfterSeconds(run.backfill, fork.schedule.intervalSeconds);
    const synced = run.backfill.reduce((sum, step) => sum + step.wallMs, 0) / 1000;
    const limits = describeLimits(fork.limitSets[run.limits] ?? {});
    return `${run.shrink === 1 ? "at both networks' real sizes" : `on chains divided by ${run.shrink}`} and behind ${run.limits === "public" ? "the free-endpoint stand-in's limits" : run.limits === "paid" ? "a paid endpoint's limits" : `the "${run.limits}" limits`} (${limits}), **${after(firstCompleteAfterSeconds([run.bootstrap], fork.schedule.intervalSeconds))} with \`BOOTSTRAP_FROM\`** (one run, measured) against **${after(backfill)} from the chains alone** (${run.backfill.length} hourly run${run.backfill.length === 1 ? "" : "s"}, ${minutes(synced)} of running in all; the time on the hourly schedule derived from them)`;
  });
  const real = fork.runs.find((run) => run.shrink === 1);
  const snapshot = real
    ? ` The snapshot a site publishes at the real sizes is ${mb(real.snapshot.bytes)}, of a ${mb(real.snapshot.databaseBytes)} database.`
    : "";
  return `How long a fork's first complete publication of both chains takes, on the bench's virtual chains ([performance.md](performance.md#a-forks-first-publication)): ${parts.join("; ")}.${snapshot}`;
}

/** `page` with its marked block holding `figures`; an error when the marks are missing. */
export function withForkFigures(page: string, figures: string): string {
  const from = page.indexOf(begin);
  const to = page.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${forkFiguresFile}: the fork-figures marks are missing`);
  return `${page.slice(0, from + begin.length)}\n${figures}\n${page.slice(to)}`;
}
