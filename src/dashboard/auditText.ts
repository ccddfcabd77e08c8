import type { Audit } from "../api/responseTypes.js";
import { format } from "./format.js";

export type AuditText = {
  verdict: "verified" | "mismatch" | "nothing";
  /** The verdict in one sentence. */
  sentence: string;
  /** What it means, where there is something to say (partial or unverifiable chains, mismatches). */
  notes: string[];
  /** The pairs that do not match, one line each (at most `maxPairs`). */
  pairs: string[];
};

const maxPairs = 12;

/**
 * audit.json in plain words, for every chain or one: "the index agrees with the contract's own
 * counters for N of N model/provider pairs", or which pairs do not and what that means.
 */
export function auditText(
  audit: Audit,
  chain: "all" | number,
  modelName: (modelId: string) => string,
  chainName: (chainId: number) => string,
): AuditText {
  const mine = (chainId: number) => chain === "all" || chainId === chain;
  const items = audit.items.filter((item) => mine(item.chainId));
  const matching = items.filter((item) => item.match).length;
  const partial = audit.partial.filter(mine);
  const unavailable = audit.unavailable.filter(mine);
  const where = chain === "all" ? "" : ` on ${chainName(chain)}`;
  const notes: string[] = [];
  for (const chainId of partial)
    notes.push(
      `On ${chainName(chainId)} the index starts after the contract's first close, so its pairs cannot match: ` +
        "its history here is incomplete.",
    );
  for (const chainId of unavailable)
    notes.push(
      `${chainName(chainId)}'s contract has no such counters: its numbers cannot be checked this way.`,
    );
  if (items.length === 0)
    return {
      verdict: "nothing",
      sentence: `Nothing to check yet${where}: no model/provider pair has a closed session.`,
      notes,
      pairs: [],
    };
  const pairs = `${format.integer(matching)} of ${format.integer(items.length)} model/provider pairs${where}`;
  if (matching === items.length)
    return {
      verdict: "verified",
      sentence: `Verified: the index agrees with the contract's own counters for ${pairs}.`,
      notes,
      pairs: [],
    };
  const wrong = items.filter((item) => !item.match);
  notes.unshift(
    "A pair that does not match has closes the index missed (or counts closes the contract does not): " +
      "that model's and provider's numbers here are off by the difference until a later run catches up.",
  );
  const lines = wrong
    .slice(0, maxPairs)
    .map(
      (item) =>
        `${modelName(item.modelId)} × ${format.shortHex(item.provider)} on ${chainName(item.chainId)}: ` +
        `the contract counts ${format.integer(item.contract.totalCount)} closes ` +
        `(${format.integer(item.contract.successCount)} signed), the index ${format.integer(item.index.closes)} ` +
        `(${format.integer(item.index.signedCloses)} signed)`,
    );
  if (wrong.length > maxPairs)
    lines.push(`and ${format.integer(wrong.length - maxPairs)} more in audit.json`);
  return {
    verdict: "mismatch",
    sentence: `The index agrees with the contract's own counters for only ${pairs}: ${format.integer(wrong.length)} do not match.`,
    notes,
    pairs: lines,
  };
}
