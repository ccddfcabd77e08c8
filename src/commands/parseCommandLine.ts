import { type Command, CommanderError } from "commander";
import { ExitCode } from "../errors/BaseError.js";
import { createLogger } from "../log/createLogger.js";
import { redactUrlsIn } from "../log/redactUrl.js";
import { cliIo, setExitCode } from "./cliIo.js";

/**
 * Parses the command line and runs the command it names. What the parser itself refuses (an
 * unknown option or command, a missing value, an extra argument) exits 1 like any bad input and,
 * with --json, is printed as one JSON object on stdout too, as every other failure is
 * (runCommand): a script reading stdout always gets an object. With --log-format json it is one
 * JSON line on stderr, as every other error is, instead of the parser's text and help.
 */
export async function parseCommandLine(program: Command, argv: readonly string[]): Promise<void> {
  const io = cliIo();
  const jsonLogs = asksForJsonLogs(argv);
  // Help and the parser's errors go to the run's streams, as wide as its terminal, else 80 columns.
  const width = (stream: typeof io.stdout) => (stream.isTTY && stream.columns ? stream.columns : 80);
  for (const command of [program, ...program.commands]) {
    command.exitOverride();
    command.configureOutput({
      writeOut: (text) => io.stdout.write(text),
      getOutHelpWidth: () => width(io.stdout),
      getErrHelpWidth: () => width(io.stderr),
      // The parser quotes what was typed: a mistyped flag may hold an endpoint's credentials.
      ...(jsonLogs
        ? { writeErr: () => {}, outputError: () => {} }
        : {
            writeErr: (text) => io.stderr.write(text),
            outputError: (text, write) => write(redactUrlsIn(text)),
          }),
    });
  }
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // --help and --version end here too, with exit code 0.
    setExitCode(error.exitCode);
    if (error.exitCode === ExitCode.ok) return;
    const message =
      error.code === "commander.help"
        ? "no command given"
        : redactUrlsIn(error.message.replace(/^error: /, ""));
    const name = "UsageError";
    if (jsonLogs) {
      const command = argv.slice(2).find((arg) => program.commands.some((c) => c.name() === arg));
      createLogger({ format: "json", write: (line) => io.stderr.write(line) }).error(message, {
        name,
        details: `Expected what \`mor-throughput${command ? ` ${command}` : ""} --help\` lists.`,
        exitCode: error.exitCode,
      });
    }
    if (!argv.includes("--json")) return;
    const object = { error: { name, message, exitCode: error.exitCode } };
    io.stdout.write(`${JSON.stringify(object, null, 2)}\n`);
  }
}

/** --log-format json (or --log-format=json) anywhere on the command line. */
function asksForJsonLogs(argv: readonly string[]): boolean {
  return argv.some(
    (arg, i) => arg === "--log-format=json" || (arg === "--log-format" && argv[i + 1] === "json"),
  );
}
