import type { ChainPrice, MarketRow } from "./marketRows.js";

/** A provider placed on the price-against-speed picture, at its cheapest chain's price. */
export type PricePoint = {
  id: string;
  label: string;
  x: number;
  y: number;
  speed: number;
  cheapest: ChainPrice;
};

export type Axis = {
  /** Pixel position of a value. */
  at(value: number): number;
  ticks: Array<{ value: number; at: number }>;
  log: boolean;
};

export type PriceSpeedModel = {
  points: PricePoint[];
  /** Rows that cannot be placed, and why. */
  left: Array<{ id: string; label: string; reason: string }>;
  x: Axis;
  y: Axis;
};

/** The plot area inside the picture, in pixels (room for the axes' labels on the left and below). */
export const plotArea = { left: 64, right: 16, top: 12, bottom: 40 };

/**
 * Each row with an offer and a measured speed as a point: speed (median output tokens per second
 * in the window) across, on an axis fitted to the speeds; its lowest price (MOR per hour, from
 * its offers on every chain) up. Prices that span more than twenty-fold are drawn on a log scale,
 * so that one expensive provider does not flatten the others. Rows without an offer or a speed
 * are left out and listed.
 */
export function priceSpeedModel(
  rows: readonly MarketRow[],
  size: { width: number; height: number },
  label: (row: MarketRow) => string,
): PriceSpeedModel {
  const left: PriceSpeedModel["left"] = [];
  const placed: Array<{ row: MarketRow; speed: number; cheapest: ChainPrice; mor: number }> = [];
  for (const row of rows) {
    const cheapest = row.chains[0];
    if (cheapest === undefined) left.push({ id: row.id, label: label(row), reason: "no offer now" });
    else if (row.window.tps === undefined)
      left.push({ id: row.id, label: label(row), reason: "no speed measured in this window" });
    else placed.push({ row, speed: row.window.tps, cheapest, mor: morPerHour(cheapest.price) });
  }
  const width = size.width - plotArea.left - plotArea.right;
  const height = size.height - plotArea.top - plotArea.bottom;
  const speeds = placed.map((p) => p.speed);
  const prices = placed.map((p) => p.mor).filter((m) => m > 0);
  const x = fittedAxis(speeds, plotArea.left, plotArea.left + width);
  const low = prices.length > 0 ? Math.min(...prices) : 1;
  const high = prices.length > 0 ? Math.max(...prices) : 1;
  const y =
    high / low > 20
      ? logAxis(low, high, plotArea.top + height, plotArea.top)
      : linearAxis(0, Math.max(high * 1.1, Number.MIN_VALUE), plotArea.top + height, plotArea.top);
  return {
    points: placed.map(({ row, speed, cheapest, mor }) => ({
      id: row.id,
      label: label(row),
      x: x.at(speed),
      y: y.at(mor > 0 ? mor : low),
      speed,
      cheapest,
    })),
    left,
    x,
    y,
  };
}

/** Wei of MOR a second → MOR an hour, as a number: for placing a point, never for a printed price. */
export function morPerHour(pricePerSecond: bigint): number {
  return Number((pricePerSecond * 3600n) / 10n ** 9n) / 1e9;
}

/**
 * A linear axis fitted to the values with a margin: a tenth of their span each side (at least 2 %
 * of the largest and 0.5, so that one value or several equal ones sit inside), its ends rounded
 * out to whole ticks, never below 0. Speeds of 44 to 47 tok/s fill the picture, not its last tenth.
 */
export function fittedAxis(values: readonly number[], from: number, to: number): Axis {
  const low = values.length > 0 ? Math.min(...values) : 0;
  const high = values.length > 0 ? Math.max(...values) : 1;
  const margin = Math.max((high - low) / 10, high / 50, 0.5);
  const min = Math.max(0, low - margin);
  const max = high + margin;
  const step = niceStep((max - min) / 4);
  return linearAxis(Math.floor(min / step) * step, Math.ceil(max / step) * step, from, to);
}

export function linearAxis(min: number, max: number, from: number, to: number): Axis {
  const step = niceStep((max - min) / 4);
  const ticks: Axis["ticks"] = [];
  const at = (value: number) => from + ((value - min) / (max - min)) * (to - from);
  for (let value = Math.ceil(min / step) * step; value <= max + step * 1e-9; value += step)
    ticks.push({ value: Number(value.toPrecision(12)), at: at(value) });
  return { at, ticks, log: false };
}

export function logAxis(low: number, high: number, from: number, to: number): Axis {
  const min = Math.floor(Math.log10(low));
  const max = Math.ceil(Math.log10(high));
  const span = Math.max(1, max - min);
  const at = (value: number) => from + ((Math.log10(value) - min) / span) * (to - from);
  const every = Math.max(1, Math.ceil(span / 6));
  const ticks: Axis["ticks"] = [];
  for (let power = min; power <= max; power += every) ticks.push({ value: 10 ** power, at: at(10 ** power) });
  return { at, ticks, log: true };
}

/** 1, 2 or 5 times a power of ten, at least `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((k) => k * power).find((step) => step >= raw) ?? 10 * power;
}
