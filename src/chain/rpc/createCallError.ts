import { type BaseError, UserError } from "../../errors/BaseError.js";
import { redactSecrets, redactUrl } from "../../log/redactUrl.js";
import type { RpcErrorKind } from "./classifyRpcError.js";
import { RpcResponseError } from "./RpcResponseError.js";

/**
 * What a call the endpoint refused for good rejects with. A method the endpoint does not serve is
 * a misconfiguration that no retry fixes: a UserError (exit 1) naming the endpoint (without its
 * credentials), the method and the answer. Anything else is an RpcResponseError for the caller to
 * read (a revert, a refused log range...).
 */
export function createCallError(
  url: string,
  method: string,
  kind: RpcErrorKind,
  error: { code?: unknown; message?: unknown; data?: unknown },
): BaseError {
  if (kind !== "unsupported") return new RpcResponseError(method, kind, error);
  const code = typeof error.code === "number" ? ` (code ${error.code})` : "";
  const answer = redactSecrets(String(error.message ?? "no message"), url);
  return new UserError(`The RPC endpoint ${redactUrl(url)} does not serve ${method}`, {
    details: `It answered: ${answer}${code}. Expected an endpoint that serves ${method}: use another endpoint, or a plan that includes the method (--rpc-url, RPC_URL).`,
    cause: new RpcResponseError(method, kind, { code: error.code, message: answer }),
  });
}
