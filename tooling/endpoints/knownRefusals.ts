import type { RangeHint, RpcErrorKind } from "../../src/chain/rpc/classifyRpcError.js";

/** A JSON-RPC error object as an endpoint answers it (`code` absent where the source does not give it). */
export type RefusalError = { code?: number; message: string; data?: unknown };
/** A JSON-RPC error object with its code, as the fault proxy serves it. */
export type ServedError = { code: number; message: string; data?: unknown };

/** eth_getLogs over `from`..`to`, refused for more than `limit` blocks. */
export type RangeAt = { limit: number; from: number; to: number };
/** eth_getLogs over `from`..`to`, refused for more than `limit` logs; `fits`: the last block whose logs fit. */
export type ResultAt = RangeAt & { fits: number };
/** A batch of `size` calls, refused for more than `limit`. */
export type BatchAt = { limit: number; size: number };

/**
 * The same refusal for another limit, range or batch, for the fault proxy (tooling/faultProxy):
 * `wording(example)` gives back the entry's `error` (tested). `refuses`: what the limit counts, and
 * for a batch whether the batch is refused as a whole ("batch") or call by call past the cap
 * ("batch-calls").
 */
export type Template =
  | { refuses: "blocks"; example: RangeAt; wording: (at: RangeAt) => ServedError }
  | { refuses: "logs"; example: ResultAt; wording: (at: ResultAt) => ServedError }
  | { refuses: "batch" | "batch-calls"; example: BatchAt; wording: (at: BatchAt) => ServedError };

export type KnownRefusal = {
  /** The client or provider that answers so. */
  who: string;
  /** What it refuses, in a few words. */
  refusal: string;
  /**
   * The method it answers so: "any" when the source shows it for every method, "batch" when it
   * refuses a JSON-RPC batch (as a whole, or the calls past a cap).
   */
  method: "eth_call" | "eth_getLogs" | "eth_estimateGas" | "any" | "batch";
  /** The JSON-RPC error object, as the source gives it. */
  error: RefusalError;
  /** The HTTP status of a request answered with this error alone, where it is not 200. */
  httpStatus?: number;
  /** What src/chain/rpc/classifyRpcError.ts must make of it. */
  kind: RpcErrorKind;
  /** What parseRangeHint must read from it: the range or cap it names (absent: nothing). */
  hint?: RangeHint;
  /** Where the wording comes from: a file and function of the client's code, a page, a thread. */
  source: string;
  /**
   * How the source holds it: the client's own code, the provider's documentation, seen on a node
   * here, or second-hand (a thread or a third party's test quoting what the endpoint answered).
   */
  evidence: "client source" | "provider docs" | "seen here" | "second-hand";
  /** The source quotes only this part of the message. */
  partial?: true;
  note?: string;
  template?: Template;
};

const hex = (n: number) => `0x${n.toString(16)}`;
/** Infura writes the digits of a suggested range in capitals. */
const upperHex = (n: number) => `0x${n.toString(16).toUpperCase()}`;

const geth = "ethereum/go-ethereum";
const reth = "paradigmxyz/reth crates/rpc/rpc-eth-types/src/error/mod.rs (commit 00971c29)";
const rethFilter = "paradigmxyz/reth crates/rpc/rpc/src/eth/filter.rs, EthFilterError";
const jsonrpsee = "paritytech/jsonrpsee types/src/error.rs (the JSON-RPC server reth uses)";
const proxyd = "ethereum-optimism/infra proxyd/backend.go";
const nethermindRpc = "NethermindEth/nethermind src/Nethermind/Nethermind.JsonRpc";
const anvil = "foundry-rs/foundry crates/anvil/src/eth/error.rs";
const ponder = "ponder-sh/ponder packages/utils/src/_test";

/**
 * The refusals real clients and providers answer when a request asks too much (a call too large,
 * out of gas, a log range or result too large, a batch too large) or too often (rate limits), as
 * their sources word them, with what the indexer must make of each. One home for these wordings:
 * the fault proxy takes its refusals from here (tooling/faultProxy/providerErrors.ts), and
 * src/chain/rpc/classifyRpcError.test.ts classifies every entry.
 */
