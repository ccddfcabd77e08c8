import { UserError } from "../errors/BaseError.js";
import type { Logger } from "../log/createLogger.js";
import type { ChainView } from "./ChainView.js";
import { createChainView } from "./createChainView.js";
import { type ContractReader, createContractReader, hasCode } from "./createContractReader.js";
import { createHeadSampler, type HeadSampler } from "./createHeadSampler.js";
import { getChainId } from "./getChainId.js";
import { multicall3Address } from "./presets.js";
import type { ToBlock } from "./resolveTarget.js";
import { createRpcClient, type RpcClient } from "./rpc/createRpcClient.js";

/** How to talk to an endpoint (--rpc-timeout, --rpc-retries, --rpc-batch-size, --rpc-concurrency, --no-multicall). */
export type RpcSettings = {
  timeoutMs: number;
  retries: number;
  batchSize: number;
  concurrency: number;
  multicall: boolean;
};

/** An endpoint, the chain it reports serving, and whether it has Multicall3. */
export type Endpoint = {
  url: string;
  client: RpcClient;
  chainId: number;
  heads: HeadSampler;
  multicall: boolean;
  /** No Multicall3 there, and aggregation not turned off (--no-multicall): view calls go through DeploylessAggregate3. */
  deployless: boolean;
};

/**
 * Opens a client on an endpoint and asks which chain it serves, in one request with what does not
 * depend on the chain: whether Multicall3 is there (its address is the same everywhere), and a
 * first sample of the head.
 */
export async function connectEndpoint(url: string, rpc: RpcSettings, logger: Logger): Promise<Endpoint> {
  const client = createRpcClient({
    url,
    timeoutMs: rpc.timeoutMs,
    retries: rpc.retries,
    maxBatchSize: rpc.batchSize,
    maxConcurrency: rpc.concurrency,
    logger,
  });
  const heads = createHeadSampler(client);
  const answers = Promise.all([
    getChainId(client),
    rpc.multicall ? hasCode(client, multicall3Address) : false,
  ]);
  heads.sample();
  const [chainId, multicall] = await answers;
  return { url, client, chainId, heads, multicall, deployless: rpc.multicall && !multicall };
}

/** What to index on one chain, its defaults settled (commands/options). */
export type ChainSettings = {
  /** The preset's name, or chain-<id>. */
  name: string;
  /** Lowercase. */
  contract: string;
  /** --from-block; undefined: the contract's creation block (or the fallback). */
  fromBlock: number | undefined;
  fallbackFromBlock: number;
  toBlock: ToBlock;
  confirmations: number;
};

/** A chain ready to sync: its endpoint, reader and view, and what to index there. */
export type ConnectedChain = ChainSettings & {
  chainId: number;
  client: RpcClient;
  reader: ContractReader;
  view: ChainView;
};

/**
 * Checks what the settings say against the chain (a contract is there; --from-block is not past
 * the head) and finds Multicall3 where the chain has it: a bad flag ends here, before anything is
 * written.
 */
export async function prepareChain(
  endpoint: Endpoint,
  settings: ChainSettings,
  logger: Logger,
): Promise<ConnectedChain> {
  const { client, chainId, heads } = endpoint;
  const contractHasCode = hasCode(client, settings.contract);
  heads.sample();
  if (!(await contractHasCode)) {
    throw new UserError(`No contract at ${settings.contract} on chain ${chainId}`, {
      details: `The endpoint ${client.safeUrl} returns no code for this address at its latest block. Expected the marketplace contract's address on this chain: check --contract and --rpc-url.`,
    });
  }
  // The head as the samples so far show it (one per request, none of its own).
  const head = settings.fromBlock !== undefined ? await heads.head(0) : undefined;
  if (head !== undefined && (settings.fromBlock ?? 0) > head) {
    throw new UserError(
      `--from-block ${settings.fromBlock} is past the head of chain ${chainId}, block ${head}`,
      {
        details:
          "Expected the block the contract was deployed at, or any later block up to the head: a contract has no logs past the head.",
      },
    );
  }
  const reader = createContractReader({
    client,
    multicall: endpoint.multicall ? multicall3Address : undefined,
    deployless: endpoint.deployless,
  });
  return {
    ...settings,
    chainId,
    client,
    reader,
    view: createChainView({ client, reader, contract: settings.contract, logger, heads }),
  };
}
