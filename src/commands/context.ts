import { parseLogOptions, type RawOptions } from "../config/parseOptions.js";
import { type BaseError, ExitCode, exitCodeOf } from "../errors/BaseError.js";
import { createLogger, type LogFormat, type Logger } from "../log/createLogger.js";
import { redactSecrets } from "../log/redactUrl.js";
import { createProgressWriter, type ProgressWriter, progressMode } from "./progress/createProgressWriter.js";

export type CommandContext = {
  logger: Logger;
  /** Sync progress on stderr: a live line on a terminal, periodic lines otherwise, none with --quiet. */
  progress: ProgressWriter;
  json: boolean;
  logFormat: LogFormat;
  secretUrl: string | undefined;
};

export function createContext(raw: RawOptions): CommandContext {
  const log = parseLogOptions(raw);
  const secretUrl = typeof raw.rpcUrl === "string" ? raw.rpcUrl : process.env.RPC_URL;
  const progress = createProgressWriter({
    mode: progressMode({ quiet: log.quiet, logFormat: log.logFormat, isTTY: process.stderr.isTTY === true }),
    stream: process.stderr,
    logger: () => logger,
  });
  const logger = createLogger({
    format: log.logFormat,
    quiet: log.quiet,
    verbose: log.verbose,
    secretUrl,
    write: (line) => progress.writeLog(line),
  });
  return { json: log.json, logFormat: log.logFormat, secretUrl, logger, progress };
}

/**
 * Runs a command's body. Its result is one object: printed as JSON on stdout with --json, else
 * rendered into the human summary lines on stderr (one structured line with --log-format json).
 * An error is printed on stderr and decides the exit code (documented in the README).
 */
export async function runCommand<Result>(
  raw: RawOptions,
  body: (context: CommandContext) => Promise<Result>,
  render?: (result: Result) => string[],
): Promise<void> {
  let context: CommandContext | undefined;
  try {
    context = createContext(raw);
    const result = await body(context);
    printResult(context, result, render);
  } catch (error) {
    context?.progress.done();
    const code = exitCodeOf(error);
    const secret = context?.secretUrl ?? (typeof raw.rpcUrl === "string" ? raw.rpcUrl : process.env.RPC_URL);
    const described = context?.logFormat === "json" ? describeAsJson(error, code) : describe(error, code);
    process.stderr.write(`${redactSecrets(described, secret)}\n`);
    process.exitCode = code;
  }
}

function describe(error: unknown, code: ExitCode): string {
  return code === ExitCode.internal
    ? `internal error: ${(error as Error)?.stack ?? String(error)}`
    : `error: ${(error as BaseError).message}`;
}

/** One line for log collectors: the message, what was expected or what to do, the exit code. */
function describeAsJson(error: unknown, code: ExitCode): string {
  if (code === ExitCode.internal) {
    const message = error instanceof Error ? error.message : String(error);
    const stack = error instanceof Error ? error.stack : undefined;
    return JSON.stringify({ level: "error", msg: `internal error: ${message}`, stack, exitCode: code });
  }
  const { shortMessage, details } = error as BaseError;
  return JSON.stringify({ level: "error", msg: shortMessage, details, exitCode: code });
}

/** The one way a command's result object reaches the user: JSON, or summary lines made from it. */
export function printResult<Result>(
  context: CommandContext,
  result: Result,
  render?: (result: Result) => string[],
): void {
  if (result === undefined) return;
  if (context.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (!render) return;
  else if (context.logFormat === "json") context.logger.info("summary", { summary: result });
  else for (const line of render(result)) context.logger.info(line);
}
