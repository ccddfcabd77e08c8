/** The flags that point a command at a dev chain and a database: every block from 0. */
export function chainArgs(target: { rpcUrl: string; contract: string }, db: string): string[] {
  return ["--rpc-url", target.rpcUrl, "--contract", target.contract, "--from-block", "0", "--db", db];
}

/**
 * The arguments of `run` against a dev chain: every block from 0, no confirmations (a local
 * chain reorganises only when a test tells it to), then the test's own flags.
 */
export function runArgs(
  target: { rpcUrl: string; contract: string },
  paths: { db: string; out: string },
  ...more: string[]
): string[] {
  return ["run", ...chainArgs(target, paths.db), "--confirmations", "0", "--out", paths.out, ...more];
}
