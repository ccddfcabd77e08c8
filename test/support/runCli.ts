import { fileURLToPath } from "node:url";
import type { CliIo } from "../../src/commands/cliIo.js";
import { runCommandLine } from "../../src/commands/runCommandLine.js";
import { type ProcessResult, runProcess } from "../../tooling/process/runProcess.js";
import { countCliRun } from "./countCliRuns.js";

export const cliPath = fileURLToPath(new URL("../../bin/mor-throughput.js", import.meta.url));

export type CliResult = ProcessResult;

export type CliOptions = {
  /** Variables on top of the test runner's environment (undefined removes one). */
  env?: Record<string, string | undefined>;
  /** The run counts as killed past this: code null, signal SIGKILL. */
  timeoutMs?: number;
};

/**
 * The environment of a CLI under test: the variables the CLI reads (RPC_URL, RPC_URL_<chain id>,
 * DB_PATH, OUT_DIR, RPC_TIMEOUT_MS, RPC_RETRIES) come only from `extra`, never from the shell that
 * runs the tests.
 */
export function cliEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of Object.keys(env))
    if (/^(RPC_URL(_\d+)?|DB_PATH|OUT_DIR|RPC_TIMEOUT_MS|RPC_RETRIES)$/.test(key)) delete env[key];
  Object.assign(env, extra);
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return env;
}

/**
 * Runs the CLI inside the test's process, through the same entry as `mor-throughput` itself
 * (runCommandLine) with the sources: its stdout and stderr collected, the environment cliEnv's,
 * and the exit code the process would have ended with. For every test where the process itself
 * is not the point; spawnCli where it is (exit codes as a shell sees them, signals, pipes).
 *
 * Runs in one worker at once keep their output apart (cliIo). No interrupt ever reaches a run in
 * here: a test that stops or kills the CLI spawns it.
 */
export async function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  countCliRun("in-process");
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: { write: (text) => (stdout += text) },
    stderr: { write: (text) => (stderr += text) },
    env: cliEnv(options.env),
    onInterrupt: () => () => {},
    exit: (code) => {
      throw new Error(`the CLI asked to exit ${code} in-process, where no interrupt comes`);
    },
  };
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<CliResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ code: null, signal: "SIGKILL", stdout, stderr: `${stderr}[timed out in-process]\n` }),
      options.timeoutMs ?? 120_000,
    );
  });
  const ran = runCommandLine([process.execPath, cliPath, ...args], io).then(
    (code): CliResult => ({ code, signal: null, stdout, stderr }),
    // What escapes the CLI ends its process as Node ends it: the stack on stderr, exit 1.
    (error: unknown): CliResult => ({
      code: 1,
      signal: null,
      stdout,
      stderr: `${stderr}${error instanceof Error ? error.stack : String(error)}\n`,
    }),
  );
  try {
    return await Promise.race([ran, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs the real CLI as its own process (the built bundle, as `npx mor-throughput` does) and
 * collects its output: for the tests of what only a process shows.
 */
export function spawnCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
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
