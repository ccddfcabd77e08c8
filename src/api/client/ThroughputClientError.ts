import { BaseError } from "../../errors/BaseError.js";

/** A response the typed client could not hand over: an HTTP error, not JSON, or off its schema. */
export class ThroughputClientError extends BaseError {
  override name = "ThroughputClientError";
  /** The URL that was fetched. */
  readonly url: string;
  /** The HTTP status, when a response arrived. */
  readonly status: number | undefined;
  /** Schema violations, one line each (JSON pointer, then the problem). */
  readonly problems: readonly string[];

  constructor(
    message: string,
    options: { url: string; status?: number; problems?: string[]; details?: string; cause?: unknown },
  ) {
    const details = options.details ?? options.problems?.slice(0, 10).join("\n");
    super(message, { ...(details ? { details } : {}), cause: options.cause });
    this.url = options.url;
    this.status = options.status;
    this.problems = options.problems ?? [];
  }
}
