import { UserError } from "../../errors/BaseError.js";
import { redactSecrets, redactUrl } from "../../log/redactUrl.js";
import type { NotJsonRpc } from "./postJsonRpc.js";

/** How much of the answer a message shows, in characters. */
const shownLength = 200;

/**
 * What a call answered with something that is no JSON-RPC answer rejects with: a UserError
 * (exit 1: no retry helps) naming the endpoint without its credentials, the call, the status and
 * the start of what was received (credentials redacted), and saying what to check.
 */
export function createNotJsonRpcError(url: string, method: string, answer: NotJsonRpc): UserError {
  const status = `HTTP ${answer.status} ${answer.statusText}`.trim();
  const type = answer.contentType ? ` (${answer.contentType})` : "";
  return new UserError(`The RPC endpoint ${redactUrl(url)} does not answer as a JSON-RPC endpoint`, {
    details: `Asked ${method}, it answered ${status}${type}: ${describeBody(answer.text, url)}. Expected a JSON-RPC answer: check --rpc-url (RPC_URL): is it the URL of a JSON-RPC endpoint (e.g. https://mainnet.base.org), with its whole path?`,
  });
}

/** The start of the body on one line, redacted before it is cut (no secret shown in part). */
function describeBody(text: string, url: string): string {
  const flat = redactSecrets(text, url)
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim();
  if (flat === "") return "an empty body";
  if (flat.length <= shownLength) return `"${flat}"`;
  return `"${flat.slice(0, shownLength)}…" (${Buffer.byteLength(text)} bytes in all)`;
}
