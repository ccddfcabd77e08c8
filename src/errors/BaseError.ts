import { causeChain } from "./causeChain.js";
import { ExitCode } from "./ExitCode.js";
import { systemErrorPolicy } from "./systemErrorPolicy.js";

export { ExitCode } from "./ExitCode.js";

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

/**
 * The exit code for anything thrown, by "can a retry help?": the first error along the cause
 * chain that carries a policy decides (ours carry one; an error of the system by its code: a full
 * disk 75, a read-only path 1, ...); anything else is an internal error, a bug.
 */
export function exitCodeOf(error: unknown): ExitCode {
  return policyOf(error)?.exitCode ?? ExitCode.internal;
}

/** What to do about an error of the system found along the cause chain, if one decides the code. */
export function systemHintOf(error: unknown): string | undefined {
  const policy = policyOf(error);
  return policy && "hint" in policy ? policy.hint : undefined;
}

function policyOf(error: unknown): { exitCode: ExitCode; hint?: string } | undefined {
  for (const current of causeChain(error)) {
    if (current instanceof BaseError) return { exitCode: current.exitCode };
    const policy = systemErrorPolicy((current as { code?: unknown }).code);
    if (policy) return policy;
  }
  return undefined;
}
