import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  toFunctionSelector,
} from "viem";
import { loadContracts } from "../../src/devchain/loadContracts.js";
import { nodeRequest } from "../../src/devchain/nodeRequest.js";
import { loadTestFacets, type TestFacetName } from "../contracts/testFacets.js";

/** One facet's part of a cut, as EIP-2535 has it: functions by signature ("getSession(bytes32)") or selector. */
export type Cut = { action: "add" | "replace" | "remove"; facet?: Address; functions: string[] };

/** Where a transaction of the dev chain landed. */
export type Mined = { block: number; time: number; hash: Hex };

const actions = { add: 0, replace: 1, remove: 2 } as const;

/** A selector from a signature, or the selector itself (0x + 8 hex). */
export function selectorOf(fn: string): Hex {
  return /^0x[0-9a-fA-F]{8}$/.test(fn) ? (fn.toLowerCase() as Hex) : toFunctionSelector(fn);
}

/**
 * Deploys a facet: a TestMarketplace (the same code, another address), or one of the test facets
 * (tooling/contracts/TestFacets.sol: SessionFacetWithoutReceipt, SessionFacetEmptyReceipt:
 * getSession changed; BidFacetSwappedTimes: getBid changed), in a block one second after the
 * head, so that the chain's time keeps moving forward from its history.
 */
export async function deployFacet(rpcUrl: string, name: "TestMarketplace" | TestFacetName): Promise<Address> {
  const { abi, bytecode } =
    name === "TestMarketplace" ? (await loadContracts()).TestMarketplace : (await loadTestFacets())[name];
  const { wallet, client } = await clientsOf(rpcUrl);
  const receipt = await mineOne(rpcUrl, () =>
    wallet.deployContract({
      abi,
      bytecode,
      chain: null,
      gas: 30_000_000n,
    }),
  );
  const found = await client.getTransactionReceipt({ hash: receipt.hash });
  if (found.status !== "success" || !found.contractAddress) throw new Error(`deploying ${name} failed`);
  return getAddress(found.contractAddress);
}

/** diamondCut on the test marketplace, in one block one second after the head; throws when it reverts. */
export async function cutDiamond(rpcUrl: string, contract: Address, cuts: readonly Cut[]): Promise<Mined> {
  const contracts = await loadContracts();
  const { wallet } = await clientsOf(rpcUrl);
  return mineOne(rpcUrl, () =>
    wallet.writeContract({
      address: contract,
      abi: contracts.TestMarketplace.abi,
      functionName: "diamondCut",
      args: [
        cuts.map((cut) => ({
          facetAddress: cut.facet ?? "0x0000000000000000000000000000000000000000",
          action: actions[cut.action],
          functionSelectors: cut.functions.map(selectorOf),
        })),
        "0x0000000000000000000000000000000000000000",
        "0x",
      ],
      chain: null,
      gas: 5_000_000n,
    }),
  );
}

/** The facet serving a selector now (facetAddress), zero when none. */
export async function facetOf(rpcUrl: string, contract: Address, fn: string): Promise<Address> {
  const contracts = await loadContracts();
  const { client } = await clientsOf(rpcUrl);
  return (await client.readContract({
    address: contract,
    abi: contracts.TestMarketplace.abi,
    functionName: "facetAddress",
    args: [selectorOf(fn)],
  })) as Address;
}

async function clientsOf(rpcUrl: string) {
  const transport = http(rpcUrl, { timeout: 120_000, retryCount: 0 });
  const client = createPublicClient({ transport });
  const [first] = await nodeRequest<Address[]>(client, "eth_accounts");
  if (!first) throw new Error("The dev node has no unlocked account.");
  return { client, wallet: createWalletClient({ account: getAddress(first), transport }) };
}

/** Sends one transaction into its own block, one second after the head; its block, time and hash. */
async function mineOne(rpcUrl: string, send: () => Promise<Hex>): Promise<Mined> {
  const { client } = await clientsOf(rpcUrl);
  const head = await client.getBlock({ blockTag: "latest" });
  const time = Number(head.timestamp) + 1;
  await nodeRequest(client, "anvil_setNextBlockTimestamp", [time]);
  const hash = await send();
  if (!(await nodeRequest<boolean>(client, "anvil_getAutomine"))) await nodeRequest(client, "evm_mine");
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
  return { block: Number(receipt.blockNumber), time, hash };
}
