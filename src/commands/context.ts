import { parseLogOptions, type RawOptions } from "../config/parseOptions.js";
import { type BaseError, exitCodeOf } from "../errors/BaseError.js";
import { createLogger, type Logger } from "../log/createLogger.js";
import { redactSecrets } from "../log/redactUrl.js";

export type CommandContext = { logger: Logger; json: boolean; secretUrl: string | undefined };

export function createContext(raw: RawOptions): CommandContext {
  const log = parseLogOptions(raw);
  const secretUrl = typeof raw.rpcUrl === "string" ? raw.rpcUrl : process.env.RPC_URL;
  return {
    json: log.json,
    secretUrl,
    logger: createLogger({ format: log.logFormat, quiet: log.quiet, verbose: log.verbose, secretUrl }),
  };
}

/**
 * Runs a command's body: its result is printed as JSON on stdout with --json; an error is
 * printed on stderr and decides the exit code (documented in the README).
 */
export async function runCommand(
  raw: RawOptions,
  body: (context: CommandContext) => Promise<unknown>,
): Promise<void> {
  let context: CommandContext | undefined;
  try {
    context = createContext(raw);
    const result = await body(context);
    if (context.json && result !== undefined) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } catch (error) {
    const code = exitCodeOf(error);
    const secret = context?.secretUrl ?? (typeof raw.rpcUrl === "string" ? raw.rpcUrl : process.env.RPC_URL);
    const described =
      code === 2
        ? `internal error: ${(error as Error)?.stack ?? String(error)}`
        : `error: ${(error as BaseError).message}`;
    process.stderr.write(`${redactSecrets(described, secret)}\n`);
    process.exitCode = code;
  }
}

export function generatorName(version: string): string {
  return `mor-throughput ${version}`;
}
