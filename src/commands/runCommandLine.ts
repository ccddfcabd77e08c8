import { type CliIo, withCliIo } from "./cliIo.js";
import { createProgram } from "./createProgram.js";
import { parseCommandLine } from "./parseCommandLine.js";

/**
 * Runs the CLI on one command line (`argv` as process.argv holds it: node, the script, then the
 * arguments) with `io`, and resolves to the exit code it ends with. The one way in: the
 * `mor-throughput` process (src/cli.ts) and a run inside another program take the same path.
 */
export function runCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  return withCliIo(io, () => parseCommandLine(createProgram(), argv));
}
