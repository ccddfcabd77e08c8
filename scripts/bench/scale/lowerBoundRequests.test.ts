import { describe, expect, test } from "vitest";
import { lowerBoundRequests, oneRequestPerRangeAndBatch } from "./lowerBoundRequests.js";

const paid = { rangeCap: 10_000, batchCap: 100 };

describe("lowerBoundRequests", () => {
  test.each([
    // Without caps: the logs in one request, then the reads in another.
    { name: "no caps, logs to read", blocks: 15_000_000, logs: 400_000, limits: {}, bound: 2 },
    { name: "no caps, nothing to read", blocks: 15_000_000, logs: 0, limits: {}, bound: 1 },
    // Nothing new: the run still asks the chain.
    { name: "no block to cover", blocks: 0, logs: 0, limits: paid, bound: 1 },
    // 1,500 ranges and one eth_call, a hundred calls a request.
    { name: "Base's size behind the paid caps", blocks: 14_999_971, logs: 399_323, limits: paid, bound: 16 },
    { name: "an hour of Arbitrum, nothing happened", blocks: 14_400, logs: 0, limits: paid, bound: 1 },
    // Ten calls a request: 7,500 ranges and one eth_call.
    {
      name: "Base's size behind the public caps",
      blocks: 14_999_971,
      logs: 399_323,
      limits: { rangeCap: 2_000, batchCap: 10 },
      bound: 751,
    },
    // A batch cap of one: every range its own request, the read after them.
    {
      name: "one call a request",
      blocks: 25_000,
      logs: 10,
      limits: { rangeCap: 10_000, batchCap: 1 },
      bound: 4,
    },
    // A range cap alone: every range may still travel in one request.
    { name: "a range cap, no batch cap", blocks: 25_000, logs: 10, limits: { rangeCap: 10_000 }, bound: 2 },
  ])("behavior: $name: $bound", ({ blocks, logs, limits, bound }) => {
    expect(lowerBoundRequests({ blocks, logs, limits })).toBe(bound);
  });

  test("behavior: a run that batches several ranges a request beats one request per range, never the bound", () => {
    // 30 ranges of 10,000 blocks, 3,000 reads: 10 ranges a request in 3 requests, then the reads
    // aggregated in one eth_call: 4 requests, where one per range and per batch of reads is 330.
    const blocks = 300_000;
    const limits = { rangeCap: 10_000, batchCap: 10 };
    expect(oneRequestPerRangeAndBatch(blocks, 3_000, limits)).toBe(30 + 300);
    // 30 getLogs and one eth_call: ⌈31 / 10⌉ = 4 requests at the least, which that run meets.
    expect(lowerBoundRequests({ blocks, logs: 1_000, limits })).toBe(4);
  });

  test("behavior: never above one request per range and per batch of reads, where there is something to read", () => {
    for (const blocks of [1, 9_999, 10_000, 10_001, 15_000_000])
      for (const logs of [1, 99, 100, 101, 400_000])
        expect(lowerBoundRequests({ blocks, logs, limits: paid })).toBeLessThanOrEqual(
          oneRequestPerRangeAndBatch(blocks, logs, paid),
        );
  });
});
