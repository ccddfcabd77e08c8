import { type BaseError, ExitCode, exitCodeOf } from "../errors/BaseError.js";
import { createLogger, type LogFormat, type Logger } from "../log/createLogger.js";
import { redactSecrets } from "../log/redactUrl.js";
import { parseLogOptions, type RawOptions } from "./options/parseOptions.js";
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
    const code = exitCodeOf(error);
    process.exitCode = code;
    if (context?.logFormat === "json") {
      // One line for log collectors: the message, what was expected or what to do, the exit code.
      if (code === ExitCode.internal) {
        const { message, stack } =
          error instanceof Error ? error : { message: String(error), stack: undefined };
        context.logger.error(`internal error: ${message}`, { stack, exitCode: code });
      } else {
        const { shortMessage, details } = error as BaseError;
        context.logger.error(shortMessage, { details, exitCode: code });
      }
      return;
    }
    const secret = context?.secretUrl ?? (typeof raw.rpcUrl === "string" ? raw.rpcUrl : process.env.RPC_URL);
    const described =
      code === ExitCode.internal
        ? `internal error: ${(error as Error)?.stack ?? String(error)}`
        : `error: ${(error as BaseError).message}`;
    process.stderr.write(`${redactSecrets(described, secret)}\n`);
  }
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
