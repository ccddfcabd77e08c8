// Compiles the dev chain's contracts (src/devchain/contracts/*.sol) with solc and writes the
// artifacts that the demo, the tests and the bench deploy (src/devchain/artifacts/*.json, shipped in
// the package: an installed package has no compiler), the facets the tests cut into it
// (tooling/contracts/TestFacets.sol into tooling/contracts/artifacts/*.json, not shipped), and the
// chain stage's never-deployed aggregator (src/chain/contracts/DeploylessAggregate3.sol) into
// src/chain/deploylessAggregate3Code.ts.
// After changing a contract:
//   npm run build:contracts     then commit the .sol and the .json together
// tooling/contracts/compileContracts.test.ts fails while the two disagree.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { artifactsDir, contractNames } from "../src/devchain/contractArtifacts.js";
import { packageRoot } from "../src/util/packageRoot.js";
import {
  compileContracts,
  compileDeploylessModule,
  compileTestFacets,
  deploylessModule,
} from "../tooling/contracts/compileContracts.js";
import { testFacetNames, testFacetsDir } from "../tooling/contracts/testFacets.js";

const write = (dir: string, name: string, artifact: unknown) => {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.json`);
  writeFileSync(path, `${JSON.stringify(artifact, null, 2)}\n`);
  process.stderr.write(`wrote ${path}\n`);
};
const artifacts = await compileContracts();
for (const name of contractNames) write(artifactsDir(), name, artifacts[name]);
const facets = await compileTestFacets();
for (const name of testFacetNames) write(testFacetsDir(), name, facets[name]);
const modulePath = join(packageRoot(), deploylessModule);
writeFileSync(modulePath, await compileDeploylessModule());
process.stderr.write(`wrote ${modulePath}\n`);
