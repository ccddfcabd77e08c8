import { afterEach, describe, expect, test } from "vitest";
import { createContractReader } from "../../src/chain/createContractReader.js";
import { createRpcClient } from "../../src/chain/rpc/createRpcClient.js";
import { ExitCode, exitCodeOf, TransientError } from "../../src/errors/BaseError.js";
import { type JsonRpcServer, startJsonRpcServer } from "../../tooling/endpoints/startJsonRpcServer.js";

const multicall = "0xcA11bde05977b3631167028862bE2a173976CA11";
const target = "0x00000000000000000000000000000000000000aa";
const calls = [
  { to: target, data: "0x01" as const },
  { to: target, data: "0x02" as const },
];

let server: JsonRpcServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A reader whose endpoint answers every eth_call with `returned`. */
async function readerAnswering(returned: unknown, options: { multicall?: string } = {}) {
  server = await startJsonRpcServer(() => ({ result: returned }));
  const client = createRpcClient({ url: server.url, retries: 1, backoffMs: 1 });
  return createContractReader({ client, multicall: options.multicall });
}

describe("createContractReader against an endpoint that answers garbage", () => {
  test.each([
    ["too short", "0x1234"],
    ["not hex", "0xnot-hex"],
    ["an offset past the end", `0x${"ff".repeat(64)}`],
  ])(
    "error: aggregate3 data that does not decode (%s) is a TransientError (exit 75)",
    async (_, returned) => {
      const reader = await readerAnswering(returned, { multicall });
      const error = await reader.read(calls).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransientError);
      expect(exitCodeOf(error)).toBe(ExitCode.transient);
      expect((error as TransientError).shortMessage).toMatch(
        /^The RPC endpoint http:\/\/127\.0\.0\.1:\d+\/ returned undecodable data for aggregate3 of 2 calls$/,
      );
    },
  );

  test("error: an eth_call answer that is not hex, without Multicall3, is a TransientError (exit 75)", async () => {
    const reader = await readerAnswering("0xnot-hex");
    const error = await reader.read(calls).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientError);
    expect((error as TransientError).shortMessage).toMatch(
      /^The RPC endpoint http:\/\/127\.0\.0\.1:\d+\/ returned undecodable data for eth_call$/,
    );
  });
});

describe("createContractReader without Multicall3 (deployless)", () => {
  test("behavior: an endpoint that runs no creation code in eth_call: plain eth_calls from then on, every result kept", async () => {
    let creationCalls = 0;
    server = await startJsonRpcServer((_, params) => {
      const [transaction] = params as [{ to?: string; data: string }];
      if (transaction.to === undefined) {
        creationCalls++;
        return { error: { code: -32602, message: "invalid argument 0: missing 'to'" } };
      }
      return { result: transaction.data === "0x01" ? "0xaa" : "0xbb" };
    });
    const client = createRpcClient({ url: server.url, retries: 1, backoffMs: 1 });
    const reader = createContractReader({ client, deployless: true });
    expect(reader.mode).toBe("deployless");
    const results = await reader.read(calls);
    expect(results.map((result) => (result.ok ? [...result.data] : result.error))).toEqual([[0xaa], [0xbb]]);
    expect(reader.mode).toBe("batch");
    const tried = creationCalls;
    expect(await reader.read(calls)).toEqual(results);
    expect(creationCalls).toBe(tried);
  });
});
