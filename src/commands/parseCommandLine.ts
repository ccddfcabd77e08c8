import { type Command, CommanderError } from "commander";
import { ExitCode } from "../errors/BaseError.js";

/**
 * Parses the command line and runs the command it names. What the parser itself refuses (an
 * unknown option or command, a missing value, an extra argument) exits 1 like any bad input and,
 * with --json, is printed as one JSON object on stdout too, as every other failure is
 * (runCommand): a script reading stdout always gets an object.
 */
export async function parseCommandLine(program: Command, argv: readonly string[]): Promise<void> {
  for (const command of [program, ...program.commands]) command.exitOverride();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // --help and --version end here too, with exit code 0.
    process.exitCode = error.exitCode;
    if (error.exitCode === ExitCode.ok || !argv.includes("--json")) return;
    const message =
      error.code === "commander.help" ? "no command given" : error.message.replace(/^error: /, "");
    const object = { error: { name: "UsageError", message, exitCode: error.exitCode } };
    process.stdout.write(`${JSON.stringify(object, null, 2)}\n`);
  }
}
