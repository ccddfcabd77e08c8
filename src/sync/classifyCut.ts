import { type IndexedFunction, indexedFunctions, indexedSelectors } from "../chain/abi.js";
import type { CutLog } from "../chain/parseCutLog.js";

/** One function the index depends on, as a cut changed it. */
export type TouchedFunction = {
  name: IndexedFunction;
  selector: string;
  action: "add" | "replace" | "remove";
  /** The facet that serves it now (zero address for a removal). */
  facet: string;
};

export type CutChanges = {
  added: IndexedFunction[];
  replaced: IndexedFunction[];
  removed: IndexedFunction[];
  touched: TouchedFunction[];
  /** The log's data did not decode: taken as replacing every function the index depends on. */
  undecodable: boolean;
};

const actionNames = ["add", "replace", "remove"] as const;
const zeroAddress = "0x0000000000000000000000000000000000000000";

/**
 * What a DiamondCut did to the functions the index depends on (abi.ts, indexedFunctions). Only a
 * replacement or a removal can change what the index reads: an addition serves a selector that
 * nothing served before (EIP-2535; the contract's deployment adds them all).
 */
export function classifyCut(cut: CutLog): CutChanges {
  const changes: CutChanges = { added: [], replaced: [], removed: [], touched: [], undecodable: false };
  if (!cut.facets) {
    changes.undecodable = true;
    for (const [name, signature] of Object.entries(indexedFunctions) as Array<[IndexedFunction, string]>) {
      changes.replaced.push(name);
      changes.touched.push({
        name,
        selector: selectorOfName(name) ?? signature,
        action: "replace",
        facet: zeroAddress,
      });
    }
    return changes;
  }
  for (const facet of cut.facets) {
    const action = actionNames[facet.action];
    for (const selector of facet.selectors) {
      const name = indexedSelectors.get(selector);
      if (!name) continue;
      // An action outside 0..2 is no cut EIP-2535 knows: taken as a replacement, to be checked.
      const taken = action ?? "replace";
      const list = taken === "add" ? changes.added : taken === "replace" ? changes.replaced : changes.removed;
      if (!list.includes(name)) list.push(name);
      changes.touched.push({
        name,
        selector,
        action: taken,
        facet: taken === "remove" ? zeroAddress : facet.facet,
      });
    }
  }
  return changes;
}

function selectorOfName(name: IndexedFunction): string | undefined {
  for (const [selector, known] of indexedSelectors) if (known === name) return selector;
  return undefined;
}
