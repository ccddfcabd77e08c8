import type { MetaChain, Rollup, SeriesBucket } from "../../api/apiTypes.js";
import { chainFolder } from "../../api/fileSchemas.js";
import { secondsPerHour } from "../../api/periods.js";
import type { ChainView } from "../../chain/ChainView.js";
import { findBlockByTime } from "../../chain/findBlockByTime.js";
import type { BlockHeader } from "../../chain/getBlockHeader.js";
import { computeHourBucket } from "../../rollup/computeHourBucket.js";
import { readBlockCloses } from "../../sync/readBlockCloses.js";
import type { Difference } from "./Difference.js";

/** What was checked of one hour on one chain. */
export type HourChecked = {
  ts: number;
  /** The hour's blocks up to the site's last synced block; none when fromBlock > toBlock. */
  fromBlock: number;
  toBlock: number;
  /** SessionClosed logs in them, and those counted (their session read with a close time). */
  logs: number;
  closes: number;
};

/**
 * Each hour's bucket of a chain computed from the chain and compared with the site's
 * chains/{chainId}/rollup/hourly.json: the hour's blocks found by their timestamps (between the
 * site's first and last synced block), their closes read as the sync reads them, the bucket
 * computed as `build` computes it (a bucket the site does not publish is the bucket of no close).
 */
export async function verifyHours(
  view: ChainView,
  chain: MetaChain,
  hourly: Rollup,
  hours: readonly number[],
): Promise<{ hours: HourChecked[]; differences: Difference[] }> {
  const headers = new Map<number, BlockHeader>();
  const readHeader = (number: number) => view.blockHeader(number);
  const bound = async (number: number) => {
    const header = headers.get(number) ?? (await readHeader(number));
    headers.set(number, header);
    return header;
  };
  const bounds = { low: await bound(chain.fromBlock), high: await bound(chain.toBlock) };
  const file = `${chainFolder(chain.chainId)}/rollup/hourly.json`;
  const published = new Map<number, SeriesBucket>(hourly.series.map((bucket) => [bucket.ts, bucket]));
  const checked: HourChecked[] = [];
  const differences: Difference[] = [];
  for (const ts of hours) {
    const fromBlock = await findBlockByTime(ts, bounds, readHeader, headers);
    const toBlock = (await findBlockByTime(ts + secondsPerHour, bounds, readHeader, headers)) - 1;
    const read = await readBlockCloses(view, chain.contract, fromBlock, toBlock);
    checked.push({ ts, fromBlock, toBlock, logs: read.logs, closes: read.closes.length });
    const computed = computeHourBucket(read.closes, read.bids, ts, chain.asOf);
    const bucket = published.get(ts) ?? computeHourBucket([], new Map(), ts, chain.asOf);
    differences.push(...compareFields(file, ts, bucket, computed));
  }
  return { hours: checked, differences };
}

/** Every field of either object but `ts` whose values differ (as JSON writes them). */
export function compareFields(file: string, ts: number, published: object, computed: object): Difference[] {
  const a = published as Record<string, unknown>;
  const b = computed as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((field) => field !== "ts");
  const text = (value: unknown) => (value === undefined ? null : String(value));
  return fields.flatMap((field) =>
    text(a[field]) === text(b[field])
      ? []
      : [{ file, bucket: ts, field, published: text(a[field]), computed: text(b[field]) }],
  );
}
