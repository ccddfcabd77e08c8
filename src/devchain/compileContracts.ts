import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Abi, Hex } from "viem";
import { BaseError } from "../errors/BaseError.js";

export type CompiledContract = { abi: Abi; bytecode: Hex; deployedBytecode: Hex };
export type CompiledContracts = { TestMarketplace: CompiledContract; Multicall3: CompiledContract };

const contractNames = ["TestMarketplace", "Multicall3"] as const;
/** The EVM version the contracts target: old enough for any chain the indexer meets, new enough for anvil. */
const evmVersion = "cancun";

let memo: Promise<CompiledContracts> | undefined;

/**
 * Compiles the dev chain's contracts with solc-js (bundled compiler: works offline). The result is
 * cached on disk, keyed by the sources, the settings and the compiler version, so that test suites
 * do not pay for the compiler more than once; within a process it is memoized.
 */
export function compileContracts(): Promise<CompiledContracts> {
  memo ??= compile().catch((error: unknown) => {
    memo = undefined;
    throw error;
  });
  return memo;
}

async function compile(): Promise<CompiledContracts> {
  const require = createRequire(import.meta.url);
  const solcPackagePath = require.resolve("solc/package.json");
  const solcVersion = (JSON.parse(await readFile(solcPackagePath, "utf8")) as { version: string }).version;
  const contractsDir = findContractsDir();
  const sources: Record<string, { content: string }> = {};
  for (const name of contractNames) {
    sources[`${name}.sol`] = { content: await readFile(join(contractsDir, `${name}.sol`), "utf8") };
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
  const key = createHash("sha256").update(JSON.stringify({ solcVersion, input })).digest("hex").slice(0, 16);
  const fileName = `contracts-${key}.json`;
  const cacheDirs = [
    join(dirname(dirname(solcPackagePath)), ".cache", "mor-throughput"),
    join(tmpdir(), "mor-throughput"),
  ];

  for (const dir of cacheDirs) {
    const cached = await readFile(join(dir, fileName), "utf8").catch(() => undefined);
    if (cached !== undefined) {
      try {
        return JSON.parse(cached) as CompiledContracts;
      } catch {
        // A corrupt cache file: compile again and overwrite it.
      }
    }
  }

  // Loading the compiler takes a few seconds: only on a cache miss.
  const solc = (await import("solc")).default;
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    throw new BaseError("Compiling the dev chain contracts failed.", {
      details: errors.map((e) => e.formattedMessage ?? e.message).join("\n"),
    });
  }
  const result = {} as CompiledContracts;
  for (const name of contractNames) {
    const contract = output.contracts?.[`${name}.sol`]?.[name];
    if (!contract) throw new BaseError(`solc produced no output for ${name}.`);
    result[name] = {
      abi: contract.abi,
      bytecode: `0x${contract.evm.bytecode.object}`,
      deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
    };
  }

  const json = JSON.stringify(result);
  for (const dir of cacheDirs) {
    try {
      await mkdir(dir, { recursive: true });
      // Write then rename: parallel test workers never read a half-written file.
      const temporary = join(dir, `${fileName}.${process.pid}.${Date.now()}.tmp`);
      await writeFile(temporary, json);
      await rename(temporary, join(dir, fileName));
      break;
    } catch {
      // Not writable: try the next directory; without any, the memo still serves this process.
    }
  }
  return result;
}

/** The .sol files sit beside this module in src/, and under src/ of the package when bundled into dist/. */
function findContractsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, "contracts"), join(here, "..", "src", "devchain", "contracts")];
  for (const dir of candidates) {
    if (existsSync(join(dir, "TestMarketplace.sol"))) return dir;
  }
  throw new BaseError("The dev chain contract sources were not found.", {
    details: `Looked in: ${candidates.join(", ")}`,
  });
}

type SolcOutput = {
  errors?: Array<{ severity: string; message: string; formattedMessage?: string }>;
  contracts?: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
};
