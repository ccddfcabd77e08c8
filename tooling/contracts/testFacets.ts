import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { ContractArtifact } from "../../src/devchain/contractArtifacts.js";
import { packageRoot } from "../../src/util/packageRoot.js";

/**
 * The facets a test cuts into the dev chain's marketplace (TestFacets.sol beside this file), each
 * compiled into artifacts/<name>.json beside it by `npm run build:contracts`. Test-only: the
 * package ships the contracts the demo deploys (src/devchain/artifacts), not these.
 */
export const testFacetNames = [
  "SessionFacetWithoutReceipt",
  "SessionFacetEmptyReceipt",
  "BidFacetSwappedTimes",
] as const;
export type TestFacetName = (typeof testFacetNames)[number];

/** Where the facets' source is, from the repository's root. */
export const testFacetSource = "tooling/contracts/TestFacets.sol";

export type TestFacetArtifacts = Record<TestFacetName, ContractArtifact<TestFacetName>>;

export function testFacetsDir(): string {
  return join(packageRoot(), "tooling", "contracts", "artifacts");
}

let memo: Promise<TestFacetArtifacts> | undefined;

/** The committed artifacts of the test facets (memoized within a process). */
export function loadTestFacets(): Promise<TestFacetArtifacts> {
  memo ??= (async () => {
    const result = {} as TestFacetArtifacts;
    for (const name of testFacetNames)
      result[name] = JSON.parse(await readFile(join(testFacetsDir(), `${name}.json`), "utf8"));
    return result;
  })();
  return memo;
}
