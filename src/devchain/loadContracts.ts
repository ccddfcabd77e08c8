import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { BaseError } from "../errors/BaseError.js";
import { artifactsDir, type ContractArtifacts, contractNames } from "./contractArtifacts.js";

let memo: Promise<ContractArtifacts> | undefined;

/**
 * The dev chain's compiled contracts, read from the committed artifacts (no compiler at run time:
 * `npm run build:contracts` writes them from the .sol sources). Memoized within a process.
 */
export function loadContracts(): Promise<ContractArtifacts> {
  memo ??= load().catch((error: unknown) => {
    memo = undefined;
    throw error;
  });
  return memo;
}

async function load(): Promise<ContractArtifacts> {
  const result = {} as ContractArtifacts;
  for (const name of contractNames) {
    const path = join(artifactsDir(), `${name}.json`);
    try {
      result[name] = JSON.parse(await readFile(path, "utf8"));
    } catch (error) {
      throw new BaseError(`The dev chain's ${name} artifact could not be read.`, {
        details: `${path}: the package is incomplete (in a checkout: npm run build:contracts).`,
        cause: error,
      });
    }
  }
  return result;
}
