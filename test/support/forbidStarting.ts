import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";

/**
 * Setup file of the unit project (vitest.config.ts): a unit test starts nothing. Listening on a
 * socket (any server: http, a JSON-RPC stand-in, a virtual chain) or starting a process (anvil,
 * the CLI, npm, Chromium) throws here, naming what was tried, so that such a test fails at once
 * instead of slowing every `npm test` down. A test that needs it belongs in test/integration/ or
 * test/e2e/ (docs/development.md).
 */
export class StartedInUnitTest extends Error {
  override name = "StartedInUnitTest";
}

function forbid(what: string): never {
  throw new StartedInUnitTest(
    `a unit test ${what}: move it to test/integration/ or test/e2e/ (docs/development.md)`,
  );
}

net.Server.prototype.listen = function listen(): never {
  forbid("listens on a socket (starts a server)");
};
for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const) {
  (childProcess as unknown as Record<string, unknown>)[name] = () => forbid(`starts a process (${name})`);
}
// ES module imports of node:child_process see the patched functions too.
syncBuiltinESMExports();
