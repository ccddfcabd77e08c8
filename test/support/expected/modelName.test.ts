import { describe, expect, test } from "vitest";
import { expectedPublication } from "./expectedPublication.js";
import { address, closedSession, history, id, utc } from "./historyFixtures.js";

const base = 8453;
const arbitrum = 42161;
const T = utc("2026-03-10T12:30:00Z");
const p1 = address("provider 1");

describe("modelName", () => {
  test("behavior: a model's name comes from the first chain where it reads non-empty", () => {
    const model = (label: string) => id(`model ${label}`);
    const bid = (label: string) => ({ bidId: id(`bid ${label}`), provider: p1, modelId: model(label) });
    const labels = ["b", "c", "d", "e", "f"];
    const onBase = history({
      models: [
        { modelId: model("c"), name: "C on Base" },
        { modelId: model("d"), name: "D on Base", reverts: true },
        { modelId: model("e"), name: "" },
      ],
      bids: labels.map(bid),
      sessions: labels.map((label) => closedSession(label, id(`bid ${label}`), T - 60)),
      endTime: T,
    });
    const onArbitrum = history({
      models: [
        { modelId: model("b"), name: "Only on Arbitrum" },
        { modelId: model("c"), name: "C on Arbitrum" },
        { modelId: model("d"), name: { rawHex: "0x44ff" } },
        { modelId: model("e"), name: "old" },
      ],
      renames: [{ modelId: model("e"), name: "E renamed", at: T - 10 }],
      endTime: T,
    });
    const files = expectedPublication([
      { chainId: base, history: onBase, asOf: T },
      { chainId: arbitrum, history: onArbitrum, asOf: T },
    ]);
    const names = (path: string) =>
      Object.fromEntries(
        (files[path] as { models: Array<{ modelId: string; name: string }> }).models.map((m) => [
          m.modelId,
          m.name,
        ]),
      );
    const top = {
      [model("b")]: "Only on Arbitrum",
      [model("c")]: "C on Base",
      [model("d")]: "D\uFFFD",
      [model("e")]: "E renamed",
      [model("f")]: "",
    };
    expect(names("rollup/by-model-daily.json")).toEqual(top);
    expect(names("models.json")).toEqual(top);
    expect(names(`chains/${base}/rollup/by-model-daily.json`)).toEqual({
      [model("b")]: "",
      [model("c")]: "C on Base",
      [model("d")]: "",
      [model("e")]: "",
      [model("f")]: "",
    });
    expect(names(`chains/${arbitrum}/rollup/by-model-daily.json`)).toEqual({});
    const ids = Object.keys(names("models.json"));
    expect(ids).toEqual([...ids].sort());
  });
});
