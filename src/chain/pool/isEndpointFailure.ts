import { TransientError } from "../../errors/BaseError.js";
import { RpcResponseError } from "../rpc/RpcResponseError.js";

/**
 * A failure of one endpoint that another one may not have: it is down or rate-limited past its
 * retries, lags, or answers what does not decode (TransientError), or refuses a call another
 * endpoint may serve (RpcResponseError). A UserError (credentials refused, not JSON-RPC, a method
 * it does not serve) ends the run: a person must fix the configuration.
 */
export function isEndpointFailure(error: unknown): boolean {
  return error instanceof TransientError || error instanceof RpcResponseError;
}
