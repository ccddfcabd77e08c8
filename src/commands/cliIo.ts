import { AsyncLocalStorage } from "node:async_hooks";
import type { Environment } from "./options/settleOptions.js";

/** Where the CLI writes: stdout (data only) or stderr (logs, progress, errors). */
export type OutputStream = {
  write(text: string): unknown;
  /** A terminal: progress is one line redrawn in place. */
  isTTY?: boolean;
  /** The terminal's width (the help text and the progress line fit it). */
  columns?: number;
};

export type Interrupt = "SIGINT" | "SIGTERM";

/**
 * What one run of the CLI reads and writes besides its arguments and files: its output streams,
 * its environment, the interrupts it receives and how it ends at once. The process's own for
 * `mor-throughput` (src/cli.ts); a program that runs the CLI inside itself hands over its own.
 * The exit code is the run's result (runCommandLine).
 */
export type CliIo = {
  stdout: OutputStream;
  stderr: OutputStream;
  /** The environment the options are read from (RPC_URL, DB_PATH, ...). */
  env: Environment;
  /** Calls `listener` on an interrupt (Ctrl+C, a stop); returns what unsubscribes it. */
  onInterrupt(listener: (signal: Interrupt) => void): () => void;
  /** Ends the run at once with this exit code, whatever is still pending (process.exit). */
  exit(code: number): void;
};

type Run = { io: CliIo; exitCode: number };

/** The run the code is part of: runs in one process at once never mix their output. */
const runs = new AsyncLocalStorage<Run>();

/** Runs `body` as one run of the CLI with `io`; resolves to the exit code the run ends with. */
export async function withCliIo(io: CliIo, body: () => Promise<void>): Promise<number> {
  const run: Run = { io, exitCode: 0 };
  await runs.run(run, body);
  return run.exitCode;
}

/** The io of the run this code is part of. */
export function cliIo(): CliIo {
  return currentRun().io;
}

/** The exit code the run ends with, unless set again (as process.exitCode is for a process). */
export function setExitCode(code: number): void {
  currentRun().exitCode = code;
}

function currentRun(): Run {
  const run = runs.getStore();
  if (!run) throw new Error("mor-throughput: a command ran outside a run of the CLI (runCommandLine)");
  return run;
}
