import type { Logger } from "../log/createLogger.js";
import type { EndpointView } from "./ChainView.js";
import type { ContractReader } from "./createContractReader.js";
import type { HeadSampler } from "./createHeadSampler.js";
import { createLogFetcher } from "./createLogFetcher.js";
import { findCreationBlock } from "./findCreationBlock.js";
import { getBlockHeader, getBlockHeaderOrNull } from "./getBlockHeader.js";
import { poolOfOne } from "./pool/poolOfOne.js";
import { readBids } from "./readBids.js";
import { readModelNames } from "./readModelNames.js";
import { readPairStats } from "./readPairStats.js";
import { readModelBooks, readRouterDetails } from "./readRouterViews.js";
import { readSessions } from "./readSessions.js";
import { resolveTarget } from "./resolveTarget.js";
import type { RpcClient } from "./rpc/createRpcClient.js";

/** The chain as the sync stage sees it through one endpoint: a JSON-RPC client and a contract reader. */
export function createChainView(options: {
  client: RpcClient;
  reader: ContractReader;
  contract: string;
  logger: Logger;
  heads: HeadSampler;
}): EndpointView {
  const { client, reader, contract, logger, heads } = options;
  const view: EndpointView = {
    safeUrl: client.safeUrl,
    endpointKey: client.endpointKey,
    get pool() {
      return pool;
    },
    get batchCap() {
      return client.batchCap;
    },
    assumeBatchCap: (cap) => client.assumeBatchCap(cap),
    get callCap() {
      return reader.callCap;
    },
    assumeCallCap: (cap) => reader.assumeCallCap(cap),
    sampleHead: () => heads.sample(),
    resolveTarget: (toBlock, confirmations) => resolveTarget(client, toBlock, confirmations, heads),
    blockHeader: (number) => getBlockHeader(client, number),
    blockHeaderOrNull: (number) => getBlockHeaderOrNull(client, number),
    createLogFetcher: (fetcherOptions = {}) =>
      createLogFetcher({ client, contract, logger, ...fetcherOptions }),
    readSessions: (ids) => readSessions(reader, contract, ids),
    readBids: (ids) => readBids(reader, contract, ids),
    readModelNames: (ids) => readModelNames(reader, contract, ids),
    readPairStats: (pairs, block) => readPairStats(reader, contract, pairs, block),
    readModelBooks: (modelIds, block) => readModelBooks(reader, contract, modelIds, block),
    readRouterDetails: (request, block) => readRouterDetails(reader, contract, request, block),
    findCreationBlock: (head) => findCreationBlock(client, contract, head),
  };
  const pool = poolOfOne(view);
  return view;
}
