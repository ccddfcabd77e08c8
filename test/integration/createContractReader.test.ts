import { decodeAbiParameters, encodeAbiParameters, parseAbiParameters } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { type ContractReader, createContractReader } from "../../src/chain/createContractReader.js";
import { deploylessAggregate3Code } from "../../src/chain/deploylessAggregate3Code.js";
import { multicall3Address } from "../../src/chain/presets.js";
import { readSessions } from "../../src/chain/readSessions.js";
import { createRpcClient } from "../../src/chain/rpc/createRpcClient.js";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { nodeCallGasCap } from "../../src/devchain/nodeCallGasCap.js";
import { ExitCode, exitCodeOf, TransientError } from "../../src/errors/BaseError.js";
import { type JsonRpcServer, startJsonRpcServer } from "../../tooling/endpoints/startJsonRpcServer.js";
import { useDevChain } from "../support/useDevChain.js";

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

/** aggregate3's calls, read back from an eth_call's data (to Multicall3, or after the deployless code). */
function aggregatedCalls(transaction: {
  to?: string;
  data: string;
}): Array<{ target: string; callData: string }> {
  const argument =
    transaction.to === undefined
      ? transaction.data.slice(deploylessAggregate3Code.length)
      : transaction.data.slice(10);
  const [decoded] = decodeAbiParameters(
    parseAbiParameters("(address target, bool allowFailure, bytes callData)[]"),
    `0x${argument}`,
  );
  return decoded.map((call) => ({ target: call.target, callData: call.callData }));
}

const encodeResults = (results: ReadonlyArray<{ success: boolean; returnData: string }>) =>
  encodeAbiParameters(parseAbiParameters("(bool success, bytes returnData)[]"), [
    results.map((result) => ({ success: result.success, returnData: result.returnData as `0x${string}` })),
  ]);

/** Ten calls whose answers are their own data doubled: easy to check. */
const ten = Array.from({ length: 10 }, (_, i) => ({ to: target, data: `0x0${i}` as const }));
const answerOf = (data: string) => `${data}${data.slice(2)}`;
const answered = (results: Awaited<ReturnType<ContractReader["read"]>>) =>
  results.map((result) => (result.ok ? `0x${Buffer.from(result.data).toString("hex")}` : result.error));

