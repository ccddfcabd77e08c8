// Compiles the dev chain's contracts (src/devchain/contracts/*.sol) with solc and writes the
// artifacts that the demo, the tests and the bench deploy (src/devchain/artifacts/*.json, shipped in
// the package: an installed package has no compiler), and the chain stage's never-deployed
// aggregator (src/chain/contracts/DeploylessAggregate3.sol) into src/chain/deploylessAggregate3Code.ts.
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
  deploylessModule,
} from "../tooling/contracts/compileContracts.js";

const artifacts = await compileContracts();
const dir = artifactsDir();
mkdirSync(dir, { recursive: true });
for (const name of contractNames) {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, `${JSON.stringify(artifacts[name], null, 2)}\n`);
  process.stderr.write(`wrote ${path}\n`);
}
const modulePath = join(packageRoot(), deploylessModule);
writeFileSync(modulePath, await compileDeploylessModule());
process.stderr.write(`wrote ${modulePath}\n`);
