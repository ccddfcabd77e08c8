import type { Period } from "../../api/periods.js";
import type {
  Audit,
  Bucket,
  ByModelDaily,
  ByProviderDaily,
  Changes,
  Market,
  Meta,
  ModelLeaderboard,
  ProviderLeaderboard,
  Rollup,
  StuckSessions,
  Summary,
} from "../../api/responseTypes.js";
import { checkChecksum } from "./checkChecksum.js";
import { checkMarket } from "./checkMarket.js";
import { checkChanges } from "./checkMarket13.js";
import { checkOrder } from "./checkOrder.js";
import { checkSeries } from "./checkSeries.js";
import { checkWindows } from "./checkWindows.js";

/** Parsed files below api/throughput/, by path, each already valid against its schema. */
export type PublishedFiles = Readonly<Record<string, unknown>>;

const periods: readonly Period[] = ["hourly", "daily", "monthly"];

/**
 * The rules of SPEC.md that the files show without reading the chain, beyond their schemas:
 * series dense, ascending, of their period and retention; by-model and by-provider series
 * spanning the daily rollup's range; `count` the length of the stuck sessions; sort orders;
 * checksummed provider addresses; summary windows nested (24h ⊆ 7d ⊆ 30d ⊆ all); the audit's and
 * meta.json's totals agreeing with their own items; market.json's own rules (checkMarket.ts). For
 * the top level and each chains/{id}/.
 */
export function checkFiles(files: PublishedFiles): string[] {
  const problems: string[] = [];
  for (const folder of folders(files)) problems.push(...checkFolder(files, folder));
  const models = files["models.json"] as ModelLeaderboard | undefined;
  if (models) {
    problems.push(...checkOrder("models.json: /models", models.models, [(item) => item.modelId]));
    for (const [k, item] of models.models.entries())
      problems.push(...checkStanding(`models.json: /models/${k}`, item.windows, "models"));
  }
  const providers = files["providers.json"] as ProviderLeaderboard | undefined;
  if (providers) {
    problems.push(
      ...checkOrder("providers.json: /providers", providers.providers, [(item) => item.provider]),
    );
    for (const [k, item] of providers.providers.entries()) {
      problems.push(...checkChecksum(`providers.json: /providers/${k}/provider`, item.provider));
      problems.push(...checkStanding(`providers.json: /providers/${k}`, item.windows, "providers"));
    }
  }
  const audit = files["audit.json"] as Audit | undefined;
  if (audit) problems.push(...checkAudit(audit));
  const meta = files["meta.json"] as Meta | undefined;
  if (meta) problems.push(...checkMeta(meta));
  const market = files["market.json"] as Market | undefined;
  if (market) problems.push(...checkMarket(market, meta?.asOf));
  const changes = files["changes.json"] as Changes | undefined;
  if (changes) problems.push(...checkChanges(changes, market, meta?.asOf));
  return problems;
}

/** The top level ("") and every chains/{id}/ folder the files hold. */
export function folders(files: PublishedFiles): string[] {
  const found = new Set([""]);
  for (const path of Object.keys(files)) {
    const match = /^(chains\/[^/]+\/)/.exec(path);
    if (match?.[1]) found.add(match[1]);
  }
  return [...found];
}

/** The seven files of SPEC.md's first table in one folder. */
function checkFolder(files: PublishedFiles, folder: string): string[] {
  const problems: string[] = [];
  for (const period of periods) {
    const path = `${folder}rollup/${period}.json`;
    const rollup = files[path] as Rollup | undefined;
    if (!rollup) continue;
    if (rollup.bucket !== period) problems.push(`${path}: bucket is "${rollup.bucket}", not "${period}"`);
    problems.push(...checkSeries(`${path}: /series`, rollup.series, period));
  }
  const daily = (files[`${folder}rollup/daily.json`] as Rollup | undefined)?.series;
  const byModel = files[`${folder}rollup/by-model-daily.json`] as ByModelDaily | undefined;
  if (byModel) {
    const path = `${folder}rollup/by-model-daily.json`;
    problems.push(...checkOrder(`${path}: /models`, byModel.models, [(item) => item.modelId]));
    for (const [k, item] of byModel.models.entries())
      problems.push(...checkItemSeries(`${path}: /models/${k}/series`, item.series, daily));
  }
  const byProvider = files[`${folder}rollup/by-provider-daily.json`] as ByProviderDaily | undefined;
  if (byProvider) {
    const path = `${folder}rollup/by-provider-daily.json`;
    problems.push(...checkOrder(`${path}: /providers`, byProvider.providers, [(item) => item.provider]));
    for (const [k, item] of byProvider.providers.entries()) {
      problems.push(...checkChecksum(`${path}: /providers/${k}/provider`, item.provider));
      problems.push(...checkItemSeries(`${path}: /providers/${k}/series`, item.series, daily));
    }
  }
  const summary = files[`${folder}summary.json`] as Summary | undefined;
  if (summary) problems.push(...checkWindows(`${folder}summary.json: /`, summary));
  const stuck = files[`${folder}stuck-sessions.json`] as StuckSessions | undefined;
  if (stuck) {
    const path = `${folder}stuck-sessions.json`;
    if (stuck.count !== stuck.sessions.length)
      problems.push(`${path}: count is ${stuck.count}, but sessions lists ${stuck.sessions.length}`);
    problems.push(
      ...checkOrder(`${path}: /sessions`, stuck.sessions, [
        (s) => s.openedAt,
        (s) => s.sessionId,
        (s) => s.chainId,
      ]),
    );
    for (const [k, session] of stuck.sessions.entries())
      if (session.provider)
        problems.push(...checkChecksum(`${path}: /sessions/${k}/provider`, session.provider));
  }
  return problems;
}

