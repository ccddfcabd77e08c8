import { describe, expect, test } from "vitest";
import { ExitCode, UserError } from "../../errors/BaseError.js";
import { createCallError } from "./createCallError.js";
import { RpcResponseError } from "./RpcResponseError.js";

const url = "https://user:pa55word@rpc.example.com/v2/Zx9kQ2mN4pR7sT1u";

describe("createCallError", () => {
  test("default: a refusal for the caller to read is an RpcResponseError", () => {
    const error = createCallError(url, "eth_call", "revert", { code: 3, message: "execution reverted" });
    expect(error).toBeInstanceOf(RpcResponseError);
    expect([error.message, (error as RpcResponseError).kind]).toEqual([
      "eth_call failed: execution reverted",
      "revert",
    ]);
  });

  test("error: a method the endpoint does not serve is a UserError without the endpoint's secrets", () => {
    const error = createCallError(url, "eth_getLogs", "unsupported", {
      code: -32601,
      message: `eth_getLogs is not available at ${url}`,
    });
    expect(error).toBeInstanceOf(UserError);
    expect(error.exitCode).toBe(ExitCode.badInput);
    expect(error.cause).toBeInstanceOf(RpcResponseError);
    expect(String((error.cause as RpcResponseError).message)).not.toContain("pa55word");
    expect(error.message).toMatchInlineSnapshot(`
      "The RPC endpoint https://***@rpc.example.com/v2/*** does not serve eth_getLogs
      It answered: eth_getLogs is not available at https://***@rpc.example.com/v2/*** (code -32601). Expected an endpoint that serves eth_getLogs: use another endpoint, or a plan that includes the method (--rpc-url, RPC_URL)."
    `);
  });
});
