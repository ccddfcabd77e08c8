import { readBool, readDynamicBytes, readSmall } from "./abiReader.js";

export type Aggregate3Result = { success: boolean; returnData: Uint8Array };

/** Decodes Multicall3.aggregate3's `(bool success, bytes returnData)[]`. */
export function decodeAggregate3(data: Uint8Array): Aggregate3Result[] {
  const array = readSmall(data, 0);
  const length = readSmall(data, array);
  const heads = array + 32;
  const results: Aggregate3Result[] = [];
  for (let i = 0; i < length; i++) {
    const tuple = heads + readSmall(data, heads + 32 * i);
    results.push({ success: readBool(data, tuple), returnData: readDynamicBytes(data, tuple, tuple + 32) });
  }
  return results;
}
