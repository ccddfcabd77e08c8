import { ExitCode, exitCodeOf, UserError } from "../errors/BaseError.js";
import type { Logger } from "../log/createLogger.js";
import type { ChainView } from "./ChainView.js";
import { createChainView } from "./createChainView.js";
import {
  type ContractReader,
  createContractReader,
  hasCode,
  type ReaderMode,
} from "./createContractReader.js";
import { createHeadSampler, type HeadSampler } from "./createHeadSampler.js";
import { getChainId } from "./getChainId.js";
import { createEndpointPool } from "./pool/createEndpointPool.js";
import { createPooledChainView } from "./pool/createPooledChainView.js";
import { describeFailure } from "./pool/poolErrors.js";
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

/** What a chain's endpoints have cost so far, for the summary: per endpoint too with a pool. */
export type RpcSummary = {
  httpRequests: number;
  rpcCalls: number;
  retries: number;
  reader: ReaderMode;
  /** A pool's endpoints, each with its own counts. */
  endpoints?: Array<{ url: string; httpRequests: number; rpcCalls: number; retries: number }>;
};

/** A chain ready to sync: its view (over one endpoint or a pool of them), and what to index there. */
export type ConnectedChain = ChainSettings & {
  chainId: number;
  view: ChainView;
  rpcStats(): RpcSummary;
};

/**
 * Checks what the settings say against the chain on each of its endpoints (the contract is there;
 * --from-block is not past the head) and finds Multicall3 where the chain has it: a bad flag, or
 * an endpoint of another contract, ends here, before anything is written. Several endpoints make
 * a pool (createEndpointPool); one that fails here while another works is left out with a warning.
 */
export async function prepareChain(
  endpoints: readonly Endpoint[],
  settings: ChainSettings,
  options: { retries: number; logger: Logger },
): Promise<ConnectedChain> {
  const { logger } = options;
  const chainId = (endpoints[0] as Endpoint).chainId;
  const checked = await Promise.allSettled(endpoints.map((endpoint) => checkContract(endpoint, settings)));
  const failures = checked.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
  const refused = failures.find((error) => exitCodeOf(error) !== ExitCode.transient);
  if (refused !== undefined) throw refused;
  const members = endpoints.filter((_, i) => checked[i]?.status === "fulfilled");
  if (members.length === 0) throw failures[0];
  endpoints.forEach((endpoint, i) => {
    const result = checked[i];
    if (result?.status === "rejected")
      logger.warn(
        `endpoint ${endpoint.client.safeUrl} of chain ${chainId} left out of this run: ${describeFailure(result.reason)}`,
        { chain: chainId, serving: members.length },
      );
  });
  // The head as the samples so far show it (one per request, none of its own).
  const heads = await Promise.all(members.map((endpoint) => endpoint.heads.head(0)));
  const head = Math.max(...heads);
  if (settings.fromBlock !== undefined && settings.fromBlock > head) {
    throw new UserError(
      `--from-block ${settings.fromBlock} is past the head of chain ${chainId}, block ${head}`,
      {
        details:
          "Expected the block the contract was deployed at, or any later block up to the head: a contract has no logs past the head.",
      },
    );
  }
  const readers = members.map((endpoint) =>
    createContractReader({
      client: endpoint.client,
      multicall: endpoint.multicall ? multicall3Address : undefined,
      deployless: endpoint.deployless,
    }),
  );
  const views = members.map((endpoint, i) =>
    createChainView({
      client: endpoint.client,
      reader: readers[i] as ContractReader,
      contract: settings.contract,
      logger,
      heads: endpoint.heads,
    }),
  );
  const view =
    views.length === 1
      ? (views[0] as ChainView)
      : createPooledChainView(
          createEndpointPool(
            members.map((endpoint, i) => ({
              view: views[i] as (typeof views)[number],
              client: endpoint.client,
              heads: endpoint.heads,
            })),
            { chainId, logger, retries: options.retries },
          ),
        );
  return {
    ...settings,
    chainId,
    view,
    rpcStats: () => rpcSummary(members, (readers[0] as ContractReader).mode),
  };
}

/** The contract has code at the endpoint's latest block (a head sample rides along). */
async function checkContract(endpoint: Endpoint, settings: ChainSettings): Promise<void> {
  const { client, chainId, heads } = endpoint;
  const contractHasCode = hasCode(client, settings.contract);
  heads.sample();
  if (!(await contractHasCode)) {
    throw new UserError(`No contract at ${settings.contract} on chain ${chainId}`, {
      details: `The endpoint ${client.safeUrl} returns no code for this address at its latest block. Expected the marketplace contract's address on this chain: check --contract and --rpc-url.`,
    });
  }
}

function rpcSummary(members: readonly Endpoint[], reader: RpcSummary["reader"]): RpcSummary {
  const each = members.map(({ client }) => ({ url: client.safeUrl, ...client.stats }));
  const sum = (key: "httpRequests" | "rpcCalls" | "retries") =>
    each.reduce((total, one) => total + one[key], 0);
  return {
    httpRequests: sum("httpRequests"),
    rpcCalls: sum("rpcCalls"),
    retries: sum("retries"),
    reader,
    ...(each.length > 1 ? { endpoints: each } : {}),
  };
}
