import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { contractNames } from "../../src/devchain/contractArtifacts.js";
import { loadContracts } from "../../src/devchain/loadContracts.js";
import { packageRoot } from "../../src/util/packageRoot.js";
import {
  compileContracts,
  compileDeploylessModule,
  compileTestFacets,
  deploylessModule,
} from "./compileContracts.js";
import { loadTestFacets, testFacetNames } from "./testFacets.js";

test("default: the committed artifacts are what solc compiles from the sources", async () => {
  const [compiled, committed] = await Promise.all([compileContracts(), loadContracts()]);
  for (const name of contractNames) {
    expect(
      committed[name],
      `src/devchain/artifacts/${name}.json is out of date: run \`npm run build:contracts\` and commit it`,
    ).toEqual(compiled[name]);
  }
});

test("default: the committed artifacts of the test facets are what solc compiles from their source", async () => {
  const [compiled, committed] = await Promise.all([compileTestFacets(), loadTestFacets()]);
  for (const name of testFacetNames) {
    expect(
      committed[name],
      `tooling/contracts/artifacts/${name}.json is out of date: run \`npm run build:contracts\` and commit it`,
    ).toEqual(compiled[name]);
  }
});

test("default: the committed creation code of the deployless aggregator is what solc compiles", async () => {
  expect(
    readFileSync(join(packageRoot(), deploylessModule), "utf8"),
    `${deploylessModule} is out of date: run \`npm run build:contracts\` and commit it`,
  ).toBe(await compileDeploylessModule());
});
