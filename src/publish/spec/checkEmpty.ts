import type { Bucket } from "../../api/responseTypes.js";

/** A bucket's or a window's figures (a window has no `ts`; series buckets and windows count providers and models). */
type Figures = Pick<
  Bucket,
  "tokens" | "sessions" | "tokenSessions" | "seconds" | "earned" | "disputed" | "ttft" | "tps"
> & {
  ttftP90?: number;
  tpsP10?: number;
  providers?: unknown;
  models?: unknown;
};

/**
 * A bucket or window's figures agree with each other: no closed session means zeros and no
 * medians (SPEC.md's zero bucket); disputed sessions and sessions with counted tokens are
 * sessions, and no tokens are counted without one (1.3); a window's tails are there exactly with
 * its medians, the 90th percentile of ttft at or above its median, the 10th of tps at or below.
 */
export function checkEmpty(where: string, figures: Figures): string[] {
  const problems: string[] = [];
  if (figures.disputed > figures.sessions)
    problems.push(`${where}: disputed ${figures.disputed} is more than sessions ${figures.sessions}`);
  if (figures.tokenSessions > figures.sessions)
    problems.push(
      `${where}: tokenSessions ${figures.tokenSessions} is more than sessions ${figures.sessions}`,
    );
  if (figures.tokenSessions === 0 && figures.tokens !== 0)
    problems.push(`${where}: tokens ${figures.tokens} counted, yet tokenSessions is 0`);
  problems.push(...checkTails(where, figures));
  if (figures.sessions > 0) return problems;
  const extra = Object.entries({
    tokens: figures.tokens !== 0,
    seconds: figures.seconds !== 0,
    earned: figures.earned !== "0",
    ttft: figures.ttft !== undefined,
    tps: figures.tps !== undefined,
    providers: typeof figures.providers === "number" && figures.providers !== 0,
    models: typeof figures.models === "number" && figures.models !== 0,
  })
    .filter(([, wrong]) => wrong)
    .map(([name]) => name);
  if (extra.length > 0)
    problems.push(
      `${where}: no closed session, yet ${extra.join(", ")} (a zero bucket holds zeros and no medians)`,
    );
  return problems;
}

/** A window's tails (SPEC.md 1.3) beside its medians; a bucket has none. */
function checkTails(where: string, figures: Figures): string[] {
  const problems: string[] = [];
  const pairs = [
    ["ttft", figures.ttft, "ttftP90", figures.ttftP90, (median: number, tail: number) => tail >= median],
    ["tps", figures.tps, "tpsP10", figures.tpsP10, (median: number, tail: number) => tail <= median],
  ] as const;
  for (const [name, median, tailName, tail, ordered] of pairs) {
    if (tail === undefined) continue;
    if (median === undefined) problems.push(`${where}: ${tailName} without ${name}`);
    else if (!ordered(median, tail))
      problems.push(`${where}: ${tailName} ${tail} is on the wrong side of the median ${name} ${median}`);
  }
  return problems;
}
