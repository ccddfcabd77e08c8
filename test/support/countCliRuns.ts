import { appendFileSync } from "node:fs";

/**
 * With MOR_TEST_COUNT_CLI_RUNS=<file>, every run of the CLI a test makes appends one line to that
 * file: "in-process", or "spawned" for a CLI started as a process of its own. The test workers
 * are separate processes; a file adds up what they all did. Without the variable, nothing.
 *
 *   MOR_TEST_COUNT_CLI_RUNS=/tmp/runs npx vitest run --project integration; sort /tmp/runs | uniq -c
 */
export function countCliRun(kind: "in-process" | "spawned"): void {
  const file = process.env.MOR_TEST_COUNT_CLI_RUNS;
  if (file) appendFileSync(file, `${kind}\n`);
}
