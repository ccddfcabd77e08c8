import { BaseError, type BaseErrorOptions, ExitCode } from "../../errors/BaseError.js";
import { parseRangeHint, type RangeHint, type RpcErrorKind } from "./classifyRpcError.js";

/** A JSON-RPC error object the client did not retry away: a revert, a refused range, ... */
export class RpcResponseError extends BaseError {
  override name = "RpcResponseError";
  override readonly exitCode = ExitCode.transient;
  readonly kind: RpcErrorKind;
  readonly code: number | undefined;
  readonly method: string;

  constructor(
    method: string,
    kind: RpcErrorKind,
    error: { code?: unknown; message?: unknown },
    options?: BaseErrorOptions,
  ) {
    super(`${method} failed: ${String(error.message ?? "unknown error")}`, options);
    this.kind = kind;
    this.method = method;
    this.code = typeof error.code === "number" ? error.code : undefined;
  }

  get rangeHint(): RangeHint {
    return parseRangeHint(this.shortMessage);
  }
}
