import { describe, expect, test } from "vitest";
import { granularityOf, periodsOf, viewPeriods } from "./ranges.js";
import { modelStandings, sortStandings } from "./standings.js";
import { defaultState, formatState, parseState, toggleFilter } from "./viewState.js";

const modelA = `0x${"a".repeat(64)}`;
const modelB = `0x${"b".repeat(64)}`;
const provider = "0x6C4e716e54f8350d0961e8c11849274322197b5E";
const day = 86_400;

describe("the view in the URL", () => {
  test("default: an empty fragment is the default view, and the default view writes no fragment", () => {
    expect(parseState("")).toEqual(defaultState);
    expect(formatState(defaultState)).toBe("");
  });

  test("behavior: every choice survives the round trip through the fragment", () => {
    const state = {
      ...defaultState,
      chain: 8453,
      range: "1y" as const,
      metric: "earned" as const,
      filter: { kind: "model" as const, ids: [modelA, modelB] },
      window: "7d" as const,
      sort: { model: { column: "tokens" as const, descending: false }, provider: defaultState.sort.provider },
    };
    const fragment = formatState(state);
    expect(fragment).toBe(
      `#chain=8453&range=1y&metric=earned&model=${modelA},${modelB}&window=7d&msort=tokens-asc`,
    );
    expect(parseState(fragment)).toEqual(state);
    expect(parseState(`#provider=${provider}`).filter).toEqual({ kind: "provider", ids: [provider] });
  });

  test("behavior: a market page is a model's (a modelId) or a provider's (an address), with its table's order", () => {
    const page = { ...defaultState, market: { kind: "model" as const, id: modelA }, window: "24h" as const };
    const sorted = { ...page, marketSort: { column: "tps" as const, descending: true } };
    expect(formatState(page)).toBe(`#window=24h&market=${modelA}`);
    expect(formatState(sorted)).toBe(`#window=24h&market=${modelA}&sort=tps-desc`);
    expect(parseState(formatState(sorted))).toEqual(sorted);
    expect(parseState(`#market=${provider}`).market).toEqual({ kind: "provider", id: provider });
    expect(parseState("#market=0x12&sort=cheap-asc")).toEqual(defaultState);
  });

  test("behavior: the changes view is in the URL, keeps the chain, and gives way to a market page", () => {
    const changes = { ...defaultState, chain: 8453, changes: true };
    expect(formatState(changes)).toBe("#chain=8453&view=changes");
    expect(parseState(formatState(changes))).toEqual(changes);
    expect(parseState(`#view=changes&market=${modelA}`).changes).toBe(false);
    expect(parseState("#view=other").changes).toBe(false);
  });

  test("error: anything unknown or malformed falls back to the default, never throws", () => {
    const state = parseState(
      "#chain=base&range=weekly&metric=%3Cb%3E&model=0x12,nothex&window=1y&msort=foo-desc",
    );
    expect(state).toEqual(defaultState);
  });

  test("behavior: a click toggles an item within its kind; an item of the other kind starts anew", () => {
    let filter = toggleFilter(undefined, "model", modelA);
    filter = toggleFilter(filter, "model", modelB);
    expect(filter).toEqual({ kind: "model", ids: [modelA, modelB] });
    expect(toggleFilter(filter, "model", modelA)).toEqual({ kind: "model", ids: [modelB] });
    expect(toggleFilter({ kind: "model", ids: [modelA] }, "model", modelA)).toBeUndefined();
    expect(toggleFilter(filter, "provider", provider)).toEqual({ kind: "provider", ids: [provider] });
  });
});

describe("ranges", () => {
  test("behavior: the granularity follows the range; a filtered view is daily (per-item series are daily)", () => {
    expect(["24h", "7d", "30d", "90d", "1y", "all"].map((r) => granularityOf(r as "7d", false))).toEqual([
      "hourly",
      "hourly",
      "daily",
      "daily",
      "daily",
      "monthly",
    ]);
    expect(granularityOf("7d", true)).toBe("daily");
    expect(periodsOf("7d", "hourly")).toBe(168);
    expect(periodsOf("7d", "daily")).toBe(7);
    expect(periodsOf("24h", "daily")).toBe(2);
  });

  test("behavior: a view ends with the period holding the as-of and never starts before the series", () => {
    const end = 100 * day + 3600;
    expect(viewPeriods("daily", 0, end, 3)).toEqual([98 * day, 99 * day, 100 * day]);
    expect(viewPeriods("daily", 99 * day, end, 30)).toEqual([99 * day, 100 * day]);
    expect(
      viewPeriods("monthly", Date.UTC(2026, 0, 1) / 1000, Date.UTC(2026, 2, 5) / 1000, Infinity),
    ).toHaveLength(3);
  });
});

describe("leaderboards", () => {
  const totals = (sessions: number, earned: string, ttft?: number) => ({
    tokens: sessions * 10,
    tokenSessions: sessions,
    sessions,
    ...(ttft === undefined ? {} : { ttft }),
    seconds: sessions * 60,
    earned,
    disputed: 0,
    providers: 1,
    models: 1,
  });
  const file = {
    models: [
      {
        modelId: modelA,
        name: "alpha",
        windows: {
          "24h": totals(1, "9"),
          "7d": totals(1, "9"),
          "30d": totals(5, "900000000000000000000000001", 2),
          all: totals(5, "1"),
        },
      },
      {
        modelId: modelB,
        name: "",
        windows: {
          "24h": totals(2, "1"),
          "7d": totals(2, "1"),
          "30d": totals(7, "900000000000000000000000000"),
          all: totals(7, "1"),
        },
      },
    ],
  };

  test("behavior: rows sort by any column either way; wei as BigInt; an unmeasured median sorts last", () => {
    const rows = modelStandings(file, "30d");
    expect(rows.map((row) => row.name)).toEqual(["alpha", "(unnamed) 0xbbbb…"]);
    const ids = (column: "earned" | "sessions" | "ttft" | "name", descending: boolean) =>
      sortStandings(rows, { column, descending }, "model").map((row) => row.id);
    expect(ids("earned", true)).toEqual([modelA, modelB]);
    expect(ids("earned", false)).toEqual([modelB, modelA]);
    expect(ids("sessions", true)).toEqual([modelB, modelA]);
    expect(ids("ttft", true)).toEqual([modelA, modelB]);
    expect(ids("ttft", false)).toEqual([modelA, modelB]);
    expect(ids("name", false)).toEqual([modelB, modelA]);
  });
});
