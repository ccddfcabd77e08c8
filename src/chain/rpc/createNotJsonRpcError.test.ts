import { describe, expect, test } from "vitest";
import { ExitCode, exitCodeOf } from "../../errors/BaseError.js";
import { createNotJsonRpcError } from "./createNotJsonRpcError.js";
import type { NotJsonRpc } from "./postJsonRpc.js";

const key = "Zx9kQ2mN4pR7sT1uV3wY5";
const url = `https://user:pa55w0rd@rpc.example.com/v2/${key}`;
const answer = (text: string, more: Partial<NotJsonRpc> = {}): NotJsonRpc => ({
  kind: "not-json-rpc",
  status: 200,
  statusText: "OK",
  contentType: undefined,
  text,
  certain: false,
  ...more,
});

describe("createNotJsonRpcError", () => {
  test("default: a UserError naming the endpoint, the call, the status and the answer on one line", () => {
    const error = createNotJsonRpcError(
      url,
      "eth_chainId",
      answer("<html>\n\t<p>Hi</p>\r\n</html>", { contentType: "text/html" }),
    );
    expect(exitCodeOf(error)).toBe(ExitCode.badInput);
    expect(error.message).toBe(
      "The RPC endpoint https://***@rpc.example.com/v2/*** does not answer as a JSON-RPC endpoint\n" +
        'Asked eth_chainId, it answered HTTP 200 OK (text/html): "<html> <p>Hi</p> </html>". Expected a JSON-RPC answer: check --rpc-url (RPC_URL): is it the URL of a JSON-RPC endpoint (e.g. https://mainnet.base.org), with its whole path?',
    );
  });

  test("behavior: the first 200 characters, redacted before they are cut: no part of a secret shows", () => {
    const text = `${"x".repeat(190)} /v2/${key} and the rest of the page`;
    const { details } = createNotJsonRpcError(url, "eth_chainId", answer(text));
    expect(details).toContain(`"${"x".repeat(190)} /v2/*** a…" (${text.length} bytes in all)`);
    expect(details).not.toContain(key.slice(0, 4));
    expect(
      createNotJsonRpcError(url, "eth_call", answer("", { status: 405, statusText: "Method Not Allowed" }))
        .details,
    ).toMatch(/^Asked eth_call, it answered HTTP 405 Method Not Allowed: an empty body\./);
  });
});
