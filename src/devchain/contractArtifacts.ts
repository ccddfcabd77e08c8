import { join } from "node:path";
import type { Abi, Hex } from "viem";
import { packageRoot } from "../util/packageRoot.js";

/** The dev chain's contracts, each compiled into artifacts/<name>.json. */
export const contractNames = ["TestMarketplace", "Multicall3"] as const;
export type ContractName = (typeof contractNames)[number];

/** What the dev chain deploys: creation code (TestMarketplace), runtime code (Multicall3). */
export type ContractArtifact<Name extends string = ContractName> = {
  contractName: Name;
  /** solc's long version, e.g. 0.8.37+commit.… */
  compiler: string;
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
};
export type ContractArtifacts = Record<ContractName, ContractArtifact>;

/**
 * The committed artifacts, shipped in the package: found from the package's root, so the same path
 * serves the sources (tsx, vitest) and the bundle (dist/).
 */
export function artifactsDir(): string {
  return join(packageRoot(), "src", "devchain", "artifacts");
}
