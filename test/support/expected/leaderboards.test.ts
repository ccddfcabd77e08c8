import { zeroAddress } from "viem";
import { describe, expect, test } from "vitest";
import type { History } from "../../../src/devchain/history.js";
import { expectExact } from "./expectExact.js";
import { expectedPublication } from "./expectedPublication.js";
import { address, closedSession, history, id, utc } from "./historyFixtures.js";

const T = utc("2026-03-10T12:30:00Z");
const modelA = id("model a");
const p1 = address("provider 1");
const modelB = id("model b");
const p2 = address("provider 2");
const p3 = address("provider 3");
const zeroHash = `0x${"0".repeat(64)}`;

type Window = Record<string, unknown>;
const publish = (h: History) => expectedPublication([{ chainId: 8453, history: h, asOf: T }]);
const summaryOf = (files: Record<string, unknown>) => files["summary.json"] as Record<string, Window>;
const seriesOf = (files: Record<string, unknown>, path: string) =>
  (files[path] as { series: Array<Window & { ts: number }> }).series;

describe("leaderboards", () => {
  test("behavior: distinct providers and models; none in by-model and by-provider buckets", () => {
    const files = publish(
      history({
        bids: [
          { bidId: id("a1"), provider: p1, modelId: modelA },
          { bidId: id("b1"), provider: p1, modelId: modelB },
          { bidId: id("a2"), provider: p2, modelId: modelA },
          { bidId: id("r3"), provider: p3, modelId: modelA, reverts: true },
        ],
        sessions: [
          closedSession("1", id("a1"), T - 60),
          closedSession("2", id("b1"), T - 2 * 86_400),
          closedSession("3", id("a2"), T - 60),
          closedSession("4", id("r3"), T - 60), // provider 3 (its log), no model
          closedSession("5", id("missing"), T - 60), // the zero struct: model 0x00…00, the zero address
          closedSession("6", id("a1"), T - 120),
        ],
        endTime: T,
      }),
    );
    const summary = summaryOf(files);
    expect(summary["24h"]).toMatchObject({ sessions: 5, providers: 4, models: 2 });
    expect(summary["7d"]).toMatchObject({ sessions: 6, providers: 4, models: 3 });
    expect(seriesOf(files, "rollup/hourly.json").at(-1)).toMatchObject({
      sessions: 5,
      providers: 4,
      models: 2,
    });
    const byModel = (
      files["rollup/by-model-daily.json"] as { models: Array<{ modelId: string; series: [] }> }
    ).models;
    expect(byModel.map((m) => m.modelId)).toEqual([zeroHash, ...[modelA, modelB].sort()]);
    for (const m of byModel) {
      for (const bucket of m.series) expect(Object.keys(bucket)).not.toContain("providers");
    }
    const byProvider = (files["rollup/by-provider-daily.json"] as { providers: Array<{ series: Window[] }> })
      .providers;
    expect(byProvider).toHaveLength(4);
    expect(Object.keys(byProvider[0]?.series.at(-1) ?? {})).toEqual([
      ...["ts", "tokens", "tokenSessions", "sessions", "ttft", "tps", "seconds", "earned", "disputed"],
    ]);

    type Item = { modelId?: string; provider?: string; windows: Record<string, Window> };
    const models = (files["models.json"] as { models: Item[] }).models;
    const model = (modelId: string) => models.find((m) => m.modelId === modelId)?.windows ?? {};
    expect(model(modelA)["24h"]).toMatchObject({ sessions: 3, providers: 2, models: 1 });
    expectExact(model(modelB)["24h"], {
      tokens: 0,
      tokenSessions: 0,
      sessions: 0,
      seconds: 0,
      earned: "0",
      disputed: 0,
      providers: 0,
      models: 0,
    });
    expect(model(modelB).all).toMatchObject({ sessions: 1, providers: 1, models: 1 });
    expect(model(zeroHash).all).toMatchObject({ sessions: 1, providers: 1, models: 1 });
    expect(models.find((m) => m.modelId === zeroHash)).toMatchObject({ name: "" });
    const providers = (files["providers.json"] as { providers: Item[] }).providers;
    const provider = (p: string) => providers.find((item) => item.provider === p)?.windows ?? {};
    expect(provider(p1)["24h"]).toMatchObject({ sessions: 2, providers: 1, models: 1 });
    expect(provider(p1)["7d"]).toMatchObject({ sessions: 3, providers: 1, models: 2 });
    expect(provider(p3).all).toMatchObject({ sessions: 1, providers: 1, models: 0 });
    expect(provider(zeroAddress).all).toMatchObject({ sessions: 1, providers: 1, models: 1 });
    expect(providers.map((p) => p.provider)).toEqual(
      [p1, p2, p3, zeroAddress].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
    );
  });
});
