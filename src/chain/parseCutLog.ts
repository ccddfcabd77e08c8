import { decodeAbiParameters, type Hex } from "viem";
import { diamondCutEvent, diamondCutTopic } from "./abi.js";
import type { RawLog } from "./createLogFetcher.js";

/** One facet's part of a cut: 0 add, 1 replace, 2 remove (CHAIN.md), its selectors lowercase. */
export type FacetCut = { facet: string; action: number; selectors: string[] };

/** A DiamondCut log of the contract: where it is, and what it changed. */
export type CutLog = {
  blockNumber: number;
  blockHash: string;
  logIndex: number;
  /** The block's time when the endpoint puts it in the log (`blockTimestamp`); else undefined. */
  blockTimestamp: number | undefined;
  /** undefined when the log's data does not decode: what the cut changed is unknown. */
  facets: FacetCut[] | undefined;
};

/** A DiamondCut log of `contract` (not removed): the eth_getLogs filter asks for them with the session events. */
export function isCutLog(raw: RawLog, contract: string): boolean {
  return (
    raw.topics[0]?.toLowerCase() === diamondCutTopic &&
    raw.address.toLowerCase() === contract.toLowerCase() &&
    raw.removed !== true
  );
}

/** Reads a DiamondCut log: its facets, actions and selectors (its init call is not needed). */
export function parseCutLog(raw: RawLog): CutLog {
  return {
    blockNumber: Number(BigInt(raw.blockNumber)),
    blockHash: raw.blockHash.toLowerCase(),
    logIndex: Number(BigInt(raw.logIndex)),
    blockTimestamp: timestampOf(raw.blockTimestamp),
    facets: facetsOf(raw.data),
  };
}

function facetsOf(data: string): FacetCut[] | undefined {
  try {
    const [facets] = decodeAbiParameters(diamondCutEvent.inputs, data as Hex);
    return facets.map((cut) => ({
      facet: cut.facetAddress,
      action: cut.action,
      selectors: cut.functionSelectors.map((selector) => selector.toLowerCase()),
    }));
  } catch {
    return undefined;
  }
}

function timestampOf(value: string | undefined): number | undefined {
  if (value === undefined || !/^0x[0-9a-fA-F]{1,12}$/.test(value)) return undefined;
  return Number(BigInt(value));
}
