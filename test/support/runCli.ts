import { fileURLToPath } from "node:url";
import { type ProcessResult, runProcess } from "../../tooling/process/runProcess.js";
import { countCliRun } from "./countCliRuns.js";

export const cliPath = fileURLToPath(new URL("../../bin/mor-throughput.js", import.meta.url));

export type CliResult = ProcessResult;

/**
 * The environment of a CLI under test: the variables the CLI reads (RPC_URL, DB_PATH, OUT_DIR)
 * come only from `extra`, never from the shell that runs the tests.
 */
export function cliEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {
    ...process.env,
    RPC_URL: undefined,
    DB_PATH: undefined,
    OUT_DIR: undefined,
    RPC_TIMEOUT_MS: undefined,
    RPC_RETRIES: undefined,
    ...extra,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return env;
}

/** Runs the real CLI (the built bundle, as `npx mor-throughput` does) and collects its output. */
export function runCli(
  args: string[],
  options: { env?: Record<string, string | undefined>; timeoutMs?: number } = {},
): Promise<CliResult> {
  countCliRun("spawned");
  return runProcess(process.execPath, [cliPath, ...args], {
    env: cliEnv(options.env),
    timeoutMs: options.timeoutMs ?? 120_000,
  });
}

/** The CLI's --json summary, or a failure that shows what the CLI said. */
export function parseJson<T = Record<string, unknown>>(result: CliResult): T {
  if (result.code !== 0) throw new Error(`CLI exited ${result.code}:\n${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}