export const knownRefusals: readonly KnownRefusal[] = [
  // --- One eth_call asks more than the node runs --------------------------------------------------
  {
    who: "anvil",
    refusal: "creation code returning more than EIP-170's 24,576 bytes",
    method: "eth_call",
    error: { code: -32603, message: "EVM error CreateContractSizeLimit" },
    kind: "call-too-large",
    source: `${anvil}: BlockchainError::EvmError ("EVM error {0:?}"), answered as RpcError::internal_error_with; answered so by anvil 1.7.1 (the dev chain's node)`,
    evidence: "seen here",
  },
  {
    who: "anvil",
    refusal: "out of gas under the call's gas cap",
    method: "eth_call",
    error: { code: -32603, message: "EVM error OutOfGas" },
    kind: "call-too-large",
    source: `${anvil}: BlockchainError::EvmError; answered so by anvil 1.7.1 to an endless loop under --gas-limit 50000000`,
    evidence: "seen here",
  },
  {
    who: "anvil",
    refusal: "a revert whose reason reads 'out of gas'",
    method: "eth_call",
    error: {
      code: 3,
      message: "execution reverted: out of gas",
      data: "0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000a6f7574206f662067617300000000000000000000000000000000000000000000",
    },
    kind: "revert",
    source: `${anvil}: InvalidTransactionError::Revert, answered with ErrorCode::ExecutionError (3); answered so by anvil 1.7.1 to creation code reverting with Error("out of gas")`,
    evidence: "seen here",
    note: "A revert's reason is the contract's text: code 3 and 'execution reverted' make it a revert whatever it says.",
  },
  {
    who: "geth",
    refusal: "creation code returning more than EIP-170's 24,576 bytes",
    method: "eth_call",
    error: { code: -32000, message: "max code size exceeded" },
    kind: "call-too-large",
    source: `${geth} core/vm/errors.go ErrMaxCodeSizeExceeded; internal/ethapi/api.go BlockChainAPI.Call returns result.Err, which rpc answers with errcodeDefault (-32000)`,
    evidence: "client source",
  },
  {
    who: "geth",
    refusal: "out of gas under the RPC gas cap (--rpc.gascap, 50,000,000 by default)",
    method: "eth_call",
    error: { code: -32000, message: "out of gas" },
    kind: "call-too-large",
    source: `${geth} core/vm/errors.go ErrOutOfGas; internal/ethapi/api.go BlockChainAPI.Call`,
    evidence: "client source",
  },
  {
    who: "geth",
    refusal: "returned code too large to store with the gas left",
    method: "eth_call",
    error: { code: -32000, message: "contract creation code storage out of gas" },
    kind: "call-too-large",
    source: `${geth} core/vm/errors.go ErrCodeStoreOutOfGas; internal/ethapi/api.go BlockChainAPI.Call`,
    evidence: "client source",
  },
  {
    who: "geth",
    refusal: "a call past the EVM time limit (--rpc.evmtimeout, 5 s by default)",
    method: "eth_call",
    error: { code: -32000, message: "execution aborted (timeout = 5s)" },
    kind: "call-too-large",
    source: `${geth} internal/ethapi/api.go doCall (applyMessageWithEVM in later versions): fmt.Errorf("execution aborted (timeout = %v)", timeout)`,
    evidence: "client source",
  },
  {
    who: "geth",
    refusal: "a gas estimate over the RPC gas cap",
    method: "eth_estimateGas",
    error: { code: -32000, message: "gas required exceeds allowance (50000000)" },
    kind: "call-too-large",
    source: `${geth} internal/ethapi DoEstimateGas: fmt.Errorf("gas required exceeds allowance (%d)", gasCap)`,
    evidence: "client source",
    note: "The indexer never sends eth_estimateGas; listed because this wording is quoted for gas caps. An eth_call over the cap is capped to it and runs out of gas instead.",
  },
  {
    who: "reth",
    refusal: "creation code returning more than EIP-170's 24,576 bytes",
    method: "eth_call",
    error: { code: -32003, message: "EVM error: CreateContractSizeLimit" },
    kind: "call-too-large",
    source: `${reth}: RpcInvalidTransactionError::halt maps revm's HaltReason to EvmHalt ("EVM error: {0:?}"), code TransactionRejected (-32003)`,
    evidence: "client source",
  },
  {
    who: "reth",
    refusal: "out of gas under the RPC gas cap",
    method: "eth_call",
    error: { code: -32003, message: "out of gas: gas required exceeds: 50000000" },
    kind: "call-too-large",
    source: `${reth}: RpcInvalidTransactionError::BasicOutOfGas ("out of gas: gas required exceeds: {0}"), code TransactionRejected (-32003)`,
    evidence: "client source",
    note: "Older reth words it 'out of gas: gas required exceeds allowance: {0}'.",
  },
  {
    who: "reth",
    refusal: "a call past the EVM time limit",
    method: "eth_call",
    error: { code: -32000, message: "execution aborted (timeout = 10s)" },
    kind: "call-too-large",
    source: `${reth}: EthApiError::ExecutionTimedOut ("execution aborted (timeout = {0:?})"), CALL_EXECUTION_FAILED_CODE (-32000); the 10s is its own test's (timed_out_error)`,
    evidence: "client source",
  },
  {
    who: "reth",
    refusal: "an answer over --rpc.max-response-size",
    method: "eth_call",
    error: { code: -32008, message: "Response is too big" },
    kind: "call-too-large",
    source: `${jsonrpsee}: OVERSIZED_RESPONSE_CODE (-32008), OVERSIZED_RESPONSE_MSG; data "Exceeded max limit of {limit}"`,
    evidence: "client source",
  },
  {
    who: "reth",
    refusal: "logs over --rpc.max-response-size",
    method: "eth_getLogs",
    error: { code: -32008, message: "Response is too big" },
    kind: "range",
    source: `${jsonrpsee}: OVERSIZED_RESPONSE_CODE (-32008), OVERSIZED_RESPONSE_MSG`,
    evidence: "client source",
  },
  {
    who: "erigon",
    refusal: "an answer over --rpc.returndata.limit (100,000 bytes by default)",
    method: "eth_call",
    error: {
      code: -32000,
      message: "call returned result on length 200000 exceeding --rpc.returndata.limit 100000",
    },
    kind: "call-too-large",
    source:
      'erigontech/erigon rpc/jsonrpc/eth_call.go APIImpl.Call: fmt.Errorf("call returned result on length %d exceeding --rpc.returndata.limit %d") (the length here an example); cmd/utils/flags.go RpcReturnDataLimit',
    evidence: "client source",
    note: "Checked before the revert: revert data over the limit is refused the same way.",
  },
  {
    who: "nethermind",
    refusal: "out of gas under the RPC gas cap",
    method: "eth_call",
    error: { code: -32000, message: "out of gas" },
    kind: "call-too-large",
    source:
      'NethermindEth/nethermind src/Nethermind/Nethermind.Evm/EvmExceptionExtensions.cs (OutOfGas => "out of gas"); Nethermind.JsonRpc/Modules/Eth/EthRpcModule.TransactionExecutor.cs CallTxExecutor answers with ErrorCodes.ExecutionError (-32000 in ErrorCodes.cs)',
    evidence: "client source",
  },
  {
    who: "besu",
    refusal: "an EVM halt in eth_call (out of gas, code too large)",
    method: "eth_call",
    error: { code: -32603, message: "Internal error" },
    kind: "transient",
    source:
      'hyperledger/besu ethereum/api/.../jsonrpc/internal/methods/EthCall.java errorResponse: a failed call without a revert reason is RpcErrorType.INTERNAL_ERROR (-32603, "Internal error")',
    evidence: "client source",
    note: "No word says the call was too large: it reads as an internal error and is retried as one. A deployless aggregate3 past EIP-170 on besu fails after its retries.",
  },
  {
    who: "proxyd (OP Stack RPC proxy)",
    refusal: "an answer over the backend's max_response_size_bytes",
    method: "eth_call",
    error: { code: -32020, message: "backend response too large" },
    httpStatus: 500,
    kind: "call-too-large",
    source: `${proxyd} ErrBackendResponseTooLarge (HTTP 500 when alone; inside a batch, per call with 200)`,
    evidence: "client source",
  },
  {
    who: "proxyd (OP Stack RPC proxy)",
    refusal: "logs over the backend's max_response_size_bytes",
    method: "eth_getLogs",
    error: { code: -32020, message: "backend response too large" },
    httpStatus: 500,
    kind: "range",
    source: `${proxyd} ErrBackendResponseTooLarge; answered to wide eth_getLogs by the Optimism public endpoint (${ponder}/../getLogsRetryHelper.ts, "optimism")`,
    evidence: "client source",
    template: {
      refuses: "logs",
      example: { limit: 10_000, from: 1, to: 2, fits: 1 },
      wording: () => ({ code: -32020, message: "backend response too large" }),
    },
  },

  // --- A revert is a fact about the chain ---------------------------------------------------------
  {
    who: "geth",
    refusal: "a revert with a reason",
    method: "eth_call",
    error: {
      code: 3,
      message: "execution reverted: user error",
      data: "0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000a75736572206572726f72",
    },
    kind: "revert",
    source:
      "ethereum/execution-apis tests/eth_call/call-revert-abi-error.io (recorded from geth); go-ethereum internal/ethapi/errors.go revertError (code 3)",
    evidence: "client source",
  },
  {
    who: "nethermind (older versions)",
    refusal: "a revert",
    method: "eth_call",
    error: { code: -32015, message: "VM execution error.", data: "revert: SafeMath: division by zero" },
    kind: "revert",
    source:
      'emeraldpay/dshackle testing/.../TestcaseHandler.groovy, reproducing its issue #35; Nethermind\'s old CallTxExecutor: ResultWrapper.Fail("VM execution error.", ErrorCodes.ExecutionError, result.Error)',
    evidence: "second-hand",
  },

  // --- eth_getLogs asks for too many blocks --------------------------------------------------------
  {
    who: "reth",
    refusal: "more blocks than --rpc.max-blocks-per-filter",
    method: "eth_getLogs",
    error: { code: -32602, message: "query exceeds max block range 100000" },
    kind: "range",
    hint: { maxBlocks: 100_000 },
    source: `${rethFilter}::QueryExceedsMaxBlocks ("query exceeds max block range {0}"), INVALID_PARAMS_CODE`,
    evidence: "client source",
    template: {
      refuses: "blocks",
      example: { limit: 100_000, from: 1, to: 200_000 },
      wording: ({ limit }) => ({ code: -32602, message: `query exceeds max block range ${limit}` }),
    },
  },
  {
    who: "erigon",
    refusal: "more blocks than its eth_getLogs range limit",
    method: "eth_getLogs",
    error: { code: -32602, message: "query block range exceeds server limit, narrow your filter: 5." },
    kind: "range",
    hint: { maxBlocks: 5 },
    source:
      "erigontech/erigon pull request #20424 (rpc/jsonrpc/eth_receipts.go getLogsV3), quoting its test's message with a limit of 5",
    evidence: "second-hand",
  },
  {
    who: "besu",
    refusal: "more blocks than --rpc-max-logs-range",
    method: "eth_getLogs",
    error: { code: -32005, message: "Requested range exceeds maximum RPC range limit" },
    kind: "range",
    source:
      "hyperledger/besu ethereum/api/.../jsonrpc/internal/response/RpcErrorType.java EXCEEDS_RPC_MAX_BLOCK_RANGE; EthGetLogs throws it, BaseJsonRpcProcessor answers with the type's message",
    evidence: "client source",
    template: {
      refuses: "blocks",
      example: { limit: 5_000, from: 1, to: 6_000 },
      wording: () => ({ code: -32005, message: "Requested range exceeds maximum RPC range limit" }),
    },
  },
  {
    who: "proxyd (OP Stack RPC proxy)",
    refusal: "more blocks than its max_block_range",
    method: "eth_getLogs",
    error: { code: -32602, message: "block range greater than 10000 max" },
    httpStatus: 400,
    kind: "range",
    hint: { maxBlocks: 10_000 },
    source:
      'ethereum-optimism/infra proxyd/server.go: ErrRewriteRangeTooLarge answered with ErrInvalidParams(fmt.Sprintf("block range greater than %d max", maxBlockRange)) (HTTP 400 when alone)',
    evidence: "client source",
    template: {
      refuses: "blocks",
      example: { limit: 10_000, from: 1, to: 20_000 },
      wording: ({ limit }) => ({ code: -32602, message: `block range greater than ${limit} max` }),
    },
  },
  {
    who: "Alchemy",
    refusal: "more blocks than the plan's range (free tier)",
    method: "eth_getLogs",
    error: {
      code: -32600,
      message:
        "You can make eth_getLogs requests with up to a 500 block range. Based on your parameters, this block range should work: [0x123c9b2, 0x123cba5]",
    },
    kind: "range",
    hint: { suggestedTo: 0x123cba5, maxBlocks: 500 },
    source:
      "BobTheBuidler/dank_mids issue #772 (2025-05-28); the same wording in cartesi/rollups-node pull request #655",
    evidence: "second-hand",
    template: {
      refuses: "blocks",
      example: { limit: 500, from: 0x123c9b2, to: 0x123d000 },
      wording: ({ limit, from }) => ({
        code: -32600,
        message: `You can make eth_getLogs requests with up to a ${limit} block range. Based on your parameters, this block range should work: [${hex(from)}, ${hex(from + limit - 1)}]`,
      }),
    },
  },
  {
    who: "Infura",
    refusal: "more than 10,000 blocks",
    method: "eth_getLogs",
    error: { code: -32602, message: "range 1000000 exceeds limit of 10000" },
    kind: "range",
    hint: { maxBlocks: 10_000 },
    source: "INFURA/infura issue #237 (2026-08-25), answered by mainnet.infura.io",
    evidence: "second-hand",
  },
  {
    who: "QuickNode",
    refusal: "more than 10,000 blocks",
    method: "eth_getLogs",
    error: { code: -32614, message: "eth_getLogs is limited to a 10,000 range" },
    httpStatus: 413,
    kind: "range",
    hint: { maxBlocks: 10_000 },
    source:
      "OffchainLabs/arbitrum-sdk issue #609 and eternalsafe/wallet issue #57 (both quote HTTP 413 with this body); ponder-sh/ponder packages/utils/src/_test/quicknode.test.ts",
    evidence: "second-hand",
    note: "HTTP 413, which the client's HTTP layer (postJsonRpc) reads as a batch refused for its size before the body is classified.",
    template: {
      refuses: "blocks",
      example: { limit: 10_000, from: 1, to: 20_000 },
      wording: ({ limit }) => ({
        code: -32614,
        message: `eth_getLogs is limited to a ${limit.toLocaleString("en-US")} range`,
      }),
    },
  },
  {
    who: "Ankr",
    refusal: "more blocks than the plan's range",
    method: "eth_getLogs",
    error: { code: -32600, message: "block range is too wide" },
    kind: "range",
    source: `${ponder}/../getLogsRetryHelper.ts, "ankr": matches this message with code -32600`,
    evidence: "second-hand",
    template: {
      refuses: "blocks",
      example: { limit: 3_000, from: 1, to: 5_000 },
      wording: () => ({ code: -32600, message: "block range is too wide" }),
    },
  },
  {
    who: "dRPC",
    refusal: "more than 10,000 blocks (free tier)",
    method: "eth_getLogs",
    error: { code: 35, message: "ranges over 10000 blocks are not supported on freetier" },
    kind: "range",
    hint: { maxBlocks: 10_000 },
    source:
      'foundry-rs/foundry issue #12687 ("error code 35: ranges over 10000 blocks are not supported on freetier")',
    evidence: "second-hand",
    template: {
      refuses: "blocks",
      example: { limit: 10_000, from: 1, to: 20_000 },
      wording: ({ limit }) => ({
        code: 35,
        message: `ranges over ${limit} blocks are not supported on freetier`,
      }),
    },
  },
  {
    who: "BlockPI",
    refusal: "more than 1,024 blocks",
    method: "eth_getLogs",
    error: {
      code: -32602,
      message:
        "eth_getLogs is limited to 1024 block range. Please check the parameter requirements at https://docs.blockpi.io/documentations/api-reference",
    },
    kind: "range",
    hint: { maxBlocks: 1024 },
    source: "foundry-rs/foundry issue #12687",
    evidence: "second-hand",
  },
  {
    who: "publicnode",
    refusal: "more than 50,000 blocks",
    method: "eth_getLogs",
    error: { message: "exceed maximum block range: 50000" },
    kind: "range",
    hint: { maxBlocks: 50_000 },
    source: `${ponder}/publicnode.test.ts (ethereum-rpc.publicnode.com); the code is not quoted`,
    evidence: "second-hand",
  },
  {
    who: "Chainstack",
    refusal: "more blocks than the plan's range",
    method: "eth_getLogs",
    error: { code: -32602, message: "Block range limit exceeded." },
    kind: "range",
    source: `${ponder}/chainstack.test.ts (InvalidParamsRpcError: -32602)`,
    evidence: "second-hand",
    partial: true,
  },
  {
    who: "Cloudflare",
    refusal: "more than 800 blocks",
    method: "eth_getLogs",
    error: { message: "Max range: 800" },
    kind: "range",
    hint: { maxBlocks: 800 },
    source: `${ponder}/cloudflare.test.ts (cloudflare-eth.com); the code is not quoted`,
    evidence: "second-hand",
    partial: true,
  },
  {
    who: "Coinbase (CDP node, Base)",
    refusal: "more than 1,000 blocks",
    method: "eth_getLogs",
    error: { code: -32005, message: "please limit the query to at most 1000 blocks" },
    kind: "range",
    hint: { maxBlocks: 1000 },
    source: `${ponder}/coinbase.test.ts (LimitExceededRpcError: -32005)`,
    evidence: "second-hand",
    partial: true,
  },
  {
    who: "Base public endpoint (mainnet.base.org)",
    refusal: "a wide range",
    method: "eth_getLogs",
    error: { message: "block range too large" },
    kind: "range",
    source: `${ponder}/../getLogsRetryHelper.ts, "base"; the code is not quoted`,
    evidence: "second-hand",
    partial: true,
  },
  {
    who: "thirdweb",
    refusal: "more than 1,000 blocks",
    method: "eth_getLogs",
    error: { code: -32005, message: "Maximum allowed number of requested blocks is 1000" },
    kind: "range",
    hint: { maxBlocks: 1000 },
    source: `${ponder}/thirdweb.test.ts (LimitExceededRpcError: -32005)`,
    evidence: "second-hand",
    partial: true,
  },
  {
    who: "Tenderly gateway",
    refusal: "more than 2,000 blocks, the reason in the error's data",
    method: "eth_getLogs",
    error: {
      code: -32602,
      message: "invalid params",
      data: {
        error_id: "4ed94073-0317-4648-a167-107fba5f44b3",
        payload: "range 9009594 is bigger than range limit 2000",
      },
    },
    kind: "range",
    source: "bobanetwork/boba_legacy issue #827 (goerli.gateway.tenderly.co)",
    evidence: "second-hand",
  },

  // --- eth_getLogs finds too many logs --------------------------------------------------------------
  {
    who: "reth",
    refusal: "more logs than --rpc.max-logs-per-response",
    method: "eth_getLogs",
    error: {
      code: -32602,
      message: "query exceeds max results 20000, retry with the range 23879634-23879696",
    },
    kind: "range",
    hint: { suggestedTo: 23_879_696 },
    source: `${rethFilter}::QueryExceedsMaxResults ("query exceeds max results {max_logs}, retry with the range {from_block}-{to_block}"), INVALID_PARAMS_CODE; the numbers from foundry-rs/foundry issue #12687`,
    evidence: "client source",
    template: {
      refuses: "logs",
      example: { limit: 20_000, from: 23_879_634, to: 23_889_634, fits: 23_879_696 },
      wording: ({ limit, from, fits }) => ({
        code: -32602,
        message: `query exceeds max results ${limit}, retry with the range ${from}-${fits}`,
      }),
    },
  },
  {
    who: "nethermind",
    refusal: "more logs than JsonRpc.MaxLogsPerResponse (20,000 by default)",
    method: "eth_getLogs",
    error: { code: -32005, message: "Too many logs requested. Max logs per response is 20000." },
    kind: "range",
    source: `${nethermindRpc}/Modules/Eth/EthRpcModule.cs eth_getLogs: ResultWrapper.Fail($"Too many logs requested. Max logs per response is {MaxLogsPerResponse}.", ErrorCodes.LimitExceeded)`,
    evidence: "client source",
    template: {
      refuses: "logs",
      example: { limit: 20_000, from: 1, to: 2, fits: 1 },
      wording: ({ limit }) => ({
        code: -32005,
        message: `Too many logs requested. Max logs per response is ${limit}.`,
      }),
    },
  },
  {
    who: "Infura",
    refusal: "more than 10,000 logs",
    method: "eth_getLogs",
    error: {
      code: -32005,
      message: "query returned more than 10000 results. Try with this block range [0xBDE5F8, 0x102DBCC].",
      data: { from: "0xBDE5F8", limit: 10000, to: "0x102DBCC" },
    },
    kind: "range",
    hint: { suggestedTo: 0x102dbcc },
    source:
      "ethers-io/ethers.js issue #4703 (Infura's answer, quoted whole); docs.infura.io eth_getLogs constraints",
    evidence: "second-hand",
    template: {
      refuses: "logs",
      example: { limit: 10_000, from: 0xbde5f8, to: 0x1100000, fits: 0x102dbcc },
      wording: ({ limit, from, fits }) => ({
        code: -32005,
        message: `query returned more than ${limit} results. Try with this block range [${upperHex(from)}, ${upperHex(fits)}].`,
        data: { from: upperHex(from), limit, to: upperHex(fits) },
      }),
    },
  },
  {
    who: "Alchemy",
    refusal: "more than 10,000 logs over more than 2,000 blocks",
    method: "eth_getLogs",
    error: {
      code: -32602,
      message:
        "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters and the response size limit, this block range should work: [0x0, 0xd043b8]",
    },
    kind: "range",
    hint: { suggestedTo: 0xd043b8 },
    source: "ethers-io/ethers.js issue #4703 (Alchemy's answer, quoted whole)",
    evidence: "second-hand",
    template: {
      refuses: "logs",
      example: { limit: 10_000, from: 0, to: 0x1000000, fits: 0xd043b8 },
      wording: ({ from, fits }) => ({
        code: -32602,
        message: `Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters and the response size limit, this block range should work: [${hex(from)}, ${hex(fits)}]`,
      }),
    },
  },
  {
    who: "Arbitrum One public endpoint (arb1.arbitrum.io)",
    refusal: "more than 10,000 logs",
    method: "eth_getLogs",
    error: { code: -32000, message: "logs matched by query exceeds limit of 10000" },
    kind: "range",
    source: `${ponder}/arbitrum.test.ts (https://arb1.arbitrum.io/rpc, InvalidInputRpcError: -32000)`,
    evidence: "second-hand",
    template: {
      refuses: "logs",
      example: { limit: 10_000, from: 1, to: 2, fits: 1 },
      wording: ({ limit }) => ({ code: -32000, message: `logs matched by query exceeds limit of ${limit}` }),
    },
  },
  {
    who: "Base public endpoint (mainnet.base.org, proxyd)",
    refusal: "a range too heavy for its backends",
    method: "eth_getLogs",
    error: { code: -32011, message: "no backend is currently healthy to serve traffic" },
    httpStatus: 503,
    kind: "range",
    source: `${proxyd} ErrNoBackends (HTTP 503 when alone); answered to eth_getLogs over 20,001 blocks by mainnet.base.org in ${ponder}/base.test.ts`,
    evidence: "client source",
    note: "The backend gave up on a heavy query: a smaller range is the likely cure.",
  },

  // --- A JSON-RPC batch asks too much ---------------------------------------------------------------
  {
    who: "geth",
    refusal: "more calls than --rpc.batch-request-limit",
    method: "batch",
    error: { code: -32600, message: "batch too large" },
    kind: "batch-too-large",
    source: `${geth} rpc/handler.go respondWithBatchTooLarge (errMsgBatchTooLarge in rpc/errors.go), answered as an array of one error with the first call's id`,
    evidence: "client source",
    template: {
      refuses: "batch",
      example: { limit: 1000, size: 1001 },
      wording: () => ({ code: -32600, message: "batch too large" }),
    },
  },
  {
    who: "geth",
    refusal: "calls past --rpc.batch-response-max-size",
    method: "batch",
    error: { code: -32003, message: "response too large" },
    kind: "batch-too-large",
    source: `${geth} rpc/handler.go handleBatch: the calls after the batch's answers passed batchResponseMaxSize get errcodeResponseTooLarge (-32003), errMsgResponseTooLarge (rpc/errors.go)`,
    evidence: "client source",
    note: "Only ever inside a batch, for the calls after the cut: the calls before it are answered.",
  },
  {
    who: "erigon",
    refusal: "more calls than --rpc.batch.limit (100 by default)",
    method: "batch",
    error: {
      code: -32000,
      message: "batch limit 100 exceeded (can increase by --rpc.batch.limit). Requested batch of size: 120",
    },
    kind: "batch-too-large",
    source:
      'erigontech/erigon rpc/server.go serveSingleRequest: errorMessage(fmt.Errorf("batch limit %d exceeded (can increase by --rpc.batch.limit). Requested batch of size: %d")); cmd/utils/flags.go RpcBatchLimit',
    evidence: "client source",
    template: {
      refuses: "batch",
      example: { limit: 100, size: 120 },
      wording: ({ limit, size }) => ({
        code: -32000,
        message: `batch limit ${limit} exceeded (can increase by --rpc.batch.limit). Requested batch of size: ${size}`,
      }),
    },
  },
  {
    who: "nethermind",
    refusal: "more calls than JsonRpc.MaxBatchSize (1,024 by default)",
    method: "batch",
    error: { code: -32005, message: "Batch size limit exceeded" },
    kind: "batch-too-large",
    source: `${nethermindRpc}/JsonRpcProcessor.cs: GetErrorResponse(ErrorCodes.LimitExceeded, "Batch size limit exceeded"), one answer for the batch`,
    evidence: "client source",
    template: {
      refuses: "batch",
      example: { limit: 1024, size: 1025 },
      wording: () => ({ code: -32005, message: "Batch size limit exceeded" }),
    },
  },
  {
    who: "nethermind",
    refusal: "calls past JsonRpc.MaxBatchResponseBodySize (32 MiB by default)",
    method: "batch",
    error: { code: -32005, message: "MaxBatchResponseBodySize of 32768KB exceeded" },
    kind: "batch-too-large",
    source: `${nethermindRpc}/JsonRpcProcessor.cs CreateBatchResponseLimitEntry: $"{nameof(MaxBatchResponseBodySize)} of {MaxBatchResponseBodySize / 1.KB}KB exceeded", per call after the cut`,
    evidence: "client source",
  },
  {
    who: "besu",
    refusal: "more calls than --rpc-http-max-batch-size",
    method: "batch",
    error: { code: -32005, message: "Number of requests exceeds max batch size" },
    kind: "batch-too-large",
    source:
      "hyperledger/besu RpcErrorType.java EXCEEDS_RPC_MAX_BATCH_SIZE; JsonRpcArrayExecutor answers it once for the batch, with HTTP 200",
    evidence: "client source",
    template: {
      refuses: "batch",
      example: { limit: 1024, size: 1025 },
      wording: () => ({ code: -32005, message: "Number of requests exceeds max batch size" }),
    },
  },
  {
    who: "reth",
    refusal: "a batch over its request limit",
    method: "batch",
    error: { code: -32010, message: "The batch request was too large", data: "Exceeded max limit of 100" },
    kind: "batch-too-large",
    source: `${jsonrpsee}: reject_too_big_batch_request (TOO_BIG_BATCH_REQUEST_CODE -32010, data "Exceeded max limit of {limit}")`,
    evidence: "client source",
    template: {
      refuses: "batch",
      example: { limit: 100, size: 101 },
      wording: ({ limit }) => ({
        code: -32010,
        message: "The batch request was too large",
        data: `Exceeded max limit of ${limit}`,
      }),
    },
  },
  {
    who: "reth",
    refusal: "a batch whose answers pass its response limit",
    method: "batch",
    error: { code: -32011, message: "The batch response was too large" },
    kind: "batch-too-large",
    source: `${jsonrpsee}: reject_too_big_batch_response (TOO_BIG_BATCH_RESPONSE_CODE -32011)`,
    evidence: "client source",
  },
  {
    who: "proxyd (OP Stack RPC proxy)",
    refusal: "more calls than max_upstream_batch_size",
    method: "batch",
    error: { code: -32014, message: "too many RPC calls in batch request" },
    kind: "batch-too-large",
    source: `${proxyd} ErrTooManyBatchRequests (no HTTP status of its own: 200); proxyd/integration_tests/batching_test.go "over max size"`,
    evidence: "client source",
    template: {
      refuses: "batch",
      example: { limit: 100, size: 101 },
      wording: () => ({ code: -32014, message: "too many RPC calls in batch request" }),
    },
  },
  {
    who: "proxyd (OP Stack RPC proxy)",
    refusal: "a request body over its size limit",
    method: "batch",
    error: { code: -32021, message: "request body too large" },
    httpStatus: 413,
    kind: "batch-too-large",
    source: `${proxyd} ErrRequestBodyTooLarge (HTTP 413)`,
    evidence: "client source",
    template: {
      refuses: "batch",
      example: { limit: 100, size: 101 },
      wording: () => ({ code: -32021, message: "request body too large" }),
    },
  },
  {
    who: "dRPC",
    refusal: "more than 3 calls a batch (free tier)",
    method: "batch",
    error: {
      code: 31,
      message:
        "Batch of more than 3 requests are not allowed on free tier, to use this feature register paid account at drpc.org",
    },
    kind: "batch-too-large",
    source: "blockscout/blockscout pull request #14211 (dRPC's answer, per call)",
    evidence: "second-hand",
    template: {
      refuses: "batch-calls",
      example: { limit: 3, size: 5 },
      wording: ({ limit }) => ({
        code: 31,
        message: `Batch of more than ${limit} requests are not allowed on free tier, to use this feature register paid account at drpc.org`,
      }),
    },
  },

  // --- Too many requests: wait and retry ------------------------------------------------------------
  {
    who: "Infura",
    refusal: "the daily credit allowance used up",
    method: "any",
    error: { code: -32005, message: "daily request count exceeded, request rate limited" },
    httpStatus: 429,
    kind: "rate-limit",
    source: "docs.infura.io/api/networks/ethereum/how-to/avoid-rate-limiting",
    evidence: "provider docs",
  },
  {
    who: "Infura",
    refusal: "more credits a second than allowed",
    method: "any",
    error: {
      code: -32005,
      message: "project ID request rate exceeded",
      data: {
        see: "https://infura.io/docs/ethereum/jsonrpc/ratelimits",
        current_rps: 13.333,
        allowed_rps: 10.0,
        backoff_seconds: 30.0,
      },
    },
    httpStatus: 429,
    kind: "rate-limit",
    source: "docs.infura.io/api/networks/ethereum/how-to/avoid-rate-limiting",
    evidence: "provider docs",
  },
  {
    who: "Alchemy",
    refusal: "more compute units a second than the plan's",
    method: "any",
    error: {
      code: 429,
      message:
        "Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ignore this message. If not, check out https://docs.alchemy.com/reference/throughput",
    },
    httpStatus: 429,
    kind: "rate-limit",
    source: "alchemy.com/docs/reference/throughput (the JSON-RPC error over WebSockets; HTTP 429 over HTTP)",
    evidence: "provider docs",
  },
  {
    who: "QuickNode",
    refusal: "more API credits a second than the plan's",
    method: "any",
    error: { code: -32012, message: "credits limited to 6000/sec" },
    kind: "rate-limit",
    source:
      "latticexyz/mud issue #1522 (per call, inside a batch answer); foundry-rs/foundry pull request #6712; support.quicknode.com 'Error: credits limited to X/sec'",
    evidence: "second-hand",
  },
  {
    who: "proxyd (OP Stack RPC proxy)",
    refusal: "more requests than its rate limit",
    method: "any",
    error: { code: -32016, message: "over rate limit" },
    httpStatus: 429,
    kind: "rate-limit",
    source: `${proxyd} ErrOverRateLimit (HTTP 429)`,
    evidence: "client source",
  },
  {
    who: "proxyd (OP Stack RPC proxy)",
    refusal: "a backend over its own rate",
    method: "any",
    error: { code: -32012, message: "backend is over capacity" },
    httpStatus: 429,
    kind: "rate-limit",
    source: `${proxyd} ErrBackendOverCapacity (HTTP 429)`,
    evidence: "client source",
  },
  {
    who: "proxyd (OP Stack RPC proxy)",
    refusal: "no backend healthy",
    method: "eth_call",
    error: { code: -32011, message: "no backend is currently healthy to serve traffic" },
    httpStatus: 503,
    kind: "transient",
    source: `${proxyd} ErrNoBackends (HTTP 503 when alone); proxyd/integration_tests/batching_test.go (per call inside a batch)`,
    evidence: "client source",
  },
];
