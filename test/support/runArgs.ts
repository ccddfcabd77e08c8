/**
 * The arguments of `run` against a dev chain: every block from 0, no confirmations (a local
 * chain reorganises only when a test tells it to), then the test's own flags.
 */
export function runArgs(
  target: { rpcUrl: string; contract: string },
  paths: { db: string; out: string },
  ...more: string[]
): string[] {
  return [
    "run",
    "--rpc-url",
    target.rpcUrl,
    "--contract",
    target.contract,
    "--from-block",
    "0",
    "--confirmations",
    "0",
    "--db",
    paths.db,
    "--out",
    paths.out,
    ...more,
  ];
}
