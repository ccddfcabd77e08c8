import { type ProcessResult, runProcess } from "../../src/util/runProcess.js";
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

export function npm(cwd: string, args: string[]): Promise<ProcessResult> {
  return runProcess("npm", args, { cwd, env: npmEnv(), timeoutMs: 240_000 });
}

/** What `npm pack --json` reports of one tarball. */
export type PackResult = {
  filename: string;
  size: number;
  unpackedSize: number;
  files: Array<{ path: string; size: number }>;
};
