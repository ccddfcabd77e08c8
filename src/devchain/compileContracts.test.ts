import { expect, test } from "vitest";
import { compileContracts } from "./compileContracts.js";
import { contractNames } from "./contractArtifacts.js";
import { loadContracts } from "./loadContracts.js";

test("default: the committed artifacts are what solc compiles from the sources", async () => {
  const [compiled, committed] = await Promise.all([compileContracts(), loadContracts()]);
  for (const name of contractNames) {
    expect(
      committed[name],
      `src/devchain/artifacts/${name}.json is out of date: run \`npm run build:contracts\` and commit it`,
    ).toEqual(compiled[name]);
  }
});
