import { expect, test } from "vitest";
import { contractNames } from "../../src/devchain/contractArtifacts.js";
import { loadContracts } from "../../src/devchain/loadContracts.js";
import { compileContracts } from "./compileContracts.js";

test("default: the committed artifacts are what solc compiles from the sources", async () => {
  const [compiled, committed] = await Promise.all([compileContracts(), loadContracts()]);
  for (const name of contractNames) {
    expect(
      committed[name],
      `src/devchain/artifacts/${name}.json is out of date: run \`npm run build:contracts\` and commit it`,
    ).toEqual(compiled[name]);
  }
});
