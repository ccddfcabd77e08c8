import { UserError } from "../errors/BaseError.js";
import type { Logger } from "../log/createLogger.js";
import { redactUrl } from "../log/redactUrl.js";
import { type ContractReader, createContractReader, hasCode } from "./createContractReader.js";
import { getHeadNumber } from "./getBlockHeader.js";
import { getChainId } from "./getChainId.js";
import { defaultConfirmations, multicall3Address, presetForChainId } from "./presets.js";
import type { ToBlock } from "./resolveTarget.js";
import { createRpcClient, type RpcClient } from "./rpc/createRpcClient.js";

/** How to reach one chain: the settled flags of `sync` and `run` (commands/options). */
export type ConnectOptions = {
  rpcUrl: string;
  /** The chain asked for (--chain): the endpoint must serve it. */
  chain: { chainId: number } | undefined;
  contract: string | undefined;
  fromBlock: number | undefined;
  toBlock: ToBlock;
  confirmations: number | undefined;
  rpcTimeoutMs: number;
  rpcRetries: number;
  rpcBatchSize: number;
  rpcConcurrency: number;
  multicall: boolean;
  /** Stop starting new block ranges after this many seconds (the next run continues). */
  timeLimit: number | undefined;
};

/** What a run against one endpoint needs, with the chain-dependent defaults settled. */
export type ChainContext = {
  client: RpcClient;
  reader: ContractReader;
  chainId: number;
  contract: string;
  fromBlock: number;
  fromBlockExplicit: boolean;
  toBlock: ToBlock;
  confirmations: number;
  /** Seconds after which no new block range is started; undefined: no limit. */
  timeLimit?: number | undefined;
};

/**
 * Asks the endpoint which chain it serves, checks it against --chain, and fills in the
 * preset's contract, start block and confirmation depth where flags left them open.
 */
export async function connectChain(options: ConnectOptions, logger: Logger): Promise<ChainContext> {
  const client = createRpcClient({
    url: options.rpcUrl,
    timeoutMs: options.rpcTimeoutMs,
    retries: options.rpcRetries,
    maxBatchSize: options.rpcBatchSize,
    maxConcurrency: options.rpcConcurrency,
    logger,
  });
  const chainId = await getChainId(client);
  if (options.chain && options.chain.chainId !== chainId) {
    throw new UserError(
      `The endpoint serves chain ${chainId}, not the chain asked for (${options.chain.chainId})`,
      {
        details: `--rpc-url ${redactUrl(options.rpcUrl)} reports chain id ${chainId}. Expected ${options.chain.chainId}: check --rpc-url and --chain.`,
      },
    );
  }
  const preset = presetForChainId(chainId);
  const contract = options.contract ?? preset?.contract.toLowerCase();
  if (!contract) {
    throw new UserError(`--contract is required on chain ${chainId}`, {
      details:
        "There is no preset for this chain. Expected --contract <address> of the marketplace contract.",
    });
  }
  const [useMulticall, contractHasCode, head] = await Promise.all([
    options.multicall ? hasCode(client, multicall3Address) : false,
    hasCode(client, contract),
    options.fromBlock !== undefined ? getHeadNumber(client) : undefined,
  ]);
  if (!contractHasCode) {
    throw new UserError(`No contract at ${contract} on chain ${chainId}`, {
      details:
        "The endpoint returns no code for this address at its latest block. Expected the marketplace contract's address on this chain: check --contract and --rpc-url.",
    });
  }
  if (head !== undefined && (options.fromBlock ?? 0) > head) {
    throw new UserError(`--from-block ${options.fromBlock} is past the chain's head, block ${head}`, {
      details:
        "Expected the block the contract was deployed at, or any later block up to the head: a contract has no logs past the head.",
    });
  }
  const reader = createContractReader({ client, multicall: useMulticall ? multicall3Address : undefined });
  return {
    client,
    reader,
    chainId,
    contract,
    fromBlock: options.fromBlock ?? preset?.startBlock ?? 0,
    fromBlockExplicit: options.fromBlock !== undefined,
    toBlock: options.toBlock,
    confirmations: options.confirmations ?? defaultConfirmations(chainId),
    timeLimit: options.timeLimit,
  };
}
