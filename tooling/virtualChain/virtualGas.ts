import { nodeCallGasCap } from "../../src/devchain/nodeCallGasCap.js";
import { selectors } from "./virtualAbi.js";

/**
 * The gas an eth_call of an aggregate3 would spend on a node, modelled so that the virtual chain
 * refuses (out of gas under nodeCallGasCap, as anvil does) every aggregate3 a node refuses, and
 * may refuse a little more: never the other way.
 *
 * Per inner call, a constant measured on the dev chain (anvil, Prague; 284 closed sessions, 16
 * bids, 4 models): eth_estimateGas of Multicall3's aggregate3 of n calls with distinct arguments
 * (every storage slot cold, the worst case) minus that of one call, over n - 1. Those figures hold
 * the memory of n results already; the memory of the results is counted again below (the EVM's
 * 3·w + w²/512 for w words), for the results in memory twice (the calls' return data, then the
 * ABI-encoded array): quadratic, it is what runs a large aggregate3 out of gas (anvil's
 * "EVM error MemoryOOG"). A call the contract does not answer (a revert) costs what getSession does.
 */
export const gasPerCall: Readonly<Record<string, number>> = {
  [selectors.getSession]: 38_942,
  [selectors.getBid]: 17_634,
  [selectors.getModel]: 23_187,
  [selectors.getProviderModelStats]: 11_016,
};
const unknownCall = 38_942;

/** A transaction's base cost, and a contract creation's (the deployless aggregate3). */
const callBase = 21_000;
const createBase = 53_000;
/** Calldata (EIP-2028: 16 a non-zero byte, 4 a zero byte), counted at 16 a byte: the upper bound. */
const perDataByte = 16;
/** A created contract's code: 200 gas a byte (the deployless aggregate3's results returned as code). */
const perCodeByte = 200;

const memoryGas = (bytes: number) => {
  const words = Math.ceil(bytes / 32);
  return 3 * words + Math.floor((words * words) / 512);
};

/**
 * The gas of an aggregate3 whose calls have `selectors` and whose ABI-encoded results take
 * `resultBytes`; `deployless`: run as creation code of `dataBytes` bytes, its results returned as
 * code when `asCode`.
 */
export function aggregate3Gas(
  calls: readonly string[],
  resultBytes: number,
  options: { dataBytes: number; deployless: boolean; asCode: boolean },
): number {
  let gas = (options.deployless ? createBase : callBase) + perDataByte * options.dataBytes;
  for (const selector of calls) gas += gasPerCall[selector] ?? unknownCall;
  gas += memoryGas(2 * resultBytes);
  if (options.asCode) gas += perCodeByte * resultBytes;
  return gas;
}

/** Whether the node would run out of gas on it (its eth_call gas cap). */
export const pastGasCap = (gas: number) => gas > Number(nodeCallGasCap);
