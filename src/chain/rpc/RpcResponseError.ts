import { BaseError, type BaseErrorOptions, ExitCode } from "../../errors/BaseError.js";
import { parseRangeHint, type RangeHint, type RpcErrorKind } from "./classifyRpcError.js";

/** A JSON-RPC error object the client did not retry away: a revert, a refused range, ... */
export class RpcResponseError extends BaseError {
  override name = "RpcResponseError";
  override readonly exitCode = ExitCode.transient;
  readonly kind: RpcErrorKind;
  readonly code: number | undefined;
  readonly method: string;
  /** The error's data, when it is hex (a revert's data): `error.data`, or `error.data.data` as some providers nest it. */
  readonly revertData: string | undefined;

  constructor(
    method: string,
    kind: RpcErrorKind,
    error: { code?: unknown; message?: unknown; data?: unknown },
    options?: BaseErrorOptions,
  ) {
    super(`${method} failed: ${shortened(String(error.message ?? "unknown error"))}`, options);
    this.kind = kind;
    this.method = method;
    this.code = typeof error.code === "number" ? error.code : undefined;
    this.revertData = hexData(error.data);
  }

  get rangeHint(): RangeHint {
    return parseRangeHint(this.shortMessage);
  }
}

const isHex = (value: unknown): value is string =>
  typeof value === "string" && /^0x(?:[0-9a-fA-F]{2})*$/.test(value);

function hexData(data: unknown): string | undefined {
  if (isHex(data)) return data;
  const nested = data && typeof data === "object" ? (data as { data?: unknown }).data : undefined;
  return isHex(nested) ? nested : undefined;
}

/**
 * A node may spell a whole revert's data out in its message (anvil writes it as text after
 * "execution reverted: "): kept to its first 2,000 characters, far more than any refusal's wording.
 */
function shortened(message: string): string {
  return message.length > 2000 ? `${message.slice(0, 2000)}… (${message.length} characters)` : message;
}
