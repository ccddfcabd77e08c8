import { type Command, CommanderError } from "commander";
import { BenchUsageError, parseBenchOptions } from "../../scripts/bench/benchOptions.js";
import { createProgram } from "../../src/commands/createProgram.js";

/**
 * What a command of the docs is, and what is wrong with it: `cli` a command line of mor-throughput
 * (`npx mor-throughput ...`, `mor-throughput ...`, `node bin/mor-throughput.js ...`,
 * `npm run demo -- ...`), `script` another `npm run <script>` (or `npm test`), `bench`
 * `npm run bench -- ...`, `other` anything else (not checked).
 */
export type CommandCheck = { kind: "cli" | "script" | "bench" | "other"; problem?: string };

/** Node's options that take the next word as their value. */
const nodeOptionsWithValue = new Set(["--import", "--require", "-r", "--loader", "--experimental-loader"]);

/**
 * Checks one command (its words, as shellCommands gives them) against the real CLI, the scripts
 * of package.json and the bench's options. Environment assignments before the command are skipped.
 */
export function checkCommand(
  words: readonly string[],
  scripts: Readonly<Record<string, string>>,
): CommandCheck {
  const start = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
  if (start < 0) return { kind: "other" };
  const [program, ...rest] = words.slice(start);
  if (program === "mor-throughput") return checkCli(rest);
  if (program === "npx") return rest[0] === "mor-throughput" ? checkCli(rest.slice(1)) : { kind: "other" };
  if (program === "node") {
    let i = 0;
    while (i < rest.length && (rest[i] as string).startsWith("-"))
      i += nodeOptionsWithValue.has(rest[i] as string) ? 2 : 1;
    const script = rest[i];
    return script !== undefined && /(^|\/)bin\/mor-throughput\.js$/.test(script)
      ? checkCli(rest.slice(i + 1))
      : { kind: "other" };
  }
  if (program === "npm") return checkNpm(rest, scripts);
  return { kind: "other" };
}

function checkNpm(args: readonly string[], scripts: Readonly<Record<string, string>>): CommandCheck {
  const [verb, ...rest] = args;
  if (verb === "test" || verb === "t") {
    return scripts.test === undefined
      ? { kind: "script", problem: "package.json has no script test" }
      : { kind: "script" };
  }
  if (verb !== "run" && verb !== "run-script") return { kind: "other" };
  // npm's own flags before the script's name (-s, --silent, --workspace=x).
  const named = rest.findIndex((word) => !word.startsWith("-"));
  const [script, ...after] = named < 0 ? [] : rest.slice(named);
  if (script === undefined) return { kind: "script", problem: "npm run without a script" };
  const dashes = after.indexOf("--");
  const beforeDashes = dashes < 0 ? after : after.slice(0, dashes);
  const scriptArgs = dashes < 0 ? [] : after.slice(dashes + 1);
  const kind = script === "demo" ? "cli" : script === "bench" ? "bench" : "script";
  if (scripts[script] === undefined) return { kind, problem: `package.json has no script ${script}` };
  if (beforeDashes.length > 0) {
    return {
      kind,
      problem: `${beforeDashes.join(" ")}: npm takes what comes before \`--\`; the script's arguments go after it`,
    };
  }
  if (script === "demo") return checkCli(["demo", ...scriptArgs]);
  if (script === "bench") {
    try {
      parseBenchOptions(scriptArgs);
      return { kind };
    } catch (error) {
      if (error instanceof BenchUsageError) return { kind, problem: error.message };
      throw error;
    }
  }
  return { kind };
}

/**
 * Parses a command line with the real program, every action replaced by a no-op so that nothing
 * runs. A placeholder in the command's place (`<command>`) must parse with every command.
 */
function checkCli(args: readonly string[]): CommandCheck {
  if (args.length === 0) return { kind: "other" }; // the program's name, not a command line
  const [first, ...rest] = args;
  if (first !== undefined && /^<[^>]+>$/.test(first)) {
    const problems = createProgram()
      .commands.map((command) => command.name())
      .map((name) => parseCli([name, ...rest]))
      .filter((problem) => problem !== undefined);
    return problems.length > 0 ? { kind: "cli", problem: problems.join("; ") } : { kind: "cli" };
  }
  const problem = parseCli(args);
  return problem === undefined ? { kind: "cli" } : { kind: "cli", problem };
}

function parseCli(args: readonly string[]): string | undefined {
  const program = createProgram();
  const silent = { writeOut: () => {}, writeErr: () => {}, outputError: () => {} };
  const inert = (command: Command) => {
    command.exitOverride().configureOutput(silent);
    if (command !== program) command.action(() => {});
  };
  for (const command of [program, ...program.commands]) inert(command);
  try {
    program.parse([...args], { from: "user" });
    return undefined;
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // --help and --version end the parse with exit code 0: nothing wrong.
    return error.exitCode === 0 ? undefined : error.message.replace(/^error: /, "");
  }
}
