import type { Client } from "viem";

/** Calls a node method that viem's typed RPC schema does not list (anvil_*, evm_*). */
export function nodeRequest<T = unknown>(client: Client, method: string, params: unknown[] = []): Promise<T> {
  const request = client.request as unknown as (args: { method: string; params: unknown[] }) => Promise<T>;
  return request({ method, params });
}
