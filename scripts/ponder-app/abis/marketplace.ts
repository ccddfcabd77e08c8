import { parseAbi } from "viem";

// The two events and three views of CHAIN.md (the same ABI mor-throughput reads).
export const marketplaceAbi = parseAbi([
  "event SessionOpened(address indexed user, bytes32 indexed sessionId, address indexed providerId)",
  "event SessionClosed(address indexed user, bytes32 indexed sessionId, address indexed providerId)",
  "struct Session { address user; bytes32 bidId; uint256 stake; bytes closeoutReceipt; uint256 closeoutType; uint256 providerWithdrawnAmount; uint128 openedAt; uint128 endsAt; uint128 closedAt; bool isActive; bool isDirectPaymentFromUser; }",
  "struct Bid { address provider; bytes32 modelId; uint256 pricePerSecond; uint256 nonce; uint128 createdAt; uint128 deletedAt; }",
  "struct Model { bytes32 ipfsCID; uint256 fee; uint256 stake; address owner; string name; string[] tags; uint128 createdAt; bool isDeleted; }",
  "function getSession(bytes32 sessionId) view returns (Session)",
  "function getBid(bytes32 bidId) view returns (Bid)",
  "function getModel(bytes32 modelId) view returns (Model)",
]);
