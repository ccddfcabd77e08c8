import { toFunctionSelector } from "viem";
import { describe, expect, test } from "vitest";
import type { CutLog } from "../chain/parseCutLog.js";
import { type CutChanges, classifyCuts } from "./classifyCuts.js";

const at = { blockNumber: 7, blockHash: `0x${"ab".repeat(32)}`, logIndex: 0, blockTimestamp: undefined };
const facet = "0x00000000000000000000000000000000000000Fa";
const zero = "0x0000000000000000000000000000000000000000";
const selector = (signature: string) => toFunctionSelector(signature);

/** One cut alone. */
const classifyCut = (cut: CutLog) => classifyCuts([cut])[0] as CutChanges;

describe("classifyCuts", () => {
  test("default: what a cut did to the functions the index reads; other selectors are ignored", () => {
    const cut: CutLog = {
      ...at,
      facets: [
        { facet, action: 0, selectors: [selector("getModel(bytes32)"), selector("foo()")] },
        {
          facet,
          action: 1,
          selectors: [selector("getSession(bytes32)"), selector("closeSession(bytes,bytes)")],
        },
        { facet: zero, action: 2, selectors: [selector("getProviderModelStats(bytes32,address)")] },
      ],
    };
    expect(classifyCut(cut)).toEqual({
      added: ["getModel"],
      replaced: ["getSession", "closeSession"],
      removed: ["getProviderModelStats"],
      touched: [
        { name: "getModel", selector: selector("getModel(bytes32)"), action: "add", facet },
        { name: "getSession", selector: selector("getSession(bytes32)"), action: "replace", facet },
        { name: "closeSession", selector: selector("closeSession(bytes,bytes)"), action: "replace", facet },
        {
          name: "getProviderModelStats",
          selector: selector("getProviderModelStats(bytes32,address)"),
          action: "remove",
          facet: zero,
        },
      ],
      undecodable: false,
    });
  });

  test("behavior: a cut of nothing the index reads changes nothing", () => {
    const cut: CutLog = { ...at, facets: [{ facet, action: 1, selectors: [selector("foo()")] }] };
    expect(classifyCut(cut)).toMatchObject({ added: [], replaced: [], removed: [], touched: [] });
  });

  test("error: an action EIP-2535 does not know, or a log that does not decode, is taken as a replacement", () => {
    const odd: CutLog = { ...at, facets: [{ facet, action: 7, selectors: [selector("getBid(bytes32)")] }] };
    expect(classifyCut(odd)).toMatchObject({ replaced: ["getBid"], undecodable: false });
    const unknown = classifyCut({ ...at, facets: undefined });
    expect(unknown.undecodable).toBe(true);
    expect(unknown.replaced).toEqual([
      "getSession",
      "getBid",
      "getModel",
      "getProviderModelStats",
      "openSession",
      "closeSession",
    ]);
  });

  test("behavior: a Remove and an Add of the same selector in one cut is a replacement (how real upgrades swap facets)", () => {
    const getSession = selector("getSession(bytes32)");
    const cut: CutLog = {
      ...at,
      facets: [
        { facet: zero, action: 2, selectors: [getSession, selector("foo()")] },
        { facet, action: 0, selectors: [selector("foo()"), getSession] },
      ],
    };
    expect(classifyCut(cut)).toEqual({
      added: [],
      replaced: ["getSession"],
      removed: [],
      touched: [{ name: "getSession", selector: getSession, action: "replace", facet }],
      undecodable: false,
    });
  });

  test("behavior: across the cuts of one range, a removal and a later addition are one replacement, on the cut that adds", () => {
    const getSession = selector("getSession(bytes32)");
    const getBid = selector("getBid(bytes32)");
    const getModel = selector("getModel(bytes32)");
    const other = "0x00000000000000000000000000000000000000Fb";
    const cuts: CutLog[] = [
      {
        ...at,
        facets: [
          { facet: zero, action: 2, selectors: [getSession, getBid] },
          { facet, action: 0, selectors: [getModel] },
        ],
      },
      { ...at, logIndex: 1, facets: [{ facet: other, action: 0, selectors: [getSession] }] },
      { ...at, blockNumber: 8, facets: [{ facet: zero, action: 2, selectors: [getModel] }] },
    ];
    const [first, second, third] = classifyCuts(cuts);
    // getBid removed (nothing added it back); getSession removed, then added: replaced by the
    // second cut; getModel added by the first, then removed by the third: each on its own.
    expect(first).toMatchObject({ added: ["getModel"], replaced: [], removed: ["getBid"] });
    expect(second).toMatchObject({
      replaced: ["getSession"],
      touched: [{ name: "getSession", action: "replace", facet: other }],
    });
    expect(third).toMatchObject({ added: [], removed: ["getModel"] });
    // Two replacements stay two: each cut changed the code.
    const twice = classifyCuts([
      { ...at, facets: [{ facet, action: 1, selectors: [getSession] }] },
      { ...at, blockNumber: 9, facets: [{ facet: other, action: 1, selectors: [getSession] }] },
    ]);
    expect(twice.map((changes) => changes.replaced)).toEqual([["getSession"], ["getSession"]]);
  });
});
