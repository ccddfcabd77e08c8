/**
 * The exit codes the CLI documents. A cron retries 75; a person fixes 1; 2 is a bug to report.
 */
export const ExitCode = {
  ok: 0,
  badInput: 1,
  internal: 2,
  transient: 75,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
