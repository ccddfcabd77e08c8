import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const cliPath = fileURLToPath(new URL("../../bin/mor-throughput.js", import.meta.url));

export type CliResult = {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
};

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
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      env: cliEnv(options.env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** The CLI's --json summary, or a failure that shows what the CLI said. */
export function parseJson<T = Record<string, unknown>>(result: CliResult): T {
  if (result.code !== 0) throw new Error(`CLI exited ${result.code}:\n${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}
