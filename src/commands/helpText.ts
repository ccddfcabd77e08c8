/**
 * What every command's --help ends with: the exit codes (docs/cli.md's list, in short) and
 * examples to copy.
 */
const exitCodes = [
  ["0", "success"],
  [
    "1",
    "bad input or configuration, to fix: a flag, an endpoint, a path, a database that is not ours or is damaged, output off its schema",
  ],
  ["2", "internal error: a bug, please report it with the printed stack"],
  [
    "75",
    "transient, try again later: an endpoint down or rate-limited past all retries, a reorg mid-run, another run holding the lock",
  ],
  ["130, 143", "demo interrupted by SIGINT or SIGTERM"],
] as const;

/** The text after a command's options: its examples, then the exit codes. */
export function helpAfter(examples: readonly string[]): string {
  const width = Math.max(...exitCodes.map(([code]) => code.length)) + 2;
  return [
    "",
    "Examples:",
    ...examples.map((example) => `  $ ${example}`),
    "",
    "Exit codes:",
    ...exitCodes.map(([code, meaning]) => `  ${code.padEnd(width)}${meaning}`),
    "",
    "Every flag, the environment and the exit codes: https://github.com/mor-throughput/mor-throughput/blob/main/docs/cli.md",
  ].join("\n");
}
