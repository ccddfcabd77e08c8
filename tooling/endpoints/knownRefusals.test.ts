import { describe, expect, test } from "vitest";
import { knownRefusals } from "./knownRefusals.js";

const name = (refusal: { who: string; refusal: string }) => `${refusal.who}: ${refusal.refusal}`;
const templated = knownRefusals.filter((refusal) => refusal.template);

describe("knownRefusals", () => {
  test("default: every entry names its source, and no two entries are the same refusal", () => {
    for (const refusal of knownRefusals) {
      expect(refusal.source.length, name(refusal)).toBeGreaterThan(20);
      expect(refusal.error.message.length, name(refusal)).toBeGreaterThan(0);
    }
    const keys = knownRefusals.map((refusal) => `${name(refusal)} ${refusal.method}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test.each(templated.map((refusal) => [name(refusal), refusal] as const))(
    "behavior: %s: the fault proxy's wording gives back the quoted one",
    (_name, refusal) => {
      const template = refusal.template;
      if (!template) throw new Error("filtered on template");
      // Each template kind takes its own arguments; the example is of that kind.
      const wording = template.wording as (at: unknown) => unknown;
      expect(wording(template.example)).toEqual(refusal.error);
    },
  );

  test("behavior: a wording follows its limit and range, as the source's format does", () => {
    const reth = templated.find((refusal) => refusal.who === "reth" && refusal.template?.refuses === "logs");
    const template = reth?.template;
    if (template?.refuses !== "logs") throw new Error("reth's result cap has a template");
    expect(template.wording({ limit: 5, from: 90, to: 100, fits: 91 }).message).toBe(
      "query exceeds max results 5, retry with the range 90-91",
    );
  });
});
