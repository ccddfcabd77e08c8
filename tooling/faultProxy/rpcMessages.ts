/** A JSON-RPC call as a client sends it (alone or in a batch). */
export type Call = { jsonrpc?: string; id?: unknown; method: string; params?: unknown[] };
/** A JSON-RPC answer. */
export type Answer = {
  jsonrpc: "2.0";
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string };
};
/** The fields of a log the proxy reads. */
export type Log = {
  address: string;
  blockNumber: string;
  blockHash: string;
  logIndex: string;
  topics: string[];
};

export const hex = (n: number): string => `0x${n.toString(16)}`;

/** The block range of an eth_getLogs call, when both ends are numbers (not tags). */
export function logRange(call: Call): { from: number; to: number } | undefined {
  const filter = call.params?.[0] as { fromBlock?: string; toBlock?: string } | undefined;
  if (!filter?.fromBlock?.startsWith("0x") || !filter.toBlock?.startsWith("0x")) return undefined;
  return { from: Number(filter.fromBlock), to: Number(filter.toBlock) };
}
