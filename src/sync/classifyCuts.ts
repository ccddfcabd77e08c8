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
 * What the DiamondCut logs of one block range did to the functions the index depends on (abi.ts,
 * indexedFunctions), one entry per cut, in order. A selector's changes within the range count
 * once, as their net effect, on the last cut that touches it: removed when that cut removes it,
 * else replaced when any of them removed or replaced it (a real upgrade removes the old facet's
 * selectors and adds the new facet's, in one cut or in several), else added.
 */
export function classifyCuts(cuts: readonly CutLog[]): CutChanges[] {
  const results = cuts.map((cut) => (cut.facets ? empty() : undecodable()));
  const touches = new Map<string, Array<{ cut: number; action: TouchedFunction["action"]; facet: string }>>();
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
  for (const [selector, list] of touches) {
    const name = indexedSelectors.get(selector) as IndexedFunction;
    const last = list.at(-1) as (typeof list)[number];
    const action =
      last.action === "remove" ? "remove" : list.some((t) => t.action !== "add") ? "replace" : "add";
    const changes = results[last.cut] as CutChanges;
    const names =
      action === "add" ? changes.added : action === "replace" ? changes.replaced : changes.removed;
    if (!names.includes(name)) names.push(name);
    changes.touched.push({ name, selector, action, facet: last.facet });
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
