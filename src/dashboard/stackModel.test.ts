import { describe, expect, test } from "vitest";
import type { Bucket } from "../api/responseTypes.js";
import { type ChartModel, chartCsv } from "./chartModel.js";
import { topLayers } from "./layers.js";
import { lineModel } from "./lineModel.js";
import { type StackInput, stackModel, withoutTokenCounts } from "./stackModel.js";
import { tooltipLines } from "./tooltip.js";

const month = (index: number) => Date.UTC(2025, index, 1) / 1000;
const bucket = (ts: number, tokens: number, sessions: number, extra: Partial<Bucket> = {}): Bucket => ({
  ts,
  tokens,
  // Counted where there are tokens, unless a test says otherwise.
  tokenSessions: tokens > 0 ? sessions : 0,
  sessions,
  seconds: sessions * 3600,
  earned: `${sessions}000000000000000000`,
  disputed: 0,
  ...extra,
});
// Arbitrum: v1 receipts (no token counts) for three months, then tokens, then quiet; Base from month 4.
const arbitrum = [0, 1, 2, 3, 4, 5].map((i) =>
  bucket(month(i), i >= 3 && i < 5 ? 1000 * i : 0, i < 5 ? 10 : 0),
);
const base = [4, 5].map((i) => bucket(month(i), 0, 20 + i));
const input: StackInput = {
  name: "throughput",
  layers: [
    { label: "Base", color: "#00f", series: base },
    { label: "Arbitrum One", color: "#f80", series: arbitrum },
  ],
  metric: "tokens",
  granularity: "monthly",
  count: Number.POSITIVE_INFINITY,
  partial: [month(5)],
  split: " by chain",
  rangeName: "all time",
  empty: "No closed sessions.",
};

describe("stacked charts", () => {
  test("behavior: periods whose sessions carry no token counts are shaded and show their inference hours", () => {
    const model = stackModel(input) as ChartModel;
    expect(model.ts).toEqual([0, 1, 2, 3, 4, 5].map(month));
    expect(model.series.map((series) => series.label)).toEqual([
      "Base",
      "Arbitrum One",
      "Inference hours (no token counts)",
    ]);
    // Months 0-2: Arbitrum before its first token count; 4-5: Base's sessions (no counts yet) outnumber Arbitrum's.
    expect(model.shaded?.ts).toEqual([0, 1, 2, 4, 5].map(month));
    expect(model.series[2]?.values).toEqual([10, 10, 10, null, 24, 25]);
    expect(model.partial).toEqual([month(5)]);
    expect(model.summary).toContain(
      "Tokens per month by chain, all time (Jan 2025 – Jun 2025): 7,000 in all",
    );
    expect(model.summary).toContain("Jan 2025 – Mar 2025, May 2025 – Jun 2025: sessions but no token counts");
    const tip = tooltipLines(model, 4);
    expect(tip.title).toBe("May 2025");
    expect(tip.rows.map((row) => row.slice(1, 3))).toEqual([
      ["Arbitrum One", "4,000"],
      ["Base", "0"],
      ["Total", "4,000"],
      ["Inference hours (no token counts)", "24 h"],
      ["No token counts: their receipts carry none", ""],
    ]);
    expect(tip.rows[1]?.[3]).toBe("no token counts (24 sessions)");
  });

  test("behavior: no token counts are what tokenSessions says, never guessed from a 0", () => {
    // Hour 1: a lone period whose sessions carry no counts (the old guess wanted a run of three);
    // hour 3: 0 tokens, counted (its sessions' receipts said 0); hour 4: no session.
    const hours = [
      bucket(0, 5, 2),
      bucket(3600, 0, 2),
      bucket(7200, 7, 2),
      bucket(10_800, 0, 2, { tokenSessions: 2 }),
      bucket(14_400, 0, 0),
    ];
    expect(withoutTokenCounts(hours).map((b) => b?.ts)).toEqual([
      undefined,
      3600,
      undefined,
      undefined,
      undefined,
    ]);
    const model = stackModel({
      ...input,
      granularity: "hourly",
      partial: [],
      layers: [{ label: "Base", color: "#00f", series: hours }],
    }) as ChartModel;
    expect(model.shaded).toEqual({ ts: [3600], label: "no token counts" });
    expect(model.series[0]?.notes).toEqual([
      undefined,
      "no token counts (2 sessions)",
      undefined,
      undefined,
      undefined,
    ]);
  });

  test("behavior: the CSV holds exactly the periods and the values drawn, MOR exact from wei", () => {
    const model = stackModel({ ...input, metric: "earned", count: 2 }) as ChartModel;
    expect(chartCsv(model)).toBe(
      "period_start_utc,Base,Arbitrum One,partial\n" +
        "2025-05-01T00:00:00Z,24,10,\n" +
        "2025-06-01T00:00:00Z,25,0,yes\n",
    );
    expect(tooltipLines(model, 1).rows.map((row) => row[2])).toEqual(["0.00 MOR", "25.00 MOR", "25.00 MOR"]);
  });

  test("behavior: nothing closed in the range: a sentence, with when the last close was", () => {
    const quiet = {
      ...input,
      layers: [{ label: "Arbitrum One", color: "#f80", series: arbitrum.slice(0, 6) }],
    };
    const text = stackModel({ ...quiet, count: 1 });
    expect(text).toBe("No closed sessions. The last one closed in May 2025.");
    expect(stackModel({ ...input, layers: [] })).toBe("No closed sessions.");
  });

  test("behavior: the top items by the metric, the rest summed into 'others' (sums exact)", () => {
    const shown = new Set([month(0)]);
    const items = [1, 5, 3, 4].map((sessions, i) => ({
      label: `m${i}`,
      series: [bucket(month(0), 0, sessions)],
    }));
    const layers = topLayers(items, "sessions", 2, shown, (index) => (index < 0 ? "grey" : `c${index}`));
    expect(layers.map((layer) => [layer.label, layer.color, layer.series[0]?.sessions])).toEqual([
      ["m1", "c0", 5],
      ["m3", "c1", 4],
      ["2 others", "grey", 4],
    ]);
    expect(layers[2]?.series[0]?.earned).toBe("4000000000000000000");
  });
});

describe("line charts", () => {
  test("behavior: medians as published with gaps where none was measured; the disputed share", () => {
    const series = [bucket(month(0), 0, 4, { ttft: 1.5, disputed: 1 }), bucket(month(1), 0, 0)];
    const layers = [{ label: "All chains", color: "#00f", series }];
    const common = {
      layers,
      granularity: "monthly" as const,
      count: 12,
      partial: [month(1)],
      rangeName: "all time",
    };
    const ttft = lineModel({ ...common, quality: "ttft" }) as ChartModel;
    expect(ttft.series[0]?.values).toEqual([1.5, null]);
    expect(ttft.summary).toContain("latest 1.500 s (Jan 2025)");
    expect((lineModel({ ...common, quality: "disputed" }) as ChartModel).series[0]?.values).toEqual([
      0.25,
      null,
    ]);
    expect(lineModel({ ...common, quality: "tps" })).toBe("No speed measured in the whole history.");
  });
});
