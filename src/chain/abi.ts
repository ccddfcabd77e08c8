import { parseAbi, parseAbiItem, toEventSelector, toFunctionSelector } from "viem";

/** The parts of the marketplace Diamond the indexer reads, exactly as CHAIN.md states them. */
export const marketplaceAbi = parseAbi([
  "event SessionOpened(address indexed user, bytes32 indexed sessionId, address indexed providerId)",
  "event SessionClosed(address indexed user, bytes32 indexed sessionId, address indexed providerId)",
  "event MarketplaceBidPosted(address indexed provider, bytes32 indexed modelId, uint256 nonce)",
  "event MarketplaceBidDeleted(address indexed provider, bytes32 indexed modelId, uint256 nonce)",
  "struct Session { address user; bytes32 bidId; uint256 stake; bytes closeoutReceipt; uint256 closeoutType; uint256 providerWithdrawnAmount; uint128 openedAt; uint128 endsAt; uint128 closedAt; bool isActive; bool isDirectPaymentFromUser; }",
  "struct Bid { address provider; bytes32 modelId; uint256 pricePerSecond; uint256 nonce; uint128 createdAt; uint128 deletedAt; }",
  "struct Model { bytes32 ipfsCID; uint256 fee; uint256 stake; address owner; string name; string[] tags; uint128 createdAt; bool isDeleted; }",
  "function getSession(bytes32 sessionId) view returns (Session)",
  "function getBid(bytes32 bidId) view returns (Bid)",
  "function getModel(bytes32 modelId) view returns (Model)",
  "struct SD { int64 mean; int64 sqSum; }",
  "struct ProviderModelStats { SD tpsScaled1000; SD ttftMs; uint32 totalDuration; uint32 successCount; uint32 totalCount; }",
  "function getProviderModelStats(bytes32 modelId, address provider) view returns (ProviderModelStats)",
  "struct ModelStats { SD tpsScaled1000; SD ttftMs; SD totalDuration; uint32 count; }",
  "function getModelStats(bytes32 modelId) view returns (ModelStats)",
  "struct Provider { string endpoint; uint256 stake; uint128 createdAt; uint128 limitPeriodEnd; uint256 limitPeriodEarned; bool isDeleted; }",
  "function getProvider(address provider) view returns (Provider)",
  "function getProviderMinimumStake() view returns (uint256)",
  "function getModelActiveBids(bytes32 modelId, uint256 offset, uint256 limit) view returns (bytes32[] ids, uint256 total)",
]);

export const multicall3Abi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) payable returns (Result[] returnData)",
  "function getBlockNumber() view returns (uint256 blockNumber)",
]);

export const sessionOpenedTopic = toEventSelector(
  "SessionOpened(address indexed user, bytes32 indexed sessionId, address indexed providerId)",
);
export const sessionClosedTopic = toEventSelector(
  "SessionClosed(address indexed user, bytes32 indexed sessionId, address indexed providerId)",
);

/**
 * DiamondCut, as the marketplace emits it on every change of its code (CHAIN.md, "Upgrades"): its
 * logs ride in the same eth_getLogs requests as the session events.
 */
export const diamondCutEvent = parseAbiItem(
  "event DiamondCut((address facetAddress, uint8 action, bytes4[] functionSelectors)[] facets, address initFacet, bytes initData)",
);
export const diamondCutTopic = toEventSelector(diamondCutEvent);

/**
 * The functions of the contract the index depends on: the views it reads, and the two functions
 * whose logs it follows. A cut that replaces or removes one of them is checked (sync/reviewCuts.ts).
 */
export const indexedFunctions = {
  getSession: "getSession(bytes32)",
  getBid: "getBid(bytes32)",
  getModel: "getModel(bytes32)",
  getProviderModelStats: "getProviderModelStats(bytes32,address)",
  openSession: "openSession(uint256,bool,bytes,bytes)",
  closeSession: "closeSession(bytes,bytes)",
} as const;
export type IndexedFunction = keyof typeof indexedFunctions;

/** The indexed functions by selector (lowercase 0x + 8 hex). */
export const indexedSelectors: ReadonlyMap<string, IndexedFunction> = new Map(
  (Object.entries(indexedFunctions) as Array<[IndexedFunction, string]>).map(([name, signature]) => [
    toFunctionSelector(signature),
    name,
  ]),
);

export const bidPostedTopic = toEventSelector(
  "MarketplaceBidPosted(address indexed provider, bytes32 indexed modelId, uint256 nonce)",
);
export const bidDeletedTopic = toEventSelector(
  "MarketplaceBidDeleted(address indexed provider, bytes32 indexed modelId, uint256 nonce)",
);

/** The bid events (CHAIN.md): what the one-time scan of a database indexed before 1.2 asks for. */
export const bidTopics: readonly string[] = [bidPostedTopic, bidDeletedTopic];

/**
 * The topic0 of every event the sync follows: one eth_getLogs filter asks for all of them, so
 * that each block range costs one request whatever it holds. One line per event.
 */
export const followedTopics: readonly string[] = [
  sessionOpenedTopic,
  sessionClosedTopic,
  bidPostedTopic,
  bidDeletedTopic,
  diamondCutTopic,
];