/**
 * A by-model or by-provider item's series: exactly the daily rollup's days (so dense and
 * ascending like it), with at least one closed session in it (SPEC.md: an item exists for a
 * model or provider with a close inside the daily range).
 */
function checkItemSeries(
  where: string,
  series: readonly Bucket[],
  daily: readonly Bucket[] | undefined,
): string[] {
  const problems = checkSeries(where, series, "daily");
  if (daily && !sameDays(series, daily))
    problems.push(`${where} spans ${span(series)}, not the daily rollup's ${span(daily)}`);
  if (!series.some((bucket) => bucket.sessions > 0))
    problems.push(`${where} holds no closed session: an item without one is not published`);
  return problems;
}

function sameDays(a: readonly Bucket[], b: readonly Bucket[]): boolean {
  return a.length === b.length && a.every((bucket, k) => bucket.ts === b[k]?.ts);
}

function span(series: readonly Bucket[]): string {
  if (series.length === 0) return "no day";
  return `${series.length} day(s) from ${series[0]?.ts} to ${series.at(-1)?.ts}`;
}

/** A leaderboard item: nested windows, a close ever, and the count of itself 1 where it closed. */
function checkStanding(where: string, windows: Summary, self: "models" | "providers"): string[] {
  const problems = checkWindows(`${where}/windows`, windows);
  if (windows.all.sessions < 1) problems.push(`${where}: no closed session ever, so no item`);
  for (const [name, window] of Object.entries(windows) as Array<[string, Summary["all"]]>) {
    if (typeof window !== "object" || window === null || !("sessions" in window)) continue;
    const expected = window.sessions > 0 ? 1 : 0;
    if (window[self] !== expected)
      problems.push(
        `${where}/windows/${name}: ${self} is ${window[self]}, expected ${expected} (the item itself)`,
      );
  }
  return problems;
}

function checkAudit(audit: Audit): string[] {
  const problems = checkOrder("audit.json: /items", audit.items, [
    (item) => item.chainId,
    (item) => item.modelId,
    (item) => item.provider,
  ]);
  for (const [k, item] of audit.items.entries()) {
    problems.push(...checkChecksum(`audit.json: /items/${k}/provider`, item.provider));
    const match =
      item.contract.totalCount === item.index.closes &&
      item.contract.successCount === item.index.signedCloses &&
      item.contract.totalDuration === item.index.duration;
    if (item.match !== match)
      problems.push(`audit.json: /items/${k}/match is ${item.match}, its counters say ${match}`);
  }
  const matching = audit.items.filter((item) => item.match).length;
  if (audit.pairs !== audit.items.length)
    problems.push(`audit.json: pairs is ${audit.pairs}, but items lists ${audit.items.length}`);
  if (audit.matching !== matching)
    problems.push(`audit.json: matching is ${audit.matching}, but ${matching} items match`);
  if (audit.complete !== (audit.matching === audit.pairs))
    problems.push(
      `audit.json: complete is ${audit.complete} with ${audit.matching} of ${audit.pairs} pairs matching`,
    );
  return problems;
}

function checkMeta(meta: Meta): string[] {
  const problems: string[] = [];
  const first = meta.chains[0];
  if (!first) return ["meta.json: /chains is empty"];
  const asOf = Math.min(...meta.chains.map((chain) => chain.asOf));
  if (meta.asOf !== asOf)
    problems.push(`meta.json: asOf ${meta.asOf} is not the smallest chain's as-of, ${asOf}`);
  for (const key of ["chainId", "contract", "fromBlock", "toBlock"] as const)
    if (meta[key] !== first[key])
      problems.push(`meta.json: ${key} ${String(meta[key])} is not the first chain's, ${String(first[key])}`);
  const caughtUp = meta.chains.every((chain) => chain.caughtUp);
  if (meta.backfillComplete !== caughtUp)
    problems.push(`meta.json: backfillComplete is ${meta.backfillComplete}, but the chains say ${caughtUp}`);
  const marketComplete = meta.chains.every((chain) => chain.marketComplete !== false);
  if (meta.marketComplete !== undefined && meta.marketComplete !== marketComplete)
    problems.push(
      `meta.json: marketComplete is ${meta.marketComplete}, but the chains say ${marketComplete}`,
    );
  for (const [k, chain] of meta.chains.entries()) {
    if (!chain.caughtUp && !(typeof chain.targetBlock === "number" && chain.targetBlock > chain.toBlock))
      problems.push(`meta.json: /chains/${k} is not caught up, yet has no targetBlock past its toBlock`);
  }
  const ids = meta.chains.map((chain) => chain.chainId);
  if (new Set(ids).size !== ids.length)
    problems.push(`meta.json: /chains lists a chain twice (${ids.join(", ")})`);
  return problems;
}
