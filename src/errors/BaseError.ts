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

export type BaseErrorOptions = {
  /** What was expected, or what to do about it. */
  details?: string;
  cause?: unknown;
  /** What the command found, printed with the error under --json (validate's problems, ...). */
  data?: Record<string, unknown>;
};

/**
 * The one error base class: a short message, optional details, the cause chain, and the exit
 * code the CLI ends with. Subclasses only choose a name and an exit code.
 */
export class BaseError extends Error {
  override name = "BaseError";
  readonly shortMessage: string;
  readonly details: string | undefined;
  readonly data: Record<string, unknown> | undefined;
  readonly exitCode: ExitCode = ExitCode.internal;

  constructor(shortMessage: string, options: BaseErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n${options.details}` : shortMessage, { cause: options.cause });
    this.shortMessage = shortMessage;
    this.details = options.details;
    this.data = options.data;
  }
}

/** Bad input, configuration or output: a person has to change something (exit 1). */
export class UserError extends BaseError {
  override name = "UserError";
  override readonly exitCode: ExitCode = ExitCode.badInput;
}

/** A failure worth retrying later: endpoint down, rate-limited past all retries (exit 75). */
export class TransientError extends BaseError {
  override name = "TransientError";
  override readonly exitCode: ExitCode = ExitCode.transient;
}

/** The exit code for anything thrown: ours carry one; anything else is an internal error. */
export function exitCodeOf(error: unknown): ExitCode {
  return error instanceof BaseError ? error.exitCode : ExitCode.internal;
}
