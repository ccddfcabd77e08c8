/**
 * A response the typed client could not hand over: an HTTP error, not JSON, or off its schema.
 * It stands alone (no base class of the indexer's), so that the client carries nothing else.
 */
export class ThroughputClientError extends Error {
  override name = "ThroughputClientError";
  /** The message without its details. */
  readonly shortMessage: string;
  /** What went wrong in detail: the fetch error, or the first schema violations. */
  readonly details: string | undefined;
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
    super(details ? `${message}\n${details}` : message, { cause: options.cause });
    this.shortMessage = message;
    this.details = details;
    this.url = options.url;
    this.status = options.status;
    this.problems = options.problems ?? [];
  }
}
