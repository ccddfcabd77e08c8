import type { Period } from "../api/periods.js";
import type { Bucket } from "../api/responseTypes.js";
import { type ChartModel, formatValue, type Unit } from "./chartModel.js";
import { format } from "./format.js";
import type { Layer } from "./layers.js";
import { alignTo } from "./ranges.js";
import { layerPeriods, periodWord } from "./stackModel.js";

export type Quality = "ttft" | "tps" | "disputed";

export const qualityInfo: Record<Quality, { unit: Unit; label: string; none: string }> = {
  ttft: { unit: "seconds", label: "Median time to first token", none: "No time to first token measured" },
  tps: { unit: "tps", label: "Median speed (output tokens per second)", none: "No speed measured" },
  disputed: { unit: "share", label: "Disputed share of sessions", none: "No closed sessions" },
};

/** A bucket's value of a quality figure: the published medians, or disputed / sessions. */
function qualityValue(bucket: Bucket | undefined, quality: Quality): number | null {
  if (!bucket) return null;
  if (quality === "disputed") return bucket.sessions > 0 ? bucket.disputed / bucket.sessions : null;
  return bucket[quality] ?? null;
}

/**
 * One line per layer (the whole view, or each model or provider picked) of a median or a share
 * per period, with gaps where nothing measured it; or the sentence to show when nothing did.
 */
export function lineModel(input: {
  quality: Quality;
  layers: readonly Layer[];
  granularity: Period;
  count: number;
  partial: readonly number[];
  rangeName: string;
}): ChartModel | string {
  const { quality, granularity, layers } = input;
  const info = qualityInfo[quality];
  const ts = layerPeriods(layers, granularity, input.count);
  const series = layers.map((layer) => ({
    label: layer.label,
    color: layer.color,
    kind: "line" as const,
    values: alignTo(ts, layer.series).map((bucket) => qualityValue(bucket, quality)),
  }));
  if (!series.some((line) => line.values.some((value) => value !== null)))
    return `${info.none} in the ${input.rangeName.replace(/^all time$/, "whole history")}.`;
  const latest = series.map((line) => {
    let index = line.values.length - 1;
    while (index > 0 && line.values[index] === null) index--;
    const value = formatValue(info.unit, line.values[index]);
    return `${layers.length > 1 ? `${line.label} ` : ""}${value} (${format.period(granularity, ts[index] as number)})`;
  });
  const drawn = series.flatMap((line) => line.values.filter((value): value is number => value !== null));
  return {
    name: `${quality}-${granularity}`,
    granularity,
    ts,
    series,
    stacked: false,
    unit: info.unit,
    partial: ts.filter((start) => input.partial.includes(start)),
    summary:
      `${info.label} per ${periodWord[granularity]}, ${input.rangeName}: between ` +
      `${formatValue(info.unit, Math.min(...drawn))} and ${formatValue(info.unit, Math.max(...drawn))}; ` +
      `latest ${latest.join(", ")}.`,
  };
}
