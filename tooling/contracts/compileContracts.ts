import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import solc from "solc";
import type { Abi } from "viem";
import {
  type ContractArtifacts,
  contractNames,
  contractSources,
} from "../../src/devchain/contractArtifacts.js";
import { BaseError } from "../../src/errors/BaseError.js";
import { packageRoot } from "../../src/util/packageRoot.js";

/** The EVM version the contracts target: old enough for any chain the indexer meets, new enough for anvil. */
const evmVersion = "cancun";

/**
 * Compiles the dev chain's contracts (src/devchain/contracts/*.sol) with solc-js, a dev dependency
 * (bundled compiler: works offline). Only `npm run build:contracts` and the test that checks the
 * committed artifacts call it; the demo, the tests and the bench load the artifacts.
 */
export async function compileContracts(): Promise<ContractArtifacts> {
  const contractsDir = join(packageRoot(), "src", "devchain", "contracts");
  const sources: Record<string, { content: string }> = {};
  // Every source, so that imports between them resolve (TestMarketplace.sol imports TestDiamond.sol).
  for (const file of (await readdir(contractsDir)).filter((name) => name.endsWith(".sol")).sort()) {
    sources[file] = { content: await readFile(join(contractsDir, file), "utf8") };
  }
  const input = {
    language: "Solidity",
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion,
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    throw new BaseError("Compiling the dev chain contracts failed.", {
      details: errors.map((e) => e.formattedMessage ?? e.message).join("\n"),
    });
  }
  const result = {} as ContractArtifacts;
  for (const name of contractNames) {
    const contract = output.contracts?.[contractSources[name]]?.[name];
    if (!contract) throw new BaseError(`solc produced no output for ${name}.`);
    result[name] = {
      contractName: name,
      compiler: solc.version(),
      abi: contract.abi,
      bytecode: `0x${contract.evm.bytecode.object}`,
      deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
    };
  }
  return result;
}

type SolcOutput = {
  errors?: Array<{ severity: string; message: string; formattedMessage?: string }>;
  contracts?: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
};
