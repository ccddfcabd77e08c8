import { describe, expect, test } from "vitest";
import type { ForkReport, ForkStep } from "../fork/forkRun.js";
import { forkFigures } from "./forkFigures.js";
import { firstCompleteAfterSeconds, forkSection } from "./forkSection.js";

const step = (wallMs: number, caughtUp: boolean): ForkStep => ({
  wallMs,
  cpuMs: 0,
  peakRssMb: 0,
  requests: 0,
  calls: 0,
  rateLimited: 0,
  refusals: 0,
  methods: {},
  caughtUp,
});

describe("firstCompleteAfterSeconds", () => {
  test("behavior: each run before the last waits for the next hour; the last adds its own time", () => {
    expect(firstCompleteAfterSeconds([step(90_000, true)], 3600)).toBe(90);
    expect(firstCompleteAfterSeconds([step(1_800_500, false), step(600_000, true)], 3600)).toBe(3600 + 600);
  });
  test("behavior: without a run that caught up there is no complete publication", () => {
    expect(() => firstCompleteAfterSeconds([step(1_800_000, false)], 3600)).toThrow(/no run caught up/);
  });
});

/** A recorded fork suite: behind public limits two hourly runs, behind paid one. */
const chains = (n: number) => [
  { chainId: 8453, blocks: 15_000_000 / n, sessions: 200_000 / n },
  { chainId: 42161, blocks: 165_000_000 / n, sessions: 100_000 / n },
];
const snapshot = {
  bytes: 40 * 2 ** 20,
  databaseBytes: 180 * 2 ** 20,
  rows: { closes: 298_000, anomalies: 0 },
};
const report: ForkReport = {
  scenarios: ["base", "arbitrum"],
  limitSets: { public: { rangeCap: 2000, batchCap: 10 }, paid: { rangeCap: 10_000, batchCap: 100 } },
  schedule: { timeLimitSeconds: 1800, intervalSeconds: 3600 },
  runs: [
    {
      limits: "public",
      shrink: 10,
      chains: chains(10),
      snapshot: { ...snapshot, bytes: 4 * 2 ** 20 },
      backfill: [step(1_805_000, false), step(900_000, true)],
      bootstrap: { ...step(120_000, true), hoursVerified: 6 },
      sameFiles: true,
    },
    {
      limits: "paid",
      shrink: 1,
      chains: chains(1),
      snapshot,
      backfill: [step(480_000, true)],
      bootstrap: { ...step(60_000, true), hoursVerified: 6 },
      sameFiles: true,
    },
  ],
};

describe("the fork suite on the page and in publishing.md", () => {
  test("default: measured run times beside the derived time on the hourly schedule, each labelled", () => {
    const text = forkSection(report, "stamp").join("\n");
    expect(text).toContain("| run time (measured) |");
    expect(text).toContain("on the hourly schedule (derived) |");
    // 30.1 min + 15.0 min of running; the first complete publication an hour and 15 min after the start.
    expect(text).toContain("| ÷ 10 | public | from the chains | 2 | 45.1 min (30.1 min + 15.0 min) |");
    expect(text).toContain("| 1.25 h |");
    expect(text).toContain("| ÷ 10 | public | `--bootstrap` | 1 | 2.0 min |");
    expect(text).toContain("| real sizes | paid | from the chains | 1 | 8.0 min |");
    expect(text).toContain(
      "paid limits, real sizes (8453: 15,000,000 blocks, 200,000 sessions; 42161: 165,000,000 blocks, 100,000 sessions) (`api/throughput/snapshot.ndjson.gz`): 40.0 MB, of a 180.0 MB database; rows: closes 298,000.",
    );
  });

  test("default: publishing.md's sentence says the same, and which figure is measured and which derived", () => {
    const text = forkFigures(report);
    expect(text).toContain(
      "**2.0 min with `BOOTSTRAP_FROM`** (one run, measured) against **1.25 h from the chains alone** (2 hourly runs",
    );
    expect(text).toContain("the time on the hourly schedule derived from them");
    expect(text).toContain(
      "The snapshot a site publishes at the real sizes is 40.0 MB, of a 180.0 MB database.",
    );
    expect(forkFigures(null)).toMatch(/not measured yet/);
  });

  test("error: a bootstrapped run that did not catch up has no complete publication to show", () => {
    const stuck = {
      ...report,
      runs: [
        {
          ...(report.runs[1] as ForkReport["runs"][number]),
          bootstrap: { ...step(1, false), hoursVerified: 0 },
        },
      ],
    };
    expect(() => forkFigures(stuck)).toThrow(/no run caught up/);
  });
});
