import { describe, expect, test } from "vitest";
import { causeChain } from "./causeChain.js";

describe("causeChain", () => {
  test("default: the error, then its causes, outermost first; not an Error ends it", () => {
    const inner = new Error("inner", { cause: "a string" });
    const outer = new Error("outer", { cause: new Error("middle", { cause: inner }) });
    expect([...causeChain(outer)].map((error) => error.message)).toEqual(["outer", "middle", "inner"]);
    expect([...causeChain("not an error")]).toEqual([]);
  });

  test("behavior: a chain that loops yields each error once", () => {
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    a.cause = b;
    expect([...causeChain(a)].map((error) => error.message)).toEqual(["a", "b"]);
  });
});
