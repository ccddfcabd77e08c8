import type { RpcClient } from "./rpc/createRpcClient.js";

export async function getChainId(client: RpcClient): Promise<number> {
  return Number(BigInt(await client.request<string>("eth_chainId")));
}
