import { type Address, createPublicClient, createWalletClient, getAddress, http } from "viem";
import { BaseError } from "../errors/BaseError.js";
import { loadContracts } from "./loadContracts.js";
import { nodeRequest } from "./nodeRequest.js";

/** Where Multicall3 lives on every chain that has it (and where viem looks for it). */
export const multicall3Address: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";

export type DeployMarketplaceOptions = {
  /** Also place Multicall3's runtime code at its canonical address. */
  multicall?: boolean;
  /**
   * Where the marketplace should live (a preset's address, as on the real chain): its runtime
   * code is placed there (the contract keeps no constructor state) and that address returned.
   */
  at?: Address;
};

/**
 * Deploys TestMarketplace from the node's first unlocked account. The deployment block gets the
 * timestamp right after the current head, so that a chain started with a genesis in the past
 * stays in the past and history can be written after it.
 */
export async function deployMarketplace(
  rpcUrl: string,
  options: DeployMarketplaceOptions = {},
): Promise<{ contract: Address; deployer: Address }> {
  const contracts = await loadContracts();
  const transport = http(rpcUrl, { timeout: 120_000, retryCount: 0 });
  const publicClient = createPublicClient({ transport });
  const [first] = await nodeRequest<Address[]>(publicClient, "eth_accounts");
  if (!first) throw new BaseError("The dev node has no unlocked account.");
  const deployer = getAddress(first);
  const walletClient = createWalletClient({ account: deployer, transport });

  const head = await publicClient.getBlock({ blockTag: "latest" });
  const automine = await nodeRequest<boolean>(publicClient, "anvil_getAutomine");
  await nodeRequest(publicClient, "anvil_setNextBlockTimestamp", [Number(head.timestamp) + 1]);
  const hash = await walletClient.deployContract({
    abi: contracts.TestMarketplace.abi,
    bytecode: contracts.TestMarketplace.bytecode,
    chain: null,
    gas: 30_000_000n,
  });
  if (!automine) await nodeRequest(publicClient, "evm_mine");
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== "success" || !receipt.contractAddress) {
    throw new BaseError("Deploying TestMarketplace failed.", { details: `transaction ${hash}` });
  }

  let contract = getAddress(receipt.contractAddress);
  if (options.at) {
    const code = await nodeRequest<string>(publicClient, "eth_getCode", [contract, "latest"]);
    await nodeRequest(publicClient, "anvil_setCode", [options.at, code]);
    contract = getAddress(options.at);
  }
  if (options.multicall) {
    await nodeRequest(publicClient, "anvil_setCode", [
      multicall3Address,
      contracts.Multicall3.deployedBytecode,
    ]);
  }
  return { contract, deployer };
}
