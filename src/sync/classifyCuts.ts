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
 * What the DiamondCut logs of one block range did to the functions the index depends on (chain/abi.ts,
 * indexedFunctions), one entry per cut, in order. A real upgrade swaps facets by removing the old
 * facet's selectors and adding the new one's, in one cut or in several: a removal of a selector
 * followed by its addition, in the same cut or a later one of the range, is one replacement, on
 * the cut that adds it back (and none on the cut that removed it). Every other change counts on
 * its own cut.
 */
export function classifyCuts(cuts: readonly CutLog[]): CutChanges[] {
  const results = cuts.map((cut) => (cut.facets ? empty() : undecodable()));
  type Touch = { cut: number; action: TouchedFunction["action"]; facet: string };
  const touches = new Map<string, Touch[]>();
  for (const [index, cut] of cuts.entries()) {
    for (const facet of cut.facets ?? []) {
      // An action outside 0..2 is no cut EIP-2535 knows: taken as a replacement, to be checked.
      const action = actionNames[facet.action] ?? "replace";
      for (const selector of facet.selectors) {
        if (!indexedSelectors.has(selector)) continue;
        const list = touches.get(selector) ?? [];
        list.push({ cut: index, action, facet: action === "remove" ? zeroAddress : facet.facet });
        touches.set(selector, list);
      }
    }
  }
  const record = (selector: string, touch: Touch) => {
    const name = indexedSelectors.get(selector) as IndexedFunction;
    const changes = results[touch.cut] as CutChanges;
    const names =
      touch.action === "add"
        ? changes.added
        : touch.action === "replace"
          ? changes.replaced
          : changes.removed;
    if (!names.includes(name)) names.push(name);
    changes.touched.push({ name, selector, action: touch.action, facet: touch.facet });
  };
  for (const [selector, list] of touches) {
    for (let i = 0; i < list.length; i++) {
      const touch = list[i] as Touch;
      const next = list[i + 1];
      if (touch.action === "remove" && next?.action === "add") {
        record(selector, { ...next, action: "replace" });
        i++;
      } else record(selector, touch);
    }
  }
  return results;
}

function empty(): CutChanges {
  return { added: [], replaced: [], removed: [], touched: [], undecodable: false };
}

function undecodable(): CutChanges {
  const changes: CutChanges = { ...empty(), undecodable: true };
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

function selectorOfName(name: IndexedFunction): string | undefined {
  for (const [selector, known] of indexedSelectors) if (known === name) return selector;
  return undefined;
}