describe("createContractReader: an aggregate3 too large for one call", () => {
  /** A deployless endpoint that takes at most `most` calls an eth_call, and refuses more with `refusal`. */
  async function endpointTaking(most: number, refusal: { code: number; message: string; data?: string }) {
    const sizes: number[] = [];
    server = await startJsonRpcServer((method, params) => {
      if (method !== "eth_call") return { error: { code: -32601, message: "no such method" } };
      const calls = aggregatedCalls(params[0] as { to?: string; data: string });
      sizes.push(calls.length);
      if (calls.length > most) return { error: refusal };
      return {
        result: encodeResults(calls.map((call) => ({ success: true, returnData: answerOf(call.callData) }))),
      };
    });
    const client = createRpcClient({ url: server.url, retries: 3, backoffMs: 1 });
    return { reader: createContractReader({ client, deployless: true }), sizes, client };
  }

  test.each([
    ["anvil's CreateContractSizeLimit", { code: -32603, message: "EVM error CreateContractSizeLimit" }],
    ["anvil's OutOfGas", { code: -32603, message: "EVM error OutOfGas" }],
    ["geth's max code size exceeded", { code: -32000, message: "max code size exceeded" }],
    ["a revert without its data (an endpoint that drops it)", { code: 3, message: "execution reverted" }],
  ])(
    "error: refused as %s: halved at once, never asked again as it was; the size that worked is the cap from then on",
    async (_, refusal) => {
      const { reader, sizes, client } = await endpointTaking(3, refusal);
      expect(answered(await reader.read(ten))).toEqual(ten.map((call) => answerOf(call.data)));
      // 10 refused, 5 and 5 refused, then 3, 2, 3, 2: no size asked twice over, nothing retried.
      expect(sizes).toEqual([10, 5, 5, 3, 2, 3, 2]);
      expect(client.stats.retries).toBe(0);
      expect(reader.callCap).toBe(3);
      expect(reader.mode).toBe("deployless");
      sizes.length = 0;
      expect(answered(await reader.read(ten))).toEqual(ten.map((call) => answerOf(call.data)));
      expect(sizes).toEqual([3, 3, 3, 1]);
    },
  );

  test("behavior: results past EIP-170's cap come back as revert data behind the Aggregate3Results marker: read as results", async () => {
    server = await startJsonRpcServer((_, params) => {
      const calls = aggregatedCalls(params[0] as { to?: string; data: string });
      const encoded = encodeResults(
        calls.map((call) => ({ success: true, returnData: answerOf(call.callData) })),
      );
      return { error: { code: 3, message: "execution reverted", data: `0xbacf06d8${encoded.slice(2)}` } };
    });
    const client = createRpcClient({ url: server.url, retries: 1, backoffMs: 1 });
    const reader = createContractReader({ client, deployless: true });
    expect(answered(await reader.read(ten))).toEqual(ten.map((call) => answerOf(call.data)));
    expect(server.calls).toHaveLength(1);
    expect(reader.callCap).toBeUndefined();
  });

  test("behavior: a call that failed without revert data among several (out of the aggregate's gas) is asked again, alone with the others like it", async () => {
    let first = true;
    server = await startJsonRpcServer((_, params) => {
      const calls = aggregatedCalls(params[0] as { to?: string; data: string });
      const results = calls.map((call, i) => {
        // The first answer: calls 7 to 9 ran out of gas (no data); call 2 reverts with data, always.
        if (call.callData === "0x02") return { success: false, returnData: "0x08c379a0" };
        if (first && i >= 7) return { success: false, returnData: "0x" };
        return { success: true, returnData: answerOf(call.callData) };
      });
      first = false;
      return { result: encodeResults(results) };
    });
    const client = createRpcClient({ url: server.url, retries: 1, backoffMs: 1 });
    const reader = createContractReader({ client, multicall });
    const expected = ten.map((call) => (call.data === "0x02" ? "execution reverted" : answerOf(call.data)));
    expect(answered(await reader.read(ten))).toEqual(expected);
    expect(server.calls.map((call) => aggregatedCalls(call.params[0] as { data: string }).length)).toEqual([
      10, 3,
    ]);
  });
});

describe.each([
  { name: "deployless", multicall: false },
  { name: "Multicall3's aggregate3", multicall: true },
])("createContractReader on anvil: $name past the node's gas cap", ({ multicall: withMulticall }) => {
  const endTime = Date.UTC(2026, 0, 10) / 1000;
  const history = generateHistory({ seed: 5, days: 20, sessionsPerDay: 12, endTime });
  const chain = useDevChain(history, { multicall: withMulticall });

  test("behavior: refused as out of gas (or its sub-calls starved), halved until it fits; every result as read one by one", async () => {
    const client = createRpcClient({ url: chain.rpcUrl, retries: 1, backoffMs: 1 });
    const ids = history.sessions.slice(0, 200).map((session) => session.sessionId);
    const one = await readSessions(createContractReader({ client }), chain.contract, ids);
    // A gas cap of 2,000,000 for every eth_call: a few dozen getSession calls at most (a handful
    // deployless: results that fit EIP-170 come back as code, which costs 200 gas a byte).
    await client.request("evm_setBlockGasLimit", ["0x1e8480"]);
    try {
      const reader = createContractReader({
        client,
        ...(withMulticall ? { multicall: multicall3Address } : { deployless: true }),
      });
      const aggregated = await readSessions(reader, chain.contract, ids);
      expect(aggregated).toEqual(one);
      expect([...aggregated.values()].every((read) => read.ok)).toBe(true);
      expect(reader.callCap).toBeLessThan(200);
      expect(reader.mode).toBe(withMulticall ? "multicall" : "deployless");
    } finally {
      await client.request("evm_setBlockGasLimit", [`0x${nodeCallGasCap.toString(16)}`]);
    }
  });
});
