import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import solc from "solc";
import type { Abi, Hex } from "viem";
import {
  type ContractArtifact,
  type ContractArtifacts,
  contractNames,
} from "../../src/devchain/contractArtifacts.js";
import { BaseError } from "../../src/errors/BaseError.js";
import { packageRoot } from "../../src/util/packageRoot.js";
import { type TestFacetArtifacts, testFacetNames, testFacetSource } from "./testFacets.js";

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
  const output = compile(sources);
  const result = {} as ContractArtifacts;
  for (const name of contractNames) result[name] = artifactOf(output, `${name}.sol`, name);
  return result;
}

/**
 * Compiles the test facets (tooling/contracts/TestFacets.sol) with the marketplace they import,
 * each source named by its path in the repository (so that the import resolves as written).
 */
export async function compileTestFacets(): Promise<TestFacetArtifacts> {
  const root = packageRoot();
  const sources: Record<string, { content: string }> = {};
  const devchain = "src/devchain/contracts";
  for (const file of (await readdir(join(root, devchain))).filter((name) => name.endsWith(".sol")).sort())
    sources[`${devchain}/${file}`] = { content: await readFile(join(root, devchain, file), "utf8") };
  sources[testFacetSource] = { content: await readFile(join(root, testFacetSource), "utf8") };
  const output = compile(sources);
  const result = {} as TestFacetArtifacts;
  for (const name of testFacetNames) result[name] = artifactOf(output, testFacetSource, name);
  return result;
}

function compile(
  sources: Record<string, { content: string }>,
  what = "the dev chain contracts",
  evm: string = evmVersion,
): SolcOutput {
  const input = {
    language: "Solidity",
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: evm,
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    throw new BaseError(`Compiling ${what} failed.`, {
      details: errors.map((e) => e.formattedMessage ?? e.message).join("\n"),
    });
  }
  return output;
}

function artifactOf<Name extends string>(
  output: SolcOutput,
  source: string,
  name: Name,
): ContractArtifact<Name> {
  const contract = output.contracts?.[source]?.[name];
  if (!contract) throw new BaseError(`solc produced no output for ${name}.`);
  return {
    contractName: name,
    compiler: solc.version(),
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
    deployedBytecode: `0x${contract.evm.deployedBytecode?.object ?? ""}`,
  };
}

type SolcOutput = {
  errors?: Array<{ severity: string; message: string; formattedMessage?: string }>;
  contracts?: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode?: { object: string } } }>
  >;
};

/** Where the chain stage's contract lives, and the module its creation code is written into. */
export const deploylessSource = "src/chain/contracts/DeploylessAggregate3.sol";
export const deploylessModule = "src/chain/deploylessAggregate3Code.ts";

/**
 * Compiles the chain stage's one contract (DeploylessAggregate3: never deployed, its creation code
 * is sent in eth_call) for the Paris EVM, without PUSH0: a chain without Multicall3 may be an old
 * one. Returns the text of the module that holds its creation code.
 */
export async function compileDeploylessModule(): Promise<string> {
  const content = await readFile(join(packageRoot(), deploylessSource), "utf8");
  const output = compile({ "DeploylessAggregate3.sol": { content } }, "DeploylessAggregate3", "paris");
  const code = artifactOf(output, "DeploylessAggregate3.sol", "DeploylessAggregate3").bytecode as Hex;
  return `// Written by \`npm run build:contracts\` from ${deploylessSource} (solc ${solc.version()},
// Paris EVM, optimizer 200 runs): do not edit.

/**
 * The creation code of DeploylessAggregate3: an eth_call of it with aggregate3's argument appended
 * (no \`to\`) runs the calls in its constructor and returns their results as aggregate3 does.
 */
export const deploylessAggregate3Code =
  "${code}";
`;
}
