/**
 * An attempt that failed in a way another attempt may fix, the wait before that one, and when it
 * is over: attempts that failed together share one wake-up, so that they go again together.
 */
export class CallFailure extends Error {
  override name = "CallFailure";

  constructor(
    readonly reason: string,
    readonly delayMs: number,
    readonly retryAt: Promise<unknown>,
    /** The request got no answer (refused, reset, timed out, HTTP 5xx): the endpoint may be down. */
    readonly down = false,
  ) {
    super(reason);
  }
}
