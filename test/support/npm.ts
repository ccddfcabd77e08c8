import { resolve } from "node:path";
import { packageRoot } from "../../src/util/packageRoot.js";
import { type ProcessResult, runProcess } from "../../tooling/process/runProcess.js";
import { cliEnv } from "./runCli.js";

/**
 * npm with the user's npm settings (cache, registry) but nothing of the `npm test` that may have
 * started this suite: its npm_package_*, npm_lifecycle_* and local prefix describe the checkout.
 */
export function npmEnv(): NodeJS.ProcessEnv {
  const env = cliEnv();
  for (const key of Object.keys(env)) {
    if (/^npm_(package_|lifecycle_|command$|config_local_prefix$)/.test(key) || key === "INIT_CWD") {
      delete env[key];
    }
  }
  return env;
}

/**
 * npm in `cwd`. In the checkout, a command that runs its lifecycle scripts (pack, ci, install,
 * run, rebuild...) must pass --ignore-scripts: `prepare` rebuilds dist/ while other test files run
 * the CLI from it (what made a working copy's `npm test` fail where a fresh clone passed).
 */
export function npm(cwd: string, args: string[]): Promise<ProcessResult> {
  refuseRebuild(cwd, args);
  return runProcess("npm", args, { cwd, env: npmEnv(), timeoutMs: 240_000 });
}

/** Commands that run the checkout's own scripts (prepare, prepack, ...) unless told not to. */
const scripted = new Set(["pack", "publish", "ci", "install", "i", "rebuild", "run", "run-script", "test"]);

export function refuseRebuild(cwd: string, args: readonly string[]): void {
  const command = args.find((arg) => !arg.startsWith("-"));
  const inCheckout = resolve(cwd) === packageRoot();
  if (inCheckout && command && scripted.has(command) && !args.includes("--ignore-scripts"))
    throw new Error(
      `npm ${args.join(" ")} in the checkout would run its scripts and rebuild dist/ under the running tests: add --ignore-scripts`,
    );
}

/** What `npm pack --json` reports of one tarball. */
export type PackResult = {
  filename: string;
  size: number;
  unpackedSize: number;
  files: Array<{ path: string; size: number }>;
};
