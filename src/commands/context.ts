import { BaseError, ExitCode, exitCodeOf, systemHintOf } from "../errors/BaseError.js";
import { createLogger, type LogFormat, type Logger } from "../log/createLogger.js";
import { redactSecrets } from "../log/redactUrl.js";
import { cliIo, setExitCode } from "./cliIo.js";
import {
  type Environment,
  type RawOptions,
  secretUrlsOf,
  settleLogOptions,
} from "./options/settleOptions.js";
import { createProgressWriter, type ProgressWriter, progressMode } from "./progress/createProgressWriter.js";

export type CommandContext = {
  logger: Logger;
  /** Sync progress on stderr: a live line on a terminal, periodic lines otherwise, none with --quiet. */
  progress: ProgressWriter;
  json: boolean;
  logFormat: LogFormat;
  /** The environment the command reads its options from (the run's: cliIo). */
  env: Environment;
};

function createContext(raw: RawOptions, env: Environment, secretUrls: readonly string[]): CommandContext {
  const log = settleLogOptions(raw);
  const { stderr } = cliIo();
  const progress = createProgressWriter({
    mode: progressMode({ quiet: log.quiet, logFormat: log.logFormat, isTTY: stderr.isTTY === true }),
    stream: stderr,
    logger: () => logger,
  });
  const logger = createLogger({
    format: log.logFormat,
    quiet: log.quiet,
    verbose: log.verbose,
    secretUrls,
    write: (line) => progress.writeLog(line),
  });
  return { json: log.json, logFormat: log.logFormat, logger, progress, env };
}

/**
 * Runs a command's body. Its result is one object: printed as JSON on stdout with --json, else
 * rendered into the human summary lines on stderr (one structured line with --log-format json).
 * An error is printed on stderr (and with --json as one object on stdout) and decides the exit
 * code (documented in docs/cli.md). stdout, stderr and the environment are the run's (cliIo).
 */
export async function runCommand<Result>(
  raw: RawOptions,
  body: (context: CommandContext) => Promise<Result>,
  render?: (result: Result) => string[],
): Promise<void> {
  const io = cliIo();
  const { env } = io;
  const secretUrls = secretUrlsOf(raw, env);
  let context: CommandContext | undefined;
  try {
    context = createContext(raw, env, secretUrls);
    const result = await body(context);
    context.progress.done();
    printResult(context, result, render);
  } catch (error) {
    context?.progress.done();
    const code = exitCodeOf(error);
    setExitCode(code);
    const { name, shortMessage, details, message, stack } = describeError(error);
    if (raw.json === true) {
      // One object on stdout, failure too: what the command found (if anything), and the error.
      const data = error instanceof BaseError ? error.data : undefined;
      const object = {
        ...data,
        error: { name, message: shortMessage, ...(details ? { details } : {}), exitCode: code },
      };
      io.stdout.write(`${redactSecrets(JSON.stringify(object, null, 2), secretUrls)}\n`);
    }
    // Also when the log options themselves were refused (--quiet with --verbose): asked for JSON
    // lines, the error is one.
    const jsonLogger =
      (context?.logFormat ?? raw.logFormat) === "json"
        ? (context?.logger ??
          createLogger({ format: "json", secretUrls, write: (line) => io.stderr.write(line) }))
        : undefined;
    if (jsonLogger) {
      // One line for log collectors: the error's name and message, what to do, the exit code.
      jsonLogger.error(code === ExitCode.internal ? `internal error: ${message}` : shortMessage, {
        name,
        ...(details ? { details } : {}),
        ...(code === ExitCode.internal ? { stack } : {}),
        exitCode: code,
      });
      return;
    }
    const described =
      code === ExitCode.internal ? `internal error: ${stack ?? message}` : `error: ${message}`;
    io.stderr.write(`${redactSecrets(described, secretUrls)}\n`);
  }
}

function describeError(error: unknown): {
  name: string;
  shortMessage: string;
  details: string | undefined;
  message: string;
  stack: string | undefined;
} {
  if (!(error instanceof Error))
    return {
      name: "Error",
      shortMessage: String(error),
      details: undefined,
      message: String(error),
      stack: undefined,
    };
  const ours = error as Partial<BaseError>;
  // An error of the system (a full disk, a damaged database): what to do comes from its policy.
  const details = ours.details ?? systemHintOf(error);
  return {
    name: error.name,
    shortMessage: ours.shortMessage ?? error.message,
    details,
    message: ours.shortMessage === undefined && details ? `${error.message}\n${details}` : error.message,
    stack: error.stack,
  };
}

/** The one way a command's result object reaches the user: JSON, or summary lines made from it. */
export function printResult<Result>(
  context: CommandContext,
  result: Result,
  render?: (result: Result) => string[],
): void {
  if (result === undefined) return;
  if (context.json)
    cliIo().stdout.write(
      `${JSON.stringify(result, (_key, value) => (typeof value === "bigint" ? value.toString() : value), 2)}\n`,
    );
  else if (!render) return;
  else if (context.logFormat === "json") context.logger.info("summary", { summary: result });
  else for (const line of render(result)) context.logger.info(line);
}
