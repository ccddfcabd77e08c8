import { createClient, http } from "viem";
import { nodeRequest } from "../../src/devchain/nodeRequest.js";

/** One call of a node method (anvil_*, evm_*, or any other) to a node by URL; throws its error. */
export function nodeCall<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  return nodeRequest<T>(createClient({ transport: http(url, { retryCount: 0 }) }), method, params);
}
