import { floorPeriod, type Period, retentionPeriods } from "../../api/periods.js";
import type {
  Audit,
  Bucket,
  ByModelDaily,
  ByProviderDaily,
  Market,
  Meta,
  ModelLeaderboard,
  ProviderLeaderboard,
  Rollup,
  Summary,
} from "../../api/responseTypes.js";
import { folders, type PublishedFiles } from "./checkFiles.js";
import { addSums, differences, type Sums, sumOf, zeroSums } from "./sums.js";

const periods: readonly Period[] = ["hourly", "daily", "monthly"];

/**
 * `validate --deep`: the files agree with each other, as files computed from one index must.
 * In each folder: the summary's `all` is the monthly series' sum; each month the daily series
 * covers sums to its monthly bucket, each day the hourly series covers to its daily bucket; the
 * providers' daily series sum to the daily rollup (every session has one provider) and the
 * models' stay within it; each series ends with the period of its as-of. At the top: the
 * providers' `all` windows sum to the summary's; each market.json model's pairs sum to its
 * models.json item; meta.json and audit.json agree; with one chain, its folder repeats the top
 * level byte for byte.
 */
export function checkConsistency(files: PublishedFiles, texts: Readonly<Record<string, string>>): string[] {
  const problems: string[] = [];
  const meta = files["meta.json"] as Meta | undefined;
  for (const folder of folders(files)) {
    const chainId = Number(/^chains\/(\d+)\//.exec(folder)?.[1]);
    const asOf = folder === "" ? meta?.asOf : meta?.chains.find((chain) => chain.chainId === chainId)?.asOf;
    problems.push(...checkFolder(files, folder, asOf));
  }
  const summary = files["summary.json"] as Summary | undefined;
  const providers = files["providers.json"] as ProviderLeaderboard | undefined;
  if (summary && providers) {
    const found = differences(
      sumOf(providers.providers.map((item) => item.windows.all)),
      sumOf([summary.all]),
    );
    if (found.length > 0)
      problems.push(
        `providers.json: the providers' all windows do not add up to summary.json's all (${found.join(", ")})`,
      );
  }
  const models = files["models.json"] as ModelLeaderboard | undefined;
  if (summary && models) {
    const total = sumOf(models.models.map((item) => item.windows.all));
    if (total.sessions > summary.all.sessions)
      problems.push(
        `models.json: the models' all windows hold ${total.sessions} sessions, more than summary.json's ${summary.all.sessions}`,
      );
  }
  const market = files["market.json"] as Market | undefined;
  if (market && models) problems.push(...checkMarketModels(market, models));
  const audit = files["audit.json"] as Audit | undefined;
  if (meta && audit) {
    if (meta.complete !== audit.complete)
      problems.push(`meta.json: complete is ${meta.complete}, audit.json says ${audit.complete}`);
    if (audit.asOf !== meta.asOf)
      problems.push(`audit.json: asOf ${audit.asOf} is not meta.json's ${meta.asOf}`);
  }
  if (meta && meta.chains.length === 1) {
    const folder = `chains/${meta.chains[0]?.chainId}/`;
    for (const [path, text] of Object.entries(texts)) {
      if (!path.startsWith(folder)) continue;
      const top = texts[path.slice(folder.length)];
      if (top !== undefined && top !== text)
        problems.push(
          `${path}: differs from ${path.slice(folder.length)}, though the publication has this one chain`,
        );
    }
  }
  return problems;
}

function checkFolder(files: PublishedFiles, folder: string, asOf: number | undefined): string[] {
  const problems: string[] = [];
  const series = Object.fromEntries(
    periods.map((period) => [
      period,
      (files[`${folder}rollup/${period}.json`] as Rollup | undefined)?.series,
    ]),
  ) as Record<Period, Bucket[] | undefined>;
  const summary = files[`${folder}summary.json`] as Summary | undefined;
  if (summary && series.monthly) {
    const found = differences(sumOf([summary.all]), sumOf(series.monthly));
    if (found.length > 0)
      problems.push(`${folder}summary.json: all is not the sum of the monthly series (${found.join(", ")})`);
  }
  if (asOf !== undefined) {
    for (const period of periods) {
      const last = series[period]?.at(-1);
      if (last && last.ts !== floorPeriod(period, asOf))
        problems.push(
          `${folder}rollup/${period}.json: the last bucket starts at ${last.ts}, not at the ${period} period of the as-of time ${asOf} (${floorPeriod(period, asOf)})`,
        );
    }
  }
  problems.push(
    ...checkCovered(
      `${folder}rollup/daily.json`,
      series.daily,
      "monthly",
      series.monthly,
      retentionPeriods.daily as number,
    ),
  );
  problems.push(
    ...checkCovered(
      `${folder}rollup/hourly.json`,
      series.hourly,
      "daily",
      series.daily,
      retentionPeriods.hourly as number,
    ),
  );
  const daily = series.daily ?? [];
  const byProvider = files[`${folder}rollup/by-provider-daily.json`] as ByProviderDaily | undefined;
  if (byProvider) {
    const sums = daySums(byProvider.providers.map((item) => item.series));
    for (const bucket of daily) {
      const found = differences(sums.get(bucket.ts) ?? zeroSums(), sumOf([bucket]));
      if (found.length > 0) {
        problems.push(
          `${folder}rollup/by-provider-daily.json: the providers' day ${bucket.ts} does not add up to the daily rollup's (${found.join(", ")})`,
        );
        break;
      }
    }
  }
  const byModel = files[`${folder}rollup/by-model-daily.json`] as ByModelDaily | undefined;
  if (byModel) {
    const sums = daySums(byModel.models.map((item) => item.series));
    for (const bucket of daily) {
      const total = sums.get(bucket.ts);
      if (total && total.sessions > bucket.sessions) {
        problems.push(
          `${folder}rollup/by-model-daily.json: the models' day ${bucket.ts} holds ${total.sessions} sessions, more than the daily rollup's ${bucket.sessions}`,
        );
        break;
      }
    }
  }
  return problems;
}

/**
 * Each `coarse` bucket that the finer series covers whole is the sum of the finer buckets inside
 * it. A finer series shorter than its retention starts with the first close, so it covers
 * everything; one at its retention covers the coarse periods that start at or after its first.
 */
function checkCovered(
  path: string,
  fine: readonly Bucket[] | undefined,
  coarse: Period,
  coarseSeries: readonly Bucket[] | undefined,
  retention: number,
): string[] {
  if (!fine || !coarseSeries || fine.length === 0) return [];
  const first = fine[0]?.ts as number;
  const sums = new Map<number, Sums>();
  for (const bucket of fine) {
    const start = floorPeriod(coarse, bucket.ts);
    sums.set(start, addSums(sums.get(start) ?? zeroSums(), bucket));
  }
  for (const bucket of coarseSeries) {
    if (fine.length >= retention && bucket.ts < first) continue;
    const found = differences(sums.get(bucket.ts) ?? zeroSums(), sumOf([bucket]));
    if (found.length > 0)
      return [
        `${path}: the buckets of the ${coarse} period ${bucket.ts} do not add up to it (${found.join(", ")})`,
      ];
  }
  return [];
}

function daySums(seriesList: ReadonlyArray<readonly Bucket[]>): Map<number, Sums> {
  const sums = new Map<number, Sums>();
  for (const series of seriesList)
    for (const bucket of series) sums.set(bucket.ts, addSums(sums.get(bucket.ts) ?? zeroSums(), bucket));
  return sums;
}

/**
 * A model's closes are its pairs' closes (each close with a readable bid belongs to one pair): in
 * every window, the pairs of a market.json model add up to its models.json item, or to nothing
 * where models.json has none.
 */
function checkMarketModels(market: Market, models: ModelLeaderboard): string[] {
  const standings = new Map(models.models.map((item) => [item.modelId, item.windows]));
  for (const [m, model] of market.models.entries()) {
    for (const name of ["24h", "7d", "30d", "all"] as const) {
      const pairs = sumOf(model.providers.map((pair) => pair.windows[name]));
      const standing = standings.get(model.modelId)?.[name];
      const found = differences(pairs, standing ? sumOf([standing]) : zeroSums());
      if (found.length > 0)
        return [
          `market.json: /models/${m} (${model.modelId}): its pairs' ${name} windows do not add up to models.json's (${found.join(", ")})`,
        ];
    }
  }
  const listed = new Set(market.models.map((model) => model.modelId));
  const missing = models.models.find((item) => !listed.has(item.modelId));
  return missing ? [`market.json: no item for ${missing.modelId}, a model of models.json`] : [];
}
