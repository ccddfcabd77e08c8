import type { Bucket } from "../../api/responseTypes.js";

/** A bucket's or a window's figures (a window has no `ts`; series buckets and windows count providers and models). */
type Figures = Pick<Bucket, "tokens" | "sessions" | "seconds" | "earned" | "disputed" | "ttft" | "tps"> & {
  providers?: unknown;
  models?: unknown;
};

/**
 * A bucket or window's figures agree with each other: no closed session means zeros and no
 * medians (SPEC.md's zero bucket); disputed sessions are sessions.
 */
export function checkEmpty(where: string, figures: Figures): string[] {
  const problems: string[] = [];
  if (figures.disputed > figures.sessions)
    problems.push(`${where}: disputed ${figures.disputed} is more than sessions ${figures.sessions}`);
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
